package org.primelab.packet;

import java.util.List;
import java.util.SplittableRandom;
import org.primelab.core.forwarding.UplinkSelector;
import org.primelab.core.metrics.ProgressListener;
import org.primelab.core.random.Seeds;
import org.primelab.core.topology.Faults;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.TriggerRuntime;
import org.primelab.core.workload.Workload;
import org.primelab.packet.engine.EventQueue;
import org.primelab.packet.metrics.SimResult;
import org.primelab.packet.net.EgressPort;
import org.primelab.packet.net.PacketPool;
import org.primelab.packet.transport.Dctcp;
import org.primelab.packet.transport.FlowReceiver;

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
 * <p><b>Parts</b>, one job each: {@link Wiring} builds the ports from the FatTree, {@link RunFlows}
 * holds each flow's two ends, {@link Nics} pull data onto the hosts' wires, {@link Links} transmit,
 * {@link Switches} forward, {@link Hosts} react to what reaches an end host, {@link ResultCollector}
 * turns the final state into a {@link SimResult}. This class builds them and runs the event loop.
 *
 * <p><b>Events</b> ({@link EventKind}, three ints each, see {@link EventQueue}): a packet arriving at a
 * node, a port finishing a transmission while more waits behind it, a flow starting, a flow's
 * retransmission timer, a link failing, a failure detected. A port that finds its wire free sends at
 * once, so an idle path costs one event per hop.
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
    /** Events between progress reports. */
    private static final long PROGRESS_EVERY = 1 << 18;
    /**
     * How many events ahead the loop touches the packet (an arrival) or port (a transmission end) that
     * event will need, so its cache miss overlaps the current event's work: 2 measured fastest of 1, 2, 4
     * on {@code prime bench} (packet-sim/README.md, "Performance"). Results do not depend on it.
     */
    static final int PREFETCH_AHEAD = 2;

    private final SimConfig config;
    private final List<Flow> flows;
    private final EventQueue events;
    private final PacketPool pool;
    private final RunFlows runFlows;
    private final Links links;
    private final Switches switches;
    private final Hosts hosts;
    private final long idealMaxFctPs;
    /** Keeps the prefetching loads of {@link #run} alive (a value nobody reads is otherwise optimized away). */
    @SuppressWarnings("unused")
    private long touchedSink;

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
        this.flows = workload.flows();
        this.idealMaxFctPs = idealMaxFctPs;
        this.events = new EventQueue(1 << 16);
        this.pool = new PacketPool(1 << 14, config.ackEvery());
        SplittableRandom markRandom = new SplittableRandom(Seeds.derive(config.seed(), Seeds.ECN_MARK));
        SplittableRandom arRandom = new SplittableRandom(Seeds.derive(config.seed(), Seeds.AR_TIES));
        Wiring wiring = Wiring.of(config);
        this.runFlows = new RunFlows(config, flows);
        this.links = new Links(config.tree(), wiring, events, pool, markRandom, new Nics(config.tree(), runFlows));
        this.switches = new Switches(config.tree(), runFlows, links, pool,
                UplinkSelector.salts(config.tree(), config.seed()), arRandom);
        this.hosts = new Hosts(config, runFlows, links, events, pool, new TriggerRuntime(workload));
    }

    /** Runs to completion of every flow and returns the result. */
    public SimResult run(ProgressListener progress) {
        long wallStart = System.nanoTime();
        Faults faults = config.faults();
        for (int l : faults.failedLinks()) {
            long at = faults.failTime(l);
            events.schedule(at, EventKind.LINK_FAIL, l, 0);
            events.schedule(at + config.detectPs(), EventKind.FAILURE_DETECTED, l, 0);
        }
        for (int i = 0; i < flows.size(); i++) {
            if (!flows.get(i).startsOnTrigger()) {
                events.schedule(flows.get(i).startPs(), EventKind.FLOW_START, i, 0);
            }
        }
        long nextReport = PROGRESS_EVERY;
        long touched = 0;
        int n = flows.size();
        int hostCount = config.tree().hosts();
        while (hosts.completed() < n) {
            if (events.isEmpty()) {
                throw new IllegalStateException("deadlock: no events left with " + (n - hosts.completed())
                        + " flows unfinished");
            }
            events.pop();
            long now = events.time();
            int ahead = events.loadedAhead(PREFETCH_AHEAD);
            if (ahead >= 0) {
                int aheadKind = events.kindOf(ahead);
                if (aheadKind == EventKind.ARRIVE) {
                    touched += pool.touch(events.bOf(ahead));
                } else if (aheadKind == EventKind.TX_DONE) {
                    touched += links.touch(events.aOf(ahead));
                }
            }
            switch (events.kind()) {
                case EventKind.ARRIVE -> {
                    int node = events.a();
                    if (node < hostCount) {
                        hosts.arrive(node, events.b(), now);
                    } else {
                        switches.arrive(node, events.b(), now);
                    }
                }
                case EventKind.TX_DONE -> links.onTxDone(events.a(), now);
                case EventKind.FLOW_START -> hosts.startFlow(events.a(), now);
                case EventKind.RTO_CHECK -> hosts.checkTimeout(events.a(), now);
                case EventKind.LINK_FAIL -> links.fail(events.a());
                case EventKind.FAILURE_DETECTED -> switches.detectFailure(events.a());
                default -> throw new IllegalStateException("unknown event kind " + events.kind());
            }
            if (events.processed() >= nextReport) {
                nextReport += PROGRESS_EVERY;
                progress.progress(hosts.completed(), n, now, events.processed());
            }
        }
        long end = events.time();
        touchedSink = touched;
        progress.progress(hosts.completed(), n, end, events.processed());
        return ResultCollector.collect(config, runFlows, links.ports(), switches, idealMaxFctPs, end,
                events.processed(), System.nanoTime() - wallStart, pool.peakLive());
    }
}
