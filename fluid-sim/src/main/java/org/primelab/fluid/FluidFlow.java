package org.primelab.fluid;

import java.util.ArrayList;
import java.util.List;
import org.primelab.analytical.fct.IdealFct;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;

/**
 * The per-flow state both fluid engines keep (each engine's flow state extends it with its own send
 * bookkeeping and in-flight ring): the flow, its paths, its wire size, its split rule and congestion
 * control, the bytes not yet sent and in flight, and what has been delivered, trimmed and marked. Also
 * how a flow completes (every byte delivered untrimmed) and what a finished flow reports.
 */
abstract class FluidFlow {
    /** {@link #startPs} of a flow whose start trigger has not fired yet. */
    static final long WAITING = Long.MAX_VALUE;

    final Flow flow;
    final FlowPaths paths;
    /**
     * When the flow starts: its fixed start, or, for a flow that starts on a trigger, {@link #WAITING}
     * until the trigger fires ({@link FlowStarts}) and then the firing time.
     */
    long startPs;
    /** Whether the flow's completion activates a trigger (its send-done or receive-done trigger). */
    final boolean activatesTrigger;
    /** Wire bytes: payload plus one header per packet. */
    final double wire;
    SplitRule rule;
    /** The flow's congestion control ({@link FluidSetup#newCc}). */
    FluidCc cc;
    /** The returns not yet handed to {@link #cc}. */
    final ReturnedBytes returned = new ReturnedBytes();
    boolean done;
    double unsent;
    double inflight;
    double delivered;
    double trimmed;
    double marked;
    double lastArrival;
    /** The lowest congestion window since fast-forward's current streak began ({@code SteadyState}). */
    double lowestWindow;
    /** When the serialization of the flow's last quantum on its NIC ends. */
    double sentEnd;
    /** Sum of the congestion window over the steps so far, bytes·steps (its mean over a window: {@code SteadyState}). */
    double windowSum;
    long endPs;

    /**
     * Per path (index in the reverse table), the time a header takes back to the sender on an idle
     * fabric: per hop, propagation plus the header's serialization ({@code headerHopPs}).
     */
    final double[] ackReturnPs;

    /**
     * The state of {@code flow} on {@code paths} under {@code config}; {@code headerHopPs[l]} is link
     * {@code l}'s propagation plus one header's serialization at its rate.
     */
    FluidFlow(FluidConfig config, Flow flow, FlowPaths paths, double[] headerHopPs) {
        this.flow = flow;
        this.paths = paths;
        this.startPs = flow.startsOnTrigger() ? WAITING : flow.startPs();
        this.activatesTrigger = flow.sendDoneTrigger() != Flow.NO_TRIGGER || flow.recvDoneTrigger() != Flow.NO_TRIGGER;
        long packets = IdealFct.packets(flow.sizeBytes(), config.mtuBytes(), config.headerBytes());
        this.wire = flow.sizeBytes() + packets * (double) config.headerBytes();
        this.unsent = wire;
        this.ackReturnPs = new double[paths.count()];
        for (int p = 0; p < ackReturnPs.length; p++) {
            double ack = 0;
            for (int l : paths.reverse(p)) {
                ack += headerHopPs[l];
            }
            ackReturnPs[p] = ack;
        }
    }

    /**
     * A quantum (or chunk) of {@code b} wire bytes lands: the fraction {@code keep} of it untrimmed, ECN
     * marked with probability {@code mark}, its last byte at {@code arrival}. Returns whether it completed
     * the flow; the end time then replaces the fluid serialization of the last packet ({@code b} at
     * {@code nicRate}) by the packet's own at {@code linkRateBps}, rounded up to whole picoseconds as the
     * packet simulator and {@link IdealFct} round it (it differs by less than 1 ps).
     */
    boolean land(double b, double keep, double mark, double arrival, double nicRate, long linkRateBps) {
        double good = b * keep;
        delivered += good;
        trimmed += b - good;
        marked += good * mark;
        if (good > 0 && arrival > lastArrival) {
            lastArrival = arrival;
        }
        if (!done && delivered >= wire - 1e-6 * Math.max(1, wire * 1e-9)) {
            done = true;
            double fluidSer = b / nicRate;
            double packetSer = Units.serializationPs(Math.round(b), linkRateBps);
            double end = Math.max(lastArrival, lastArrival - fluidSer + packetSer);
            endPs = Math.round(end);
            return true;
        }
        return false;
    }

    /**
     * The flow's DCTCP (or fixed window): fast-forward's ramp and steady models ({@code SteadyState}) are
     * DCTCP's, so the quantum engine leaps only under it (never under NSCC).
     */
    FluidDctcp dctcp() {
        return (FluidDctcp) cc;
    }

    /** The outcomes of {@code flows}, in order. */
    static List<FluidFlowStats> stats(FluidFlow[] flows) {
        List<FluidFlowStats> out = new ArrayList<>(flows.length);
        for (FluidFlow s : flows) {
            Flow f = s.flow;
            out.add(new FluidFlowStats(f.id(), f.src(), f.dst(), f.sizeBytes(), s.startPs, s.endPs,
                    s.paths.hops(), s.wire, s.trimmed, s.marked));
        }
        return List.copyOf(out);
    }

    /** The largest ideal FCT of {@code flows} ({@link IdealFct#lonePathPs}, as the packet simulator). */
    static long idealMaxFctPs(FluidConfig config, FluidFlow[] flows) {
        long ideal = 0;
        for (FluidFlow s : flows) {
            ideal = Math.max(ideal, IdealFct.lonePathPs(s.flow.sizeBytes(), config.mtuBytes(), config.headerBytes(),
                    config.linkRateBps(), config.propagationPs(), s.paths.hops()));
        }
        return ideal;
    }

    /** When the last of {@code flows} completed. */
    static long endPs(FluidFlow[] flows) {
        long end = 0;
        for (FluidFlow s : flows) {
            end = Math.max(end, s.endPs);
        }
        return end;
    }
}
