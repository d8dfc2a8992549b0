package org.primelab.core.entropy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.primelab.core.topology.EvLayout;

/** Properties of PRIME's Alg. 2 generator (odometer), for arbitrary part sizes and seeds. */
class PrimeGeneratorProperties {
    private static final long QT_SEED = 20250731L;

    @Test
    void everyAlignedBlockCoversEachPairExactlyOnce() {
        qt().withFixedSeed(QT_SEED).withExamples(300)
                .forAll(integers().between(2, 64), integers().between(2, 64), longs().all())
                .checkAssert((l1, l2, seed) -> {
                    EvLayout layout = EvLayout.of(l1, l2);
                    PrimeOdometerGenerator g = new PrimeOdometerGenerator(layout, new SplittableRandom(seed));
                    int n = l1 * l2;
                    for (int block = 0; block < 3; block++) {
                        boolean[] seen = new boolean[n];
                        for (int i = 0; i < n; i++) {
                            int path = layout.pathIndex(g.next());
                            assertTrue(!seen[path], "pair repeated in block " + block + " for L1=" + l1 + " L2=" + l2);
                            seen[path] = true;
                        }
                    }
                });
    }

    @Test
    void anyWindowKeepsEveryPart1PortWithinTwoOfEven() {
        qt().withFixedSeed(QT_SEED).withExamples(200)
                .forAll(integers().between(2, 64), integers().between(2, 64), longs().all())
                .checkAssert((l1, l2, seed) -> {
                    EvLayout layout = EvLayout.of(l1, l2);
                    PrimeOdometerGenerator g = new PrimeOdometerGenerator(layout, new SplittableRandom(seed));
                    int len = 6 * l1 * l2;
                    int[] p1 = new int[len];
                    for (int i = 0; i < len; i++) {
                        p1[i] = layout.part(g.next(), 0);
                    }
                    assertWindowsBalanced(p1, l1, 2.0);
                });
    }

    @Test
    void atEachTier2SwitchThePart2SequenceIsShuffledRoundRobin() {
        qt().withFixedSeed(QT_SEED).withExamples(100)
                .forAll(integers().between(2, 16), integers().between(2, 16), longs().all())
                .checkAssert((l1, l2, seed) -> {
                    EvLayout layout = EvLayout.of(l1, l2);
                    PrimeOdometerGenerator g = new PrimeOdometerGenerator(layout, new SplittableRandom(seed));
                    int len = 8 * l1 * l2;
                    int[][] atAgg = new int[l1][len];
                    int[] n = new int[l1];
                    for (int i = 0; i < len; i++) {
                        int ev = g.next();
                        int a = layout.part(ev, 0);
                        atAgg[a][n[a]++] = layout.part(ev, 1);
                    }
                    for (int a = 0; a < l1; a++) {
                        assertWindowsBalanced(java.util.Arrays.copyOf(atAgg[a], n[a]), l2, 2.0);
                    }
                });
    }

    @Test
    void onePartIsAPlainShuffledRoundRobinForBothVariants() {
        qt().withFixedSeed(QT_SEED).withExamples(100)
                .forAll(integers().between(2, 64), longs().all())
                .checkAssert((l, seed) -> {
                    EvLayout layout = EvLayout.of(l);
                    MultiPartGenerator a = new PrimeOdometerGenerator(layout, new SplittableRandom(seed));
                    MultiPartGenerator b = new PrimeRandomPartGenerator(layout, new SplittableRandom(seed));
                    int[] seq = new int[5 * l];
                    for (int i = 0; i < seq.length; i++) {
                        seq[i] = a.next();
                        assertEquals(seq[i], b.next(), "variants differ on one part");
                    }
                    assertWindowsBalanced(seq, l, 2.0);
                });
    }

    @Test
    void everyWrapReshufflesSoCyclesUseDifferentOrders() {
        qt().withFixedSeed(QT_SEED).withExamples(50).forAll(integers().between(4, 64), longs().all())
                .checkAssert((l, seed) -> {
                    EvLayout layout = EvLayout.of(l);
                    PrimeOdometerGenerator g = new PrimeOdometerGenerator(layout, new SplittableRandom(seed));
                    java.util.Set<String> orders = new java.util.HashSet<>();
                    int cycles = 40;
                    for (int c = 0; c < cycles; c++) {
                        int[] order = new int[l];
                        boolean[] seen = new boolean[l];
                        for (int i = 0; i < l; i++) {
                            order[i] = g.next();
                            assertTrue(!seen[order[i]], "a cycle must be a permutation");
                            seen[order[i]] = true;
                        }
                        orders.add(java.util.Arrays.toString(order));
                    }
                    // l >= 4 has l! >= 24 orders; 40 uniform draws repeating down to 10 distinct is
                    // astronomically unlikely, while a generator that never reshuffles gives 1.
                    assertTrue(orders.size() >= 10, "only " + orders.size() + " distinct cycle orders");
                });
    }

    @Test
    void randomPartVariantKeepsEachPartsOwnOrderBalanced() {
        EvLayout layout = EvLayout.of(8, 8);
        PrimeRandomPartGenerator g = new PrimeRandomPartGenerator(layout, new SplittableRandom(7));
        long[] c1 = new long[8];
        long[] c2 = new long[8];
        int n = 64_000;
        for (int i = 0; i < n; i++) {
            int ev = g.next();
            c1[layout.part(ev, 0)]++;
            c2[layout.part(ev, 1)]++;
        }
        // Each part advances on ~half the packets, each of its values held once per advance: the
        // per-port totals are n/8 up to a few hundred packets of random-walk drift.
        for (int p = 0; p < 8; p++) {
            assertTrue(Math.abs(c1[p] - n / 8.0) < 0.05 * n / 8, "part 1 port " + p + " count " + c1[p]);
            assertTrue(Math.abs(c2[p] - n / 8.0) < 0.05 * n / 8, "part 2 port " + p + " count " + c2[p]);
        }
    }

    /**
     * Asserts that in every window of every length each value's count is within {@code bound} of w/L.
     * With {@code D_v(i) = count of v in the first i entries - i/L}, a window [a, b) deviates by
     * {@code D_v(b) - D_v(a)}, so the largest deviation over all windows is {@code max D_v - min D_v}.
     */
    static void assertWindowsBalanced(int[] seq, int values, double bound) {
        double[] min = new double[values];
        double[] max = new double[values];
        int[] count = new int[values];
        for (int i = 1; i <= seq.length; i++) {
            count[seq[i - 1]]++;
            for (int v = 0; v < values; v++) {
                double d = count[v] - i / (double) values;
                min[v] = Math.min(min[v], d);
                max[v] = Math.max(max[v], d);
            }
        }
        for (int v = 0; v < values; v++) {
            if (max[v] - min[v] >= bound) {
                throw new AssertionError("value " + v + ": some window deviates by " + (max[v] - min[v])
                        + " >= " + bound + " from its even share");
            }
        }
    }
}
