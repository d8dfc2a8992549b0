package org.primelab.core.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * {@link Units} exactly at its limits: results of 63 bits (the largest a long holds) are returned, one past
 * is refused; an input text of {@link Units#MAX_TEXT_LENGTH} characters is read, one more is refused; a
 * scaled value of exactly 2^63 is refused rather than saturated.
 */
class UnitsBoundariesTest {
    private static String refusal(org.junit.jupiter.api.function.Executable e) {
        return assertThrows(IllegalArgumentException.class, e).getMessage();
    }

    /** Long.MAX_VALUE ps at 8e12 bit/s (one byte per ps) is exactly Long.MAX_VALUE bytes; one bit/s more is too many. */
    @Test
    void bytesInUpToLongMax() {
        assertEquals(Long.MAX_VALUE, Units.bytesIn(Long.MAX_VALUE, 8_000_000_000_000L));
        assertEquals("bytes: 9223372036854775807 ps at 8000000000001 bit/s carry more bytes than a long holds",
                refusal(() -> Units.bytesIn(Long.MAX_VALUE, 8_000_000_000_001L)));
    }

    /**
     * 1.2e6 bytes at 2 bit/s: 9.6e6 bits * 1e12 ps/s overflows a long (the exact path), the result 4.8e18 ps
     * (63 bits) fits and is returned exactly.
     */
    @Test
    void serializationResultOfSixtyThreeBitsIsReturned() {
        assertEquals(4_800_000_000_000_000_000L, Units.serializationPs(1_200_000, 2));
    }

    /** A 64-character value (zero-padded) is parsed; 65 characters are refused with the length and the limit. */
    @Test
    void textUpToMaxLength() {
        String v64 = "0".repeat(Units.MAX_TEXT_LENGTH - 3) + "1ps";
        assertEquals(64, v64.length());
        assertEquals(1, Units.parseTime(v64));
        assertEquals("time: value of 65 characters is too long (at most 64); expected a number with a unit ps, ns,"
                + " us (or \u00b5s), ms or s (e.g. 600ns, 1.5us)", refusal(() -> Units.parseTime("0" + v64)));
    }

    /**
     * x = 2^63/1000 ns scales to exactly 2^63 ps, one past a long: refused. The next double below scales to
     * a value below 2^63 and is returned as that exact (integral) double.
     */
    @Test
    void scaledValueOfTwoToTheSixtyThreeIsRefused() {
        double x = 0x1p63 / 1000;
        assertEquals(0x1p63, x * 1000);
        assertEquals("ns: must be finite and fit a long in the base unit, got " + x, refusal(() -> Units.ns(x)));
        double below = Math.nextDown(x);
        assertEquals((long) (below * 1000), Units.ns(below));
    }

    /**
     * A rate that is not whole gigabits prints with three decimals: 2^55 bit/s = 36028797.018963968 Gbit/s
     * prints 36028797.019G, not the truncated 36028797G.
     */
    @Test
    void aRateOfFractionalGigabitsKeepsItsDecimals() {
        assertEquals("36028797.019G", Units.formatRate(1L << 55));
        assertEquals("400G", Units.formatRate(400_000_000_000L));
    }
}
