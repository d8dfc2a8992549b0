package org.primelab.analytical.fct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workloads;

/** The certified max-concurrent-flow solver against the LP, closed forms and at paper scale. */
class CertifiedMaxConcurrentFlowTest {
    private static final long QT_SEED = 0x5EED_0F_4CFL;
    private static final long G400 = 400_000_000_000L;
    private static final long G100 = 100_000_000_000L;

    /** A faulted small tree: {@code kind} 0 healthy, 1 failures, 2 degradations, 3 both. */
    private static Faults faults(FatTree tree, int kind, long seed) {
        Faults.Builder b = Faults.builder(tree);
        if ((kind & 2) != 0) {
            b.degradeRandomFraction(0.1 + (seed % 5) * 0.1, seed % 2 == 0 ? G100 : G400 / 2, seed);
        }
        if ((kind & 1) != 0) {
            b.failRandom(1 + (int) (seed % 3), seed + 1, 0);
        }
        return b.build();
    }

    private static boolean contains(CertifiedMaxConcurrentFlow.Result r, double phi) {
        return r.phiLower() <= phi + 1e-9 && phi <= r.phiUpper() + 1e-9;
    }

    @Test
    void lpOptimumLiesInTheCertifiedIntervalOnRandomFaultedTrees() {
        FatTree[] trees = {FatTree.twoTier(4), FatTree.twoTier(6), FatTree.twoTier(8), FatTree.threeTier(4),
            FatTree.builder(2, 8).oversubscription(3).build()};
        int[] checked = {0};
        qt().withFixedSeed(QT_SEED).withExamples(40)
                .forAll(integers().between(0, trees.length - 1), integers().between(0, 3), longs().between(0, 1_000_000),
                        integers().between(0, 2))
                .checkAssert((t, kind, seed, pattern) -> {
                    FatTree tree = trees[t];
                    Faults f;
                    try {
                        f = faults(tree, kind, seed);
                    } catch (IllegalArgumentException disconnected) {
                        return; // an impossible failure set: nothing to compare
                    }
                    List<Flow> flows = switch (pattern) {
                        case 0 -> Workloads.permutation(tree, 1_000_000, seed, true);
                        case 1 -> Workloads.permutation(tree, 1_000_000, seed, false);
                        default -> Workloads.allToAll(tree, 100_000);
                    };
                    double lp = MaxConcurrentFlowLp.solve(f, flows, G400).phi();
                    CertifiedMaxConcurrentFlow.Result r = CertifiedMaxConcurrentFlow.solve(f, flows, G400, 1e-4);
                    assertTrue(contains(r, lp), tree + " kind " + kind + " seed " + seed + ": LP " + lp + " not in " + r);
                    assertTrue(r.converged() && r.gap() <= 1e-4 + 1e-9, r.toString());
                    checked[0]++;
                });
        assertTrue(checked[0] >= 30, "too many impossible failure sets: " + checked[0]);
    }

    @Test
    void lpOptimumLiesInTheIntervalAtTheLpsLargerSizes() {
        FatTree k16 = FatTree.twoTier(16);
        Faults[] cases = {Faults.builder(k16).degradeRandomFraction(0.25, G100, 3).build(),
            Faults.builder(k16).failRandom(2, 5, 0).build(),
            Faults.builder(k16).failRandom(3, 9, 0).degradeRandomFraction(0.25, G100, 11).build()};
        List<Flow> flows = Workloads.permutation(k16, 4_000_000, 2, true);
        for (Faults f : cases) {
            double lp = MaxConcurrentFlowLp.solve(f, flows, G400).phi();
            CertifiedMaxConcurrentFlow.Result r = CertifiedMaxConcurrentFlow.solve(f, flows, G400, 1e-6);
            assertTrue(contains(r, lp), "LP " + lp + " not in " + r);
            assertTrue(r.gap() <= 1e-6 + 1e-12, r.toString());
        }
    }

    @Test
    void theIntervalIsCertifiedEvenWhenTheTimeLimitStopsTheSolve() {
        FatTree tree = FatTree.twoTier(8);
        Faults f = Faults.builder(tree).degradeRandomFraction(0.4, G100, 17).failRandom(1, 4, 0).build();
        List<Flow> flows = Workloads.permutation(tree, 1_000_000, 8, true);
        double lp = MaxConcurrentFlowLp.solve(f, flows, G400).phi();
        CertifiedMaxConcurrentFlow.Result r = CertifiedMaxConcurrentFlow.solveAt(f, flows, G400, 1e-9,
                Faults.NEVER - 1, 0);
        assertFalse(r.converged());
        assertEquals(0, r.sweeps());
        assertTrue(contains(r, lp), "LP " + lp + " not in " + r);
    }

    @Test
    void healthySymmetricPermutationIsExactlyOne() {
        for (FatTree tree : new FatTree[] {FatTree.twoTier(12), FatTree.twoTier(64), FatTree.twoTier(128),
            FatTree.threeTier(6), FatTree.threeTier(16)}) {
            CertifiedMaxConcurrentFlow.Result r = CertifiedMaxConcurrentFlow.solve(Faults.none(tree),
                    Workloads.permutation(tree, 4_000_000, 5, true), G400);
            assertEquals(1.0, r.phiLower(), tree.toString());
            assertEquals(1.0, r.phiUpper(), tree.toString());
        }
    }

    @Test
    void oneFailedTorUplinkBeyondTheLpIsTheCapacityFraction() {
        // every host sends and receives one flow across ToRs: S uplinks, one failed: phi = (S - 1) / S
        for (Object[] c : new Object[][] {{FatTree.twoTier(64), "leaf7-spine3"}, {FatTree.threeTier(16), "edge3.2-agg3.5"}}) {
            FatTree tree = (FatTree) c[0];
            double s = tree.torUplinks();
            CertifiedMaxConcurrentFlow.Result r = CertifiedMaxConcurrentFlow.solve(
                    Faults.builder(tree).fail((String) c[1], 0).build(), Workloads.permutation(tree, 1_000_000, 1, true),
                    G400, 1e-6);
            assertTrue(contains(r, (s - 1) / s), r.toString());
            assertEquals((s - 1) / s, r.phiUpper(), 1e-9);
        }
    }

    @Test
    void paperDegradationAt8192HostsSolvesToAMillionth() {
        // the paper's degradation experiment: 2-tier k=128, 25% of switch cables at 100G of 400G, 4 MB permutation
        FatTree tree = FatTree.twoTier(128);
        Faults f = Faults.builder(tree).degradeRandomFraction(0.25, G100, 7).build();
        List<Flow> flows = Workloads.permutation(tree, 4_000_000, 1, true);
        CertifiedMaxConcurrentFlow.Result r = CertifiedMaxConcurrentFlow.solve(f, flows, G400, 1e-6);
        assertTrue(r.converged() && r.gap() <= 1e-6, r.toString());
        // no better than the worst ToR's uplink or downlink capacity per host (a cut)
        double worstCut = 1;
        for (int t = 0; t < tree.tors(); t++) {
            double up = 0;
            double down = 0;
            for (int s = 0; s < tree.torUplinks(); s++) {
                int l = tree.uplink(tree.torNode(t), s);
                up += f.rate(l, G400) / (double) G400;
                down += f.rate(FatTree.reverse(l), G400) / (double) G400;
            }
            worstCut = Math.min(worstCut, Math.min(up, down) / tree.hostsPerTor());
        }
        assertTrue(r.phiUpper() <= worstCut + 1e-9, r + " above the cut " + worstCut);
        assertTrue(r.phiLower() > 0.6, r.toString());
        assertTrue(r.solveMillis() < 60_000, r.toString());
    }

    @Test
    void badInputs() {
        FatTree tree = FatTree.twoTier(4);
        List<Flow> flows = Workloads.permutation(tree, 1000, 1, true);
        assertThrows(IllegalArgumentException.class, () -> CertifiedMaxConcurrentFlow.solve(Faults.none(tree), flows, 0));
        assertThrows(IllegalArgumentException.class,
                () -> CertifiedMaxConcurrentFlow.solve(Faults.none(tree), List.of(), G400));
        assertThrows(IllegalArgumentException.class,
                () -> CertifiedMaxConcurrentFlow.solve(Faults.none(tree), flows, G400, 0));
        assertThrows(IllegalArgumentException.class, () -> CertifiedMaxConcurrentFlow.solve(Faults.none(tree),
                List.of(new Flow(0, 0, 99, 10, 0)), G400));
    }
}
