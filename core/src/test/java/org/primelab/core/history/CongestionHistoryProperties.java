package org.primelab.core.history;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.Arrays;
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

    /**
     * The scan of the pick rule against its documented definition, read off the penalties alone: the
     * first path with penalty 0 met from {@code start} (wrapping); if none, the smallest penalty, ties
     * going to the first met. Count-based decay with short penalties makes paths expire on the very
     * send being checked (penalty just reaching 0) and makes equal penalties common, the two boundaries
     * of the rule. {@code isClean} and {@code anyClean} must agree with the penalties at every step.
     */
    @Test
    void scanFollowsTheDocumentedRuleAndCleanMeansPenaltyZero() {
        qt().withFixedSeed(QT_SEED).withExamples(150).forAll(longs().all(), integers().between(1, 7))
                .checkAssert((seed, n) -> {
                    SplittableRandom r = new SplittableRandom(seed);
                    CongestionHistory h = new CongestionHistory(n, CongestionHistory.Config.countBased(2, 5));
                    for (int step = 0; step < 300; step++) {
                        int path = r.nextInt(n);
                        switch (r.nextInt(4)) {
                            case 0 -> h.onEcn(path);
                            case 1 -> h.onNack(path);
                            default -> h.decay(step);
                        }
                        long[] pen = h.penalties();
                        boolean any = false;
                        for (int p = 0; p < n; p++) {
                            assertEquals(pen[p] == 0, h.isClean(p), "isClean(" + p + ") vs penalty " + pen[p]);
                            any |= pen[p] == 0;
                        }
                        assertEquals(any, h.anyClean(), "anyClean with penalties " + Arrays.toString(pen));
                        for (int start = 0; start < n; start++) {
                            assertEquals(documentedScan(pen, start), h.cleanestFrom(start),
                                    "cleanestFrom(" + start + ") with penalties " + Arrays.toString(pen));
                        }
                    }
                });
    }

    private static int documentedScan(long[] penalties, int start) {
        int n = penalties.length;
        int best = -1;
        for (int i = 0; i < n; i++) {
            int p = (start + i) % n;
            if (penalties[p] == 0) {
                return p;
            }
            if (best < 0 || penalties[p] < penalties[best]) {
                best = p;
            }
        }
        return best;
    }

    @Test
    void equalPenaltiesGoToTheFirstPathMetFromTheStart() {
        CongestionHistory h = new CongestionHistory(5, CongestionHistory.Config.countBased(2, 9));
        for (int p = 0; p < 5; p++) {
            h.onNack(p);
        }
        for (int start = 0; start < 5; start++) {
            assertEquals(start, h.cleanestFrom(start), "all tied: the start itself");
        }
        h.decay(0);
        h.onNack(1);          // 1 and 3 now hold 9, the others 8
        h.onNack(3);
        assertEquals(2, h.cleanestFrom(1), "first of the tied smallest after path 1");
        assertEquals(4, h.cleanestFrom(3));
        assertEquals(0, h.cleanestFrom(0));
        assertEquals(4, h.cleanestFrom(4));
    }

    @Test
    void aPathWhosePenaltyJustReachedZeroIsCleanAndPickedFirst() {
        CongestionHistory h = new CongestionHistory(3, CongestionHistory.Config.timeBased(P_ECN, P_NACK));
        h.onEcn(1);
        h.decay(P_ECN / 2);
        h.onEcn(0);                                   // path 0 expires P_ECN / 2 after path 1
        h.decay(P_ECN);                               // path 1 at exactly 0, path 0 at P_ECN / 2
        assertEquals(0, h.penalty(1));
        assertTrue(h.isClean(1), "a penalty that reached 0 is clean");
        assertEquals(1, h.cleanestFrom(1));
        assertEquals(1, h.cleanestFrom(0), "scan from 0 passes the penalized path 0 and takes 1");
        assertEquals(2, h.cleanestFrom(2), "path 2 was never penalized");
    }

    @Test
    void anyCleanIsFalseOnlyWhenEveryPathIsPenalized() {
        CongestionHistory h = new CongestionHistory(3, CongestionHistory.Config.countBased(1, 2));
        assertTrue(h.anyClean());
        h.onNack(0);
        h.onNack(1);
        assertTrue(h.anyClean());
        h.onEcn(2);
        assertFalse(h.anyClean());
        h.decay(0);                                   // 2 expires (P_ECN = 1), 0 and 1 hold 1
        assertTrue(h.anyClean());
        assertEquals("CongestionHistory[1, 1, 0]", h.toString());
    }

    @Test
    void aSinglePathHistoryIsAllowedAndNoneIsNot() {
        CongestionHistory.Config cfg = CongestionHistory.Config.countBased(1, 2);
        assertEquals(1, new CongestionHistory(1, cfg).paths());
        assertSame(cfg, new CongestionHistory(1, cfg).config());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new CongestionHistory(0, cfg));
        assertTrue(e.getMessage().startsWith("paths:"), e.getMessage());
    }

    @Test
    void configRejectsPNackNotAbovePEcn() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CongestionHistory.Config.timeBased(5, 5));
        assertTrue(e.getMessage().startsWith("p-nack"));
    }
}
