package org.primelab.analytical.balls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Poisson approximation, Raab-Steger regimes and Greedy[d], each against exact values or simulation. */
class ApproximationsTest {
    private final PoissonizedMaxLoadCalculator exact = new PoissonizedMaxLoadCalculator();

    @Test
    void poissonApproximationIsCloseButNotExact() {
        double approx = new PoissonApproximation().maxLoad(8, 8).expectedMax();
        double truth = exact.maxLoad(8, 8).expectedMax();
        assertNotEquals(truth, approx, 1e-3);
        assertEquals(truth, approx, 0.05);
        assertEquals(exact.maxLoad(100_000, 1024).expectedMax(),
                new PoissonApproximation().maxLoad(100_000, 1024).expectedMax(), 0.01);
    }

    @Test
    void raabStegerThresholdsAreWithinTenPercentOfTheExactMedian() {
        int[][] cases = {{1024, 1024}, {100_000, 1024}, {20_000, 512}};
        for (int[] c : cases) {
            double median = exact.maxLoad(c[0], c[1]).quantile(0.5);
            double k = RaabStegerAsymptotics.threshold(c[0], c[1], 1.0);
            assertEquals(median, k, 0.10 * median, c[0] + "/" + c[1] + " " + RaabStegerAsymptotics.regime(c[0], c[1]));
        }
        assertEquals(RaabStegerAsymptotics.Regime.SPARSE, RaabStegerAsymptotics.regime(1024, 1024));
        assertEquals(RaabStegerAsymptotics.Regime.DENSE, RaabStegerAsymptotics.regime(100_000, 1024));
        assertEquals(RaabStegerAsymptotics.Regime.VERY_DENSE, RaabStegerAsymptotics.regime(10_000_000, 64));
    }

    @Test
    void thresholdsOrderByAlpha() {
        for (long m : new long[] {500, 5000, 50_000, 5_000_000}) {
            assertTrue(RaabStegerAsymptotics.threshold(m, 256, 0.5) < RaabStegerAsymptotics.threshold(m, 256, 1.5), "m=" + m);
        }
    }

    @Test
    void largestRootSolvesItsEquation() {
        for (double c : new double[] {0.3, 1, 2, 4}) {
            double x = RaabStegerAsymptotics.largestRoot(c);
            assertTrue(x > c);
            assertEquals(0, 1 + x * (Math.log(c) - Math.log(x) + 1) - c, 1e-9);
        }
    }

    @Test
    void twoChoicesKeepTheExcessConstantAsLoadGrows() {
        int n = 256;
        GreedyChoiceSimulator sim = new GreedyChoiceSimulator(3, 40);
        double light2 = sim.maxLoad(n, n, 2).expectedMax() - 1;
        double heavy2 = sim.maxLoad(64 * n, n, 2).expectedMax() - 64;
        double light1 = sim.maxLoad(n, n, 1).expectedMax() - 1;
        double heavy1 = sim.maxLoad(64 * n, n, 1).expectedMax() - 64;
        assertEquals(light2, heavy2, 1.5, "Greedy[2] excess should not grow with m");
        assertTrue(heavy1 - light1 > 5, "one choice excess grows like sqrt(m/n): " + light1 + " -> " + heavy1);
        double lead = GreedyChoiceSimulator.asymptoticExcess(n, 2);
        assertTrue(Math.abs(heavy2 - lead) < 3, "excess " + heavy2 + " vs ln ln n / ln d = " + lead);
    }
}
