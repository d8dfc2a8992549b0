package org.primelab.analytical.balls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.math3.fraction.BigFraction;
import org.junit.jupiter.api.Test;

/**
 * The exact calculator's domain and degenerate values: {@code P(max <= k) = 0} for {@code k < 0} and for
 * {@code k n < m} (pigeonhole), 1 for {@code k >= m}; arguments outside {@code [0, MAX_BALLS] x [1, MAX_BINS]}
 * are rejected by every entry point, and the limits themselves are accepted.
 */
class RationalMaxLoadContractTest {
    private final RationalMaxLoadCalculator rational = new RationalMaxLoadCalculator();

    @Test
    void degenerateProbabilitiesAreExact() {
        assertEquals(BigFraction.ZERO, rational.probabilityAtMost(3, 3, -1));
        assertEquals(BigFraction.ZERO, rational.probabilityAtMost(7, 3, 2), "pigeonhole: 3 bins of 2 hold 6 < 7");
        assertEquals(BigFraction.ONE, rational.probabilityAtMost(7, 3, 7));
        assertEquals(BigFraction.ZERO, rational.expectedMax(0, 5));
        // 2 balls in n bins: the max is 1 unless both share a bin, probability 1/n
        assertEquals(new BigFraction(6, 5), rational.expectedMax(2, 5));
    }

    /** The documented limits are inclusive ({@code balls <= MAX_BALLS}, {@code bins <= MAX_BINS}). */
    @Test
    void limitsAreInclusive() {
        int maxBalls = RationalMaxLoadCalculator.MAX_BALLS;
        int maxBins = RationalMaxLoadCalculator.MAX_BINS;
        assertEquals(BigFraction.ZERO, rational.probabilityAtMost(maxBalls, 1, 0));
        assertEquals(BigFraction.ZERO, rational.probabilityAtMost(1, maxBins, 0));
        assertThrows(IllegalArgumentException.class, () -> rational.probabilityAtMost(maxBalls + 1, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> rational.probabilityAtMost(1, maxBins + 1, 0));
    }

    /** Every public entry point rejects a negative ball count or zero bins with a message naming the field. */
    @Test
    void everyEntryPointChecksItsArguments() {
        assertField("balls:", () -> rational.maxLoad(-1, 4));
        assertField("balls:", () -> rational.expectedMax(-1, 4));
        assertField("bins:", () -> rational.expectedMax(0, 0));
        assertField("bins:", () -> rational.probabilityAtMost(5, 0, 2));
        assertField("balls:", () -> rational.probabilityAtMost(-2, 3, -1));
    }

    static void assertField(String field, org.junit.jupiter.api.function.Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().startsWith(field), e.getMessage());
    }
}
