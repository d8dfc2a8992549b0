package org.primelab.core.entropy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** REPS's recycling and freezing, step by step (docs/references.md, "REPS"). */
class RepsGeneratorTest {
    private static final int SPACE = 1 << 16;
    private static final long EXIT = 1_000;
    private static final int EXPLORE = 3;

    private static RepsGenerator reps() {
        return new RepsGenerator(SPACE, EXIT, EXPLORE, new SplittableRandom(9));
    }

    @Test
    void emptyBufferSpraysRandomly() {
        RepsGenerator g = reps();
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            seen.add(g.next(0));
        }
        assertTrue(seen.size() > 45, "first window should be random EVs, got " + seen.size() + " distinct");
    }

    @Test
    void unmarkedAcksAreReusedOldestFirstAndMarkedOnesDropped() {
        RepsGenerator g = reps();
        g.onAck(100, false, 0);
        g.onAck(200, true, 0);   // dropped
        g.onAck(300, false, 0);
        g.onAck(400, false, 0);
        assertEquals(3, g.validEntries());
        assertEquals(100, g.next(0));
        assertEquals(300, g.next(0));
        assertEquals(400, g.next(0));
        assertEquals(0, g.validEntries());
        int random = g.next(0);
        assertFalse(random == 100 || random == 300 || random == 400, "empty buffer must spray randomly");
    }

    @Test
    void ninthAckOverwritesTheOldestEntry() {
        RepsGenerator g = reps();
        for (int i = 1; i <= 9; i++) {
            g.onAck(i * 10, false, 0);
        }
        assertEquals(8, g.validEntries());
        for (int i = 2; i <= 9; i++) {
            assertEquals(i * 10, g.next(0), "EV " + i * 10 + " expected in age order");
        }
    }

    @Test
    void timeoutFreezesCyclingTheBufferThenExitExploresAndClears() {
        RepsGenerator g = reps();
        g.onAck(11, false, 0);
        g.onAck(22, false, 0);
        g.onTimeout(100);
        assertTrue(g.isFrozen());
        // Frozen: cycle through written entries, valid or not, no random exploration.
        assertEquals(11, g.next(200));
        assertEquals(22, g.next(200));
        assertEquals(11, g.next(300));
        assertEquals(22, g.next(300));
        // Exit at 100 + EXIT: buffer cleared, EXPLORE random EVs, then random (empty buffer).
        int a = g.next(100 + EXIT);
        assertFalse(g.isFrozen());
        assertEquals(0, g.validEntries());
        assertNotEquals(11, a);
        g.onAck(33, false, 100 + EXIT);
        for (int i = 1; i < EXPLORE; i++) {
            int e = g.next(100 + EXIT);
            assertNotEquals(33, e, "still exploring");
        }
        assertEquals(33, g.next(100 + EXIT), "after exploring, recycled EVs are used again");
    }

    @Test
    void frozenWithNothingWrittenFallsBackToRandom() {
        RepsGenerator g = reps();
        g.onTimeout(0);
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < 20; i++) {
            seen.add(g.next(1));
        }
        assertTrue(seen.size() > 15);
    }

    @Test
    void frozenSendsConsumeValidEntriesAndKeepTheCyclePosition() {
        RepsGenerator g = reps();
        g.onTimeout(0);
        g.next(1);                                  // nothing written: random, the cursor makes one full turn
        g.onAck(11, false, 1);
        g.onAck(22, false, 1);
        assertEquals(2, g.validEntries());
        assertEquals(11, g.next(2), "the cycle resumes at the slot it started from");
        assertEquals(1, g.validEntries(), "a recycled entry is used up even while frozen");
        assertEquals(22, g.next(2));
        assertEquals(0, g.validEntries());
        assertEquals(11, g.next(2), "frozen: used entries are sent again");
        assertEquals(0, g.validEntries());
    }

    @Test
    void leavingFreezingClearsEveryEntrySoNewAcksRefillTheWholeBuffer() {
        RepsGenerator g = new RepsGenerator(SPACE, EXIT, 0, new SplittableRandom(4));
        for (int i = 1; i <= 8; i++) {
            g.onAck(i, false, 0);
        }
        g.onTimeout(0);
        g.next(EXIT);                               // leaves freezing: no exploration configured
        assertFalse(g.isFrozen());
        assertEquals(0, g.validEntries());
        for (int i = 1; i <= 8; i++) {
            g.onAck(100 + i, false, EXIT);
        }
        assertEquals(8, g.validEntries(), "every slot counts as new");
        for (int i = 1; i <= 8; i++) {
            assertEquals(100 + i, g.next(EXIT));
        }
    }

    @Test
    void explorationSendsFreshRandomValuesFromTheWholeSpace() {
        int explore = 40;
        RepsGenerator g = new RepsGenerator(SPACE, EXIT, explore, new SplittableRandom(5));
        g.onTimeout(0);
        g.next(EXIT);
        Set<Integer> seen = new HashSet<>();
        seen.add(g.next(EXIT));
        for (int i = 2; i < explore; i++) {
            seen.add(g.next(EXIT));
        }
        assertTrue(seen.size() > explore - 3, "exploration should draw random EVs, got " + seen);
    }

    @Test
    void parametersAtTheirLimits() {
        RepsGenerator one = new RepsGenerator(1, 1, 0, new SplittableRandom(1));
        assertEquals(0, one.next(0), "an EV space of one value");
        org.primelab.core.topology.FatTreeTest.assertMessage("ev-space:", () -> new RepsGenerator(0, 1, 0, new SplittableRandom(1)));
        org.primelab.core.topology.FatTreeTest.assertMessage("reps-exit-freeze:", () -> new RepsGenerator(1, 0, 0, new SplittableRandom(1)));
        org.primelab.core.topology.FatTreeTest.assertMessage("reps-explore:", () -> new RepsGenerator(1, 1, -1, new SplittableRandom(1)));
    }
}
