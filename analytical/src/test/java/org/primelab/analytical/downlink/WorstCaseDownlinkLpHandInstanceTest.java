package org.primelab.analytical.downlink;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.core.topology.FatTree;

/**
 * {@link WorstCaseDownlinkLp} on instances computed by hand: the flows that can use a link, their fair
 * (even-split) share {@code sum_f d_f n_{f,l} / P_f}, the LP optimum {@code sum_f min(d_f, share_f + delta)}
 * and the model size; and {@link WorstCaseDownlinkLp#largestModel}, the size announced before the tree is
 * built, equal to the largest model {@code solve} actually builds on a top-tier downlink under a permutation
 * in which every flow crosses the top tier.
 */
class WorstCaseDownlinkLpHandInstanceTest {
    private static final FatTree TREE = FatTree.twoTier(4);

    private static int link(FatTree t, String a, String b) {
        return t.linkBetween(t.nodeByName(a), t.nodeByName(b));
    }

    /**
     * leaf0 -> leaf1 flows 0->2 (rate 10) and 1->3 (rate 6) each have 2 paths, one through spine0, so on
     * spine0->leaf1 the fair share is 10/2 + 6/2 = 8. A flow leaf2 -> leaf3 and a zero-rate flow do not
     * count. The model: 2 flows x 2 paths; per flow one demand row and 4 switch-link rows (leaf0->spine0,
     * leaf0->spine1, spine0->leaf1, spine1->leaf1).
     */
    @Test
    void flowsOnLinkFairShareAndOptimumOfAHandInstance() {
        List<Demand> demands = List.of(new Demand(0, 2, 10), new Demand(1, 3, 6), new Demand(4, 6, 7),
                new Demand(0, 3, 0));
        int l = link(TREE, "spine0", "leaf1");
        double[][] deltaAndLoad = {{0, 8}, {1, 10}, {3.5, 14.5}, {100, 16}};
        for (double[] c : deltaAndLoad) {
            WorstCaseDownlinkLp.Result r = WorstCaseDownlinkLp.solve(TREE, demands, c[0], l);
            assertEquals(l, r.link());
            assertEquals(2, r.flowsOnLink());
            assertEquals(8.0, r.fairShare(), 1e-12);
            assertEquals(4, r.variables());
            assertEquals(10, r.constraints());
            // min(10, 5 + delta) + min(6, 3 + delta)
            assertEquals(c[1], r.closedForm(), 1e-12, "delta " + c[0]);
            assertEquals(c[1], r.lpLoad(), 1e-6, "delta " + c[0]);
        }
    }

    /**
     * 3-tier k = 4: host 0 (pod 0) -> host 8 (pod 2, edge2.0) has (k/2)^2 = 4 paths, 2 of them through
     * agg2.0 -> edge2.0: fair share 8 x 2/4 = 4, worst case min(8, 4 + delta).
     */
    @Test
    void aLinkCarryingTwoOfAFlowsFourPathsGetsHalfItsDemand() {
        FatTree three = FatTree.threeTier(4);
        int l = link(three, "agg2.0", "edge2.0");
        WorstCaseDownlinkLp.Result r = WorstCaseDownlinkLp.solve(three, List.of(new Demand(0, 8, 8)), 1, l);
        assertEquals(1, r.flowsOnLink());
        assertEquals(4.0, r.fairShare(), 1e-12);
        assertEquals(5.0, r.closedForm(), 1e-12);
        assertEquals(5.0, r.lpLoad(), 1e-6);
        assertEquals(4, r.variables());
    }

    /** A link no flow can use: nothing to optimise, every figure 0. */
    @Test
    void anUnusedLinkCarriesNothing() {
        WorstCaseDownlinkLp.Result r = WorstCaseDownlinkLp.solve(TREE, List.of(new Demand(0, 2, 10)), 1,
                link(TREE, "spine0", "leaf3"));
        assertEquals(0, r.flowsOnLink());
        assertEquals(0.0, r.lpLoad());
        assertEquals(0.0, r.closedForm());
        assertEquals(0.0, r.fairShare());
        assertEquals(0, r.variables());
        assertEquals(0, r.constraints());
    }

    /** Largest model: 2-tier k = 4 {F P, F (1 + S)} = {2 x 2, 2 x 5}; 3-tier k = 4 {4 x 4, 4 x 13}. */
    @Test
    void theAnnouncedLargestModelIsTheLargestOneSolveBuilds() {
        assertArrayEquals(new double[] {4, 10}, WorstCaseDownlinkLp.largestModel(FatTree.builder(2, 4).dimensions()), 0);
        FatTree three = FatTree.threeTier(4);
        assertArrayEquals(new double[] {16, 52}, WorstCaseDownlinkLp.largestModel(FatTree.builder(3, 4).dimensions()), 0);
        assertArrayEquals(new double[] {64 * 64, 64 * (1 + 16 + 128)},
                WorstCaseDownlinkLp.largestModel(FatTree.builder(3, 16).dimensions()), 0);
        // host i -> i + hosts/2: every flow crosses the top tier
        for (FatTree t : new FatTree[] {TREE, three}) {
            List<Demand> perm = new ArrayList<>();
            for (int h = 0; h < t.hosts(); h++) {
                perm.add(new Demand(h, (h + t.hosts() / 2) % t.hosts(), 1));
            }
            int maxVars = 0;
            int maxRows = 0;
            for (int l = 0; l < t.linkCount(); l++) {
                // the busiest downlink class: from the top tier down
                if (t.tierOf(t.linkSource(l)) == t.tiers()) {
                    WorstCaseDownlinkLp.Result r = WorstCaseDownlinkLp.solve(t, perm, 0.5, l);
                    maxVars = Math.max(maxVars, r.variables());
                    maxRows = Math.max(maxRows, r.constraints());
                }
            }
            double[] announced = WorstCaseDownlinkLp.largestModel(FatTree.builder(t.tiers(), t.radix()).dimensions());
            assertEquals(announced[0], maxVars, t.toString());
            assertEquals(announced[1], maxRows, t.toString());
        }
    }

    @Test
    void linkIdsBeyondTheTreeAreRefused() {
        List<Demand> d = List.of(new Demand(0, 2, 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> WorstCaseDownlinkLp.solve(TREE, d, 1, TREE.linkCount()));
        assertEquals("link: must be a switch-to-switch link id in [0, " + TREE.linkCount() + "), got "
                + TREE.linkCount(), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> WorstCaseDownlinkLp.closedForm(TREE, d, 1, -1));
    }
}
