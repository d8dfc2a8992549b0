package org.primelab.core.random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Stream derivation against an independent implementation of the same mixer: the JDK's
 * {@link SplittableRandom} is SplitMix64, whose first output for seed {@code s} is
 * {@code mix(s + 0x9e3779b97f4a7c15)}.
 */
class SeedsTest {
    private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;

    /** SplitMix64's output function, computed by the JDK. */
    private static long jdkMix(long z) {
        return new SplittableRandom(z - GOLDEN_GAMMA).nextLong();
    }

    @Test
    void mixIsTheSplitMix64OutputFunction() {
        qt().withFixedSeed(1L).withExamples(2_000).forAll(longs().all())
                .checkAssert(z -> assertEquals(jdkMix(z), Seeds.mix(z)));
        // the published first output of SplitMix64 seeded with 0
        assertEquals(0xe220a8397b1dcdafL, Seeds.mix(GOLDEN_GAMMA));
    }

    @Test
    void deriveFoldsMasterPurposeAndIdsAsDocumented() {
        qt().withFixedSeed(2L).withExamples(1_000)
                .forAll(longs().all(), longs().all(), longs().all(), longs().all())
                .checkAssert((master, purpose, a, b) -> {
                    long h = jdkMix(master + GOLDEN_GAMMA);
                    h = jdkMix(h ^ (purpose * GOLDEN_GAMMA));
                    assertEquals(h, Seeds.derive(master, purpose));
                    long ha = jdkMix(h + GOLDEN_GAMMA + a);
                    assertEquals(ha, Seeds.derive(master, purpose, a));
                    assertEquals(jdkMix(ha + GOLDEN_GAMMA + b), Seeds.derive(master, purpose, a, b));
                });
    }

    @Test
    void neighbouringNamesGiveDistinctStreams() {
        // mix is a bijection and each fold step is injective in the new name, so no two of these collide
        Set<Long> seen = new HashSet<>();
        long[] purposes = {Seeds.HOST_SHUFFLE, Seeds.FLOW_ENTROPY, Seeds.SWITCH_SALT, Seeds.WORKLOAD, Seeds.FAULTS};
        for (long purpose : purposes) {
            for (long id = 0; id < 200; id++) {
                assertTrue(seen.add(Seeds.derive(42, purpose, id)), "collision at purpose " + purpose + " id " + id);
            }
        }
        assertNotEquals(Seeds.derive(42, Seeds.WORKLOAD), Seeds.derive(43, Seeds.WORKLOAD));
    }

    @Test
    void hashPortIsTheDocumentedHashReducedModuloTheUplinks() {
        qt().withFixedSeed(3L).withExamples(2_000)
                .forAll(longs().all(), integers().all(), longs().all(), integers().between(1, 1 << 16))
                .checkAssert((flow, ev, salt, uplinks) -> {
                    long h = jdkMix(jdkMix(flow * GOLDEN_GAMMA + salt) ^ (ev & 0xffffffffL));
                    int port = Seeds.hashPort(flow, ev, salt, uplinks);
                    assertEquals((int) Long.remainderUnsigned(h, uplinks), port);
                    assertTrue(port >= 0 && port < uplinks);
                });
    }

    @Test
    void hashPortSpreadsEntropyValuesAndFlowsEvenly() {
        int uplinks = 8;
        long[] byEv = new long[uplinks];
        long[] byFlow = new long[uplinks];
        int n = 16_000;
        for (int i = 0; i < n; i++) {
            byEv[Seeds.hashPort(7, i - n / 2, 99, uplinks)]++;        // negative EVs included
            byFlow[Seeds.hashPort(i, 5, 99, uplinks)]++;
        }
        for (int p = 0; p < uplinks; p++) {
            // Bin(16000, 1/8): mean 2000, sd 41.8; 5 sd either side
            assertTrue(Math.abs(byEv[p] - 2_000) < 210, "EVs on port " + p + ": " + byEv[p]);
            assertTrue(Math.abs(byFlow[p] - 2_000) < 210, "flows on port " + p + ": " + byFlow[p]);
        }
    }
}
