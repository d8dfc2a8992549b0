package org.primelab.cli;

import java.util.List;
import org.primelab.core.resources.ResourceGuard;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Collectives;
import org.primelab.core.workload.Flow;
import org.primelab.fluid.FluidConfig;
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
 *       scheme, where steps are the busiest host's bytes at line rate divided by the step (a lower bound
 *       on the simulated time, so a run is never refused for its fast-forward's sake).</li>
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
        Checks.fits(driven(ResourceGuard.packetSim(d, flows.size(), packets), traffic).times(runs.size()), force);
    }

    /** Step 2 of {@code runs} of the fluid simulator, one after the other. */
    static void fluidSim(List<FluidConfig> runs, String traffic, boolean force) {
        Checks.fits(fluidEstimate(runs, traffic), force);
    }

    /** The estimate {@link #fluidSim} holds to the limits. */
    static ResourceGuard.Estimate fluidEstimate(List<FluidConfig> runs, String traffic) {
        FluidConfig c = runs.get(0);
        FatTree.Dimensions d = Checks.dimensions(c.tree().tiers(), c.tree().radix());
        List<Flow> flows = c.flows();
        double[] sent = new double[d.hosts()];
        double busiest = 0;
        for (Flow f : flows) {
            sent[f.src()] += f.sizeBytes();
            busiest = Math.max(busiest, sent[f.src()]);
        }
        double seconds = busiest * Units.BITS_PER_BYTE / c.linkRateBps();
        double steps = Math.max(1, seconds * Units.PS_PER_S / c.stepPs());
        ResourceGuard.Estimate e = driven(ResourceGuard.fluidSim(d, flows.size(), pathsPerFlow(d), steps), traffic);
        if (c.stepMtus() < FluidConfig.defaultStepMtus(c.split())) {
            // a step below the default multiplies the steps: name --step, the option the user turned
            e = new ResourceGuard.Estimate(e.what(), e.heapOption(), e.heapBytes(), "step", e.events());
        }
        return e.times(runs.size());
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
