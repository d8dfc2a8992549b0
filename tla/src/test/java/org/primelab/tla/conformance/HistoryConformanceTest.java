package org.primelab.tla.conformance;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.primelab.tla.TlcRunner;

/**
 * Core's PRIME sender (Alg. 1 over the Alg. 2 odometer) replayed against {@code PrimeHistory.tla} over
 * many seeded random traces, for the catalog's constants and larger ones TLC could not enumerate; and
 * the check shown to fail on broken senders and on a mutated spec.
 */
class HistoryConformanceTest {

    static Stream<HistoryModel.Constants> constants() {
        return Stream.of(
                HistoryModel.Constants.fromCfg(TlcRunner.resourceText("PrimeHistory.cfg")),
                HistoryModel.Constants.fromCfg(TlcRunner.resourceText("PrimeHistory2x2.cfg")),
                HistoryModel.Constants.prime(4, 1, 2, 5, new int[] {1}, 2),
                HistoryModel.Constants.prime(2, 3, 1, 4, new int[] {1, 2, 3}, 2),
                HistoryModel.Constants.prime(3, 3, 2, 6, new int[] {1, 2}, 3),
                HistoryModel.Constants.prime(3, 2, 3, 9, new int[] {2, 5}, 1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("constants")
    void coreConformsToTheSpec(HistoryModel.Constants c) {
        HistoryConformance.Report r = HistoryConformance.check(c, seed -> new CoreSender(c, seed), 1000, 300, 400);
        assertTrue(r.conforms(), r.failure());
        assertTrue(r.sends() > 300 * 100, "traces send: " + r);
        assertTrue(r.fallbacks() > 0, "traces reach the all-penalized fallback: " + r);
        assertTrue(r.penalizedSends() > r.sends() / 10, "traces pick under penalties: " + r);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BrokenSenders.Bug.class)
    void brokenSendersAreRejected(BrokenSenders.Bug bug) {
        HistoryModel.Constants c = HistoryModel.Constants.prime(3, 1, 1, 3, new int[] {1, 2}, 1);
        HistoryConformance.Report r = HistoryConformance.check(c, seed -> BrokenSenders.of(bug, c, seed), 1, 300,
                400);
        assertFalse(r.conforms(), bug + " must be caught: " + r);
    }

    @Test
    void coreIsRejectedByTheMutantSpecs() {
        for (String mutation : new String[] {"EcnRepenalizes", "BlindPick"}) {
            HistoryModel.Constants mutant = new HistoryModel.Constants(3, 1, 1, 3, new int[] {1}, 1, mutation);
            HistoryModel.Constants prime = HistoryModel.Constants.prime(3, 1, 1, 3, new int[] {1}, 1);
            HistoryConformance.Report r = HistoryConformance.check(mutant, seed -> new CoreSender(prime, seed), 1,
                    300, 400);
            assertFalse(r.conforms(), mutation);
        }
    }

    @Test
    void sameSeedSameReport() {
        HistoryModel.Constants c = HistoryModel.Constants.prime(2, 2, 1, 3, new int[] {1, 2}, 2);
        HistoryConformance.Report a = HistoryConformance.check(c, seed -> new CoreSender(c, seed), 7, 20, 200);
        HistoryConformance.Report b = HistoryConformance.check(c, seed -> new CoreSender(c, seed), 7, 20, 200);
        assertTrue(a.equals(b), a + " vs " + b);
    }
}
