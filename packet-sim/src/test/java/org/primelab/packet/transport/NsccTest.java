package org.primelab.packet.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.primelab.core.cc.NsccParameters;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;

/**
 * NSCC's per-ACK rules against exact oracles from the documented formulas ({@link Nscc},
 * {@link NsccParameters}). The reference network (100 Gb/s, 12 us) makes the scaling factors round:
 * with a network RTT of 12 us at 100 Gb/s, {@code a = 1}; with a 9 us target, {@code b = 0.75}.
 */
class NsccTest {
    private static final long US = Units.PS_PER_US;
    private static final int MTU = 4160;
    private static final int MSS = 4096;
    private static final long TARGET = 9 * US;
    /** Network RTT 12 us, 100 Gb/s: a = 1, b = 0.75. */
    private static final NsccParameters P =
            new NsccParameters(12 * US, 100 * Units.GBPS, MTU, 64, TARGET, 3);
    /** A flow whose own base RTT is 6 us: max window 1.5 x 6 us x 12.5 GB/s = 112,500 B. */
    private static final long BASE = 6 * US;
    private static final long W0 = 100_000;
    /** More than the 8-MTU adjustment threshold (33,280 B): the pending increase is applied at once. */
    private static final long BIG_ACK = 40_000;

    private static Nscc fresh() {
        return new Nscc(P, BASE, 100 * Units.GBPS, W0);
    }

    @Test
    void gainsFollowTheDocumentedFormulas() {
        assertEquals(150_000, NsccParameters.referenceBdpBytes());
        assertEquals(1.0, P.scalingA(), 1e-12);
        assertEquals(0.75, P.scalingB(), 1e-12);
        assertEquals(5.0 * MSS, P.fairIncreaseBytes(), 1e-9);
        assertEquals(4.0 * MSS * 0.75 / TARGET, P.proportionalGainPerPs(), 1e-18);
        assertEquals(0.25, P.fastIncreaseScale(), 1e-12);
        assertEquals(0.15 * MSS, P.etaBytes(), 1e-9);
        assertEquals(36 * US, P.quickAdaptDelayPs());
        assertEquals(8L * MTU, P.adjustBytes());
        assertEquals(112_500, fresh().maxWindowBytes());
    }

    @Test
    void derivedFromTheFabricAsHtsimDerivesThem() {
        FabricParameters f = FabricParameters.paperDefaults(FatTree.twoTier(16));
        NsccParameters p = NsccParameters.of(f);
        assertEquals(f.baseRttPs(), p.networkRttPs());
        assertEquals(Math.round(0.75 * f.baseRttPs()), p.targetDelayPs());
        assertEquals(f.bdpBytes(), p.networkBdpBytes());
        assertEquals(f.bdpBytes() / 150_000.0, p.scalingA(), 1e-12);
        assertEquals(4096, p.mssBytes());
        assertEquals(3, p.quickAdaptGate());
    }

    @Test
    void unmarkedAboveTargetIsFairIncrease() {
        Nscc cc = fresh();
        cc.onAckSample(BIG_ACK, false, BASE + TARGET, 0, US);
        assertEquals(W0 + 5.0 * MSS * BIG_ACK / W0, cc.window(), 1e-9);   // + 8192 B
    }

    @Test
    void unmarkedBelowTargetIsProportionalIncrease() {
        Nscc cc = fresh();
        long d = 3 * US;
        cc.onAckSample(BIG_ACK, false, BASE + d, 0, US);
        double alpha = 4.0 * MSS * 0.75 / TARGET;
        assertEquals(W0 + alpha * BIG_ACK * (TARGET - d) / W0, cc.window(), 1e-9);   // + 3276.8 B
    }

    @Test
    void proportionalIncreaseShrinksAsTheDelayNearsTheTarget() {
        double previous = Double.MAX_VALUE;
        for (long d = US; d < TARGET; d += US) {
            Nscc cc = fresh();
            cc.onAckSample(BIG_ACK, false, BASE + d, 0, US);
            double gain = cc.window() - W0;
            assertTrue(gain > 0 && gain < previous, "delay " + d + ": gain " + gain);
            previous = gain;
        }
    }

    @Test
    void markedAboveTargetIsMultiplicativeDecreaseByTheAverageDelay() {
        Nscc cc = fresh();
        long d = 900 * US;               // one sample moves the average to 0.0125 x 900 us = 11.25 us > T
        cc.onAckSample(MTU, true, BASE + d, 0, 7 * US);   // more than one base RTT after time 0
        double avg = 0.0125 * d;
        assertEquals(avg, cc.averageDelayPs(), 1e-6);
        double factor = 1 - 0.8 * (avg - TARGET) / avg;     // 0.84
        assertEquals(0.84, factor, 1e-12);
        assertEquals(W0 * factor, cc.window(), 1e-9);
    }

    @Test
    void multiplicativeDecreaseAtMostOncePerBaseRtt() {
        Nscc cc = fresh();
        cc.onAckSample(MTU, true, BASE + 900 * US, 0, 7 * US);
        double afterFirst = cc.window();
        cc.onAckSample(MTU, true, BASE + 900 * US, 0, 8 * US);
        assertEquals(afterFirst, cc.window(), 1e-9);
        cc.onAckSample(MTU, true, BASE + 900 * US, 0, 14 * US);
        assertTrue(cc.window() < afterFirst);
    }

    @Test
    void decreaseNeverCutsMoreThanHalf() {
        Nscc cc = fresh();
        double avg = 0.0125 * 100_000 * US;
        cc.onAckSample(MTU, true, BASE + 100_000 * US, 0, 7 * US);
        assertTrue(1 - 0.8 * (avg - TARGET) / avg < 0.5);
        assertEquals(W0 * 0.5, cc.window(), 1e-9);
    }

    @Test
    void markedBelowTargetLeavesTheWindowAlone() {
        Nscc cc = fresh();
        cc.onAckSample(BIG_ACK, true, BASE + 3 * US, 0, US);
        assertEquals(W0, cc.window(), 0.0);
        assertEquals(0.0, cc.pendingIncrease(), 0.0);
    }

    @Test
    void markedAboveTargetWithALowAverageDoesNotDecrease() {
        Nscc cc = fresh();
        cc.onAckSample(BIG_ACK, true, BASE + TARGET, 0, 7 * US);   // average 0.0125 T < T
        assertEquals(W0, cc.window(), 0.0);
    }

    @Test
    void fastIncreaseAfterAWindowOfNearZeroDelay() {
        Nscc cc = new Nscc(P, BASE, 100 * Units.GBPS, 10_000);
        long d = US / 2;
        cc.onAckSample(MTU, false, BASE + d, 0, US);       // counted 4160 <= 10000: proportional, pending
        cc.onAckSample(MTU, false, BASE + d, 0, US);       // 8320: pending
        assertEquals(10_000, cc.window(), 0.0);
        cc.onAckSample(MTU, false, BASE + d, 0, US);       // 12480 > 10000: fast increase by 0.25 a per byte
        assertEquals(10_000 + 0.25 * MTU, cc.window(), 1e-9);
        cc.onAckSample(MTU, false, BASE + d, 0, US);
        assertEquals(10_000 + 0.5 * MTU, cc.window(), 1e-9);
    }

    @Test
    void etaIsAddedOncePerNetworkRtt() {
        Nscc cc = fresh();
        cc.onAckSample(MTU, true, BASE + US, 0, 13 * US);   // marked below target: only the period's eta
        assertEquals(W0 + 0.15 * MSS, cc.window(), 1e-9);
        cc.onAckSample(MTU, true, BASE + US, 0, 14 * US);
        assertEquals(W0 + 0.15 * MSS, cc.window(), 1e-9);
        cc.onAckSample(MTU, true, BASE + US, 0, 26 * US);
        assertEquals(W0 + 0.3 * MSS, cc.window(), 1e-9);
    }

    @Test
    void nackRemovesTheTrimmedBytes() {
        Nscc cc = fresh();
        cc.onAckSample(MTU, true, BASE + US, 0, US);        // opens the first quick-adapt period
        cc.onNackSample(MTU, BASE + 2 * US, 50_000, 2 * US);
        assertEquals(W0 - MTU, cc.window(), 1e-9);
        // the NACK is a delay sample of one network RTT (12 us) after the ACK's 1 us
        assertEquals(0.0125 * 12 * US + 0.9875 * 0.0125 * US, cc.averageDelayPs(), 1e-6);
    }

    @Test
    void quickAdaptSetsTheWindowToWhatWasDeliveredThenIgnoresStaleMarks() {
        Nscc cc = fresh();
        cc.onAckSample(MTU, true, BASE + US, 0, US);         // period ends at 1 + 6 + 9 = 16 us
        cc.onNackSample(MTU, BASE + 2 * US, 50_000, 2 * US);  // requests quick adapt
        assertEquals(W0 - MTU, cc.window(), 1e-9);
        cc.onAckSample(MTU, false, BASE + US, 40_000, 17 * US);   // 4160 B achieved < 112500 >> 3
        assertEquals(MTU, cc.window(), 1e-9);
        cc.onAckSample(MTU, true, BASE + 900 * US, 36_000, 30 * US);  // within the 40,000 ignored bytes
        assertEquals(MTU, cc.window(), 1e-9);
    }

    @Test
    void quickAdaptNeedsLowAchievedBytes() {
        Nscc cc = fresh();
        cc.onAckSample(MTU, true, BASE + US, 0, US);
        cc.onNackSample(MTU, BASE + 2 * US, 50_000, 2 * US);
        cc.onAckSample(20_000, true, BASE + US, 50_000, 3 * US);      // 20,000 achieved > 112500 >> 3
        cc.onAckSample(MTU, true, BASE + US, 40_000, 17 * US);   // no quick adapt; the period's eta
        assertEquals(W0 - MTU + 0.15 * MSS, cc.window(), 1e-9);
    }

    @Test
    void aLowerRttSampleLowersTheBaseRttAndTheMaximumWindow() {
        Nscc cc = Nscc.atMaxWindow(P, 12 * US, 100 * Units.GBPS);
        assertEquals(225_000, cc.windowBytes());
        cc.onAckSample(MTU, true, 4 * US, 0, US);
        assertEquals(4 * US, cc.baseRttPs());
        assertEquals(75_000, cc.maxWindowBytes());
        assertEquals(75_000, cc.windowBytes());
    }

    @Test
    void timeoutFallsToOneMtu() {
        Nscc cc = fresh();
        cc.onTimeout(US);
        assertEquals(MTU, cc.windowBytes());
    }

    @Test
    void refusesAWindowOutsideItsBounds() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Nscc(P, BASE, 100 * Units.GBPS, 200_000));
        assertTrue(e.getMessage().startsWith("cwnd: "), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> new NsccParameters(12 * US, 100 * Units.GBPS, MTU, 64, 0, 3));
        assertTrue(e.getMessage().startsWith("nscc-target-delay: "), e.getMessage());
    }

    /** Replays a random event script on {@code cc}; returns a digest of the window after every event. */
    private static long replay(Nscc cc, long seed, int events) {
        SplittableRandom r = new SplittableRandom(seed);
        long now = 0;
        long digest = 17;
        for (int i = 0; i < events; i++) {
            now += r.nextLong(1, 3 * US);
            int kind = r.nextInt(20);
            long rtt = BASE / 2 + r.nextLong(0, 60 * US);
            if (kind == 0) {
                cc.onNackSample(MTU, rtt, r.nextLong(0, 200_000), now);
            } else if (kind == 1 && r.nextInt(10) == 0) {
                cc.onTimeout(now);
            } else {
                cc.onAckSample(r.nextLong(0, 5L * MTU), r.nextBoolean(),
                        r.nextInt(8) == 0 ? CongestionControl.NO_RTT_SAMPLE : rtt, r.nextLong(0, 200_000), now);
            }
            assertTrue(cc.window() >= MTU && cc.window() <= cc.maxWindowBytes(),
                    "event " + i + ": window " + cc.window() + " outside [" + MTU + ", " + cc.maxWindowBytes() + "]");
            digest = digest * 31 + Double.doubleToLongBits(cc.window());
        }
        return digest;
    }

    @Test
    void windowStaysWithinItsBoundsUnderAnyEventSequence() {
        qt().withFixedSeed(20250811L).withExamples(200)
                .forAll(longs().all(), integers().between(MTU, 112_500))
                .checkAssert((seed, w0) -> replay(new Nscc(P, BASE, 100 * Units.GBPS, w0), seed, 400));
    }

    @Test
    void deterministic() {
        assertEquals(replay(fresh(), 42, 5_000), replay(fresh(), 42, 5_000));
    }
}
