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
     * A rate prints exactly: whole gigabits as G, whole megabits with up to three decimals of G, anything
     * else in bps (2^55 bit/s is not whole megabits; three decimals of G would round it).
     */
    @Test
    void aRateThatIsNotWholeMegabitsPrintsInBps() {
        assertEquals("36028797018963968bps", Units.formatRate(1L << 55));
        assertEquals("400G", Units.formatRate(400_000_000_000L));
        assertEquals("0.001G", Units.formatRate(1_000_000L));
        assertEquals("1000bps", Units.formatRate(1_000L));     // printed "0G" before
        assertEquals("1bps", Units.formatRate(1L));
        assertEquals("400000000001bps", Units.formatRate(400_000_000_001L));
    }

    /** Every positive rate round-trips: parseRate(formatRate(r)) == r (random and boundary values, fixed seed). */
    @Test
    void everyRateRoundTripsThroughItsText() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(20261123);
        long[] edges = {1, 999, 1_000, 999_999, 1_000_000, 1_000_001, 999_999_999, Units.GBPS, Units.GBPS + 1,
            1_000_000L * Units.GBPS, Long.MAX_VALUE / 2};
        for (long r : edges) {
            assertEquals(r, Units.parseRate(Units.formatRate(r)), Units.formatRate(r));
        }
        for (int i = 0; i < 10_000; i++) {
            long r = 1 + (random.nextLong() >>> (1 + random.nextInt(62)));
            if (i % 3 == 0) {
                r = r / 1_000_000 * 1_000_000 + 1_000_000;    // whole megabits: the G-with-decimals form
            }
            assertEquals(r, Units.parseRate(Units.formatRate(r)), Units.formatRate(r));
        }
    }
}
