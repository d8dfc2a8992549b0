package org.primelab.analytical.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.entropy.MultiPartGenerator;
import org.primelab.core.entropy.PrimeVariant;
import org.primelab.core.entropy.RandomSprayGenerator;
import org.primelab.core.forwarding.UplinkSelector;
import org.primelab.core.random.Seeds;
import org.primelab.core.topology.EvLayout;

/**
 * Exact oracles for the batched queue model: the random-spray chain against brute-force enumeration of
 * every sender choice, and against the closed form at level 1 (no port may ever get two packets:
 * {@code (n!/n^n)^T}); the simulator against an independent per-port Lindley replay of the same core
 * generators; the exhaustive search and the tight schedule of {@link ShuffledRoundRobinQueueBound} on
 * hand-checked small cases.
 */
class QueueExactOraclesTest {

    /** P(max occupancy over T steps <= B) by enumerating all n^(nT) choices of n senders over T steps. */
    private static double bruteForce(int n, int steps, int level) {
        long outcomes = 1;
        for (int i = 0; i < n * steps; i++) {
            outcomes *= n;
        }
        long within = 0;
        int[] q = new int[n];
        int[] a = new int[n];
        for (long code = 0; code < outcomes; code++) {
            java.util.Arrays.fill(q, 0);
            long c = code;
            boolean ok = true;
            for (int t = 0; t < steps && ok; t++) {
                java.util.Arrays.fill(a, 0);
                for (int s = 0; s < n; s++) {
                    a[(int) (c % n)]++;
                    c /= n;
                }
                for (int p = 0; p < n; p++) {
                    int occ = q[p] + a[p];
                    ok &= occ <= level;
                    q[p] = Math.max(occ - 1, 0);
                }
            }
            within += ok ? 1 : 0;
        }
        return within / (double) outcomes;
    }

    @Test
    void theRandomSprayChainEqualsEnumerationOfEverySenderChoice() {
        int[][] cases = {{2, 1}, {2, 3}, {2, 6}, {3, 1}, {3, 3}, {1, 4}};
        for (int[] c : cases) {
            for (int level = 1; level <= 4; level++) {
                assertEquals(bruteForce(c[0], c[1], level),
                        RandomSprayQueueExact.probabilityMaxOccupancyAtMost(c[0], c[1], level), 1e-12,
                        "n=" + c[0] + " T=" + c[1] + " B=" + level);
            }
        }
    }

    /** Level 1: every step must be a bijection of senders to ports, probability n!/n^n each step. */
    @Test
    void levelOneIsTheProbabilityOfABijectionEveryStep() {
        for (int n = 1; n <= RandomSprayQueueExact.MAX_PORTS; n++) {
            double bijection = 1;
            for (int i = 1; i <= n; i++) {
                bijection *= i / (double) n;
            }
            for (int steps : new int[] {0, 1, 2, 5}) {
                assertEquals(Math.pow(bijection, steps), RandomSprayQueueExact.probabilityMaxOccupancyAtMost(n, steps, 1),
                        1e-12, "n=" + n + " T=" + steps);
            }
        }
        // level 0 holds only over no step at all
        assertEquals(1.0, RandomSprayQueueExact.probabilityMaxOccupancyAtMost(3, 0, 0));
        assertEquals(0.0, RandomSprayQueueExact.probabilityMaxOccupancyAtMost(3, 2, 0));
    }

    @Test
    void inputsAreValidatedAtTheirLimits() {
        assertEquals(1.0, RandomSprayQueueExact.probabilityMaxOccupancyAtMost(1, 3, 1));
        assertThrows(IllegalArgumentException.class, () -> RandomSprayQueueExact.probabilityMaxOccupancyAtMost(0, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> RandomSprayQueueExact.probabilityMaxOccupancyAtMost(7, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> RandomSprayQueueExact.probabilityMaxOccupancyAtMost(2, -1, 1));
        // sorted backlog vectors of 6 ports in [0, 20]: C(26, 6) = 230230 states, beyond the limit
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RandomSprayQueueExact.probabilityMaxOccupancyAtMost(6, 1, 21));
        assertEquals("level: 230230 states exceed 200000", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ShuffledRoundRobinQueueBound.backlogBound(0));
        assertThrows(IllegalArgumentException.class, () -> ShuffledRoundRobinQueueBound.occupancyBound(0));
        assertThrows(IllegalArgumentException.class, () -> ShuffledRoundRobinQueueBound.worstCasePermutations(0));
        assertEquals(0, ShuffledRoundRobinQueueBound.backlogBound(1));
        assertEquals(1, ShuffledRoundRobinQueueBound.occupancyBound(1));
        assertThrows(IllegalArgumentException.class, () -> BatchedQueueSimulator.simulate(null, 2, 1, 1));
        IllegalArgumentException wideRefused = assertThrows(IllegalArgumentException.class,
                () -> BatchedQueueSimulator.simulate(SprayScheme.STAGGERED_ROUND_ROBIN, (1 << 15) + 1, 1, 1));
        assertEquals("ports: must be in [1, 32768], got 32769", wideRefused.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> BatchedQueueSimulator.simulate(SprayScheme.STAGGERED_ROUND_ROBIN, 2, 0, 1));
        // ports x steps = 2.4e9 > 2e9
        assertThrows(IllegalArgumentException.class,
                () -> BatchedQueueSimulator.simulate(SprayScheme.STAGGERED_ROUND_ROBIN, 4, 600_000_000L, 1));
        QueueTrace one = BatchedQueueSimulator.simulate(SprayScheme.STAGGERED_ROUND_ROBIN, 1, 1, 1);
        assertEquals(new QueueTrace(SprayScheme.STAGGERED_ROUND_ROBIN, 1, 1, 1, 0, 0, 1.0, 0.0), one);
        // the largest accepted number of ports runs (the simulator builds the odometer layout of n ports)
        assertEquals(new QueueTrace(SprayScheme.STAGGERED_ROUND_ROBIN, 1 << 15, 1, 1, 0, 0, 1.0, 0.0),
                BatchedQueueSimulator.simulate(SprayScheme.STAGGERED_ROUND_ROBIN, 1 << 15, 1, 1));
    }

    /** Replays each port's Lindley recursion over the per-sender port sequences; {max occ, max backlog, final max}. */
    private static int[] replay(int[][] portOf) {
        int n = portOf.length;
        int steps = portOf[0].length;
        int[] q = new int[n];
        int maxOcc = 0;
        int maxBack = 0;
        for (int t = 0; t < steps; t++) {
            int[] a = new int[n];
            for (int s = 0; s < n; s++) {
                a[portOf[s][t]]++;
            }
            for (int p = 0; p < n; p++) {
                maxOcc = Math.max(maxOcc, q[p] + a[p]);
                q[p] = Math.max(q[p] + a[p] - 1, 0);
                maxBack = Math.max(maxBack, q[p]);
            }
        }
        int fin = 0;
        for (int b : q) {
            fin = Math.max(fin, b);
        }
        return new int[] {maxOcc, maxBack, fin};
    }

    /**
     * The simulator against a replay of the same sender sequences (core's odometer generator with one part
     * of n ports, and core's random spray generator on the documented per-sender streams): the three
     * maxima agree exactly, for horizons that end mid-cycle.
     */
    @Test
    void theSimulatorAgreesWithAnIndependentReplayOfTheSameGenerators() {
        for (int n : new int[] {2, 3, 5}) {
            for (long seed = 1; seed <= 4; seed++) {
                int steps = 3 * n + 1 + (int) seed;
                EvLayout layout = EvLayout.of(n);
                int[][] rr = new int[n][steps];
                int[][] rnd = new int[n][steps];
                for (int s = 0; s < n; s++) {
                    MultiPartGenerator g = LoadBalancingScheme.primeMultiPart(layout, PrimeVariant.ODOMETER, seed, s, 0);
                    RandomSprayGenerator r = new RandomSprayGenerator(n,
                            new SplittableRandom(Seeds.derive(seed, BatchedQueueSimulator.PURPOSE, s)));
                    for (int t = 0; t < steps; t++) {
                        rr[s][t] = UplinkSelector.portIndex(layout, g.next(), 1);
                        rnd[s][t] = r.next(t);
                    }
                }
                int[] expectRr = replay(rr);
                QueueTrace simRr = BatchedQueueSimulator.simulate(SprayScheme.SHUFFLED_ROUND_ROBIN, n, steps, seed);
                assertEquals(expectRr[0], simRr.maxOccupancy());
                assertEquals(expectRr[1], simRr.maxBacklog());
                assertEquals(expectRr[2], simRr.finalBacklogMax(), "n=" + n + " seed=" + seed);
                assertTrue(simRr.maxBacklog() <= ShuffledRoundRobinQueueBound.backlogBound(n));
                int[] expectRnd = replay(rnd);
                QueueTrace simRnd = BatchedQueueSimulator.simulate(SprayScheme.RANDOM, n, steps, seed);
                assertEquals(expectRnd[0], simRnd.maxOccupancy());
                assertEquals(expectRnd[1], simRnd.maxBacklog());
                assertEquals(expectRnd[2], simRnd.finalBacklogMax(), "n=" + n + " seed=" + seed);
            }
        }
    }

    /**
     * n = 2 by hand: the per-cycle patterns of one port are (0,2), (1,1), (2,0); from backlog 0 they end at
     * 1, 0, 0 and from 1 at 1, 1, 1, so the reachable set {0, 1} is fixed after the second cycle; the
     * largest occupancy is 3 ((2,0) from backlog 1) and the largest backlog 2. n = 1: one pattern, fixed at once.
     */
    @Test
    void exhaustiveSearchOnHandCheckedCases() {
        assertEquals(new ShuffledRoundRobinQueueBound.SearchResult(2, 3, 2, 3, 2),
                ShuffledRoundRobinQueueBound.exhaustiveSearch(2));
        assertEquals(new ShuffledRoundRobinQueueBound.SearchResult(1, 1, 0, 1, 1),
                ShuffledRoundRobinQueueBound.exhaustiveSearch(1));
        assertThrows(IllegalArgumentException.class,
                () -> ShuffledRoundRobinQueueBound.exhaustiveSearch(ShuffledRoundRobinQueueBound.MAX_SEARCH_PORTS + 1));
        // the largest accepted n: C(17, 9) = 24310 patterns, and the tight bounds 2n - 1 and 2n - 2
        ShuffledRoundRobinQueueBound.SearchResult nine = ShuffledRoundRobinQueueBound.exhaustiveSearch(9);
        assertEquals(24310, nine.patternsPerCycle());
        assertEquals(17, nine.maxOccupancy());
        assertEquals(16, nine.maxBacklog());
    }

    /** The tight schedule: every sender's cycle is a permutation, port 0 last in cycle 0 and first in cycle 1. */
    @Test
    void theWorstCaseScheduleIsMadeOfPermutationsWithPortZeroAtTheSeam() {
        for (int n = 1; n <= 7; n++) {
            int[][][] perms = ShuffledRoundRobinQueueBound.worstCasePermutations(n);
            assertEquals(2, perms.length);
            for (int cycle = 0; cycle < 2; cycle++) {
                for (int s = 0; s < n; s++) {
                    int[] p = perms[cycle][s].clone();
                    java.util.Arrays.sort(p);
                    for (int i = 0; i < n; i++) {
                        assertEquals(i, p[i], "n=" + n + " cycle " + cycle + " sender " + s);
                    }
                }
            }
            for (int s = 0; s < n; s++) {
                assertEquals(0, perms[0][s][n - 1]);
                assertEquals(0, perms[1][s][0]);
            }
        }
    }
}
