package org.primelab.packet;

import java.util.List;
import org.primelab.core.metrics.ProgressListener;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.TriggerRuntime;
import org.primelab.core.workload.Workload;
import org.primelab.packet.engine.EventQueue;
import org.primelab.packet.metrics.SimResult;
import org.primelab.packet.net.EgressPort;
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
 * turns the final state into a {@link SimResult}. {@link PartitionedRun} builds them for each part of the
 * fabric ({@link Partition}) and runs the parts' event loops; this class chooses how many threads.
 *
 * <p><b>Events</b> ({@link EventKind}, three ints each, see {@link EventQueue}): a packet arriving at a
 * node, a port finishing a transmission while more waits behind it, a flow starting, a flow's
 * retransmission timer, a link failing, a failure detected. A port that finds its wire free sends at
 * once, so an idle path costs one event per hop.
 *
 * <p><b>Determinism.</b> All randomness comes from streams derived from the master seed: one per flow
 * for its load balancer, one per port for ECN marking, one per switch for AR's tie breaks, and each
 * switch's hash salt. Events of the same picosecond run by kind, then by a rank of their link or flow id
 * drawn from the master seed anew every microsecond ({@link EventQueue#tieRank}). Same
 * configuration and flows: identical results, whatever the number of threads ({@link #threads(int)},
 * {@link PartitionedRun}).
 *
 * <p><b>Modelling choices the paper leaves open</b>, each documented where it lives: the window that
 * keeps a lone flow at line rate ({@link SimConfig#lineRateWindowBytes()}), DCTCP details
 * ({@link Dctcp}), ECN on the occupancy the departing packet sees ({@link EgressPort}), selective ACKs
 * that list the packets they cover ({@link FlowReceiver}), ACKs routed back with the EV they echo under
 * the flow's scheme.
 */
public final class PacketSimulator {
    /**
     * The fewest hosts for which {@link #autoThreads} uses more than one thread: below it a window of
     * simulated time holds too few events to pay for the synchronization (packet-sim/README.md,
     * "Performance").
     */
    public static final int AUTO_THREADS_MIN_HOSTS = 1024;
    /**
     * The shortest propagation delay for which {@link #autoThreads} uses more than one thread: the threads
     * synchronize once per propagation delay of simulated time, so a short delay leaves too few events per
     * window. 2048 hosts, 2 MB flows, 2 cores: at 0 ns one thread is faster (0.78 s against 1.07 s with 256 KB
     * flows), at 100 ns neither is, at 300 and 600 ns two threads are (packet-sim/README.md, "Threads").
     */
    public static final long AUTO_THREADS_MIN_PROPAGATION_PS = 100 * Units.PS_PER_NS;
    /**
     * ToRs per part of the fabric in {@link #autoParts}: a thread runs its parts one after another in each window,
     * so a part's switches, hosts, packets and events stay in cache while it runs. 8 ToRs (8 parts at 2048 hosts,
     * 16 at 8192) measured as fast as 16 and faster than 2, 4 or 64 (packet-sim/README.md, "Seventh round").
     */
    public static final int AUTO_TORS_PER_PART = 8;

    private final SimConfig config;
    private final long idealMaxFctPs;
    private int threads;
    /** The parts of the fabric, 0 for {@link #autoParts}. */
    private int parts;

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
     * either starts at that instant). It runs on {@link #autoThreads} threads unless {@link #threads(int)}
     * says otherwise.
     *
     * @param idealMaxFctPs the Ratio's denominator, computed once by the caller
     *        ({@code org.primelab.analytical.fct.IdealMaxFct#of}); carried into the result unchanged
     */
    public PacketSimulator(SimConfig config, long idealMaxFctPs) {
        config.scenario().requireWorkload();
        if (idealMaxFctPs <= 0) {
            throw new IllegalArgumentException("ideal: must be > 0 ps, got " + idealMaxFctPs);
        }
        this.config = config;
        this.idealMaxFctPs = idealMaxFctPs;
        this.threads = autoThreads(config, Runtime.getRuntime().availableProcessors());
    }

    /**
     * Runs on {@code n} threads, each simulating a part of the fabric ({@link PartitionedRun}); the result is
     * the same for every {@code n}. {@code n} must be between 1 and the number of ToRs, and 1 when flows start
     * on triggers.
     */
    public PacketSimulator threads(int n) {
        this.threads = checkedThreads(config, n);
        return this;
    }

    /** {@code n} if a run of {@code config} can use {@code n} threads, else {@code threads: must be in ...}. */
    public static int checkedThreads(SimConfig config, int n) {
        return checkedCount(config, "threads", "thread", n);
    }

    /**
     * {@code n} if a run of {@code config} can be cut into {@code n} {@code unit}s (threads or parts: at most
     * one per ToR, one when flows start on triggers), else {@code OPTION: must be in ...}.
     */
    private static int checkedCount(SimConfig config, String option, String unit, int n) {
        int max = maxThreads(config);
        if (n < 1 || n > max) {
            throw new IllegalArgumentException(option + ": must be in [1, " + max + "]"
                    + (max == 1 && config.tree().tors() > 1 ? " (flows start on triggers)" : " (one ToR per " + unit
                    + " at least)") + ", got " + n);
        }
        return n;
    }

    /** The threads the run will use. */
    public int threads() {
        return threads;
    }

    /**
     * Cuts the fabric into {@code n} parts ({@link PartitionedRun}), at least as many as the threads (each thread
     * runs a block of parts); the result is the same for every {@code n}, but for the peak packet count (exact
     * with one part, an upper bound with several: {@link PartitionedRun}, "The peak packet count"). {@code n}
     * must be between 1 and the number of ToRs, and 1 when flows start on triggers. Without this call,
     * {@link #autoParts}.
     */
    public PacketSimulator parts(int n) {
        this.parts = checkedCount(config, "parts", "part", n);
        return this;
    }

    /** The parts the run will use: as set, at least the threads. */
    public int parts() {
        return Math.max(threads, parts == 0 ? autoParts(config, threads) : parts);
    }

    /**
     * The default number of parts for {@code threads} threads: one per {@link #AUTO_TORS_PER_PART} ToRs, at least
     * the threads; the threads alone below {@link #AUTO_THREADS_MIN_PROPAGATION_PS} of propagation delay (a part
     * costs a visit per window, and windows are that delay long) and 1 when flows start on triggers.
     */
    public static int autoParts(SimConfig config, int threads) {
        int max = maxThreads(config);
        if (max == 1) {
            return 1;
        }
        if (config.propagationPs() < AUTO_THREADS_MIN_PROPAGATION_PS) {
            return Math.min(threads, max);
        }
        int byTors = (config.tree().tors() + AUTO_TORS_PER_PART - 1) / AUTO_TORS_PER_PART;
        return Math.min(max, Math.max(threads, byTors));
    }

    /** The most threads a run of {@code config} can use: its ToRs, or 1 when flows start on triggers. */
    public static int maxThreads(SimConfig config) {
        boolean triggered = config.scenario().requireWorkload().flows().stream().anyMatch(Flow::startsOnTrigger);
        return triggered ? 1 : config.tree().tors();
    }

    /**
     * The default thread count: 1 below {@link #AUTO_THREADS_MIN_HOSTS} hosts or
     * {@link #AUTO_THREADS_MIN_PROPAGATION_PS} of propagation delay, otherwise the available processors up to
     * {@link #maxThreads}.
     */
    public static int autoThreads(SimConfig config, int processors) {
        if (config.tree().hosts() < AUTO_THREADS_MIN_HOSTS || config.propagationPs() < AUTO_THREADS_MIN_PROPAGATION_PS) {
            return 1;
        }
        return Math.max(1, Math.min(processors, maxThreads(config)));
    }

    /** Runs to completion of every flow and returns the result. */
    public SimResult run(ProgressListener progress) {
        return new PartitionedRun(config, idealMaxFctPs, parts(), PartitionedRun.windowPs(config), threads)
                .run(progress);
    }
}
