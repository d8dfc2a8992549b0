package org.primelab.packet;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.primelab.core.cc.NsccParameters;
import org.primelab.core.entropy.EntropyConfig;
import org.primelab.core.entropy.Forwarding;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.forwarding.QueueDepths;
import org.primelab.core.forwarding.RoutingTable;
import org.primelab.core.forwarding.UplinkSelector;
import org.primelab.core.random.Seeds;
import org.primelab.core.topology.EvLayout;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.HostFlows;
import org.primelab.core.workload.TriggerRuntime;
import org.primelab.core.workload.Workload;
import org.primelab.packet.engine.EventQueue;
import org.primelab.packet.metrics.FlowStats;
import org.primelab.packet.metrics.QueueStats;
import org.primelab.packet.metrics.SimResult;
import org.primelab.packet.net.EgressPort;
import org.primelab.packet.net.PacketPool;
import org.primelab.packet.net.RedMarker;
import org.primelab.packet.transport.CongestionControl;
import org.primelab.packet.transport.Dctcp;
import org.primelab.packet.transport.FixedWindow;
import org.primelab.packet.transport.FlowReceiver;
import org.primelab.packet.transport.FlowSender;
import org.primelab.packet.transport.Nscc;

/**
 * The packet-level discrete-event simulator (docs/design.md, "The packet simulator"; the paper's
 * §"Evaluation" setup). One instance runs one workload once: {@code new PacketSimulator(config,
 * flows, ideal).run(listener)}, the ideal being
 * {@code IdealMaxFct.of(config.fabric(), config.faults(), flows)} (analytical), computed by the caller.
 *
 * <p><b>Model.</b> Every directed link has an {@link EgressPort} at its sending node. A host's port is
 * its NIC: ACKs and NACKs wait in its control queue and data is pulled from the host's flows (round
 * robin over the flows whose window admits a packet) whenever the wire is free. A switch forwards a
 * packet up while it is not an ancestor of the destination — PRIME's port index, a hash of (flow, EV,
 * switch salt) or the shortest queue, by scheme — and down deterministically; the packet waits in the
 * output port's data queue (trimmed past 1 BDP) or control queue. Links serialize store-and-forward and
 * add their propagation delay. Time is integer picoseconds.
 *
 * <p><b>Events</b> (three ints each, see {@link EventQueue}): a packet arriving at a node, a port
 * finishing a transmission while more waits behind it, a flow starting, a flow's retransmission timer.
 * A port that finds its wire free sends at once, so an idle path costs one event per hop.
 *
 * <p><b>Determinism.</b> All randomness comes from streams derived from the master seed: one per flow
 * for its load balancer, one for ECN marking, one for AR's tie breaks, and each switch's hash salt.
 * Same configuration and flows: identical results.
 *
 * <p><b>Modelling choices the paper leaves open</b>, each documented where it lives: the window that
 * keeps a lone flow at line rate ({@link SimConfig#lineRateWindowBytes()}), DCTCP details
 * ({@link Dctcp}), ECN on the occupancy the departing packet sees ({@link EgressPort}), selective ACKs
 * that list the packets they cover ({@link FlowReceiver}), ACKs routed back with the EV they echo under
 * the flow's scheme.
 */
public final class PacketSimulator {
    private static final int ARRIVE = 0;
    private static final int TX_DONE = 1;
    private static final int FLOW_START = 2;
    private static final int RTO_CHECK = 3;
    private static final int LINK_FAIL = 4;
    private static final int FAILURE_DETECTED = 5;
    /** Events between progress reports. */
    private static final long PROGRESS_EVERY = 1 << 18;

    private final SimConfig config;
    private final FatTree tree;
    private final List<Flow> flows;
    private final EventQueue events;
    private final PacketPool pool;
    private final EgressPort[] ports;
    private final boolean[] hostPort;
    private final FlowSender[] senders;
    private final FlowReceiver[] receivers;
    private final int[] flowSrc;
    private final int[] flowDst;
    private final int[][] hostFlows;
    private final int[] hostCursor;
    private final boolean[] started;
    private final boolean[] sendDone;
    private final TriggerRuntime triggers;
    private final int[] triggered;
    private final long[] switchSalt;
    private final Forwarding[] flowForwarding;
    private final int[] flowClass;
    private final RoutingTable routing;
    private final boolean[] linkDown;
    private final QueueDepths queueDepths;
    private final EvLayout layout;
    private final int torUplinks;
    private final int[] flowUplinkCounts;
    private final SplittableRandom markRandom;
    private final SplittableRandom arRandom;
    private final int[] ackScratch;
    private final long rtoPs;
    private final long idealMaxFctPs;
    private final NsccParameters nsccParameters;
    private int completed;

    /**
     * Prepares a run of {@code flows} under {@code config}.
     *
     * @param idealMaxFctPs the Ratio's denominator, computed once by the caller
     *        ({@code org.primelab.analytical.fct.IdealMaxFct#of}); carried into the result unchanged
     */
    public PacketSimulator(SimConfig config, List<Flow> flows, long idealMaxFctPs) {
        this(config.withWorkload(Workload.of(flows)), idealMaxFctPs);
    }

    /** Prepares a run of {@code workload} under {@code config} (see {@link #PacketSimulator(SimConfig, long)}). */
    public PacketSimulator(SimConfig config, Workload workload, long idealMaxFctPs) {
        this(config.withWorkload(workload), idealMaxFctPs);
    }

    /**
     * Prepares a run of the workload of {@code config}'s scenario: its timed flows start at their times,
     * the others when {@link TriggerRuntime} says so (a flow's send-done moment is when its sender has
     * every byte acknowledged, its receive-done moment when its receiver has every byte; a flow started by
     * either starts at that instant).
     *
     * @param idealMaxFctPs the Ratio's denominator, computed once by the caller
     *        ({@code org.primelab.analytical.fct.IdealMaxFct#of}); carried into the result unchanged
     */
    public PacketSimulator(SimConfig config, long idealMaxFctPs) {
        Workload workload = config.scenario().requireWorkload();
        if (idealMaxFctPs <= 0) {
            throw new IllegalArgumentException("ideal: must be > 0 ps, got " + idealMaxFctPs);
        }
        this.config = config;
        this.tree = config.tree();
        this.nsccParameters = config.cc() == org.primelab.core.cc.CcKind.NSCC ? NsccParameters.of(config.fabric()) : null;
        this.flows = workload.flows();
        this.triggers = new TriggerRuntime(workload);
        this.triggered = new int[triggers.maxStartedPerActivation()];
        int n = flows.size();
        this.layout = tree.evLayout();
        this.torUplinks = tree.torUplinks();
        this.events = new EventQueue(1 << 16);
        this.pool = new PacketPool(1 << 14, config.ackEvery());
        this.ackScratch = new int[config.ackEvery()];
        this.markRandom = new SplittableRandom(Seeds.derive(config.seed(), Seeds.ECN_MARK));
        this.arRandom = new SplittableRandom(Seeds.derive(config.seed(), Seeds.AR_TIES));
        this.rtoPs = config.effectiveRtoPs();

        Faults faults = config.faults();
        RedMarker red = new RedMarker(config.kMinBytes(), config.kMaxBytes());
        ports = new EgressPort[tree.linkCount()];
        hostPort = new boolean[tree.linkCount()];
        for (int l = 0; l < tree.linkCount(); l++) {
            boolean fromHost = tree.tierOf(tree.linkSource(l)) == 0;
            hostPort[l] = fromHost;
            ports[l] = new EgressPort(l, faults.rate(l, config.linkRateBps()), config.propagationPs(),
                    fromHost ? Long.MAX_VALUE : config.trimBytes(), fromHost ? null : red, config.mtuBytes(),
                    config.headerBytes(), config.scheduling());
        }
        routing = new RoutingTable(tree);
        linkDown = new boolean[tree.linkCount()];
        switchSalt = UplinkSelector.salts(tree, config.seed());
        queueDepths = (sw, uplink) -> ports[tree.uplink(sw, uplink)].queuedDataBytes();

        EntropyConfig entropy = config.effectiveEntropy();
        LoadBalancingScheme scheme = config.scheme();
        senders = new FlowSender[n];
        receivers = new FlowReceiver[n];
        flowSrc = new int[n];
        flowDst = new int[n];
        started = new boolean[n];
        flowClass = pinnedToEcmp(n, config.ecmpFraction(), config.seed());
        flowForwarding = new Forwarding[n];
        sendDone = new boolean[n];
        for (int i = 0; i < n; i++) {
            Flow f = flows.get(i);
            flowSrc[i] = f.src();
            flowDst[i] = f.dst();
            LoadBalancingScheme own = flowClass[i] == ECMP_CLASS ? LoadBalancingScheme.ECMP : scheme;
            flowForwarding[i] = own.forwarding();
            senders[i] = new FlowSender(i, f.sizeBytes(), config.mtuBytes(), config.headerBytes(),
                    own.newGenerator(layout, entropy, config.seed(), f.src(), i), newCc());
            receivers[i] = new FlowReceiver(senders[i].packets(), config.ackEvery(), config.ackOnMark());
        }
        hostFlows = HostFlows.of(tree, flows);
        hostCursor = new int[tree.hosts()];
        flowUplinkCounts = new int[n * torUplinks];
        this.idealMaxFctPs = idealMaxFctPs;
    }

    /** Traffic class of flows pinned to ECMP in the mixed-traffic experiment. */
    public static final int ECMP_CLASS = 1;

    /**
     * Which flows are pinned to ECMP (class 1): {@code round(fraction * n)} of them, at least one when
     * the fraction is positive, chosen with a stream derived from the master seed.
     */
    static int[] pinnedToEcmp(int n, double fraction, long seed) {
        int[] cls = new int[n];
        if (fraction <= 0) {
            return cls;
        }
        int count = Math.max(1, (int) Math.round(fraction * n));
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        SplittableRandom r = new SplittableRandom(Seeds.derive(seed, Seeds.ECMP_PINNING));
        for (int i = 0; i < count; i++) {
            int j = i + r.nextInt(n - i);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
            cls[order[i]] = ECMP_CLASS;
        }
        return cls;
    }

    private CongestionControl newCc() {
        long window = config.lineRateWindowBytes();
        return switch (config.cc()) {
            case FIXED -> new FixedWindow(window);
            case DCTCP -> new Dctcp(window, (long) config.ackEvery() * config.mtuBytes(),
                    window + window / 2, config.mtuBytes(), config.dctcpInitialAlpha());
            case NSCC -> Nscc.atMaxWindow(nsccParameters, config.baseRttPs(), config.linkRateBps());
        };
    }

    /** Runs to completion of every flow and returns the result. */
    public SimResult run(ProgressListener progress) {
        long wallStart = System.nanoTime();
        Faults faults = config.faults();
        for (int l : faults.failedLinks()) {
            long at = faults.failTime(l);
            events.schedule(at, LINK_FAIL, l, 0);
            events.schedule(at + config.detectPs(), FAILURE_DETECTED, l, 0);
        }
        for (int i = 0; i < flows.size(); i++) {
            if (!flows.get(i).startsOnTrigger()) {
                events.schedule(flows.get(i).startPs(), FLOW_START, i, 0);
            }
        }
        long nextReport = PROGRESS_EVERY;
        int n = flows.size();
        while (completed < n) {
            if (events.isEmpty()) {
                throw new IllegalStateException("deadlock: no events left with " + (n - completed) + " flows unfinished");
            }
            events.pop();
            long now = events.time();
            switch (events.kind()) {
                case ARRIVE -> arrive(events.a(), events.b(), now);
                case TX_DONE -> {
                    ports[events.a()].setTxPending(false);
                    startTransmission(events.a(), now);
                }
                case FLOW_START -> startFlow(events.a(), now);
                case RTO_CHECK -> checkTimeout(events.a(), now);
                case LINK_FAIL -> ports[events.a()].setFailed(true);
                case FAILURE_DETECTED -> {
                    linkDown[events.a()] = true;
                    routing.recompute(linkDown);
                }
                default -> throw new IllegalStateException("unknown event kind " + events.kind());
            }
            if (events.processed() >= nextReport) {
                nextReport += PROGRESS_EVERY;
                progress.progress(completed, n, now, events.processed());
            }
        }
        long end = events.time();
        progress.progress(completed, n, end, events.processed());
        return collect(end, System.nanoTime() - wallStart);
    }

    // ------------------------------------------------------------------ flows

    private void startFlow(int flow, long now) {
        started[flow] = true;
        int src = flowSrc[flow];
        kick(tree.hostUplink(src), now);
        events.schedule(now + rtoPs, RTO_CHECK, flow, 0);
    }

    /** Starts, now, the {@code count} flows a trigger released into {@link #triggered}. */
    private void startTriggered(int count, long now) {
        for (int i = 0; i < count; i++) {
            events.schedule(now, FLOW_START, triggered[i], 0);
        }
    }

    private void checkTimeout(int flow, long now) {
        FlowSender s = senders[flow];
        if (s.finished() || receivers[flow].complete()) {
            return;
        }
        if (s.checkTimeout(now, rtoPs)) {
            kick(tree.hostUplink(flowSrc[flow]), now);
        }
        long next = Math.max(now + 1, s.nextTimeoutCheck(rtoPs));
        events.schedule(next, RTO_CHECK, flow, 0);
    }

    /** A data packet pulled from the host's flows, round robin, or -1 if none may send. */
    private int pullData(int host, long now) {
        int[] fl = hostFlows[host];
        int count = fl.length;
        for (int i = 0; i < count; i++) {
            int idx = hostCursor[host] + i;
            if (idx >= count) {
                idx -= count;
            }
            int f = fl[idx];
            FlowSender s = senders[f];
            if (started[f] && s.canSend()) {
                hostCursor[host] = idx + 1 == count ? 0 : idx + 1;
                return s.sendNext(pool, now);
            }
        }
        return -1;
    }

    private boolean hostCanSend(int host) {
        for (int f : hostFlows[host]) {
            if (started[f] && senders[f].canSend()) {
                return true;
            }
        }
        return false;
    }

    // ------------------------------------------------------------------ links

    /** Makes sure the port transmits as soon as its wire is free. */
    private void kick(int link, long now) {
        EgressPort p = ports[link];
        if (p.txPending()) {
            return;
        }
        if (p.busyUntil() <= now) {
            startTransmission(link, now);
        } else {
            p.setTxPending(true);
            events.schedule(p.busyUntil(), TX_DONE, link, 0);
        }
    }

    private void startTransmission(int link, long now) {
        EgressPort p = ports[link];
        int pkt = p.poll(pool, markRandom, now);
        boolean fromHost = hostPort[link];
        if (pkt < 0 && fromHost) {
            pkt = pullData(tree.linkSource(link), now);
        }
        if (pkt < 0) {
            return;
        }
        if (fromHost && pool.type(pkt) == PacketPool.DATA) {
            p.countDirectData(pool.size(pkt));
        }
        long done = now + p.serializationPs(pool.size(pkt));
        p.setBusyUntil(done);
        if (p.failed()) {
            p.countLost();     // black hole: the wire is cut, the packet never arrives
            pool.release(pkt);
        } else {
            events.schedule(done + p.propagationPs(), ARRIVE, tree.linkTarget(link), pkt);
        }
        if (p.hasQueued() || (fromHost && hostCanSend(tree.linkSource(link)))) {
            p.setTxPending(true);
            events.schedule(done, TX_DONE, link, 0);
        }
    }

    // ------------------------------------------------------------------ nodes

    private void arrive(int node, int pkt, long now) {
        if (node < tree.hosts()) {
            atHost(node, pkt, now);
        } else {
            atSwitch(node, pkt, now);
        }
    }

    private void atSwitch(int sw, int pkt, long now) {
        int flow = pool.flow(pkt);
        byte type = pool.type(pkt);
        boolean towardsReceiver = type == PacketPool.DATA || type == PacketPool.HEADER;
        int dst = towardsReceiver ? flowDst[flow] : flowSrc[flow];
        int out;
        if (tree.isAncestor(sw, dst)) {
            out = tree.downlinkTowards(sw, dst);
        } else {
            int port = uplinkPort(sw, flow, pool.ev(pkt), dst);
            out = tree.uplink(sw, port);
            if (type == PacketPool.DATA && tree.tierOf(sw) == 1 && tree.torOf(flowSrc[flow]) == sw) {
                flowUplinkCounts[flow * torUplinks + port]++;
            }
        }
        EgressPort p = ports[out];
        if (type == PacketPool.DATA) {
            p.offerData(pool, pkt, flowClass[flow], now);
        } else {
            p.offerControl(pkt, now);
        }
        kick(out, now);
    }

    /**
     * The uplink a switch gives a packet heading to host {@code dst}: {@link UplinkSelector}, with the
     * uplinks {@link RoutingTable} still finds valid once a failure has been detected.
     */
    private int uplinkPort(int sw, int flow, int ev, int dst) {
        long valid = routing.intact() ? UplinkSelector.ALL : routing.validUplinks(sw, tree.torIndexOf(dst));
        return UplinkSelector.select(flowForwarding[flow], layout, sw, tree.tierOf(sw), tree.uplinkCount(sw), flow, ev,
                switchSalt[sw], valid, queueDepths, arRandom);
    }

    private void atHost(int host, int pkt, long now) {
        int flow = pool.flow(pkt);
        switch (pool.type(pkt)) {
            case PacketPool.DATA -> {
                FlowReceiver r = receivers[flow];
                boolean wasComplete = r.complete();
                int seq = pool.seq(pkt);
                if (r.onData(seq, senders[flow].payloadBytes(seq), pool.ecn(pkt), now)) {
                    int ack = pool.allocate(PacketPool.ACK, flow, seq, pool.ev(pkt), config.headerBytes());
                    pool.setEcn(ack, pool.ecn(pkt));
                    int[] pending = r.pending();
                    for (int i = 0; i < r.pendingCount(); i++) {
                        pool.addAcked(ack, pending[i]);
                    }
                    r.clearPending();
                    sendControl(host, ack, now);
                }
                if (!wasComplete && r.complete()) {
                    completed++;
                    startTriggered(triggers.onRecvDone(flow, triggered), now);
                }
            }
            case PacketPool.HEADER -> {
                int nack = pool.allocate(PacketPool.NACK, flow, pool.seq(pkt), pool.ev(pkt), config.headerBytes());
                sendControl(host, nack, now);
            }
            case PacketPool.ACK -> {
                int c = pool.ackCount(pkt);
                for (int i = 0; i < c; i++) {
                    ackScratch[i] = pool.acked(pkt, i);
                }
                senders[flow].onAck(ackScratch, c, pool.seq(pkt), pool.ev(pkt), pool.ecn(pkt), now);
                if (!sendDone[flow] && senders[flow].finished()) {
                    sendDone[flow] = true;
                    startTriggered(triggers.onSendDone(flow, triggered), now);
                }
                kick(tree.hostUplink(host), now);
            }
            case PacketPool.NACK -> {
                senders[flow].onNack(pool.seq(pkt), pool.ev(pkt), now);
                kick(tree.hostUplink(host), now);
            }
            default -> throw new IllegalStateException("unknown packet type " + pool.type(pkt));
        }
        pool.release(pkt);
    }

    private void sendControl(int host, int pkt, long now) {
        int link = tree.hostUplink(host);
        ports[link].offerControl(pkt, now);
        kick(link, now);
    }

    // ------------------------------------------------------------------ results

    private SimResult collect(long end, long wallNanos) {
        List<FlowStats> fs = new ArrayList<>(flows.size());
        int maxHops = 0;
        for (int i = 0; i < flows.size(); i++) {
            Flow f = flows.get(i);
            FlowSender s = senders[i];
            FlowReceiver r = receivers[i];
            int hops = 2 + 2 * tree.upHops(f.src(), f.dst());
            maxHops = Math.max(maxHops, hops);
            fs.add(new FlowStats(i, f.src(), f.dst(), f.sizeBytes(), s.firstSendPs(), r.completionPs(), s.packets(),
                    r.uniquePayloadBytes(), r.duplicates(), s.retransmissions(), s.nacks(), s.timeouts(), s.ecnEchoes(),
                    hops, flowClass[i]));
        }
        List<QueueStats> qs = new ArrayList<>(ports.length);
        for (int l = 0; l < ports.length; l++) {
            EgressPort p = ports[l];
            qs.add(new QueueStats(l, tree.linkName(l), tree.tierOf(tree.linkSource(l)), tree.isUplink(l), p.rateBps(),
                    p.maxDataPackets(), p.maxDataBytes(), p.meanDataPackets(end), p.maxControlPackets(), p.sentData(),
                    p.trims(), p.marks(), p.lost(), new long[] {p.sentClassBytes(0), p.sentClassBytes(1)}));
        }
        return new SimResult(config, List.copyOf(fs), List.copyOf(qs), flowUplinkCounts.clone(), idealMaxFctPs, end,
                events.processed(), wallNanos, pool.peakLive());
    }
}
