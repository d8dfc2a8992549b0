package org.primelab.analytical.downlink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.primelab.core.topology.FatTree;

/**
 * The theorem's closed forms on traffic that is not a permutation (uplink and downlink loads differ, so
 * a formula that reads the wrong side fails), host rates other than 1, oversubscribed trees, and the
 * hose bound's tightness, which in a 3-tier tree rests on the premise ToRs per pod = L2.
 */
class UplinkDownlinkTheoremTest {

    private static FatTree tree(int which) {
        return switch (which) {
            case 0 -> FatTree.twoTier(8);
            case 1 -> FatTree.builder(2, 12).oversubscription(2).build();
            case 2 -> FatTree.threeTier(4);
            case 3 -> FatTree.builder(3, 6).oversubscription(2).build();
            default -> FatTree.threeTier(6);
        };
    }

    /** Arbitrary traffic: random pairs (some under one ToR), random rates, hosts sending to several others. */
    private static List<Demand> arbitrary(FatTree tree, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<Demand> out = new ArrayList<>();
        int n = 1 + r.nextInt(3 * tree.hosts());
        for (int i = 0; i < n; i++) {
            int src = r.nextInt(tree.hosts());
            int dst = r.nextInt(tree.hosts() - 1);
            out.add(new Demand(src, dst >= src ? dst + 1 : dst, r.nextInt(4) == 0 ? 0 : 5 * r.nextDouble()));
        }
        return out;
    }

    @Test
    void closedFormEqualsPathEnumerationOnArbitraryTraffic() {
        qt().withFixedSeed(31L).withExamples(40).forAll(integers().between(0, 4), longs().all())
                .checkAssert((which, seed) -> {
                    FatTree tree = tree(which);
                    List<Demand> demands = arbitrary(tree, seed);
                    double[] enumerated = EvenSplitLinkLoads.compute(tree, demands);
                    for (int l = 0; l < tree.linkCount(); l++) {
                        if (WorstCaseDownlinkLp.isSwitchLink(tree, l)) {
                            assertEquals(enumerated[l], UplinkDownlinkTheorem.closedFormLoad(tree, demands, l),
                                    1e-9 * (1 + enumerated[l]), tree + " " + tree.linkName(l));
                        }
                    }
                });
    }

    @Test
    void oneSidedTrafficLoadsOnlyTheSendingSidesUplinksAndTheReceivingSidesDownlinks() {
        FatTree tree = FatTree.threeTier(4);        // 2 hosts per edge, 2 edges and 2 aggregation switches per pod
        List<Demand> demands = List.of(new Demand(0, 8, 3), new Demand(1, 9, 3), new Demand(0, 2, 1));
        int edge00 = tree.torOf(0);
        int edge20 = tree.torOf(8);
        for (int i = 0; i < tree.torUplinks(); i++) {
            int up = tree.uplink(edge00, i);
            assertEquals(3.5, UplinkDownlinkTheorem.closedFormLoad(tree, demands, up), 1e-12, "out of edge0.0: 7 / 2");
            assertEquals(0.0, UplinkDownlinkTheorem.closedFormLoad(tree, demands, FatTree.reverse(up)), "nothing enters edge0.0");
            int down = FatTree.reverse(tree.uplink(edge20, i));
            assertEquals(3.0, UplinkDownlinkTheorem.closedFormLoad(tree, demands, down), 1e-12, "into edge2.0: 6 / 2");
            int agg = tree.linkTarget(up);
            for (int j = 0; j < tree.aggUplinks(); j++) {
                int aggUp = tree.uplink(agg, j);
                assertEquals(1.5, UplinkDownlinkTheorem.closedFormLoad(tree, demands, aggUp), 1e-12, "out of pod 0: 6 / 4");
                assertEquals(0.0, UplinkDownlinkTheorem.closedFormLoad(tree, demands, FatTree.reverse(aggUp)));
            }
        }
        assertMessageStarts("link:", () -> UplinkDownlinkTheorem.closedFormLoad(tree, demands, tree.hostUplink(0)));
        assertMessageStarts("link:", () -> UplinkDownlinkTheorem.closedFormLoad(tree, demands, FatTree.reverse(tree.hostUplink(0))));
    }

    @Test
    void hoseBoundIsHostsTimesRateOverUplinksAndIsAttained() {
        double rate = 2.5;
        for (int which = 0; which < 5; which++) {
            FatTree tree = tree(which);
            double bound = UplinkDownlinkTheorem.hoseBound(tree, rate);
            assertEquals(tree.hostsPerTor() * rate / tree.torUplinks(), bound, 1e-12);
            // every host of the first pod (2-tier: of leaf 0) sends at rate r to a distinct host outside it:
            // hose traffic, and the even split puts exactly H r / S on every uplink leaving it
            List<Demand> demands = new ArrayList<>();
            int firstOutside = tree.tiers() == 2 ? tree.hostsPerTor() : tree.hosts() / tree.pods();
            int senders = tree.tiers() == 2 ? tree.hostsPerTor() : firstOutside;
            for (int h = 0; h < senders; h++) {
                demands.add(new Demand(h, firstOutside + h, rate));
            }
            assertTrue(UplinkDownlinkTheorem.isHose(tree, demands, rate));
            double[] loads = EvenSplitLinkLoads.compute(tree, demands);
            double max = 0;
            for (int l = 0; l < tree.linkCount(); l++) {
                if (WorstCaseDownlinkLp.isSwitchLink(tree, l)) {
                    assertTrue(loads[l] <= bound + 1e-9, tree + " " + tree.linkName(l));
                    max = Math.max(max, loads[l]);
                }
            }
            assertEquals(bound, max, 1e-9, tree + ": the bound is attained");
            if (tree.tiers() == 3) {
                // pod-to-core links carry torsPerPod H r / (L1 L2): the bound needs torsPerPod = L2
                assertEquals(tree.torsPerPod(), tree.aggUplinks(), "premise of the 3-tier statement");
                int aggUp = tree.uplink(tree.tier2Node(0), 0);
                assertEquals(tree.torsPerPod() * tree.hostsPerTor() * rate / (tree.torUplinks() * tree.aggUplinks()),
                        loads[aggUp], 1e-9);
                assertEquals(bound, loads[aggUp], 1e-9);
            }
        }
    }

    @Test
    void hoseChecksBothDirectionsAtTheRate() {
        FatTree tree = FatTree.twoTier(4);
        assertTrue(UplinkDownlinkTheorem.isHose(tree, List.of(new Demand(0, 4, 1.5), new Demand(1, 5, 1.5)), 1.5));
        assertFalse(UplinkDownlinkTheorem.isHose(tree, List.of(new Demand(0, 4, 1.0), new Demand(0, 5, 0.6)), 1.5),
                "host 0 sends 1.6");
        assertFalse(UplinkDownlinkTheorem.isHose(tree, List.of(new Demand(0, 4, 1.0), new Demand(1, 4, 0.6)), 1.5),
                "host 4 receives 1.6");
        assertFalse(UplinkDownlinkTheorem.isHose(tree, List.of(new Demand(7, 6, 1.5 * (1 + 1e-9))), 1.5));
        assertTrue(UplinkDownlinkTheorem.isHose(tree, List.of(), 0));
    }

    @Test
    void integralBoundIsFairSharePlusDeltaPerFlow() {
        assertEquals(10.0 + 1.5 * 4, UplinkDownlinkTheorem.integralBound(10, 1.5, 4));
        assertEquals(10.0, UplinkDownlinkTheorem.integralBound(10, 0, 4));
        assertMessageStarts("delta:", () -> UplinkDownlinkTheorem.integralBound(1, Double.NaN, 1));
    }

    @Test
    void lpReportsTheFairShareFlowsAndModelSizeOfTheLink() {
        FatTree tree = FatTree.twoTier(4);                         // leaves of 2 hosts, 2 spines
        int down = tree.linkBetween(tree.nodeByName("spine0"), tree.nodeByName("leaf2"));
        List<Demand> demands = List.of(
                new Demand(0, 4, 1.0),                             // uses spine0 -> leaf2 on 1 of its 2 paths
                new Demand(1, 5, 0.5),                             // same
                new Demand(2, 5, 0.0),                             // could use it, but carries nothing
                new Demand(0, 1, 1.0),                             // under one leaf: no switch link
                new Demand(4, 0, 1.0));                            // the reverse direction
        WorstCaseDownlinkLp.Result r = WorstCaseDownlinkLp.solve(tree, demands, 0.2, down);
        assertEquals(down, r.link());
        assertEquals(2, r.flowsOnLink());
        assertEquals(0.75, r.fairShare(), 1e-12);
        assertEquals(EvenSplitLinkLoads.compute(tree, demands)[down], r.fairShare(), 1e-12);
        assertEquals(4, r.variables(), "two flows of two paths");
        assertEquals(2 * (1 + 4), r.constraints(), "per flow: its demand and its four switch links");
        assertEquals(0.7 + 0.45, r.lpLoad(), 1e-7);
        assertEquals(r.closedForm(), r.lpLoad(), 1e-7);
        assertEquals(UplinkDownlinkTheorem.integralBound(r.fairShare(), 0.2, r.flowsOnLink()), r.lpLoad(), 1e-7,
                "the integral bound is attained");
        // a deviation larger than the flow's share is capped by the flow itself
        WorstCaseDownlinkLp.Result big = WorstCaseDownlinkLp.solve(tree, demands, 5, down);
        assertEquals(1.5, big.lpLoad(), 1e-7);
        assertEquals(1.5, WorstCaseDownlinkLp.closedForm(tree, demands, 5, down), 1e-12);
        // no flow can use the link: nothing to solve
        WorstCaseDownlinkLp.Result none = WorstCaseDownlinkLp.solve(tree, List.of(new Demand(0, 1, 1)), 1, down);
        assertEquals(0, none.flowsOnLink());
        assertEquals(0.0, none.lpLoad());
        assertEquals(0, none.variables());
    }

    @Test
    void lpRefusesBadDeltasAndLinks() {
        FatTree tree = FatTree.twoTier(4);
        List<Demand> d = List.of(new Demand(0, 4, 1));
        int down = tree.linkBetween(tree.nodeByName("spine0"), tree.nodeByName("leaf2"));
        assertMessageStarts("delta:", () -> WorstCaseDownlinkLp.solve(tree, d, Double.POSITIVE_INFINITY, down));
        assertMessageStarts("delta:", () -> WorstCaseDownlinkLp.solve(tree, d, Double.NaN, down));
        assertMessageStarts("delta:", () -> WorstCaseDownlinkLp.closedForm(tree, d, -0.1, down));
        assertEquals(0.5, WorstCaseDownlinkLp.solve(tree, d, 0, down).lpLoad(), 1e-9);
        assertMessageStarts("link:", () -> WorstCaseDownlinkLp.solve(tree, d, 1, -1));
        assertMessageStarts("link:", () -> WorstCaseDownlinkLp.solve(tree, d, 1, tree.linkCount()));
        assertMessageStarts("link:", () -> WorstCaseDownlinkLp.closedForm(tree, d, 1, FatTree.reverse(tree.hostUplink(3))));
    }

    static void assertMessageStarts(String prefix, org.junit.jupiter.api.function.Executable e) {
        IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, e);
        assertTrue(ex.getMessage().startsWith(prefix), ex.getMessage());
    }
}
