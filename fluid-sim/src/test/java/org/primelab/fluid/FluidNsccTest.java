package org.primelab.fluid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.primelab.core.cc.NsccParameters;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;

/**
 * The fluid NSCC: each quadrant's direction and amount (exact oracles from the formulas for a quantum
 * that is all marked or all unmarked), and a lone flow on an idle path, in a closed loop with its
 * bottleneck, reaching and holding line rate.
 */
class FluidNsccTest {
    private static final long US = Units.PS_PER_US;
    private static final int MTU = 4160;
    private static final int MSS = 4096;
    private static final long TARGET = 9 * US;
    /** Network RTT 12 us at 100 Gb/s: scaling a = 1, b = 0.75. */
    private static final NsccParameters P = new NsccParameters(12 * US, 100 * Units.GBPS, MTU, 64, TARGET, 3);
    private static final long BASE = 6 * US;
    private static final double W0 = 100_000;
    private static final double BIG = 40_000;

    private static FluidNscc fresh() {
        return new FluidNscc(P, BASE, 100 * Units.GBPS, W0, 4.0 * MTU);
    }

    @Test
    void unmarkedAboveTargetIsFairIncrease() {
        FluidNscc cc = fresh();
        cc.onAcked(BIG, 0, BASE + TARGET, 0, US);
        assertEquals(W0 + 5.0 * MSS * BIG / W0, cc.window(), 1e-9);
    }

    @Test
    void unmarkedBelowTargetIsProportionalIncrease() {
        FluidNscc cc = fresh();
        cc.onAcked(BIG, 0, BASE + 3 * US, 0, US);
        assertEquals(W0 + 4.0 * MSS * 0.75 / TARGET * BIG * (6 * US) / W0, cc.window(), 1e-9);
    }

    @Test
    void partlyMarkedIncreasesOnlyByTheUnmarkedBytes() {
        FluidNscc cc = fresh();
        cc.onAcked(BIG, 0.25, BASE + 3 * US, 0, US);
        assertEquals(W0 + 4.0 * MSS * 0.75 / TARGET * 0.75 * BIG * (6 * US) / W0, cc.window(), 1e-9);
    }

    @Test
    void markedAboveTargetIsMultiplicativeDecreaseByTheAverageDelay() {
        FluidNscc cc = fresh();
        cc.onAcked(4.0 * MTU, 1, BASE + 900 * US, 0, 7 * US);    // one ACK: average 0.0125 x 900 us
        assertEquals(0.0125 * 900 * US, cc.averageDelayPs(), 1e-3);
        assertEquals(W0 * 0.84, cc.window(), 1e-6);
    }

    @Test
    void markedBelowTargetLeavesTheWindowAlone() {
        FluidNscc cc = fresh();
        cc.onAcked(BIG, 1, BASE + 3 * US, 0, US);
        assertEquals(W0, cc.window(), 0.0);
    }

    @Test
    void aDecreaseWaitsForTheExpectedFirstMarkedAck() {
        FluidNscc cc = fresh();
        cc.onAcked(4.0 * MTU, 1, BASE + 900 * US, 0, 7 * US);     // one ACK, marked: the first cut
        double afterFirst = cc.window();
        // eligible again after one base RTT; at 10% marking the first marked ACK is expected after 10 ACKs
        cc.onAcked(4 * 4.0 * MTU, 0.1, BASE + 900 * US, 0, 14 * US);
        assertTrue(cc.window() >= afterFirst, "cut before a marked ACK was expected: " + cc.window());
        double before = cc.window();
        cc.onAcked(7 * 4.0 * MTU, 0.1, BASE + 900 * US, 0, 15 * US);
        assertTrue(cc.window() < before, "no cut once a marked ACK was expected: " + cc.window());
    }

    @Test
    void nackRemovesTheTrimmedBytes() {
        FluidNscc cc = fresh();
        cc.onAcked(MTU, 1, BASE + US, 0, US);
        cc.onNacked(MTU, 50_000, 2 * US);
        assertEquals(W0 - MTU, cc.window(), 1e-9);
    }

    @Test
    void quickAdaptAfterANackSetsTheWindowToWhatWasDelivered() {
        FluidNscc cc = fresh();
        cc.onAcked(MTU, 1, BASE + US, 0, US);
        cc.onNacked(MTU, 50_000, 2 * US);
        cc.onAcked(MTU, 0, BASE + US, 40_000, 17 * US);
        assertEquals(MTU, cc.window(), 1e-9);
    }

    /**
     * A lone flow on an idle path of the paper's fabric (2-tier, radix 16, 400 Gb/s), starting from one
     * MTU: per step of {@code R0/16} it delivers {@code W·dt/R} bytes with {@code R = R0 + q/C} and
     * {@code q = (W - BDP)+} the standing queue its window builds, marked with the fabric's RED
     * probability of {@code q}. It must reach line rate ({@code W >= BDP}) within 20 RTTs and never
     * leave it over the next 500.
     */
    @Test
    void aLoneFlowReachesAndHoldsLineRate() {
        FabricParameters f = FabricParameters.paperDefaults(FatTree.twoTier(16));
        NsccParameters p = NsccParameters.of(f);
        long r0 = f.baseRttPs();
        double bytesPerPs = f.linkRateBps() / 8e12;
        double bdp = f.bdpBytes();
        FluidNscc cc = new FluidNscc(p, r0, f.linkRateBps(), f.mtuBytes(), f.ackEvery() * (double) f.mtuBytes());
        double dt = r0 / 16.0;
        double now = 0;
        double reachedAt = -1;
        for (int step = 0; step < 520 * 16; step++) {
            double w = cc.window();
            double q = Math.max(0, w - bdp);
            double rtt = r0 + q / bytesPerPs;
            double mark = Math.min(1, Math.max(0, (q - f.kMinBytes()) / (double) (f.kMaxBytes() - f.kMinBytes())));
            double throughput = Math.min(bytesPerPs, w / rtt);
            now += dt;
            cc.onAcked(throughput * dt, mark, rtt, w, now);
            boolean lineRate = throughput >= bytesPerPs * (1 - 1e-12);
            if (reachedAt < 0 && lineRate) {
                reachedAt = now;
            }
            if (reachedAt >= 0) {
                assertTrue(lineRate, "fell below line rate at " + now / r0 + " RTTs: window " + cc.window());
            }
        }
        assertTrue(reachedAt >= 0 && reachedAt <= 20 * r0, "line rate reached at " + reachedAt / r0 + " RTTs");
        assertTrue(cc.window() <= cc.maxWindow());
    }
}
