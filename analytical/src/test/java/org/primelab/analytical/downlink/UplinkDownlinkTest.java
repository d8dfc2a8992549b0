package org.primelab.analytical.downlink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.entropy.MultiPartGenerator;
import org.primelab.core.entropy.PrimeVariant;
import org.primelab.core.topology.FatTree;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workloads;

/** The uplink-to-downlink theorem: closed form, hose bound, integral version on core's generator, LP. */
class UplinkDownlinkTest {
    private static final long QT_SEED = 20250731L;

    /** A hose matrix: a convex combination of two random permutations (every host sends and receives <= 1). */
    static List<Demand> randomHose(FatTree tree, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double a = rnd.nextDouble();
        List<Demand> out = new ArrayList<>();
        for (Flow f : Workloads.permutation(tree, 1, seed, false)) {
            out.add(new Demand(f.src(), f.dst(), a));
        }
        for (Flow f : Workloads.permutation(tree, 1, seed + 1, false)) {
            out.add(new Demand(f.src(), f.dst(), 1 - a));
        }
        return out;
    }

    static FatTree tree(int which) {
        return switch (which) {
            case 0 -> FatTree.twoTier(4);
            case 1 -> FatTree.twoTier(8);
            case 2 -> FatTree.threeTier(4);
            default -> FatTree.threeTier(6);
        };
    }

    @Test
    void evenSplitLoadsEqualTheClosedFormAndStayWithinTheHoseBound() {
        qt().withFixedSeed(QT_SEED).withExamples(30)
                .forAll(integers().between(0, 3), longs().between(0, 1_000_000))
                .checkAssert((which, seed) -> {
                    FatTree tree = tree(which);
                    List<Demand> demands = randomHose(tree, seed);
                    assertTrue(UplinkDownlinkTheorem.isHose(tree, demands, 1.0));
                    double[] loads = EvenSplitLinkLoads.compute(tree, demands);
                    double bound = UplinkDownlinkTheorem.hoseBound(tree, 1.0);
                    for (int l = 0; l < tree.linkCount(); l++) {
                        if (!WorstCaseDownlinkLp.isSwitchLink(tree, l)) {
                            continue;
                        }
                        assertEquals(UplinkDownlinkTheorem.closedFormLoad(tree, demands, l), loads[l], 1e-9,
                                tree.linkName(l));
                        assertTrue(loads[l] <= bound + 1e-9, tree.linkName(l) + " " + loads[l]);
                    }
                });
    }

    @Test
    void primeGeneratorMeetsTheIntegralVersionWithDeltaTwo() {
        for (FatTree tree : new FatTree[] {FatTree.twoTier(8), FatTree.threeTier(4), FatTree.threeTier(6)}) {
            for (int window : new int[] {7, 50, 133}) {
                List<Flow> flows = Workloads.permutation(tree, 1, window, true);
                Counts c = count(tree, flows, window, true);
                assertTrue(c.maxPerFlowDeviation < 2, tree + " w=" + window + " dev " + c.maxPerFlowDeviation);
                for (int l = 0; l < tree.linkCount(); l++) {
                    assertTrue(c.linkCount[l] <= UplinkDownlinkTheorem.integralBound(c.fair[l], 2, c.flowsOn[l]) + 1e-9,
                            tree.linkName(l));
                }
            }
        }
    }

    @Test
    void randomSprayingBreaksThePerFlowDeviation() {
        FatTree tree = FatTree.twoTier(8);
        Counts c = count(tree, Workloads.permutation(tree, 1, 3, true), 400, false);
        assertTrue(c.maxPerFlowDeviation >= 2, "dev " + c.maxPerFlowDeviation);
    }

    record Counts(double[] linkCount, double[] fair, int[] flowsOn, double maxPerFlowDeviation) {
    }

    /** Routes each flow's first {@code window} packets with PRIME's generator (or uniformly random EVs). */
    static Counts count(FatTree tree, List<Flow> flows, int window, boolean prime) {
        double[] total = new double[tree.linkCount()];
        double[] fair = new double[tree.linkCount()];
        int[] flowsOn = new int[tree.linkCount()];
        double maxDev = 0;
        SplittableRandom rnd = new SplittableRandom(99);
        for (Flow f : flows) {
            MultiPartGenerator g = LoadBalancingScheme.primeMultiPart(tree.evLayout(), PrimeVariant.ODOMETER, 4, f.src(),
                    f.id());
            double[] mine = new double[tree.linkCount()];
            for (int i = 0; i < window; i++) {
                int ev = prime ? g.next() : tree.evLayout().evOfPath(rnd.nextInt(tree.evLayout().pathCount()));
                for (int l : tree.route(f.src(), f.dst(), ev)) {
                    mine[l]++;
                }
            }
            int paths = tree.pathCount(f.src(), f.dst());
            for (int l = 0; l < tree.linkCount(); l++) {
                int through = EvenSplitLinkLoads.pathsThrough(tree, f.src(), f.dst(), l);
                if (through == 0) {
                    continue;
                }
                double share = window * (double) through / paths;
                fair[l] += share;
                flowsOn[l]++;
                total[l] += mine[l];
                maxDev = Math.max(maxDev, Math.abs(mine[l] - share));
            }
        }
        return new Counts(total, fair, flowsOn, maxDev);
    }

    @Test
    void lpAgreesWithTheClosedForm() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (int which = 0; which < 3; which++) {
            FatTree tree = tree(which);
            List<Demand> demands = new ArrayList<>();
            for (Demand d : randomHose(tree, which)) {
                demands.add(new Demand(d.src(), d.dst(), d.rate() * (0.2 + rnd.nextDouble())));
            }
            for (double delta : new double[] {0, 0.05, 0.3, 2, 50}) {
                for (int l = 0; l < tree.linkCount(); l++) {
                    if (!WorstCaseDownlinkLp.isSwitchLink(tree, l) || tree.isUplink(l)) {
                        continue;
                    }
                    WorstCaseDownlinkLp.Result r = WorstCaseDownlinkLp.solve(tree, demands, delta, l);
                    assertEquals(r.closedForm(), r.lpLoad(), 1e-6, tree + " " + tree.linkName(l) + " delta " + delta);
                    if (delta == 0) {
                        assertEquals(EvenSplitLinkLoads.compute(tree, demands)[l], r.lpLoad(), 1e-6);
                    }
                }
            }
        }
    }

    @Test
    void counterexampleOverloadsADownlinkWithBalancedUplinks() {
        AggregateBalanceCounterexample cx = AggregateBalanceCounterexample.build();
        assertTrue(UplinkDownlinkTheorem.isHose(cx.tree(), cx.demands(), 1.0));
        assertEquals(1.0, cx.maxUplinkLoad());
        assertEquals(1.0, cx.minUplinkLoadOfSendingLeaves());
        assertEquals(2.0, cx.maxDownlinkLoad());
        assertEquals(2.0, cx.aggregateBalancedLoads()[cx.overloadedLink()]);
        assertEquals(1.0, cx.maxDownlinkLoadEvenSplit(), 1e-12);
        // with unlimited per-flow deviation the LP finds the same overload
        WorstCaseDownlinkLp.Result r = WorstCaseDownlinkLp.solve(cx.tree(), cx.demands(), 10, cx.overloadedLink());
        assertEquals(2.0, r.lpLoad(), 1e-9);
    }

    @Test
    void badInputs() {
        FatTree tree = FatTree.twoTier(4);
        List<Demand> d = List.of(new Demand(0, 4, 1));
        int down = tree.linkBetween(tree.nodeByName("spine0"), tree.nodeByName("leaf2"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> WorstCaseDownlinkLp.solve(tree, d, -1, down));
        assertTrue(e.getMessage().startsWith("delta:"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> UplinkDownlinkTheorem.integralBound(1, -0.5, 3));
        assertThrows(IllegalArgumentException.class, () -> WorstCaseDownlinkLp.solve(tree, d, 1, tree.hostUplink(0)));
        assertThrows(IllegalArgumentException.class, () -> new Demand(1, 1, 1));
    }
}
