package org.primelab.core.history;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.primelab.core.entropy.PrimeEntropyGenerator;
import org.primelab.core.entropy.PrimeOdometerGenerator;
import org.primelab.core.entropy.PrimeRandomPartGenerator;
import org.primelab.core.entropy.MultiPartGenerator;
import org.primelab.core.topology.EvLayout;

/** The congestion history's rules (paper Alg. 1) under random signal sequences. */
class CongestionHistoryProperties {
    private static final long QT_SEED = 1L;
    private static final long P_ECN = 1_000;
    private static final long P_NACK = 8_000;

    @Test
    void ecnNeverRaisesANonZeroPenaltyAndNackSetsPNack() {
        qt().withFixedSeed(QT_SEED).withExamples(200).forAll(longs().all()).checkAssert(seed -> {
            SplittableRandom r = new SplittableRandom(seed);
            CongestionHistory h = new CongestionHistory(8, CongestionHistory.Config.timeBased(P_ECN, P_NACK));
            long now = 0;
            for (int step = 0; step < 500; step++) {
                int path = r.nextInt(8);
                long before = h.penalty(path);
                switch (r.nextInt(3)) {
                    case 0 -> {
                        h.onEcn(path);
                        assertEquals(before == 0 ? P_ECN : before, h.penalty(path), "ECN rule");
                    }
                    case 1 -> {
                        h.onNack(path);
                        assertEquals(P_NACK, h.penalty(path), "NACK rule");
                    }
                    default -> {
                        now += r.nextInt(400);
                        h.decay(now);
                    }
                }
            }
        });
    }

    @Test
    void lazyDecayEqualsEagerSubtractionWithFloor() {
        qt().withFixedSeed(QT_SEED).withExamples(200).forAll(longs().all(), integers().between(0, 1))
                .checkAssert((seed, mode) -> {
                    SplittableRandom r = new SplittableRandom(seed);
                    boolean count = mode == 1;
                    CongestionHistory.Config cfg = count ? CongestionHistory.Config.countBased(3, 12)
                            : CongestionHistory.Config.timeBased(P_ECN, P_NACK);
                    CongestionHistory h = new CongestionHistory(6, cfg);
                    long[] eager = new long[6];
                    long now = 0;
                    long lastSend = 0;
                    for (int step = 0; step < 400; step++) {
                        int path = r.nextInt(6);
                        switch (r.nextInt(3)) {
                            case 0 -> {
                                h.onEcn(path);
                                if (eager[path] == 0) {
                                    eager[path] = cfg.ecnPenalty();
                                }
                            }
                            case 1 -> {
                                h.onNack(path);
                                eager[path] = cfg.nackPenalty();
                            }
                            default -> {
                                now += r.nextInt(500);
                                long d = count ? 1 : now - lastSend;
                                lastSend = now;
                                for (int i = 0; i < 6; i++) {
                                    eager[i] = Math.max(0, eager[i] - d);
                                }
                                h.decay(now);
                            }
                        }
                        assertArrayEquals(eager, h.penalties(), "step " + step);
                    }
                });
    }

    @Test
    void withoutNewSignalsEveryPenaltyReachesZero() {
        CongestionHistory h = new CongestionHistory(4, CongestionHistory.Config.countBased(2, 5));
        h.onNack(0);
        h.onEcn(1);
        h.onNack(3);
        for (int i = 0; i < 5; i++) {
            assertTrue(!h.isClean(0));
            h.decay(0);
        }
        for (int p = 0; p < 4; p++) {
            assertEquals(0, h.penalty(p), "path " + p + " after P_NACK sends");
        }
        CongestionHistory t = new CongestionHistory(4, CongestionHistory.Config.timeBased(P_ECN, P_NACK));
        t.onNack(2);
        t.decay(P_NACK - 1);
        assertEquals(1, t.penalty(2));
        t.decay(P_NACK);
        assertEquals(0, t.penalty(2));
    }

    @Test
    void pickNeverTakesAPenalizedPathWhileACleanOneExists() {
        qt().withFixedSeed(QT_SEED).withExamples(200)
                .forAll(integers().between(2, 6), integers().between(1, 4), longs().all(), integers().between(0, 1))
                .checkAssert((l1, l2, seed, variant) -> {
                    EvLayout layout = EvLayout.of(l1, l2);
                    SplittableRandom r = new SplittableRandom(seed);
                    CongestionHistory h = new CongestionHistory(layout.pathCount(),
                            CongestionHistory.Config.countBased(3, 11));
                    MultiPartGenerator mp = variant == 0
                            ? new PrimeOdometerGenerator(layout, new SplittableRandom(seed))
                            : new PrimeRandomPartGenerator(layout, new SplittableRandom(seed));
                    PrimeEntropyGenerator g = new PrimeEntropyGenerator(mp, h);
                    for (int step = 0; step < 600; step++) {
                        int ev = layout.evOfPath(r.nextInt(layout.pathCount()));
                        int s = r.nextInt(4);
                        if (s == 0) {
                            g.onAck(ev, true, step);
                        } else if (s == 1) {
                            g.onNack(ev, step);
                        } else {
                            long[] before = h.penalties();
                            boolean anyClean = false;
                            long min = Long.MAX_VALUE;
                            for (long p : before) {
                                anyClean |= p == 0;
                                min = Math.min(min, p);
                            }
                            int picked = layout.pathIndex(g.next(step));
                            if (anyClean) {
                                assertEquals(0, before[picked], "picked a penalized path while a clean one existed");
                            } else {
                                assertEquals(min, before[picked], "all penalized: must take the smallest penalty");
                            }
                        }
                    }
                });
    }

    @Test
    void allPenalizedTakesTheSmallest() {
        EvLayout layout = EvLayout.of(4);
        CongestionHistory h = new CongestionHistory(4, CongestionHistory.Config.countBased(2, 9));
        PrimeEntropyGenerator g = new PrimeEntropyGenerator(new PrimeOdometerGenerator(layout, new SplittableRandom(5)), h);
        g.onNack(0, 0);
        g.onNack(1, 0);
        g.onNack(3, 0);
        h.decay(0);          // NACKed paths at 8
        g.onAck(2, true, 0); // path 2 at P_ECN = 2
        assertEquals(2, layout.pathIndex(g.next(0)));
        assertEquals(1, g.fallbacks());
    }

    @Test
    void configRejectsPNackNotAbovePEcn() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CongestionHistory.Config.timeBased(5, 5));
        assertTrue(e.getMessage().startsWith("p-nack"));
    }
}
