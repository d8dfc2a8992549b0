package org.primelab.analytical.roundrobin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.primelab.core.entropy.PrimeEntropyGenerator;
import org.primelab.core.entropy.PrimeOdometerGenerator;
import org.primelab.core.history.CongestionHistory;
import org.primelab.core.topology.EvLayout;

/**
 * Windows that are not aligned with the odometer's blocks. The claim behind PRIME's retry bound: any
 * {@code 2P - 1} consecutive values of the odometer contain an aligned block of {@code P}, hence every
 * path; {@code 2P - 2} do not always. And the limit of the {@code delta < 2} guarantee once paths are
 * penalized: with a fixed penalized set the clean paths keep a block structure of their own, but the
 * deviation from the even split over all paths grows with the window.
 */
class ArbitraryWindowTest {

    /** The longest run of consecutive entries of {@code seq} that misses some value in {@code [0, p)}. */
    static int longestWindowMissingAValue(int[] seq, int p) {
        int[] last = new int[p];
        java.util.Arrays.fill(last, -1);
        int longest = 0;
        for (int i = 0; i < seq.length; i++) {
            longest = Math.max(longest, i - last[seq[i]] - 1);
            last[seq[i]] = i;
        }
        for (int v = 0; v < p; v++) {
            longest = Math.max(longest, seq.length - last[v] - 1);   // windows running to the end
        }
        return longest;
    }

    @Test
    void everyWindowOfTwicePathsMinusOneValuesCoversEveryPath() {
        qt().withFixedSeed(11L).withExamples(200)
                .forAll(integers().between(1, 8), integers().between(1, 6), integers().between(0, 200), longs().all())
                .checkAssert((l1, l2, offset, seed) -> {
                    EvLayout layout = EvLayout.of(l1, l2);
                    int p = layout.pathCount();
                    PrimeOdometerGenerator g = new PrimeOdometerGenerator(layout, new SplittableRandom(seed));
                    for (int i = 0; i < offset; i++) {
                        g.next();
                    }
                    int[] seq = OdometerCoverage.pathSequence(g, 12 * p);
                    // runs that reach the end of the sequence are cut short, so this bounds interior windows too
                    assertTrue(longestWindowMissingAValue(seq, p) <= 2 * p - 2,
                            "a window of 2P-1 = " + (2 * p - 1) + " missed a path, L1=" + l1 + " L2=" + l2);
                });
    }

    @Test
    void twicePathsMinusTwoIsNotEnough() {
        // the bound is tight: a path that opens one block and closes the next leaves 2P - 2 values between
        for (int[] sizes : new int[][] {{2}, {4}, {2, 2}, {3, 2}}) {
            EvLayout layout = EvLayout.of(sizes);
            int p = layout.pathCount();
            int longest = 0;
            for (long seed = 0; seed < 200 && longest < 2 * p - 2; seed++) {
                int[] seq = OdometerCoverage.pathSequence(new PrimeOdometerGenerator(layout, new SplittableRandom(seed)), 40 * p);
                longest = Math.max(longest, longestWindowMissingAValue(seq, p));
            }
            assertEquals(2 * p - 2, longest, "P=" + p);
        }
    }

    @Test
    void withAFixedPenalizedSetCleanPathsStayWithinTwoOfTheirShareButNotOfTheEvenSplit() {
        qt().withFixedSeed(12L).withExamples(60)
                .forAll(integers().between(2, 6), integers().between(1, 4), longs().all())
                .checkAssert((l1, l2, seed) -> {
                    EvLayout layout = EvLayout.of(l1, l2);
                    int p = layout.pathCount();
                    int sends = 20 * p * p;
                    // penalties outlast the run: the penalized set is fixed for the whole window
                    CongestionHistory h = new CongestionHistory(p, CongestionHistory.Config.countBased(sends, 2L * sends));
                    PrimeEntropyGenerator g = new PrimeEntropyGenerator(
                            new PrimeOdometerGenerator(layout, new SplittableRandom(seed)), h);
                    SplittableRandom r = new SplittableRandom(seed ^ 0x5eed);
                    boolean[] penalized = new boolean[p];
                    int clean = p;
                    for (int path = 0; path < p; path++) {
                        if (clean > 1 && r.nextInt(3) == 0) {
                            penalized[path] = true;
                            clean--;
                            g.onNack(layout.evOfPath(path), 0);
                        }
                    }
                    int[] cleanIndex = new int[p];
                    int c = 0;
                    for (int path = 0; path < p; path++) {
                        cleanIndex[path] = penalized[path] ? -1 : c++;
                    }
                    int[] sent = new int[sends];
                    for (int i = 0; i < sends; i++) {
                        int path = layout.pathIndex(g.next(i));
                        assertTrue(!penalized[path], "a penalized path was used while clean ones existed");
                        sent[i] = cleanIndex[path];
                    }
                    // the sent sequence is a block-permutation sequence over the clean paths (the odometer's
                    // blocks with the penalized entries removed), so the lemma applies with n = clean paths
                    assertTrue(RoundRobinDeviationTheorem.isBlockPermutationSequence(sent, clean), "clean blocks");
                    assertTrue(maxWindowDeviation(sent, clean) < RoundRobinDeviationTheorem.SHUFFLED_DEVIATION_BOUND);
                    // against the even split over all P paths, though, a penalized path is short by its whole
                    // share w/P (here 20P packets): the per-flow delta of the integral bound grows with w
                    int[] perClean = new int[clean];
                    for (int v : sent) {
                        perClean[v]++;
                    }
                    for (int v = 0; v < clean; v++) {
                        assertEquals(sends / (double) clean, perClean[v], 1.0 + 1e-9, "clean path share");
                        if (clean < p) {
                            assertTrue(perClean[v] - sends / (double) p > 2, "a clean path gains more than 2 over w/P");
                        }
                    }
                });
    }

    /** The largest {@code |count_v - w/n|} over every window and value (prefix-difference form). */
    static double maxWindowDeviation(int[] seq, int n) {
        double worst = 0;
        int[] count = new int[n];
        double[] min = new double[n];
        double[] max = new double[n];
        for (int i = 1; i <= seq.length; i++) {
            count[seq[i - 1]]++;
            for (int v = 0; v < n; v++) {
                double d = count[v] - i / (double) n;
                min[v] = Math.min(min[v], d);
                max[v] = Math.max(max[v], d);
            }
        }
        for (int v = 0; v < n; v++) {
            worst = Math.max(worst, max[v] - min[v]);
        }
        return worst;
    }
}
