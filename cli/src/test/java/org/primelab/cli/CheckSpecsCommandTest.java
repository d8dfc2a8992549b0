package org.primelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@code prime check-specs}: real TLC runs on small models (the full catalog runs in the tla module's
 * tests), the exit status on an unexpected verdict, and the bad-input contract (one line, exit 2).
 */
class CheckSpecsCommandTest {

    @Test
    void passingModelAndViolatedMutantAreBothAsExpected() {
        EvCommandTest.Run r = EvCommandTest.run("check-specs", "--model", "PrimeEntropy2x2", "--model",
                "PrimeHistoryMutantBlindPick", "--json");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("\"model\":\"PrimeEntropy2x2\",\"kind\":\"PRIME\""), r.out());
        assertTrue(r.out().contains("\"verdict\":\"PASSED\""), r.out());
        assertTrue(r.out().contains("\"verdict\":\"SAFETY_VIOLATED\",\"violated\":\"NoPenalizedPickWhileClean\""),
                r.out());
        assertTrue(r.out().contains("\"all_as_expected\":true"), r.out());
        assertEquals(1, r.out().strip().lines().count(), "one JSON object");
    }

    @Test
    void textTableWithTrace() {
        EvCommandTest.Run r = EvCommandTest.run("check-specs", "--model", "BitmapContrastBeforeScan", "--trace");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("BitmapContrastBeforeScan"), r.out());
        assertTrue(r.out().contains("counterexample:"), r.out());
        assertTrue(r.out().contains("1: <Initial predicate>"), r.out());
        assertTrue(r.out().contains("every verdict as expected"), r.out());
    }

    @Test
    void unexpectedVerdictExitsOne() {
        // One second is far too short for this model: TLC is stopped, the verdict is ERROR, not PASSED.
        EvCommandTest.Run r = EvCommandTest.run("check-specs", "--model", "PrimeHistoryQuietFairness", "--timeout", "1");
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("ERROR") && r.out().contains("timed out"), r.out());
        assertTrue(r.out().contains("1 UNEXPECTED"), r.out());
    }

    @Test
    void badInputIsOneLineAndExitTwo() {
        String[][] bad = {
            {"check-specs", "--model", "Nope"},
            {"check-specs", "--timeout", "0"},
            {"check-specs", "--timeout", "many"},
        };
        for (String[] args : bad) {
            EvCommandTest.Run r = EvCommandTest.run(args);
            assertEquals(2, r.code(), String.join(" ", args));
            assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
            assertTrue(r.out().isEmpty(), "no output on error: " + r.out());
        }
    }
}
