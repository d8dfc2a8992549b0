package org.primelab.core.entropy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.primelab.core.topology.FatTreeTest.assertMessage;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.primelab.core.history.CongestionHistory;
import org.primelab.core.topology.EvLayout;

/** Scheme names, the generator each scheme gives a flow, and the configuration it reads. */
class LoadBalancingSchemeTest {
    private static final EvLayout LAYOUT = EvLayout.of(4, 4);
    private static final EntropyConfig CONFIG = EntropyConfig.defaults(1_000_000, 10);

    @Test
    void namesParseCaseInsensitivelyAndBadOnesListTheAccepted() {
        assertEquals("ecmp, rps, reps, prime, co-prime, ar", LoadBalancingScheme.names());
        for (LoadBalancingScheme s : LoadBalancingScheme.values()) {
            assertEquals(s, LoadBalancingScheme.parse(s.cliName()));
            assertEquals(s, LoadBalancingScheme.parse(" " + s.cliName().toUpperCase() + " "));
            assertEquals(s, LoadBalancingScheme.parse(s.name()));
            assertNotNull(s.forwarding());
        }
        assertEquals(LoadBalancingScheme.CO_PRIME, LoadBalancingScheme.parse("co_prime"));
        assertMessage("lb: unknown scheme 'spray'; accepted: ecmp, rps, reps, prime, co-prime, ar",
                () -> LoadBalancingScheme.parse("spray"));
        assertMessage("lb: unknown scheme 'null'", () -> LoadBalancingScheme.parse(null));
    }

    @Test
    void eachSchemeGivesItsGenerator() {
        EntropyGenerator prime = LoadBalancingScheme.PRIME.newGenerator(LAYOUT, CONFIG, 1, 2, 3);
        assertEquals(16, assertInstanceOf(PrimeEntropyGenerator.class, prime).history().paths());
        assertNull(assertInstanceOf(PrimeEntropyGenerator.class,
                LoadBalancingScheme.CO_PRIME.newGenerator(LAYOUT, CONFIG, 1, 2, 3)).history());
        assertInstanceOf(RepsGenerator.class, LoadBalancingScheme.REPS.newGenerator(LAYOUT, CONFIG, 1, 2, 3));
        EntropyGenerator ar = LoadBalancingScheme.AR.newGenerator(LAYOUT, CONFIG, 1, 2, 3);
        for (int i = 0; i < 10; i++) {
            assertEquals(0, ar.next(i), "adaptive routing: hosts send EV 0");
        }
    }

    @Test
    void ecmpKeepsOneValuePerFlowAndSpreadsFlowsOverTheSpace() {
        EntropyConfig small = CONFIG.withEvSpace(4);
        long[] perValue = new long[4];
        for (long flow = 0; flow < 4_000; flow++) {
            EntropyGenerator g = LoadBalancingScheme.ECMP.newGenerator(LAYOUT, small, 7, 0, flow);
            int ev = g.next(0);
            for (int i = 1; i < 5; i++) {
                assertEquals(ev, g.next(i), "ECMP sends every packet of a flow with one EV");
            }
            perValue[ev]++;
        }
        for (long c : perValue) {
            assertTrue(Math.abs(c - 1_000) < 150, "flows per EV " + c);    // Bin(4000, 1/4): sd 27
        }
    }

    @Test
    void randomSprayDrawsUniformlyFromTheSpace() {
        EntropyGenerator g = LoadBalancingScheme.RPS.newGenerator(LAYOUT, CONFIG.withEvSpace(8), 7, 0, 0);
        long[] c = new long[8];
        for (int i = 0; i < 8_000; i++) {
            c[g.next(i)]++;
        }
        for (long x : c) {
            assertTrue(Math.abs(x - 1_000) < 150, "count " + x);             // Bin(8000, 1/8): sd 30
        }
        assertMessage("ev-space:", () -> new RandomSprayGenerator(0, new SplittableRandom(1)));
        assertEquals(0, new RandomSprayGenerator(1, new SplittableRandom(1)).next(0));
    }

    @Test
    void variantSelectsTheAlgorithmTwoGenerator() {
        assertInstanceOf(PrimeOdometerGenerator.class,
                LoadBalancingScheme.primeMultiPart(LAYOUT, PrimeVariant.ODOMETER, 1, 0, 0));
        assertInstanceOf(PrimeRandomPartGenerator.class,
                LoadBalancingScheme.primeMultiPart(LAYOUT, PrimeVariant.RANDOM_PART, 1, 0, 0));
        PrimeEntropyGenerator viaConfig = (PrimeEntropyGenerator) LoadBalancingScheme.CO_PRIME
                .newGenerator(LAYOUT, CONFIG.withVariant(PrimeVariant.RANDOM_PART), 1, 0, 0);
        MultiPartGenerator direct = LoadBalancingScheme.primeMultiPart(LAYOUT, PrimeVariant.RANDOM_PART, 1, 0, 0);
        for (int i = 0; i < 64; i++) {
            assertEquals(direct.next(), viaConfig.next(i));
        }
    }

    @Test
    void configCopiesChangeOneFieldOnly() {
        CongestionHistory.Config h = CongestionHistory.Config.countBased(2, 3);
        EntropyConfig a = CONFIG.withEvSpace(5);
        assertEquals(new EntropyConfig(5, CONFIG.variant(), CONFIG.history(), CONFIG.repsExitFreezePs(), CONFIG.repsExplore(), CONFIG.sprayOrder()), a);
        assertEquals(PrimeVariant.RANDOM_PART, CONFIG.withVariant(PrimeVariant.RANDOM_PART).variant());
        assertEquals(CONFIG.evSpace(), CONFIG.withVariant(PrimeVariant.RANDOM_PART).evSpace());
        assertEquals(h, CONFIG.withHistory(h).history());
        assertEquals(CONFIG.variant(), CONFIG.withHistory(h).variant());
        assertEquals(CongestionHistory.Config.timeBased(1_000_000, 4_000_000), CONFIG.history(),
                "defaults: P_ECN = 1 base RTT, P_NACK = 4");
        PrimeEntropyGenerator prime = (PrimeEntropyGenerator) LoadBalancingScheme.PRIME
                .newGenerator(LAYOUT, CONFIG.withHistory(h), 1, 0, 0);
        assertEquals(h, prime.history().config());
    }
}
