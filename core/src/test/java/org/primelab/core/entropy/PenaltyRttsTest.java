package org.primelab.core.entropy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.history.CongestionHistory;
import org.primelab.core.history.CongestionHistory.Decay;
import org.primelab.core.scenario.Scenario;
import org.primelab.core.topology.FatTree;

/**
 * {@link PenaltyRtts}: penalties in base RTTs become picoseconds (time decay) or sends (count decay, one
 * BDP of sends per RTT) exactly; the default is the history {@link EntropyConfig#defaults} has always
 * had; a scenario built with penalties carries them and one built without does not; bad values are
 * refused in one line naming the option.
 */
class PenaltyRttsTest {

    @Test
    void rttsBecomePicosecondsOrSends() {
        // a 2-tier 400G fabric: base RTT 5,138,000 ps, BDP 62 packets (values the sensitivity study uses)
        assertEquals(CongestionHistory.Config.timeBased(2_569_000, 41_104_000),
                new PenaltyRtts(Decay.TIME, 0.5, 8).config(5_138_000, 62));
        assertEquals(CongestionHistory.Config.countBased(31, 496), new PenaltyRtts(Decay.COUNT, 0.5, 8).config(5_138_000, 62));
        // a count penalty never rounds to 0 sends, and P_NACK stays above P_ECN after rounding
        assertEquals(CongestionHistory.Config.countBased(1, 2), new PenaltyRtts(Decay.COUNT, 0.001, 0.002).config(5_138_000, 62));
    }

    @Test
    void theDefaultIsTheHistoryTheDefaultsHaveAlwaysHad() {
        FabricParameters f = Scenario.builder(FatTree.twoTier(16)).build().fabric();
        assertEquals(CongestionHistory.Config.timeBased(f.baseRttPs(), 4 * f.baseRttPs()),
                EntropyConfig.defaults(f.baseRttPs(), f.bdpPackets()).history());
        assertTrue(PenaltyRtts.DEFAULT.isDefault());
        assertEquals("P_ECN 1 RTT, P_NACK 4 RTT, time decay", PenaltyRtts.DEFAULT.toString());
    }

    @Test
    void aScenarioBuiltWithPenaltiesCarriesThem() {
        FatTree tree = FatTree.twoTier(16);
        Scenario plain = Scenario.builder(tree).build();
        assertNull(Scenario.builder(tree).penalties(PenaltyRtts.DEFAULT).build().entropy(), "the default changes nothing");
        Scenario scaled = Scenario.builder(tree).rate(100_000_000_000L).penalties(new PenaltyRtts(Decay.TIME, 8, 32)).build();
        long rtt = scaled.fabric().baseRttPs();
        assertEquals(CongestionHistory.Config.timeBased(8 * rtt, 32 * rtt), scaled.effectiveEntropy().history());
        // everything else in the entropy configuration stays the default
        assertEquals(EntropyConfig.defaults(rtt, scaled.fabric().bdpPackets()).withHistory(scaled.effectiveEntropy().history()),
                scaled.effectiveEntropy());
        assertTrue(scaled.toString().contains("penalties P_ECN"), scaled.toString());
        assertFalse(plain.toString().contains("penalties"), plain.toString());
        // penalties replace the history of an entropy configuration given alongside, and keep its other fields
        EntropyConfig small = EntropyConfig.defaults(rtt, 62).withEvSpace(256);
        Scenario both = Scenario.builder(tree).entropy(small).penalties(new PenaltyRtts(Decay.COUNT, 1, 4)).build();
        assertEquals(256, both.effectiveEntropy().evSpace());
        assertEquals(Decay.COUNT, both.effectiveEntropy().history().decay());
    }

    @Test
    void badValuesAreRefusedInOneLineNamingTheOption() {
        assertTrue(refusal(() -> new PenaltyRtts(Decay.TIME, 0, 4)).startsWith("p-ecn: must be in (0, 1000000]"));
        assertTrue(refusal(() -> new PenaltyRtts(Decay.TIME, Double.NaN, 4)).startsWith("p-ecn: "));
        assertTrue(refusal(() -> new PenaltyRtts(Decay.TIME, 2, 2)).startsWith("p-nack: must be > p-ecn (2 RTTs)"));
        assertTrue(refusal(() -> new PenaltyRtts(Decay.TIME, 1, 2e6)).startsWith("p-nack: "));
        assertTrue(refusal(() -> new PenaltyRtts(null, 1, 4)).startsWith("decay: "));
        // in range, but not in a long of picoseconds on an absurd fabric
        assertTrue(refusal(() -> new PenaltyRtts(Decay.TIME, 1, 1e6).config(Long.MAX_VALUE / 1000, 62)).startsWith("p-nack: "));
        String oneLine = refusal(() -> new PenaltyRtts(Decay.TIME, 0, 4));
        assertFalse(oneLine.contains("\n"), oneLine);
    }

    private static String refusal(Runnable r) {
        return assertThrows(IllegalArgumentException.class, r::run).getMessage();
    }
}
