package org.primelab.analytical.roundrobin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.primelab.analytical.balls.MaxLoadDistribution;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.entropy.MultiPartGenerator;
import org.primelab.core.entropy.PrimeVariant;
import org.primelab.core.topology.EvLayout;

/**
 * Exact oracles for the round-robin analyses: brute-force enumeration of random subsets with mixed row
 * sizes ({@link RandomSubsetColumnMax}), brute force over every window ({@link WindowDeviation}), the
 * coupon collector as a sum of independent geometric waits ({@link OdometerCoverage}), the union bound
 * at {@code c = 0} in closed form, and the structural facts the simulators must reproduce exactly
 * (aligned windows have no excess; a single port carries every packet; empirical masses are multiples of
 * {@code 1 / trials}).
 */
class RoundRobinExactOraclesTest {

    /** Brute force: the exact CDF of the largest column sum when row i is a uniform r_i-subset of n columns. */
    private static double[] bruteForceColumnMax(int n, int[] rows) {
        List<List<Integer>> subsets = new ArrayList<>();
        for (int r : rows) {
            List<Integer> s = new ArrayList<>();
            for (int mask = 0; mask < (1 << n); mask++) {
                if (Integer.bitCount(mask) == r) {
                    s.add(mask);
                }
            }
            subsets.add(s);
        }
        long[] hist = new long[rows.length + 1];
        int[] idx = new int[rows.length];
        long total = 0;
        while (true) {
            int max = 0;
            for (int col = 0; col < n; col++) {
                int sum = 0;
                for (int i = 0; i < rows.length; i++) {
                    sum += (subsets.get(i).get(idx[i]) >> col) & 1;
                }
                max = Math.max(max, sum);
            }
            hist[max]++;
            total++;
            int i = 0;
            while (i < rows.length && ++idx[i] == subsets.get(i).size()) {
                idx[i++] = 0;
            }
            if (i == rows.length) {
                break;
            }
        }
        double[] cdf = new double[rows.length + 1];
        long acc = 0;
        for (int k = 0; k <= rows.length; k++) {
            acc += hist[k];
            cdf[k] = acc / (double) total;
        }
        return cdf;
    }

    @Test
    void columnMaxWithMixedRowSizesMatchesEnumeration() {
        int[][][] cases = {
            {{5}, {2, 3, 1, 4}},
            {{5}, {3, 3, 2}},
            {{4}, {1, 2, 3, 0, 2}},
            {{6}, {2, 4, 3}},
            {{3}, {1, 1, 1, 1, 2, 2}},
            {{5}, {0, 0, 2}},
        };
        for (int[][] c : cases) {
            int n = c[0][0];
            double[] exact = bruteForceColumnMax(n, c[1]);
            MaxLoadDistribution d = RandomSubsetColumnMax.distribution(n, c[1]).orElseThrow();
            for (int k = 0; k < exact.length; k++) {
                assertEquals(exact[k], d.probabilityAtMost(k), 1e-12, java.util.Arrays.toString(c[1]) + " k=" + k);
            }
        }
    }

    /**
     * Sixteen rows of 14 of 15 columns: each row misses one column, so the maximum is 16 minus the fewest
     * misses of a column; it is 15 exactly when the 16 misses cover all 15 columns, with probability
     * C(16, 2) 15! / 15^16, else 16. The DP's histogram key (base 16, 17 levels) does not fit 63 bits, so the
     * method may decline (empty); whatever it returns must be that distribution.
     */
    @Test
    void anInstanceBeyondTheKeyIsDeclinedOrExact() {
        int[] rows = new int[16];
        java.util.Arrays.fill(rows, 14);
        double surjective = 120;
        for (int i = 1; i <= 15; i++) {
            surjective *= i / 15.0;
        }
        surjective /= 15.0;
        Optional<MaxLoadDistribution> d = RandomSubsetColumnMax.distribution(15, rows);
        if (d.isPresent()) {
            assertEquals(0.0, d.get().probabilityAtMost(14), 1e-12);
            assertEquals(surjective, d.get().probabilityAtMost(15), 1e-12);
        }
        // one row fewer fits (15 levels of 4 bits): 15 misses of 15 columns leave one unmissed only if not
        // a bijection, so P(max = 14) = 15! / 15^15 and P(max = 15) the rest
        int[] fewer = new int[15];
        java.util.Arrays.fill(fewer, 14);
        double bijection = 1;
        for (int i = 1; i <= 15; i++) {
            bijection *= i / 15.0;
        }
        MaxLoadDistribution f = RandomSubsetColumnMax.distribution(15, fewer).orElseThrow();
        assertEquals(bijection, f.probabilityAtMost(14), 1e-15);
        assertEquals(1.0, f.probabilityAtMost(15), 1e-15);
    }

    /** The documented work limit: F = n = 16, w = 40 is left to simulation. */
    @Test
    void aLargeInstanceIsLeftToSimulation() {
        assertTrue(ShuffledRoundRobinAggregate.exactExcess(16, 16, 40).isEmpty());
    }

    @Test
    void columnCountsAreValidatedAtTheirLimits() {
        assertEquals(1.0, RandomSubsetColumnMax.distribution(1, new int[] {1, 1}).orElseThrow().probabilityAtMost(2));
        assertEquals(0.0, RandomSubsetColumnMax.distribution(1, new int[] {1, 1}).orElseThrow().probabilityAtMost(1));
        MaxLoadDistribution wide = RandomSubsetColumnMax.distribution(RandomSubsetColumnMax.MAX_COLUMNS, new int[] {1})
                .orElseThrow();
        assertEquals(1.0, wide.probabilityAtMost(1));
        assertThrows(IllegalArgumentException.class, () -> RandomSubsetColumnMax.distribution(0, new int[] {0}));
        assertThrows(IllegalArgumentException.class,
                () -> RandomSubsetColumnMax.distribution(RandomSubsetColumnMax.MAX_COLUMNS + 1, new int[] {1}));
        assertThrows(IllegalArgumentException.class, () -> RandomSubsetColumnMax.distribution(3, new int[] {4}));
    }

    /** Every window (i, j] by brute force: the largest |count - (j - i)/n| and the largest max - min count. */
    @Test
    void windowDeviationEqualsTheBruteForceOverAllWindows() {
        SplittableRandom rnd = new SplittableRandom(11);
        for (int trial = 0; trial < 40; trial++) {
            int n = 1 + rnd.nextInt(4);
            int len = rnd.nextInt(14);
            int[] s = new int[len];
            for (int i = 0; i < len; i++) {
                s[i] = rnd.nextInt(n);
            }
            double dev = 0;
            int spread = 0;
            for (int i = 0; i <= len; i++) {
                int[] count = new int[n];
                for (int j = i; j <= len; j++) {
                    if (j > i) {
                        count[s[j - 1]]++;
                    }
                    int lo = Integer.MAX_VALUE;
                    int hi = 0;
                    for (int p = 0; p < n; p++) {
                        dev = Math.max(dev, Math.abs(count[p] - (j - i) / (double) n));
                        lo = Math.min(lo, count[p]);
                        hi = Math.max(hi, count[p]);
                    }
                    spread = Math.max(spread, hi - lo);
                }
            }
            WindowDeviation d = WindowDeviation.of(s, n);
            assertEquals(dev, d.maxDeviation(), 1e-12, java.util.Arrays.toString(s) + " n=" + n);
            assertEquals(spread, d.maxSpread(), java.util.Arrays.toString(s) + " n=" + n);
        }
        // the extreme at the very end: the last element repeated
        assertEquals(new WindowDeviation(1.5, 3), WindowDeviation.of(new int[] {0, 1, 1, 1}, 2));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> WindowDeviation.of(new int[] {0, 1, 2, 4}, 4));
        assertEquals("ports: entry 3 is 4, outside [0, 3]", e.getMessage());
        assertFalse(RoundRobinDeviationTheorem.isBlockPermutationSequence(new int[] {0, 1, 2}, 2));
        assertFalse(RoundRobinDeviationTheorem.isBlockPermutationSequence(new int[] {1, 0, 2}, 2));
    }

    /**
     * The adversarial sequence: blocks are permutations, symbol 0 closes every even-indexed block (0-based)
     * and opens every odd one, and the other symbols are shuffled (several distinct blocks appear).
     */
    @Test
    void adversarialBlocksPlaceZeroAtTheBlockSeamsAndShuffleTheRest() {
        int n = 5;
        int blocks = 40;
        int[] s = RoundRobinDeviationTheorem.adversarialBlocks(n, blocks, 3);
        assertEquals(n * blocks, s.length);
        assertTrue(RoundRobinDeviationTheorem.isBlockPermutationSequence(s, n));
        Set<String> distinct = new HashSet<>();
        for (int b = 0; b < blocks; b++) {
            assertEquals(0, s[b * n + (b % 2 == 0 ? n - 1 : 0)], "block " + b);
            distinct.add(java.util.Arrays.toString(java.util.Arrays.copyOfRange(s, b * n, b * n + n)));
        }
        assertTrue(distinct.size() > 4, distinct.toString());
    }

    /**
     * The coupon collector's time is a sum of independent geometric waits with success probabilities
     * (P - k + 1)/P: mean sum P/(P-k+1), variance sum (1-p)/p^2. Hand values: P = 2 gives 3 and 2, P = 3
     * gives 5.5 and 6.75.
     */
    @Test
    void couponCollectorMomentsAreSumsOfGeometricWaits() {
        assertEquals(1.0, OdometerCoverage.couponCollectorMean(1), 1e-15);
        assertEquals(0.0, OdometerCoverage.couponCollectorVariance(1), 1e-15);
        assertEquals(3.0, OdometerCoverage.couponCollectorMean(2), 1e-12);
        assertEquals(2.0, OdometerCoverage.couponCollectorVariance(2), 1e-12);
        assertEquals(5.5, OdometerCoverage.couponCollectorMean(3), 1e-12);
        assertEquals(6.75, OdometerCoverage.couponCollectorVariance(3), 1e-12);
        for (int paths = 1; paths <= 40; paths++) {
            double mean = 0;
            double var = 0;
            for (int k = 1; k <= paths; k++) {
                double p = (paths - k + 1) / (double) paths;
                mean += 1 / p;
                var += (1 - p) / (p * p);
            }
            assertEquals(mean, OdometerCoverage.couponCollectorMean(paths), 1e-9 * mean);
            assertEquals(var, OdometerCoverage.couponCollectorVariance(paths), 1e-9 * (var + 1));
        }
    }

    /** The odometer covers its P paths in exactly P packets: a limit of P finds them, P - 1 does not (-1). */
    @Test
    void firstFullCoverageIsExactlyThePathCountAndRespectsTheLimit() {
        for (int[] l : new int[][] {{4, 3}, {2, 5}, {6}}) {
            EvLayout layout = EvLayout.of(l);
            int p = layout.pathCount();
            assertEquals(p, OdometerCoverage.firstFullCoverage(
                    LoadBalancingScheme.primeMultiPart(layout, PrimeVariant.ODOMETER, 7, 1, 2), p));
            assertEquals(-1, OdometerCoverage.firstFullCoverage(
                    LoadBalancingScheme.primeMultiPart(layout, PrimeVariant.ODOMETER, 7, 1, 2), p - 1));
        }
    }

    /**
     * The union bound at c = 0 is min(1, n (1 - (1 - r/n)^F)), which is 1 since some port always gets an
     * excess; the binomial tail itself at c = 0 is 1 - (1 - p)^F, and 0 from c = F on.
     */
    @Test
    void binomialTailAtTheEdges() {
        assertEquals(1 - Math.pow(0.9, 3), ShuffledRoundRobinAggregate.binomialUpperTail(3, 0.1, 0), 1e-15);
        assertEquals(Math.pow(0.1, 3), ShuffledRoundRobinAggregate.binomialUpperTail(3, 0.1, 2), 1e-15);
        assertEquals(0.0, ShuffledRoundRobinAggregate.binomialUpperTail(3, 0.1, 3));
        assertEquals(1.0, ShuffledRoundRobinAggregate.binomialUpperTail(3, 0.1, -1));
        assertEquals(1.0, ShuffledRoundRobinAggregate.unionBound(3, 4, 5, 0));
        // F = 2, n = 3, r = 1: P(max > 1) = P(both flows on one port) = 1/3, and the union bound is exact
        assertEquals(1.0 / 3, ShuffledRoundRobinAggregate.unionBound(2, 3, 4, 1), 1e-12);
        assertEquals(1.0 / 3, ShuffledRoundRobinAggregate.exactExcess(2, 3, 4).orElseThrow().probabilityAbove(1), 1e-12);
    }

    /** Every entry point validates flows >= 1, ports in [1, 1024] and window >= 1, at the limits. */
    @Test
    void argumentsAreValidatedAtTheirLimitsByEveryEntryPoint() {
        assertEquals(0.0, ShuffledRoundRobinAggregate.unionBound(1, 1, 1, 0));
        assertEquals(0.0, ShuffledRoundRobinAggregate.unionBound(1, RandomSubsetColumnMax.MAX_COLUMNS, 1, 1));
        assertThrows(IllegalArgumentException.class,
                () -> ShuffledRoundRobinAggregate.unionBound(1, RandomSubsetColumnMax.MAX_COLUMNS + 1, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> ShuffledRoundRobinAggregate.unionBound(0, 4, 5, 0));
        assertThrows(IllegalArgumentException.class, () -> ShuffledRoundRobinAggregate.unionBound(2, 4, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> ShuffledRoundRobinAggregate.simulate(0, 4, 5, 0, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> SprayingAggregate.randomSpraying(0, 4, 5));
        assertThrows(IllegalArgumentException.class, () -> SprayingAggregate.simulateHashed(0, 4, 5, 8, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> ShuffledRoundRobinAggregate.simulate(2, 4, 5, 0, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> SprayingAggregate.simulateHashed(2, 4, 5, 8, 1, 0));
        IllegalArgumentException big = assertThrows(IllegalArgumentException.class,
                () -> ShuffledRoundRobinAggregate.simulate(1_000_000_000, 4, 2, 0, 1, 2));
        assertEquals("trials: must be >= 1 with trials x flows x (window + offset) <= 2e9", big.getMessage());
        // the skipped offset counts towards the limit: 2 x (1 + 1e9) > 2e9
        assertThrows(IllegalArgumentException.class,
                () -> ShuffledRoundRobinAggregate.simulate(2, 4, 1, 1_000_000_000, 1, 1));
        assertEquals(1, ShuffledRoundRobinAggregate.simulate(2, 4, 5, 0, 1, 1).probabilityAtMost(2), 1e-12);
        assertEquals(1, SprayingAggregate.simulateHashed(2, 4, 5, 8, 1, 1).probabilityAtMost(10), 1e-12);
        assertThrows(IllegalArgumentException.class,
                () -> SprayingAggregate.randomSpraying(1, 2, 1_000_001));
    }

    /** Windows aligned with the cycles (w and the skipped offset multiples of n) put exactly w/n of every flow's packets on each port: excess 0. */
    @Test
    void alignedWindowsHaveNoExcessInSimulation() {
        MaxLoadDistribution sim = ShuffledRoundRobinAggregate.simulate(3, 4, 8, 4, 5, 20);
        assertEquals(1.0, sim.probabilityAtMost(0), 1e-12);
        assertEquals(0, sim.balls(), "F (w mod n) excess packets");
        MaxLoadDistribution unaligned = ShuffledRoundRobinAggregate.simulate(3, 4, 9, 0, 5, 20);
        assertEquals(3, unaligned.balls());
        // aligned and unshifted: each flow's excess is one packet on one port, so the max is 1..3
        assertEquals(0.0, unaligned.probabilityAtMost(0), 1e-12);
        assertEquals(1.0, unaligned.probabilityAtMost(3), 1e-12);
    }

    /** With one port every packet lands on it: the busiest port carries exactly F w in every trial. */
    @Test
    void hashedSprayingOnOnePortCarriesEveryPacket() {
        MaxLoadDistribution d = SprayingAggregate.simulateHashed(3, 1, 7, 16, 9, 5);
        assertEquals(21, d.balls());
        assertEquals(0.0, d.probabilityAtMost(20), 1e-12);
        assertEquals(1.0, d.probabilityAtMost(21), 1e-12);
    }

    /** An empirical distribution over T trials puts a multiple of 1/T on every value. */
    @Test
    void simulatedMassesAreMultiplesOfOneOverTrials() {
        int trials = 3;
        for (MaxLoadDistribution d : List.of(ShuffledRoundRobinAggregate.simulate(6, 6, 3, 0, 2, trials),
                SprayingAggregate.simulateHashed(6, 6, 3, 64, 2, trials))) {
            for (int k = 0; k <= d.maxSupport(); k++) {
                double m = d.probabilityOf(k) * trials;
                assertEquals(Math.rint(m), m, 1e-9, d + " k=" + k);
            }
        }
    }

    /**
     * Random spraying of F w balls: exact rational arithmetic up to {@link SprayingAggregate#RATIONAL_LIMIT}
     * balls. With E = 1 EV the hashed flow's whole traffic goes to one port: imbalance n - 1.
     */
    @Test
    void sprayingMethodsAndTheOneEvImbalance() {
        assertEquals("exact rational", SprayingAggregate.randomSpraying(6, 4, 8).method());
        assertFalse(SprayingAggregate.randomSpraying(7, 4, 7).method().contains("rational"));
        assertEquals(3.0, SprayingAggregate.hashLongRunImbalance(1, 4), 1e-12);
        assertEquals(0.0, SprayingAggregate.hashLongRunImbalance(1, 1), 1e-12);
        // two EVs on two ports: same port with probability 1/2, E[max] = 1.5, share 1: imbalance 0.5
        assertEquals(0.5, SprayingAggregate.hashLongRunImbalance(2, 2), 1e-12);
    }
}
