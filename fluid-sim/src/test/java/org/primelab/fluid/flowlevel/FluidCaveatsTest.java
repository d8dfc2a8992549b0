package org.primelab.fluid.flowlevel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.core.cc.CcKind;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Workload;
import org.primelab.core.workload.Workloads;
import org.primelab.fluid.FluidConfig;
import org.primelab.fluid.SplitMode;

/**
 * Which known biases an estimate is printed with: each rule fires on the kind of case it was measured on (with the
 * engine {@code auto} picks there) and on nothing else, and none fires on the cases measured within a few percent.
 */
class FluidCaveatsTest {
    private static final FatTree TREE = FatTree.twoTier(8);

    private static FluidConfig.Builder builder(LoadBalancingScheme scheme, long rateGbps) {
        return FluidConfig.builder(TREE).rate(rateGbps * Units.GBPS).scheme(scheme);
    }

    private static List<String> caveats(FluidConfig.Builder b) {
        FluidConfig c = b.build().withWorkload(Workload.of(Workloads.permutation(TREE, 1_000_000, 1, false)));
        return FluidCaveats.of(c, EngineChoice.choose(c, "auto", false).engine());
    }

    private static void assertOne(List<String> got, String start) {
        assertEquals(1, got.size(), got.toString());
        assertTrue(got.get(0).startsWith(start), got.get(0));
    }

    @Test
    void casesMeasuredWithinAFewPercentGetNone() {
        for (LoadBalancingScheme s : List.of(LoadBalancingScheme.PRIME, LoadBalancingScheme.CO_PRIME,
                LoadBalancingScheme.RPS, LoadBalancingScheme.REPS, LoadBalancingScheme.AR)) {
            assertEquals(List.of(), caveats(builder(s, 400)), s.cliName() + " at 400G");
            assertEquals(List.of(), caveats(builder(s, 800)), s.cliName() + " at 800G");
        }
        // RPS and REPS run on the quantum engine, whose 100G errors showed no one-sided bias
        assertEquals(List.of(), caveats(builder(LoadBalancingScheme.RPS, 100)));
        assertEquals(List.of(), caveats(builder(LoadBalancingScheme.REPS, 100)));
    }

    @Test
    void eachBiasOnTheCasesItWasMeasuredOn() {
        assertOne(caveats(builder(LoadBalancingScheme.ECMP, 400)), "the max FCT runs low");
        assertOne(caveats(builder(LoadBalancingScheme.ECMP, 100)), "the max FCT runs low");
        assertOne(caveats(builder(LoadBalancingScheme.PRIME, 100)), "below 400G the tail runs low");
        assertOne(caveats(builder(LoadBalancingScheme.CO_PRIME, 200)), "below 400G the tail runs low");
        assertOne(caveats(builder(LoadBalancingScheme.AR, 100)), "below 400G the max FCT runs low");
        Faults failed = Faults.builder(TREE).fail("leaf0-spine1", 0).build();
        assertOne(caveats(builder(LoadBalancingScheme.PRIME, 400).faults(failed)), "a failed link: where retransmission");
        // REPS through a failure runs on the flow level, whose max runs far low there; on the quantum engine, which
        // has no black hole and no timeouts, further still
        assertOne(caveats(builder(LoadBalancingScheme.REPS, 400).faults(failed)),
                "a failed link: the max FCT runs far low and the mean low");
        FluidConfig reps = builder(LoadBalancingScheme.REPS, 400).faults(failed).build()
                .withWorkload(Workload.of(Workloads.permutation(TREE, 1_000_000, 1, false)));
        assertOne(FluidCaveats.of(reps, EngineChoice.QUANTUM), "a failed link: the quantum engine models neither");
        List<String> both = caveats(builder(LoadBalancingScheme.ECMP, 400).faults(failed));
        assertEquals(2, both.size(), both.toString());
        Faults degraded = Faults.builder(TREE).degrade("leaf0-spine1", 100 * Units.GBPS).build();
        assertOne(caveats(builder(LoadBalancingScheme.PRIME, 400).faults(degraded)), "degraded links");
    }

    @Test
    void degradedLinksOnTheFlowLevelAndOtherModelsAreNotJudged() {
        Faults degraded = Faults.builder(TREE).degrade("leaf0-spine1", 100 * Units.GBPS).build();
        FluidConfig c = builder(LoadBalancingScheme.PRIME, 400).faults(degraded).build()
                .withWorkload(Workload.of(Workloads.permutation(TREE, 1_000_000, 1, false)));
        // the +30% mean was the quantum engine's; the flow level asked for by name errs otherwise
        assertEquals(List.of(), FluidCaveats.of(c, EngineChoice.FLOW));
        // measured under DCTCP with per-packet splits only
        assertEquals(List.of(), caveats(builder(LoadBalancingScheme.ECMP, 400).cc(CcKind.NSCC)));
        assertEquals(List.of(), caveats(builder(LoadBalancingScheme.ECMP, 400).split(SplitMode.EXPECTED)));
    }
}
