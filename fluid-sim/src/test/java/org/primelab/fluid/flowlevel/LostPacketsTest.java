package org.primelab.fluid.flowlevel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.primelab.core.entropy.LoadBalancingScheme;

/** The whole packets a round loses: exact cases, round robin's two outcomes, random spraying's binomial moments. */
class LostPacketsTest {
    private static final int DRAWS = 200_000;

    @Test
    void nothingSentIntoTheHoleLosesNothingAndEverythingSentLosesAll() {
        SplittableRandom rng = new SplittableRandom(1);
        for (LoadBalancingScheme s : new LoadBalancingScheme[] {LoadBalancingScheme.PRIME, LoadBalancingScheme.RPS,
                LoadBalancingScheme.ECMP}) {
            assertEquals(0, LostPackets.draw(s, 100, 0, rng));
            assertEquals(0, LostPackets.draw(s, 0, 0.5, rng));
            assertEquals(37, LostPackets.draw(s, 37, 1, rng));
        }
    }

    @Test
    void roundRobinLosesTheMeansFloorOrCeilingWithTheFractionAsItsChance() {
        // 489 packets over 32 paths: mean 15.28; a burst of 4 over 8 paths: mean 0.5
        for (double[] c : new double[][] {{489, 1.0 / 32}, {4, 1.0 / 8}}) {
            int packets = (int) c[0];
            double mean = packets * c[1];
            SplittableRandom rng = new SplittableRandom(7);
            long ceilings = 0;
            for (int i = 0; i < DRAWS; i++) {
                int d = LostPackets.draw(LoadBalancingScheme.PRIME, packets, c[1], rng);
                assertTrue(d == (int) Math.floor(mean) || d == (int) Math.floor(mean) + 1, "draw " + d);
                ceilings += d - (int) Math.floor(mean);
            }
            // the share of ceilings is the fraction (standard error below 0.0012 at 200,000 draws)
            assertEquals(mean - Math.floor(mean), ceilings / (double) DRAWS, 0.005);
        }
    }

    @Test
    void randomSprayingLosesABinomial() {
        int packets = 32;
        double p = 1.0 / 8;
        SplittableRandom rng = new SplittableRandom(11);
        double sum = 0;
        double squares = 0;
        for (int i = 0; i < DRAWS; i++) {
            int d = LostPackets.draw(LoadBalancingScheme.RPS, packets, p, rng);
            sum += d;
            squares += (double) d * d;
        }
        double mean = sum / DRAWS;
        double variance = squares / DRAWS - mean * mean;
        assertEquals(packets * p, mean, 0.02);                 // 4; standard error 0.004
        assertEquals(packets * p * (1 - p), variance, 0.05);   // 3.5; a ceiling-or-floor draw would give 0
    }
}
