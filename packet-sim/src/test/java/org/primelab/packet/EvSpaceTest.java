package org.primelab.packet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.analytical.fct.IdealMaxFct;
import org.primelab.core.entropy.EntropyConfig;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.metrics.ProgressListener;
import org.primelab.core.topology.FatTree;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workload;
import org.primelab.core.workload.Workloads;
import org.primelab.packet.metrics.SimResult;

/**
 * {@link SimConfig#withEvSpace}: the hashed schemes draw a flow's EVs from the space given, so with
 * {@code E} values a flow can reach at most {@code E} of its ToR's uplinks, whatever it sprays; PRIME
 * names ports and does not change at all (docs/design.md, "The EV space of the hashed schemes").
 */
class EvSpaceTest {
    private static final FatTree TREE = FatTree.twoTier(16);   // 8 uplinks per ToR

    private static SimConfig permutation(LoadBalancingScheme scheme) {
        return SimConfig.builder(TREE).workload(Workload.of(Workloads.permutation(TREE, 200_000, 1, true)))
                .scheme(scheme).seed(1).build();
    }

    private static SimResult run(SimConfig c) {
        List<Flow> flows = c.flows();
        return new PacketSimulator(c, flows, IdealMaxFct.of(c.fabric(), c.faults(), flows)).run(ProgressListener.NONE);
    }

    /** The most uplinks any flow of the run sent a packet on, and the fewest. */
    private static int[] uplinksUsedRange(SimResult r, List<Flow> flows) {
        int most = 0;
        int fewest = Integer.MAX_VALUE;
        for (Flow f : flows) {
            int used = (int) Arrays.stream(r.uplinkCounts(f.id())).filter(n -> n > 0).count();
            most = Math.max(most, used);
            fewest = Math.min(fewest, used);
        }
        return new int[] {fewest, most};
    }

    @Test
    void aSmallEvSpaceBoundsTheUplinksAFlowReaches() {
        for (LoadBalancingScheme scheme : List.of(LoadBalancingScheme.RPS, LoadBalancingScheme.REPS)) {
            SimConfig wide = permutation(scheme);
            List<Flow> flows = wide.flows();
            int[] byDefault = uplinksUsedRange(run(wide), flows);
            assertTrue(byDefault[0] > 2, scheme + ": with 2^16 EVs every flow of 49 packets reaches more than 2 of 8 uplinks, fewest "
                    + byDefault[0]);
            assertArrayEquals(new int[] {1, 1}, uplinksUsedRange(run(wide.withEvSpace(1)), flows), scheme + ": one EV, one uplink");
            assertTrue(uplinksUsedRange(run(wide.withEvSpace(2)), flows)[1] <= 2, scheme + ": two EVs, at most two uplinks");
        }
    }

    @Test
    void primeNamesPortsAndIgnoresTheEvSpace() {
        SimConfig prime = permutation(LoadBalancingScheme.PRIME);
        SimResult byDefault = run(prime);
        SimResult one = run(prime.withEvSpace(1));
        assertEquals(byDefault.maxFctPs(), one.maxFctPs());
        assertEquals(byDefault.events(), one.events());
        for (Flow f : prime.flows()) {
            assertArrayEquals(byDefault.uplinkCounts(f.id()), one.uplinkCounts(f.id()), "flow " + f.id());
        }
    }

    @Test
    void theScenarioNamesANonDefaultSpaceAndRefusesAnEmptyOne() {
        SimConfig c = permutation(LoadBalancingScheme.REPS);
        assertFalse(c.scenario().toString().contains("EV space"), c.scenario().toString());
        assertEquals(c.scenario(), c.withEvSpace(EntropyConfig.DEFAULT_EV_SPACE).scenario(), "the default leaves the scenario as it was");
        assertEquals(64, c.withEvSpace(64).effectiveEntropy().evSpace());
        assertTrue(c.withEvSpace(64).scenario().toString().contains(", EV space 64,"), c.withEvSpace(64).scenario().toString());
        assertEquals("ev-space: must be >= 1, got 0", assertThrows(IllegalArgumentException.class, () -> c.withEvSpace(0)).getMessage());
    }
}
