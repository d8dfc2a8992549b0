package org.primelab.analytical.balls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import org.apache.commons.math3.distribution.BinomialDistribution;
import org.apache.commons.math3.distribution.PoissonDistribution;
import org.junit.jupiter.api.Test;

/**
 * The Poisson and binomial tails against commons-math3's distributions, and their degenerate cases:
 * {@code Poi(0)} and {@code Bin(m, 0)} are 0 with certainty (issue: {@code bounds balls --balls 0} hung
 * because the Poisson tail of {@code lambda = 0} summed NaN terms forever).
 */
class TailsTest {
    /** Guards the build against the regression coming back as a hang; generous, it is not a speed test. */
    private static final Duration HANG_GUARD = Duration.ofSeconds(30);

    @Test
    void zeroMeanTailsAreZeroAndTheCdfIsOne() {
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            for (int k = 0; k < 5; k++) {
                assertEquals(0.0, Tails.poissonUpperTail(k, 0));
                assertEquals(0.0, Tails.logPoissonCdf(k, 0), 0.0);
                assertEquals(0.0, Tails.binomialUpperTail(10, 0, k));
            }
            assertEquals(1.0, Tails.poissonUpperTail(-1, 0));
            assertEquals(Double.NEGATIVE_INFINITY, Tails.logPoissonCdf(-1, 0));
            assertEquals(1.0, Tails.binomialUpperTail(10, 0, -1));
        });
    }

    @Test
    void zeroBallsHaveMaximumLoadZeroForEveryCalculator() {
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            for (int bins : new int[] {1, 2, 1024, 1 << 20}) {
                MaxLoadDistribution poisson = new PoissonApproximation().maxLoad(0, bins);
                assertArrayEquals(new double[] {1.0}, poisson.cdf(), "Poisson approximation, " + bins + " bins");
                assertArrayEquals(new double[] {1.0}, new PoissonizedMaxLoadCalculator().maxLoad(0, bins).cdf());
                assertEquals(0.0, poisson.expectedMax());
            }
        });
    }

    @Test
    void tailsAgreeWithCommonsMath() {
        for (double lambda : new double[] {0.01, 0.5, 3, 40, 700}) {
            PoissonDistribution poi = new PoissonDistribution(null, lambda, 1e-15, 10_000_000);
            for (int k = 0; k < 3 * lambda + 20; k += 1 + (int) (lambda / 20)) {
                double expected = 1 - poi.cumulativeProbability(k);
                double tail = Tails.poissonUpperTail(k, lambda);
                assertEquals(expected, tail, 1e-12 + 1e-9 * expected, "Poi(" + lambda + ") > " + k);
                assertEquals(Math.log(poi.cumulativeProbability(k)), Tails.logPoissonCdf(k, lambda), 1e-9,
                        "log P(Poi(" + lambda + ") <= " + k + ")");
            }
        }
        for (double p : new double[] {0.001, 0.25, 0.9}) {
            BinomialDistribution bin = new BinomialDistribution(null, 300, p);
            for (int k = 0; k <= 300; k += 7) {
                double expected = 1 - bin.cumulativeProbability(k);
                assertEquals(expected, Tails.binomialUpperTail(300, p, k), 1e-12 + 1e-9 * expected, "Bin(300, " + p + ") > " + k);
            }
        }
        assertEquals(0.0, Tails.binomialUpperTail(5, 1.0, 5));
        assertEquals(1.0, Tails.binomialUpperTail(5, 1.0, 4));
    }

    @Test
    void smallTailsKeepTheirRelativePrecision() {
        // P(Poi(1) > 30) = sum_{j > 30} e^-1 / j!, dominated by its first term e^-1 / 31!
        double first = Math.exp(-1 - Tails.logFactorial(31));
        double tail = Tails.poissonUpperTail(30, 1);
        assertEquals(first * (1 + 1.0 / 32 + 1.0 / (32 * 33) + 1.0 / (32 * 33 * 34)), tail, 1e-6 * tail);
    }
}
