package org.primelab.packet;

import java.util.List;
import org.primelab.core.cc.CcKind;
import org.primelab.core.cc.NsccParameters;
import org.primelab.core.entropy.EntropyConfig;
import org.primelab.core.entropy.EntropyGenerator;
import org.primelab.core.entropy.Forwarding;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.metrics.FlowOutcome;
import org.primelab.core.topology.EvLayout;
import org.primelab.core.workload.Flow;
import org.primelab.packet.transport.CongestionControl;
import org.primelab.packet.transport.Dctcp;
import org.primelab.packet.transport.FixedWindow;
import org.primelab.packet.transport.FlowReceiver;
import org.primelab.packet.transport.FlowSender;
import org.primelab.packet.transport.Nscc;

/**
 * The per-flow state of one run, indexed by flow id: each flow's two ends ({@link FlowSender} with its
 * load balancer and congestion control, {@link FlowReceiver}), its hosts, its traffic class and the
 * forwarding rule switches apply to it, and the moments it started, was fully received and was fully
 * acknowledged. Hosts, NICs and switches read it; only {@link Hosts} changes the moments.
 */
final class RunFlows {
    /** A moment not reached (yet); the same value as {@link FlowOutcome#NOT_MEASURED}. */
    static final long NOT_YET = FlowOutcome.NOT_MEASURED;

    private final List<Flow> flows;
    private final FlowSender[] senders;
    private final FlowReceiver[] receivers;
    private final int[] src;
    private final int[] dst;
    private final int[] trafficClass;
    private final Forwarding[] forwarding;
    private final boolean[] started;
    private final long[] ackedPs;

    /**
     * The flows of {@code config}'s workload: flows pinned to ECMP ({@link EcmpPinning}) use ECMP's
     * forwarding and generator, the others the run's scheme; each gets the run's congestion control. The
     * senders are allocated part by part of {@code partitioning} (their source host's), then the receivers
     * part by part of their destination's, so that objects two threads write are not neighbours in memory;
     * the allocation order changes nothing else.
     */
    RunFlows(SimConfig config, List<Flow> flows, Partitioning partitioning) {
        int n = flows.size();
        this.flows = flows;
        this.senders = new FlowSender[n];
        this.receivers = new FlowReceiver[n];
        this.src = new int[n];
        this.dst = new int[n];
        this.trafficClass = EcmpPinning.classes(n, config.ecmpFraction(), config.seed());
        this.forwarding = new Forwarding[n];
        this.started = new boolean[n];
        this.ackedPs = new long[n];
        java.util.Arrays.fill(ackedPs, NOT_YET);
        NsccParameters nscc = config.cc() == CcKind.NSCC ? NsccParameters.of(config.fabric()) : null;
        EvLayout layout = config.tree().evLayout();
        EntropyConfig entropy = config.effectiveEntropy();
        for (int i = 0; i < n; i++) {
            Flow f = flows.get(i);
            src[i] = f.src();
            dst[i] = f.dst();
            forwarding[i] = scheme(config, i).forwarding();
        }
        for (int part = 0; part < partitioning.parts(); part++) {
            for (int i = 0; i < n; i++) {
                if (partitioning.of(src[i]) == part) {
                    Flow f = flows.get(i);
                    EntropyGenerator generator = scheme(config, i).newGenerator(layout, entropy, config.seed(),
                            f.src(), i);
                    senders[i] = new FlowSender(i, f.sizeBytes(), config.mtuBytes(), config.headerBytes(),
                            config.ackEvery(), generator, newCc(config, nscc));
                }
            }
        }
        for (int part = 0; part < partitioning.parts(); part++) {
            for (int i = 0; i < n; i++) {
                if (partitioning.of(dst[i]) == part) {
                    receivers[i] = new FlowReceiver(senders[i].packets(), config.ackEvery(), config.ackOnMark());
                }
            }
        }
    }

    /** The scheme flow {@code flow} uses: ECMP if it is pinned to ECMP ({@link EcmpPinning}), else the run's. */
    private LoadBalancingScheme scheme(SimConfig config, int flow) {
        return trafficClass[flow] == EcmpPinning.ECMP_CLASS ? LoadBalancingScheme.ECMP : config.scheme();
    }

    /**
     * A flow's congestion control: a fixed window of {@link SimConfig#lineRateWindowBytes()}, DCTCP
     * starting there (capped at 1.5x, floored at one ACK's worth of packets), or NSCC at its maximum
     * window.
     */
    private static CongestionControl newCc(SimConfig config, NsccParameters nscc) {
        long window = config.lineRateWindowBytes();
        return switch (config.cc()) {
            case FIXED -> new FixedWindow(window);
            case DCTCP -> new Dctcp(window, (long) config.ackEvery() * config.mtuBytes(),
                    window + window / 2, config.mtuBytes(), config.dctcpInitialAlpha());
            case NSCC -> Nscc.atMaxWindow(nscc, config.baseRttPs(), config.linkRateBps());
        };
    }

    /** Number of flows. */
    int count() {
        return senders.length;
    }

    /** The workload's flows, in id order. */
    List<Flow> flows() {
        return flows;
    }

    FlowSender sender(int flow) {
        return senders[flow];
    }

    FlowReceiver receiver(int flow) {
        return receivers[flow];
    }

    /** Sending host. */
    int src(int flow) {
        return src[flow];
    }

    /** Receiving host. */
    int dst(int flow) {
        return dst[flow];
    }

    /** 0 sprayed with the run's scheme, 1 pinned to ECMP ({@link EcmpPinning}). */
    int trafficClass(int flow) {
        return trafficClass[flow];
    }

    /** How switches read this flow's EVs. */
    Forwarding forwarding(int flow) {
        return forwarding[flow];
    }

    /** Whether the flow has started (its NIC may pull its packets). */
    boolean started(int flow) {
        return started[flow];
    }

    void markStarted(int flow) {
        started[flow] = true;
    }

    /** When the ACK that left no byte unacknowledged reached the sender, or {@link #NOT_YET}. */
    long ackedPs(int flow) {
        return ackedPs[flow];
    }

    void markAcked(int flow, long nowPs) {
        ackedPs[flow] = nowPs;
    }
}
