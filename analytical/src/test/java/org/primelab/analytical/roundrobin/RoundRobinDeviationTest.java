package org.primelab.analytical.roundrobin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import org.junit.jupiter.api.Test;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.entropy.MultiPartGenerator;
import org.primelab.core.entropy.PrimeVariant;
import org.primelab.core.topology.EvLayout;

/** The window-deviation theorem against plain round robin, adversarial blocks and core's generators. */
class RoundRobinDeviationTest {
    private static final long QT_SEED = 20250731L;

    @Test
    void plainRoundRobinIsWithinOne() {
        for (int n = 1; n <= 12; n++) {
            WindowDeviation d = WindowDeviation.of(RoundRobinDeviationTheorem.plainRoundRobin(n, 500), n);
            assertTrue(d.maxDeviation() < RoundRobinDeviationTheorem.PLAIN_DEVIATION_BOUND, "n=" + n);
            assertTrue(d.maxSpread() <= RoundRobinDeviationTheorem.PLAIN_SPREAD_BOUND);
        }
    }

    @Test
    void primeGeneratorIsWithinTwoOnEveryWindow() {
        qt().withFixedSeed(QT_SEED).withExamples(60)
                .forAll(integers().between(2, 16), longs().between(0, 1_000_000))
                .checkAssert((n, seed) -> {
                    MultiPartGenerator g = LoadBalancingScheme.primeMultiPart(EvLayout.of(n), PrimeVariant.ODOMETER,
                            seed, 0, 0);
                    int[] seq = new int[40 * n];
                    for (int i = 0; i < seq.length; i++) {
                        seq[i] = g.layout().part(g.next(), 0);
                    }
                    assertTrue(RoundRobinDeviationTheorem.isBlockPermutationSequence(seq, n));
                    WindowDeviation d = WindowDeviation.of(seq, n);
                    assertTrue(d.maxDeviation() < RoundRobinDeviationTheorem.SHUFFLED_DEVIATION_BOUND, d.toString());
                    assertTrue(d.maxSpread() <= RoundRobinDeviationTheorem.SHUFFLED_SPREAD_BOUND, d.toString());
                });
    }

    @Test
    void theShuffledBoundIsTight() {
        int n = 8;
        WindowDeviation d = WindowDeviation.of(RoundRobinDeviationTheorem.adversarialBlocks(n, 6, 5), n);
        assertEquals(2, d.maxSpread());
        assertEquals(2 - 2.0 / n, d.maxDeviation(), 1e-12);
    }

    @Test
    void windowDeviationDetectsAViolation() {
        int[] bad = {0, 0, 0, 1, 1, 1};
        WindowDeviation d = WindowDeviation.of(bad, 2);
        assertEquals(1.5, d.maxDeviation(), 1e-12);
        assertEquals(3, d.maxSpread());
    }

    @Test
    void odometerPairsAreBlockPermutationsWithinTwo() {
        int[][] layouts = {{4, 3}, {8, 8}, {2, 5}};
        for (int[] l : layouts) {
            for (long seed = 0; seed < 5; seed++) {
                EvLayout layout = EvLayout.of(l);
                MultiPartGenerator g = LoadBalancingScheme.primeMultiPart(layout, PrimeVariant.ODOMETER, seed, 1, 2);
                assertTrue(OdometerCoverage.alignedBlocksCoverEachPathOnce(g, 6));
                MultiPartGenerator h = LoadBalancingScheme.primeMultiPart(layout, PrimeVariant.ODOMETER, seed, 1, 2);
                assertEquals(layout.pathCount(), OdometerCoverage.firstFullCoverage(h, 1_000_000));
                MultiPartGenerator w = LoadBalancingScheme.primeMultiPart(layout, PrimeVariant.ODOMETER, seed, 1, 2);
                WindowDeviation d = WindowDeviation.of(OdometerCoverage.pathSequence(w, 5 * layout.pathCount()),
                        layout.pathCount());
                assertTrue(d.maxDeviation() < 2 && d.maxSpread() <= 2, d.toString());
            }
        }
    }

    @Test
    void randomPartVariantLosesExactPairCoverage() {
        EvLayout layout = EvLayout.of(4, 3);
        boolean anyMiss = false;
        for (long seed = 0; seed < 10; seed++) {
            MultiPartGenerator g = LoadBalancingScheme.primeMultiPart(layout, PrimeVariant.RANDOM_PART, seed, 1, 2);
            anyMiss |= !OdometerCoverage.alignedBlocksCoverEachPathOnce(g, 4);
        }
        assertTrue(anyMiss);
    }

    @Test
    void randomSprayingCoverageIsTheCouponCollector() {
        int paths = 16;
        int runs = 4000;
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(9);
        double sum = 0;
        for (int r = 0; r < runs; r++) {
            EvLayout layout = EvLayout.of(paths);
            long seedR = rnd.nextLong();
            java.util.SplittableRandom s = new java.util.SplittableRandom(seedR);
            org.primelab.core.entropy.RandomSprayGenerator spray = new org.primelab.core.entropy.RandomSprayGenerator(paths, s);
            MultiPartGenerator asMultiPart = new MultiPartGenerator() {
                @Override
                public int next() {
                    return spray.next(0);
                }

                @Override
                public EvLayout layout() {
                    return layout;
                }
            };
            sum += OdometerCoverage.firstFullCoverage(asMultiPart, 100_000);
        }
        double mean = sum / runs;
        double tol = 5 * Math.sqrt(OdometerCoverage.couponCollectorVariance(paths) / runs);
        assertEquals(OdometerCoverage.couponCollectorMean(paths), mean, tol);
    }
}
