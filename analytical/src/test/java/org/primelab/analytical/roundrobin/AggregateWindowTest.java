package org.primelab.analytical.roundrobin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.primelab.analytical.balls.MaxLoadDistribution;

/** The aggregate of shuffled-RR flows (exact DP, union bound, simulation) and the spraying competitors. */
class AggregateWindowTest {

    @Test
    void dpMatchesBruteForceEnumeration() {
        int n = 4;
        for (int r = 0; r <= n; r++) {
            int flows = 3;
            MaxLoadDistribution d = RandomSubsetColumnMax.distribution(n, new int[] {r, r, r}).orElseThrow();
            // enumerate all r-subsets for each of the three rows
            java.util.List<Integer> subsets = new java.util.ArrayList<>();
            for (int mask = 0; mask < (1 << n); mask++) {
                if (Integer.bitCount(mask) == r) {
                    subsets.add(mask);
                }
            }
            long[] hist = new long[flows + 1];
            for (int a : subsets) {
                for (int b : subsets) {
                    for (int c : subsets) {
                        int max = 0;
                        for (int col = 0; col < n; col++) {
                            int s = ((a >> col) & 1) + ((b >> col) & 1) + ((c >> col) & 1);
                            max = Math.max(max, s);
                        }
                        hist[max]++;
                    }
                }
            }
            double total = Math.pow(subsets.size(), 3);
            double acc = 0;
            for (int k = 0; k <= flows; k++) {
                acc += hist[k];
                assertEquals(acc / total, d.probabilityAtMost(k), 1e-12, "r=" + r + " k=" + k);
            }
        }
    }

    @Test
    void exactExcessMatchesCoreGeneratorSimulation() {
        int[][] cases = {{8, 8, 12}, {6, 4, 7}, {12, 6, 9}};
        int trials = 3000;
        for (int[] c : cases) {
            MaxLoadDistribution exact = ShuffledRoundRobinAggregate.exactExcess(c[0], c[1], c[2]).orElseThrow();
            MaxLoadDistribution sim = ShuffledRoundRobinAggregate.simulate(c[0], c[1], c[2], 0, 17, trials);
            assertEquals(exact.expectedMax(), sim.expectedMax(), 5 * Math.sqrt(exact.variance() / trials),
                    java.util.Arrays.toString(c));
            for (int k = 0; k <= c[0]; k++) {
                double p = exact.probabilityAtMost(k);
                assertEquals(p, sim.probabilityAtMost(k), 5 * Math.sqrt(p * (1 - p) / trials) + 1.0 / trials);
            }
        }
    }

    @Test
    void unionBoundBoundsTheExactTail() {
        int flows = 10;
        int ports = 8;
        int window = 21;
        MaxLoadDistribution exact = ShuffledRoundRobinAggregate.exactExcess(flows, ports, window).orElseThrow();
        for (int c = 0; c <= flows; c++) {
            assertTrue(exact.probabilityAbove(c) <= ShuffledRoundRobinAggregate.unionBound(flows, ports, window, c) + 1e-12,
                    "c=" + c);
        }
        assertEquals(0.0, ShuffledRoundRobinAggregate.unionBound(flows, ports, 16, 0));
    }

    /** {@code P(Bin(trials, p) > c)} by direct summation of the probability mass function. */
    private static double binomialTail(int trials, double p, int c) {
        double sum = 0;
        for (int j = Math.max(0, c + 1); j <= trials; j++) {
            double logChoose = 0;
            for (int i = 1; i <= j; i++) {
                logChoose += Math.log(trials - j + i) - Math.log(i);
            }
            sum += Math.exp(logChoose + j * Math.log(p) + (trials - j) * Math.log1p(-p));
        }
        return sum;
    }

    @Test
    void unionBoundIsPortsTimesTheBinomialTailCappedAtOne() {
        int[][] cases = {{10, 8, 21}, {3, 4, 5}, {40, 16, 100}, {7, 7, 6}};
        for (int[] k : cases) {
            int flows = k[0];
            int ports = k[1];
            int window = k[2];
            double p = (window % ports) / (double) ports;
            for (int c = -1; c <= flows + 1; c++) {
                double expected = Math.min(1.0, ports * binomialTail(flows, p, c));
                assertEquals(expected, ShuffledRoundRobinAggregate.unionBound(flows, ports, window, c), 1e-12,
                        java.util.Arrays.toString(k) + " c=" + c);
            }
            assertEquals(0.0, ShuffledRoundRobinAggregate.unionBound(flows, ports, window, flows), "excess <= F");
            assertEquals(flows * (double) window / ports, ShuffledRoundRobinAggregate.evenShare(flows, ports, window));
        }
        // aligned windows (r = 0) have no excess at all
        assertEquals(0.0, ShuffledRoundRobinAggregate.unionBound(5, 4, 8, 0));
        assertEquals(1.0, ShuffledRoundRobinAggregate.unionBound(5, 4, 8, -1));
    }

    @Test
    void unionBoundQuantileIsTheSmallestGuaranteedExcess() {
        MaxLoadDistribution exact = ShuffledRoundRobinAggregate.exactExcess(10, 8, 21).orElseThrow();
        for (double eps : new double[] {0.5, 1e-3, 1e-9}) {
            int c = ShuffledRoundRobinAggregate.unionBoundQuantile(10, 8, 21, eps);
            assertTrue(ShuffledRoundRobinAggregate.unionBound(10, 8, 21, c) <= eps);
            assertTrue(c == 0 || ShuffledRoundRobinAggregate.unionBound(10, 8, 21, c - 1) > eps, "eps " + eps);
            assertTrue(exact.probabilityAbove(c) <= eps, "the union-bound quantile is a guaranteed quantile");
        }
        assertEquals(0, ShuffledRoundRobinAggregate.unionBoundQuantile(5, 4, 8, 0.0));
    }

    @Test
    void unalignedWindowsStayWithinTwoPerFlow() {
        int flows = 6;
        int ports = 4;
        MaxLoadDistribution sim = ShuffledRoundRobinAggregate.simulate(flows, ports, 9, 3, 5, 500);
        // per flow count <= floor(w/n) + 2, so the excess over F floor(w/n) is at most 2F
        assertTrue(sim.maxSupport() <= 2 * flows);
    }

    @Test
    void roundRobinBeatsRandomSprayingAndHashing() {
        int flows = 8;
        int ports = 8;
        int window = 12;
        double rr = flows * (window / ports) + ShuffledRoundRobinAggregate.exactExcess(flows, ports, window).orElseThrow()
                .expectedMax();
        double spray = SprayingAggregate.randomSpraying(flows, ports, window).expectedMax();
        double hashedFew = SprayingAggregate.simulateHashed(flows, ports, window, 8, 3, 2000).expectedMax();
        assertTrue(rr < spray, rr + " vs " + spray);
        assertTrue(spray < hashedFew, spray + " vs " + hashedFew);
    }

    @Test
    void hashedEvsWithAHugeSpaceAreRandomSpraying() {
        int trials = 4000;
        MaxLoadDistribution exact = SprayingAggregate.randomSpraying(4, 8, 10);
        MaxLoadDistribution sim = SprayingAggregate.simulateHashed(4, 8, 10, 1 << 24, 21, trials);
        assertEquals(exact.expectedMax(), sim.expectedMax(), 5 * Math.sqrt(exact.variance() / trials));
    }

    @Test
    void hashLimitationQuantified() {
        // docs/references.md (REPS §4.7): for 32 uplinks fewer than 2^8 EVs give more than 10% imbalance
        assertTrue(SprayingAggregate.hashLongRunImbalance(256, 32) > 0.10);
        assertTrue(SprayingAggregate.hashLongRunImbalance(1 << 16, 32) < 0.10);
        assertTrue(SprayingAggregate.hashLongRunImbalance(1 << 10, 32) < SprayingAggregate.hashLongRunImbalance(1 << 8, 32));
    }

    @Test
    void badInputs() {
        assertThrows(IllegalArgumentException.class, () -> ShuffledRoundRobinAggregate.exactExcess(0, 4, 4));
        assertThrows(IllegalArgumentException.class, () -> ShuffledRoundRobinAggregate.exactExcess(4, 0, 4));
        assertThrows(IllegalArgumentException.class, () -> ShuffledRoundRobinAggregate.exactExcess(4, 4, 0));
        assertThrows(IllegalArgumentException.class, () -> SprayingAggregate.hashLongRunImbalance(0, 4));
    }
}
