package org.primelab.analytical.balls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The tilted summand against brute-force sums over its whole support {0..k}: its mean is the requested target,
 * its normaliser is {@code Q_mu = sum_{j<=k} mu^j/j!}, its kept terms are the exact probabilities
 * {@code mu^j / (j! Q_mu)} of the untrimmed law, the support stays inside [0, k], and trimming keeps exactly the
 * terms within {@code e^-TRIM_LOG} of the largest (the weights are log-concave, so they form an interval).
 */
class TiltedTruncatedPoissonTest {
    private static final double TRIM = Math.exp(-PoissonizedMaxLoadCalculator.TRIM_LOG);

    private static double logWeight(double logMu, int j) {
        return j * logMu - Tails.logFactorial(j);
    }

    private static void check(int k, double target) {
        TiltedTruncatedPoisson z = TiltedTruncatedPoisson.withMean(k, target);
        String where = "k=" + k + " target=" + target;
        double logMu = z.logMu();
        // brute-force normaliser over 0..k (log-sum-exp)
        double top = Double.NEGATIVE_INFINITY;
        for (int j = 0; j <= k; j++) {
            top = Math.max(top, logWeight(logMu, j));
        }
        double sum = 0;
        double first = 0;
        for (int j = 0; j <= k; j++) {
            double w = Math.exp(logWeight(logMu, j) - top);
            sum += w;
            first += j * w;
        }
        assertEquals(top + Math.log(sum), z.logNormaliser(), 1e-12 * Math.max(1, Math.abs(z.logNormaliser())), where);
        assertEquals(target, first / sum, 1e-11 * Math.max(1, target), "untrimmed mean, " + where);

        double[] p = z.pmf();
        int low = z.low();
        int high = low + p.length - 1;
        assertTrue(low >= 0 && high <= k, "support [" + low + ", " + high + "] inside [0, " + k + "], " + where);
        double mass = 0;
        double mean = 0;
        double max = 0;
        for (int d = 0; d < p.length; d++) {
            int j = low + d;
            double exact = Math.exp(logWeight(logMu, j) - z.logNormaliser());
            // the direct log weight j log(mu) - log j! subtracts two numbers of about j log j: it is itself only
            // good to a few ulps of their size (1e-11 at j = 3400), which bounds what it can check
            double referenceError = 8 * Math.ulp(j * Math.abs(logMu) + Tails.logFactorial(j) + Math.abs(z.logNormaliser()));
            assertEquals(exact, p[d], (1e-12 + referenceError) * exact, "pmf at " + j + ", " + where);
            if (d > 0) {
                // neighbours: p(j) / p(j - 1) = mu / j, the recurrence the weights are built from, to 1e-13
                double ratio = p[d] / p[d - 1] * j / Math.exp(logMu);
                assertEquals(1.0, ratio, 1e-13, "p(" + j + ") / p(" + (j - 1) + ") against mu / j, " + where);
            }
            mass += p[d];
            mean += (low + d) * p[d];
            max = Math.max(max, p[d]);
        }
        // dropped terms are each below e^-46 of the largest, at most k + 1 of them
        assertEquals(1.0, mass, 1e-12, where);
        assertEquals(target, mean, 1e-11 * Math.max(1, target), where);
        for (double x : p) {
            assertTrue(x >= TRIM * max * (1 - 1e-9), "kept term below the trim level, " + where);
        }
        double logMax = Math.log(max) + z.logNormaliser();
        if (low > 0) {
            assertTrue(logWeight(logMu, low - 1) < logMax - PoissonizedMaxLoadCalculator.TRIM_LOG + 1e-9,
                    "the term just below the support is not negligible, " + where);
        }
        if (high < k) {
            assertTrue(logWeight(logMu, high + 1) < logMax - PoissonizedMaxLoadCalculator.TRIM_LOG + 1e-9,
                    "the term just above the support is not negligible, " + where);
        }
    }

    /** Targets from 5% to 99.9% of k, for small and moderate k: the truncation matters most near k. */
    @Test
    void meanNormaliserAndPmfMatchBruteForce() {
        for (int k : new int[] {1, 2, 3, 5, 10, 30, 100}) {
            for (double f : new double[] {0.05, 0.3, 0.5, 0.8, 0.95, 0.999}) {
                check(k, f * k);
            }
        }
    }

    /** Large means: the support is trimmed at both ends (about mu +- sqrt(2 * 46 mu)). */
    @Test
    void largeMeansAreTrimmedToTheNonNegligibleInterval() {
        check(130, 100.0);
        check(200, 150.0);
        check(5000, 4000.0);
        TiltedTruncatedPoisson z = TiltedTruncatedPoisson.withMean(5000, 4000.0);
        assertTrue(z.low() > 3000 && z.low() + z.pmf().length - 1 < 5000, "both ends trimmed");
    }
}
