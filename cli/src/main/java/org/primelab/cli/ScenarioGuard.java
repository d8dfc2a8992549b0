package org.primelab.cli;

import java.util.List;
import org.primelab.core.resources.ResourceGuard;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Collectives;
import org.primelab.core.workload.Flow;
import org.primelab.fluid.FluidConfig;
import org.primelab.fluid.flowlevel.EngineChoice;
import org.primelab.packet.SimConfig;

/**
 * The {@link ResourceGuard} applied to the scenarios of {@link SimOptions} ({@code sim}, {@code fluid},
 * {@code check}, {@code crossval}), in two steps so that nothing large is allocated before it is known
 * to fit:
 *
 * <ol>
 *   <li>{@link #beforeTree}: from {@code --tiers}/{@code --k} alone, before the tree or the workload is
 *       built, the heap of the tree and of the simulator's per-host (packet) or per-flow-and-path (fluid)
 *       state, with at least one flow per host (every generator sends from every host; a {@code .cm}
 *       file is counted exactly in the second step);</li>
 *   <li>{@link #packetSim} / {@link #fluidSim}: from the built workload, before the simulator starts,
 *       the exact flow count and packets, hence the events: packet simulator
 *       {@code packets x (2 hops + 1)} per scheme; fluid simulator {@code steps x flows x hops} per
 *       scheme, where on the quantum engine steps are the busiest host's bytes at line rate divided by the
 *       step (a lower bound on the simulated time, so a run is never refused for its fast-forward's sake),
 *       and on the flow-level model one plus the distinct start times ({@link #fluidEstimate}).</li>
 * </ol>
 *
 * A refusal is one line naming the option that drives the estimate ({@code k}, {@code flow-size}, or
 * {@code traffic} for a file's workload), with the estimate and the limit; {@code --force} overrides
 * the time budget, never the heap.
 */
final class ScenarioGuard {
    /** What is about to run on the scenario. */
    enum Run {
        /** The packet simulator. */
        PACKET,
        /** The fluid simulator. */
        FLUID,
        /** Only the tree, the workload and the bounds (no simulator). */
        BOUNDS_ONLY
    }

    private ScenarioGuard() {
    }

    /** Step 1: refuses, from the dimensions alone, a tree and simulator state that cannot fit the heap. */
    static void beforeTree(int tiers, int k, Run run, boolean force) {
        FatTree.Dimensions d = Checks.dimensions(tiers, k);
        long flows = d.hosts();
        ResourceGuard.Estimate e = switch (run) {
            case PACKET -> ResourceGuard.packetSim(d, flows, flows);
            case FLUID -> ResourceGuard.fluidSim(d, flows, pathsPerFlow(d), 1);
            case BOUNDS_ONLY -> ResourceGuard.topology(d, 0);
        };
        Checks.fits(e, force);
    }

    /** Step 2 of {@code runs} of the packet simulator, one after the other. */
    static void packetSim(List<SimConfig> runs, String traffic, boolean force) {
        SimConfig c = runs.get(0);
        FatTree.Dimensions d = Checks.dimensions(c.tree().tiers(), c.tree().radix());
        List<Flow> flows = c.flows();
        double packets = 0;
        for (Flow f : flows) {
            packets += ResourceGuard.packets(1, f.sizeBytes(), c.mtuBytes(), c.headerBytes());
        }
        ResourceGuard.Estimate e = driven(ResourceGuard.packetSim(d, flows.size(), packets), traffic);
        if (c.faults().failedLinks().length > 0) {
            // the black hole: until detection, a flow that loses packets resends at least its smallest window (ackEvery
            // packets) at every timeout; every flow counted, an upper bound on those that cross a failed link
            double timeouts = Math.ceil((double) c.detectPs() / c.effectiveRtoPs());
            double resent = (double) flows.size() * timeouts * c.ackEvery() * (2.0 * d.longestPathHops() + 1);
            e = new ResourceGuard.Estimate(e.what(), e.heapOption(), e.heapBytes(),
                    resent > e.events() ? "detect" : e.timeOption(), e.events() + resent);
        }
        Checks.fits(e.times(runs.size()), force);
    }

    /**
     * The latest simulated time the fluid engines resolve, in picoseconds: they keep time as a {@code double} of
     * picoseconds, whose spacing at {@code 2^50} ps (about 1126 s) is 1/8 ps. Much later, two events a few
     * picoseconds apart fall on the same {@code double} and the clock stops (a run of 10,000 s did).
     */
    static final double FLUID_TIME_LIMIT_PS = 0x1p50;

    /** Timeouts the horizon counts in ({@link #fluidTime}): a black hole's, one after the other. */
    static final int HORIZON_TIMEOUTS = 8;

    /**
     * Refuses a fluid run whose simulated time may pass {@link #FLUID_TIME_LIMIT_PS}: the latest flow start, the
     * latest failure, the detection delay, {@link #HORIZON_TIMEOUTS} retransmission timeouts and the busiest host's
     * bytes at line rate, added. The message names the largest of these terms' options. Called after the resource
     * guard ({@link #fluidSim}), whose refusal of a long run names its own option; this one holds under
     * {@code --force} too, since no time budget makes a stopped clock move.
     */
    static void fluidTime(FluidConfig c, long detectPs, long rtoPs, String traffic) {
        double start = latestStartPs(c);
        double fail = 0;
        for (int l : c.faults().failedLinks()) {
            fail = Math.max(fail, c.faults().failTime(l));
        }
        double detect = c.faults().failedLinks().length > 0 ? detectPs : 0;
        double timeouts = (double) HORIZON_TIMEOUTS * rtoPs;
        double bytes = busiestBytes(c) * Units.BITS_PER_BYTE * Units.PS_PER_S / c.linkRateBps();
        double horizon = start + fail + detect + timeouts + bytes;
        if (horizon > FLUID_TIME_LIMIT_PS) {
            double most = Math.max(Math.max(Math.max(start, fail), Math.max(detect, timeouts)), bytes);
            String option = most == timeouts ? "rto" : most == detect ? "detect" : most == fail ? "fail"
                    : CliWorkload.isFile(traffic) ? "traffic" : most == bytes ? "flow-size" : "stagger";
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "%s: the fluid model would run"
                    + " past %.0f s of simulated time (latest start %.6g s, failure %.6g s, detection %.6g s, %d"
                    + " timeouts %.6g s, busiest host's bytes %.6g s); it keeps time in double picoseconds, resolved"
                    + " only up to %.0f s: use prime sim, whose clock is a long of picoseconds", option,
                    horizon / Units.PS_PER_S, start / Units.PS_PER_S, fail / Units.PS_PER_S, detect / Units.PS_PER_S,
                    HORIZON_TIMEOUTS, timeouts / Units.PS_PER_S, bytes / Units.PS_PER_S,
                    FLUID_TIME_LIMIT_PS / Units.PS_PER_S));
        }
    }

    /**
     * Step 2 of {@code runs} of the fluid simulator, one after the other; {@code quantum.get(i)} when the quantum
     * engine runs run {@code i} (it integrates step by step, an idle stretch before a late start included), else the
     * flow-level model runs it, whose cost does not grow with bytes.
     */
    static void fluidSim(List<FluidConfig> runs, List<Boolean> quantum, String traffic, boolean force) {
        ResourceGuard.Estimate all = fluidEstimate(runs.get(0), quantum.get(0), traffic);
        for (int i = 1; i < runs.size(); i++) {
            all = all.then(fluidEstimate(runs.get(i), quantum.get(i), traffic));
        }
        Checks.fits(all, force);
    }

    private static double latestStartPs(FluidConfig c) {
        double latest = 0;
        for (Flow f : c.flows()) {
            latest = Math.max(latest, f.startPs());
        }
        return latest;
    }

    private static double busiestBytes(FluidConfig c) {
        double[] sent = new double[c.tree().hosts()];
        double busiest = 0;
        for (Flow f : c.flows()) {
            sent[f.src()] += f.sizeBytes();
            busiest = Math.max(busiest, sent[f.src()]);
        }
        return busiest;
    }

    /**
     * The estimate {@link #fluidSim} holds to the limits for one run. The quantum engine: steps are the busiest host's
     * bytes at line rate, plus the latest start, over the step. The flow-level model: one reallocation of every flow
     * per distinct fixed start time, plus one (its completions reallocate only where they free a bottleneck, and
     * synchronized starts are one event); its cost does not grow with flow sizes, so {@code --flow-size 4000GB}
     * with PRIME is milliseconds there and was refused as a 1.1 h quantum run.
     */
    static ResourceGuard.Estimate fluidEstimate(FluidConfig c, boolean quantum, String traffic) {
        FatTree.Dimensions d = Checks.dimensions(c.tree().tiers(), c.tree().radix());
        List<Flow> flows = c.flows();
        if (!quantum) {
            // the work is flows x reallocations, never bytes: name the file, the stagger or the tree that drive it
            double reallocations = 1 + EngineChoice.distinctStartTimes(c);
            ResourceGuard.Estimate e = ResourceGuard.fluidSim(d, flows.size(), pathsPerFlow(d), reallocations);
            String driver = CliWorkload.isFile(traffic) ? "traffic" : reallocations > 1 ? "stagger" : "k";
            return new ResourceGuard.Estimate(e.what(), e.heapOption(), e.heapBytes(), driver, e.events());
        }
        double busiest = busiestBytes(c);
        double latestStart = latestStartPs(c);
        double seconds = busiest * Units.BITS_PER_BYTE / c.linkRateBps() + latestStart / Units.PS_PER_S;
        double steps = Math.max(1, seconds * Units.PS_PER_S / c.stepPs());
        ResourceGuard.Estimate e = driven(ResourceGuard.fluidSim(d, flows.size(), pathsPerFlow(d), steps), traffic);
        if (latestStart / Units.PS_PER_S > busiest * Units.BITS_PER_BYTE / c.linkRateBps()) {
            // the idle stretch before the latest start is most of the steps: name the option that set it
            e = new ResourceGuard.Estimate(e.what(), e.heapOption(), e.heapBytes(),
                    CliWorkload.isFile(traffic) ? "traffic" : "stagger", e.events());
        }
        if (c.stepMtus() < FluidConfig.defaultStepMtus(c.split())) {
            // a step below the default multiplies the steps: name --step, the option the user turned
            e = new ResourceGuard.Estimate(e.what(), e.heapOption(), e.heapBytes(), "step", e.events());
        }
        return e;
    }

    /** Bytes of one line of a written connection matrix, held as text before it is written. */
    static final long BYTES_PER_CM_LINE = 128;

    /**
     * {@code prime workload}: the tree, the flows of {@code kind} with groups of {@code group} hosts (per
     * host: one for a permutation, ring or incast, {@code group - 1} for an all-to-all,
     * {@code 2 (group - 1)} steps of a ring all-reduce) and their text; events one per flow.
     */
    static void workload(int tiers, int k, Collectives.Kind kind, int group) {
        FatTree.Dimensions d = Checks.dimensions(tiers, k);
        double perHost = switch (kind) {
            case PERMUTATION, RING, INCAST -> 1;
            case ALL_TO_ALL, SERIAL_ALL_TO_ALL -> group - 1.0;
            case RING_ALL_REDUCE -> 2 * (group - 1.0);
        };
        double flows = perHost * d.hosts();
        ResourceGuard.Estimate tree = ResourceGuard.topology(d, 0);
        Checks.fits(new ResourceGuard.Estimate("the workload", flows > d.hosts() ? "group" : "k",
                tree.heapBytes() + flows * (ResourceGuard.BYTES_PER_FLOW + BYTES_PER_CM_LINE), "k",
                tree.events() + flows), false);
    }

    /** Shortest up-down paths between two hosts under different ToRs: the spraying schemes' choices. */
    private static long pathsPerFlow(FatTree.Dimensions d) {
        return (long) d.torUplinks() * Math.max(1, d.aggUplinks());
    }

    /** {@code e} with the work attributed to {@code --traffic} when the workload is a file, not a generator. */
    private static ResourceGuard.Estimate driven(ResourceGuard.Estimate e, String traffic) {
        return CliWorkload.isFile(traffic) && e.timeOption().equals("flow-size")
                ? new ResourceGuard.Estimate(e.what(), e.heapOption(), e.heapBytes(), "traffic", e.events()) : e;
    }
}
