package org.primelab.core.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.longs;

import org.junit.jupiter.api.Test;

/** The RED curve: the paper's three-case form, exactly, and its shape. */
class RedCurveProperties {
    private static final long QT_SEED = 1L;

    /** The three-case definition written out directly (the form of the paper and of RED). */
    private static double threeCase(double q, long kMin, long kMax) {
        if (q <= kMin) {
            return 0.0;
        }
        if (q >= kMax) {
            return 1.0;
        }
        return (q - kMin) / (double) (kMax - kMin);
    }

    @Test
    void equalsTheThreeCaseFormBitForBit() {
        qt().withFixedSeed(QT_SEED).withExamples(2000)
                .forAll(longs().between(0, 10_000_000), longs().between(1, 10_000_000), doubles().between(0, 3e7))
                .checkAssert((kMin, width, q) -> {
                    RedCurve red = new RedCurve(kMin, kMin + width);
                    assertEquals(threeCase(q, kMin, kMin + width), red.probability(q), "q=" + q);
                    // whole-byte occupancies, as the packet simulator's queues hold them
                    long whole = q.longValue();
                    assertEquals(threeCase(whole, kMin, kMin + width), red.probability(whole), "q=" + whole);
                });
    }

    @Test
    void isZeroToKMinLinearToOneAtKMaxAndMonotone() {
        RedCurve red = new RedCurve(250_000, 750_000);
        assertEquals(0.0, red.probability(0));
        assertEquals(0.0, red.probability(250_000));
        assertEquals(0.5, red.probability(500_000));
        assertEquals(1.0, red.probability(750_000));
        assertEquals(1.0, red.probability(5e6));
        double last = 0;
        for (long q = 0; q <= 1_000_000; q += 997) {
            double p = red.probability(q);
            assertTrue(p >= last && p <= 1, "monotone in [0,1] at " + q);
            last = p;
        }
    }

    @Test
    void refusesThresholdsOutOfOrder() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new RedCurve(10, 10));
        assertTrue(e.getMessage().startsWith("ecn:"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new RedCurve(-1, 10));
    }

    /**
     * The accessors give back the thresholds the curve was built from, and they are where the curve's
     * cases change: no marking at {@code kMinBytes()}, some a byte above it, certain marking at
     * {@code kMaxBytes()}, not yet a byte below it.
     */
    @Test
    void accessorsAreTheThresholdsWhereTheCasesChange() {
        RedCurve red = new RedCurve(64_224, 192_672);
        assertEquals(64_224, red.kMinBytes());
        assertEquals(192_672, red.kMaxBytes());
        assertEquals(0.0, red.probability(red.kMinBytes()));
        assertTrue(red.probability(red.kMinBytes() + 1) > 0);
        assertEquals(1.0, red.probability(red.kMaxBytes()));
        assertTrue(red.probability(red.kMaxBytes() - 1) < 1);
    }
}
