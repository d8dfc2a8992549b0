package org.primelab.core.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/**
 * {@link Units#serializationPs} at the extremes of the rate: the exact ceiling of
 * {@code bytes * 8 * 10^12 / rate}, also for rates near {@code Long.MAX_VALUE}, where rounding up by
 * {@code (num + rate - 1) / rate} overflowed to 0 (a zero-length step made the fluid model's estimate
 * infinite).
 */
class SerializationExtremesTest {
    private static long exactCeiling(long bytes, long rate) {
        BigInteger[] qr = BigInteger.valueOf(bytes).multiply(BigInteger.valueOf(8L * Units.PS_PER_S))
                .divideAndRemainder(BigInteger.valueOf(rate));
        return qr[0].add(qr[1].signum() == 0 ? BigInteger.ZERO : BigInteger.ONE).longValueExact();
    }

    @Test
    void theLargestRateStillTakesAPicosecondPerMtu() {
        assertEquals(1, Units.serializationPs(4160, Long.MAX_VALUE));
        assertEquals(0, Units.serializationPs(0, Long.MAX_VALUE));
    }

    @Test
    void everyRateGivesTheExactCeiling() {
        qt().withFixedSeed(0x5345_5249L).withExamples(2_000)
                .forAll(longs().between(0, 1L << 20), longs().between(1, Long.MAX_VALUE))
                .checkAssert((bytes, rate) -> assertEquals(exactCeiling(bytes, rate), Units.serializationPs(bytes, rate),
                        bytes + " B at " + rate + " bit/s"));
    }
}
