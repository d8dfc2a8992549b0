package org.primelab.core.cc;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;

/**
 * NSCC's gains against the documented htsim formulas, on a network whose scaling factors are neither 1
 * nor each other's inverse, so that a factor multiplied instead of divided (or dropped) shows: network
 * RTT 6 us at 400 Gb/s, BDP {@code 6 us x 50 GB/s = 300,000 B}, {@code a = 300,000 / 150,000 = 2}; target
 * delay 3 us, {@code b = 3 / 12 = 0.25}; MSS {@code 4160 - 64 = 4096}.
 */
class NsccParametersGainsTest {
    private static final long US = Units.PS_PER_US;
    private static final long RATE = 400 * Units.GBPS;
    private static final NsccParameters P = new NsccParameters(6 * US, RATE, 4160, 64, 3 * US, 3);

    /** Reference BDP 150,000 B, the fabric's 300,000 B, and the scaling factors a = 2, b = 0.25. */
    @Test
    void scalingFactorsFromBdpAndTargetDelay() {
        assertEquals(150_000, NsccParameters.referenceBdpBytes());
        assertEquals(300_000, P.networkBdpBytes());
        assertEquals(2.0, P.scalingA());
        assertEquals(0.25, P.scalingB());
        assertEquals(4096, P.mssBytes());
    }

    /** FI = 5·MSS·a, alpha = 4·MSS·a·b/T, FIS = 0.25·a, eta = 0.15·MSS·a with the values above. */
    @Test
    void gainsFollowHtsimsFormulas() {
        assertEquals(40_960.0, P.fairIncreaseBytes(), 1e-9);
        assertEquals(8192.0 / (3 * US), P.proportionalGainPerPs(), 1e-18);   // 4 x 4096 x 2 x 0.25 / T
        assertEquals(0.5, P.fastIncreaseScale(), 1e-15);
        assertEquals(1228.8, P.etaBytes(), 1e-9);
    }

    /** Quick adapt at 4 target delays; adjustment every network RTT or 8 MTUs; window floor one MTU. */
    @Test
    void thresholdsAndFloor() {
        assertEquals(12 * US, P.quickAdaptDelayPs());
        assertEquals(6 * US, P.adjustPeriodPs());
        assertEquals(8 * 4160, P.adjustBytes());
        assertEquals(4160, P.minWindowBytes());
    }

    /**
     * The max window is floor(1.5 x floor(baseRtt x rate / 8)): 1,000,080 ps at 100 Gb/s carries exactly
     * 12,501 B, and 1.5 x 12,501 = 18,751.5 rounds down; 1,000,079 ps carries 12,500.9875 B, i.e. 12,500.
     */
    @Test
    void maxWindowIsOneAndAHalfWholeBdps() {
        assertEquals(18_751, NsccParameters.maxWindowBytes(1_000_080, 100 * Units.GBPS));
        assertEquals(18_750, NsccParameters.maxWindowBytes(1_000_079, 100 * Units.GBPS));
        assertEquals(112_500, NsccParameters.maxWindowBytes(6 * US, 100 * Units.GBPS));
    }

    /**
     * The decrease factor max(1 - 0.8 (D - T) / D, 0.5): 1 at D = T, 0.84 at D = 1.25 T, 0.6 at D = 2 T,
     * and the 0.5 floor from D = 2.67 T on (10 T would give 0.28).
     */
    @Test
    void decreaseFactorFollowsTheFormulaAndItsFloor() {
        assertEquals(1.0, NsccParameters.decreaseFactor(US, US), 1e-15);
        assertEquals(0.84, NsccParameters.decreaseFactor(1.25 * US, US), 1e-15);
        assertEquals(0.6, NsccParameters.decreaseFactor(2 * US, US), 1e-15);
        assertEquals(0.5, NsccParameters.decreaseFactor(10 * US, US));
    }

    /**
     * A delay sample enters the average as itself when marked or at most the target; an unmarked sample
     * above the target enters as a quarter of the base RTT.
     */
    @Test
    void averageDelaySampleReplacesOnlyUnmarkedHighSamples() {
        double base = 8 * US;
        assertEquals(2.0 * US, P.averageDelaySample(2 * US, false, base));
        assertEquals(3.0 * US, P.averageDelaySample(3 * US, false, base));   // exactly the target
        assertEquals(2.0 * US, P.averageDelaySample(3 * US + 1, false, base));
        assertEquals(5.0 * US, P.averageDelaySample(5 * US, true, base));
        assertEquals(2.0 * US, P.averageDelaySample(2 * US, true, base));
    }

    /**
     * htsim's defaults on the paper's 2-tier k = 4 fabric: network RTT = 4 links x (600 ns + 83.2 ns for
     * an MTU at 400 Gb/s + 600 ns + 1.28 ns for a header) = 5,137,920 ps, target 0.75 of it = 3,853,440 ps,
     * gate 3, rate, MTU and header passed through.
     */
    @Test
    void derivedFromTheFabricByHand() {
        NsccParameters p = NsccParameters.of(FabricParameters.paperDefaults(FatTree.twoTier(4)));
        assertEquals(new NsccParameters(5_137_920, RATE, 4160, 64, 3_853_440, 3), p);
    }

    /** Changing the target delay changes nothing else. */
    @Test
    void withTargetDelayChangesOnlyTheTarget() {
        assertEquals(new NsccParameters(6 * US, RATE, 4160, 64, 7, 3), P.withTargetDelay(7));
    }

    /** Each range is refused just outside and accepted at its edge, in one line naming the option. */
    @Test
    void rangesRefusedJustOutsideTheirEdges() {
        assertEquals("nscc-rtt: must be > 0 ps, got 0", refusal(0, RATE, 4160, 64, US, 3));
        assertEquals("rate: must be > 0 bit/s, got 0", refusal(US, 0, 4160, 64, US, 3));
        assertEquals("mtu: must exceed the header (64 B), got 64", refusal(US, RATE, 64, 64, US, 3));
        assertTrue(refusal(US, RATE, 4160, 0, US, 3).startsWith("mtu: "));
        assertEquals("nscc-target-delay: must be > 0 ps, got 0", refusal(US, RATE, 4160, 64, 0, 3));
        assertEquals("nscc-qa-gate: must be in [0, 30], got -1", refusal(US, RATE, 4160, 64, US, -1));
        assertEquals("nscc-qa-gate: must be in [0, 30], got 31", refusal(US, RATE, 4160, 64, US, 31));
        assertDoesNotThrow(() -> new NsccParameters(1, 1, 2, 1, 1, 0));
        assertDoesNotThrow(() -> new NsccParameters(1, 1, 65, 64, 1, 30));
    }

    private static String refusal(long rtt, long rate, int mtu, int header, long target, int gate) {
        return assertThrows(IllegalArgumentException.class,
                () -> new NsccParameters(rtt, rate, mtu, header, target, gate)).getMessage();
    }
}
