package org.primelab.fluid.flowlevel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Collectives;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workload;
import org.primelab.core.workload.Workloads;
import org.primelab.fluid.FluidConfig;

/** {@code auto}'s choice between the flow-level model and the quantum engine. */
class EngineChoiceTest {
    private static FluidConfig config(FatTree tree, LoadBalancingScheme scheme, Workload w) {
        return FluidConfig.builder(tree).rate(400 * Units.GBPS).scheme(scheme).build().withWorkload(w);
    }

    @Test
    void synchronizedStartsAndTriggeredStepsRunOnTheFlowLevel() {
        FatTree tree = FatTree.twoTier(16);
        assertEquals(EngineChoice.FLOW, EngineChoice.choose(config(tree, LoadBalancingScheme.PRIME,
                Workload.of(Workloads.allToAll(tree, 50_000))), "auto", false).engine(), "16,256 flows at one time");
        int[][] one = {java.util.stream.IntStream.range(0, tree.hosts()).toArray()};
        assertEquals(EngineChoice.FLOW, EngineChoice.choose(config(tree, LoadBalancingScheme.PRIME,
                Collectives.ringAllReduce(one, 4_000_000)), "auto", false).engine(), "254 triggered steps");
    }

    /**
     * Starts at many different times cost the flow-level model a reallocation each over every connected flow: past
     * {@link EngineChoice#STAGGERED_STARTS_LIMIT} (distinct times x flows), auto takes the quantum engine and says
     * why; exactly at the limit it does not; asked for by name, the flow level runs anyway.
     */
    @Test
    void manyStaggeredStartsGoToTheQuantumEngine() {
        FatTree tree = FatTree.twoTier(16);
        List<Flow> all = Workloads.allToAll(tree, 50_000);
        FluidConfig staggered = config(tree, LoadBalancingScheme.PRIME,
                Workload.of(Workloads.staggered(all, 2 * Units.PS_PER_US, 1)));
        EngineChoice auto = EngineChoice.choose(staggered, "auto", false);
        assertEquals(EngineChoice.QUANTUM, auto.engine());
        assertTrue(auto.reason().contains("16256 flows start at"), auto.reason());
        assertEquals(EngineChoice.FLOW, EngineChoice.choose(staggered, "flow", false).engine());
        // n flows at n distinct times: n^2 just under the limit, then (n+1)^2 just over it
        int n = (int) Math.sqrt(EngineChoice.STAGGERED_STARTS_LIMIT);
        assertTrue((long) n * n <= EngineChoice.STAGGERED_STARTS_LIMIT
                && (long) (n + 1) * (n + 1) > EngineChoice.STAGGERED_STARTS_LIMIT);
        FatTree big = FatTree.twoTier(64);
        assertEquals(EngineChoice.FLOW, EngineChoice.choose(config(big, LoadBalancingScheme.PRIME,
                spaced(big, n)), "auto", false).engine(), n + " flows at " + n + " times: within the limit");
        assertEquals(EngineChoice.QUANTUM, EngineChoice.choose(config(big, LoadBalancingScheme.PRIME,
                spaced(big, n + 1)), "auto", false).engine(), (n + 1) + " flows at " + (n + 1) + " times");
    }

    /**
     * RPS and REPS go to the quantum engine on a healthy fabric (the flow level has no per-packet imbalance), but to
     * the flow level through a failed link, whose black hole and timeouts only it models (measured closer there).
     */
    @Test
    void randomSprayingGoesToTheFlowLevelOnlyThroughAFailure() {
        FatTree tree = FatTree.twoTier(8);
        Workload w = Workload.of(Workloads.permutation(tree, 1_000_000, 1, true));
        org.primelab.core.topology.Faults failed = org.primelab.core.topology.Faults.builder(tree)
                .fail("leaf0-spine1", 0).build();
        for (LoadBalancingScheme s : List.of(LoadBalancingScheme.RPS, LoadBalancingScheme.REPS)) {
            assertEquals(EngineChoice.QUANTUM, EngineChoice.choose(config(tree, s, w), "auto", false).engine());
            FluidConfig broken = FluidConfig.builder(tree).rate(400 * Units.GBPS).scheme(s).faults(failed).build()
                    .withWorkload(w);
            assertEquals(EngineChoice.FLOW, EngineChoice.choose(broken, "auto", false).engine(), s.cliName());
        }
    }

    /** {@code count} flows from host i to host i + 1, flow i starting at i ns. */
    private static Workload spaced(FatTree tree, int count) {
        List<Flow> flows = new java.util.ArrayList<>();
        for (int i = 0; i < count; i++) {
            flows.add(new Flow(i, i % tree.hosts(), (i + 1) % tree.hosts(), 10_000, i * 1000L));
        }
        return Workload.of(flows);
    }
}
