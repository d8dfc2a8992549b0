package org.primelab.analytical.queue;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The batched queue model: the 2n-2 backlog theorem (proof, tightness, exhaustive search, simulation). */
class BatchedQueueTest {

    @Test
    void exhaustiveSearchConfirmsTheTightBounds() {
        for (int n = 1; n <= 8; n++) {
            ShuffledRoundRobinQueueBound.SearchResult r = ShuffledRoundRobinQueueBound.exhaustiveSearch(n);
            assertEquals(ShuffledRoundRobinQueueBound.backlogBound(n), r.maxBacklog(), "n=" + n);
            assertEquals(ShuffledRoundRobinQueueBound.occupancyBound(n), r.maxOccupancy(), "n=" + n);
        }
    }

    @Test
    void worstCaseScheduleAttainsBothBounds() {
        for (int n = 2; n <= 12; n++) {
            int[] r = ShuffledRoundRobinQueueBound.replay(ShuffledRoundRobinQueueBound.worstCasePermutations(n), n);
            assertArrayEquals(new int[] {2 * n - 1, 2 * n - 2}, r, "n=" + n);
        }
    }

    @Test
    void coreGeneratorsStayWithinTheBound() {
        for (int n : new int[] {2, 4, 8, 16, 32}) {
            for (long seed = 1; seed <= 3; seed++) {
                QueueTrace t = BatchedQueueSimulator.simulate(SprayScheme.SHUFFLED_ROUND_ROBIN, n, 5000, seed);
                assertTrue(t.maxBacklog() <= 2 * n - 2, t.toString());
                assertTrue(t.maxOccupancy() <= 2 * n - 1, t.toString());
            }
            QueueTrace s = BatchedQueueSimulator.simulate(SprayScheme.STAGGERED_ROUND_ROBIN, n, 1000, 1);
            assertEquals(1, s.maxOccupancy());
            assertEquals(0, s.maxBacklog());
        }
    }

    @Test
    void randomSprayingExceedsTheRoundRobinBound() {
        QueueTrace t = BatchedQueueSimulator.simulate(SprayScheme.RANDOM, 8, 20_000, 1);
        assertTrue(t.maxBacklog() > 2 * 8 - 2 + 50, t.toString());
    }

    @Test
    void exactRandomChainMatchesSimulation() {
        int n = 3;
        int steps = 40;
        int level = 4;
        double exact = RandomSprayQueueExact.probabilityMaxOccupancyAtMost(n, steps, level);
        int runs = 20_000;
        int within = 0;
        for (int r = 0; r < runs; r++) {
            if (BatchedQueueSimulator.simulate(SprayScheme.RANDOM, n, steps, 1000 + r).maxOccupancy() <= level) {
                within++;
            }
        }
        double tol = 5 * Math.sqrt(exact * (1 - exact) / runs) + 1.0 / runs;
        assertEquals(exact, within / (double) runs, tol);
        // no bound: for a fixed level the probability decays with the horizon
        assertTrue(RandomSprayQueueExact.probabilityMaxOccupancyAtMost(n, 400, level) < exact / 2);
    }

    @Test
    void lindleyHelper() {
        assertEquals(2, BatchedQueueSimulator.maxBacklog(new int[] {0, 2, 2, 0, 0}));
        assertEquals(0, BatchedQueueSimulator.maxBacklog(new int[] {1, 1, 1}));
    }

    @Test
    void badInputs() {
        assertThrows(IllegalArgumentException.class, () -> BatchedQueueSimulator.simulate(SprayScheme.RANDOM, 0, 10, 1));
        assertThrows(IllegalArgumentException.class, () -> RandomSprayQueueExact.probabilityMaxOccupancyAtMost(9, 1, 3));
        assertThrows(IllegalArgumentException.class, () -> ShuffledRoundRobinQueueBound.exhaustiveSearch(0));
    }
}
