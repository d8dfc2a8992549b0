package org.primelab.fluid;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Workload;
import org.primelab.core.workload.Workloads;
import org.primelab.fluid.flowlevel.EngineChoice;
import org.primelab.fluid.flowlevel.FlowLevelOptions;

/**
 * Every fluid engine reports its progress: completed flows and simulated time never go back, the last report says
 * every flow completed at the run's end, and listening changes nothing in the result.
 */
class FluidProgressTest {
    @Test
    void everyEngineReportsMonotoneProgressEndingWithEveryFlowDone() {
        FatTree tree = FatTree.twoTier(8);
        FlowLevelOptions options = new FlowLevelOptions(100 * Units.PS_PER_US, 62 * Units.PS_PER_US);
        // staggered: many events; synchronized: fewer than one report interval, so only the final report says done
        List<Workload> workloads = List.of(Workload.of(Workloads.staggered(Workloads.permutation(tree, 500_000, 3, true),
                5 * Units.PS_PER_US, 2)), Workload.of(Workloads.permutation(tree, 500_000, 3, true)));
        for (Workload w : workloads) {
            check(w, options);
        }
    }

    private static void check(Workload w, FlowLevelOptions options) {
        FatTree tree = FatTree.twoTier(8);
        for (SplitMode split : new SplitMode[] {SplitMode.PACKET, SplitMode.EXPECTED}) {
            FluidConfig c = FluidConfig.builder(tree).rate(400 * Units.GBPS).scheme(LoadBalancingScheme.PRIME)
                    .split(split).build().withWorkload(w);
            for (String engine : split == SplitMode.PACKET ? new String[] {"flow", "quantum"} : new String[] {"quantum"}) {
                EngineChoice choice = EngineChoice.choose(c, engine, false);
                List<long[]> reports = new ArrayList<>();
                FluidResult heard = choice.run(c, options, 1, (done, flows, now, steps) -> {
                    assertEquals(w.flows().size(), flows, "flows");
                    reports.add(new long[] {done, now, steps});
                });
                FluidResult quiet = choice.run(c, options, 1);
                String what = split + " " + engine;
                assertTrue(reports.size() >= 2, what + ": " + reports.size() + " reports");
                for (int i = 1; i < reports.size(); i++) {
                    for (int k = 0; k < 3; k++) {
                        assertTrue(reports.get(i)[k] >= reports.get(i - 1)[k], what + ": report " + i + " went back");
                    }
                }
                long[] last = reports.get(reports.size() - 1);
                assertEquals(w.flows().size(), last[0], what + ": the last report has every flow done");
                assertArrayEquals(quiet.flows().stream().mapToLong(FluidFlowStats::endPs).toArray(),
                        heard.flows().stream().mapToLong(FluidFlowStats::endPs).toArray(), what + ": same result");
            }
        }
    }
}
