package org.primelab.core.entropy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.primelab.core.history.CongestionHistory;
import org.primelab.core.topology.EvLayout;

/**
 * PRIME's send loop (paper Alg. 1 over Alg. 2): the bound of {@code 2·paths - 1} tries, the claim
 * behind it (any window of that many odometer values holds an aligned block, so a clean path is found
 * whatever the generator's phase), the fallback, the decay after the pick, and CO-PRIME.
 */
class PrimeEntropyGeneratorTest {
    private static final long QT_SEED = 15L;
    /** Count-based penalties long enough that nothing expires during a test. */
    private static final CongestionHistory.Config LONG = CongestionHistory.Config.countBased(1_000, 10_000);

    @Test
    void oneCleanPathIsFoundWithoutFallbackFromAnyPhaseOfTheOdometer() {
        qt().withFixedSeed(QT_SEED).withExamples(60)
                .forAll(integers().between(1, 5), integers().between(1, 4), longs().all())
                .checkAssert((l1, l2, seed) -> {
                    EvLayout layout = EvLayout.of(l1, l2);
                    int paths = layout.pathCount();
                    for (int phase = 0; phase < 2 * paths; phase++) {
                        for (int clean = 0; clean < paths; clean++) {
                            PrimeOdometerGenerator odometer = new PrimeOdometerGenerator(layout, new SplittableRandom(seed));
                            for (int i = 0; i < phase; i++) {
                                odometer.next();
                            }
                            CongestionHistory h = new CongestionHistory(paths, LONG);
                            PrimeEntropyGenerator g = new PrimeEntropyGenerator(odometer, h);
                            for (int p = 0; p < paths; p++) {
                                if (p != clean) {
                                    g.onNack(layout.evOfPath(p), 0);
                                }
                            }
                            assertEquals(clean, layout.pathIndex(g.next(0)), "phase " + phase);
                            assertEquals(0, g.fallbacks(), "the bounded loop must reach the clean path");
                            assertTrue(g.skipped() <= 2L * paths - 2, "skipped " + g.skipped());
                        }
                    }
                });
    }

    @Test
    void everyPathPenalizedTriesExactlyTwicePathsMinusOneValuesThenTakesTheSmallestPenalty() {
        qt().withFixedSeed(QT_SEED).withExamples(60)
                .forAll(integers().between(1, 6), integers().between(1, 3), longs().all())
                .checkAssert((l1, l2, seed) -> {
                    EvLayout layout = EvLayout.of(l1, l2);
                    int paths = layout.pathCount();
                    CongestionHistory h = new CongestionHistory(paths, LONG);
                    PrimeEntropyGenerator g = new PrimeEntropyGenerator(
                            new PrimeOdometerGenerator(layout, new SplittableRandom(seed)), h);
                    PrimeOdometerGenerator twin = new PrimeOdometerGenerator(layout, new SplittableRandom(seed));
                    for (int p = 0; p < paths; p++) {
                        g.onNack(layout.evOfPath(p), 0);       // all penalties equal: the tie goes to the last try
                    }
                    int ev = g.next(0);
                    int last = 0;
                    for (int i = 0; i < 2 * paths - 1; i++) {
                        last = twin.next();
                    }
                    assertEquals(last, ev, "the fallback scan starts at the last value tried");
                    assertEquals(2L * paths - 2, g.skipped());
                    assertEquals(1, g.fallbacks());
                    // the next send, still all penalized and tied, continues right after the values consumed
                    int second = g.next(0);
                    for (int i = 0; i < 2 * paths - 1; i++) {
                        last = twin.next();
                    }
                    assertEquals(last, second);
                    assertEquals(2L * (2 * paths - 2), g.skipped());
                });
    }

    @Test
    void decayRunsAfterThePickOncePerSend() {
        EvLayout layout = EvLayout.of(4);
        CongestionHistory h = new CongestionHistory(4, CongestionHistory.Config.timeBased(1_000, 8_000));
        PrimeEntropyGenerator g = new PrimeEntropyGenerator(new PrimeOdometerGenerator(layout, new SplittableRandom(1)), h);
        g.onAck(layout.evOfPath(2), true, 0);
        g.onAck(layout.evOfPath(3), false, 0);        // unmarked ACKs leave the history alone
        assertEquals(1_000, h.penalty(2));
        assertEquals(0, h.penalty(3));
        g.next(400);
        assertEquals(600, h.penalty(2), "the send at 400 ps decays the penalty by 400 ps");
        g.next(900);
        assertEquals(100, h.penalty(2));
        assertEquals(h, g.history());
    }

    @Test
    void coPrimeIsThePlainGeneratorAndIgnoresSignals() {
        EvLayout layout = EvLayout.of(4, 3);
        PrimeEntropyGenerator co = new PrimeEntropyGenerator(new PrimeOdometerGenerator(layout, new SplittableRandom(8)), null);
        PrimeOdometerGenerator plain = new PrimeOdometerGenerator(layout, new SplittableRandom(8));
        assertNull(co.history());
        for (int i = 0; i < 100; i++) {
            int ev = co.next(i);
            assertEquals(plain.next(), ev);
            co.onNack(ev, i);
            co.onAck(ev, true, i);
        }
        assertEquals(0, co.skipped());
        assertEquals(0, co.fallbacks());
    }

    @Test
    void aHistoryOfTheWrongSizeIsRefused() {
        EvLayout layout = EvLayout.of(4, 2);
        PrimeOdometerGenerator odometer = new PrimeOdometerGenerator(layout, new SplittableRandom(1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new PrimeEntropyGenerator(odometer, new CongestionHistory(4, LONG)));
        assertTrue(e.getMessage().startsWith("history:"), e.getMessage());
        assertEquals(8, new PrimeEntropyGenerator(odometer, new CongestionHistory(8, LONG)).history().paths());
    }
}
