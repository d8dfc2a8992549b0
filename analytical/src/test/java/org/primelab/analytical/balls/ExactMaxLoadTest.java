package org.primelab.analytical.balls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;

import org.apache.commons.math3.fraction.BigFraction;
import org.junit.jupiter.api.Test;

/** Exact max-load algorithms against the brute-force oracles and against each other. */
class ExactMaxLoadTest {
    private static final long QT_SEED = 20250731L;
    private final RationalMaxLoadCalculator rational = new RationalMaxLoadCalculator();
    private final PoissonizedMaxLoadCalculator fourier = new PoissonizedMaxLoadCalculator();
    private final PoissonizedMaxLoadCalculator convolution =
            new PoissonizedMaxLoadCalculator(PoissonizedMaxLoadCalculator.SumMethod.CONVOLUTION);

    @Test
    void rationalMatchesTheOracles() {
        assertEquals(new BigFraction(3, 32), rational.probabilityAtMost(4, 4, 1));
        assertEquals(new BigFraction(17, 8), rational.expectedMax(4, 4)); // 2.125
        assertEquals(new BigFraction(315, 131072), rational.probabilityAtMost(8, 8, 1));
        assertEquals(2.59723, rational.expectedMax(8, 8).doubleValue(), 5e-6);
        assertEquals(0.50078, rational.probabilityAtMost(8, 8, 2).doubleValue(), 5e-6);
    }

    @Test
    void floatingPointMethodsMatchTheOracles() {
        for (PoissonizedMaxLoadCalculator c : new PoissonizedMaxLoadCalculator[] {fourier, convolution}) {
            assertEquals(3.0 / 32, c.probabilityAtMost(4, 4, 1), 1e-15);
            assertEquals(2.125, c.maxLoad(4, 4).expectedMax(), 1e-13);
            assertEquals(315.0 / 131072, c.probabilityAtMost(8, 8, 1), 1e-16);
            assertEquals(2.59723, c.maxLoad(8, 8).expectedMax(), 5e-6);
            assertEquals(0.50078, c.probabilityAtMost(8, 8, 2), 5e-6);
        }
    }

    @Test
    void poissonizedAgreesWithRationalEverywhere() {
        qt().withFixedSeed(QT_SEED).withExamples(40)
                .forAll(integers().between(0, 60), integers().between(1, 40))
                .checkAssert((m, n) -> {
                    MaxLoadDistribution exact = rational.maxLoad(m, n);
                    MaxLoadDistribution f = fourier.maxLoad(m, n);
                    for (int k = 0; k <= m; k++) {
                        assertEquals(exact.probabilityAtMost(k), f.probabilityAtMost(k), 1e-12, m + "/" + n + " k=" + k);
                    }
                    assertEquals(exact.expectedMax(), f.expectedMax(), 1e-10);
                });
    }

    @Test
    void fourierAndConvolutionAgreeOnAMediumCase() {
        MaxLoadDistribution a = fourier.maxLoad(2000, 64);
        MaxLoadDistribution b = convolution.maxLoad(2000, 64);
        for (int k = 0; k < 80; k++) {
            double pa = a.probabilityAtMost(k);
            double pb = b.probabilityAtMost(k);
            assertEquals(pa, pb, 1e-12 + 1e-9 * pa, "k=" + k);
        }
    }

    @Test
    void largeCaseMatchesMonteCarloWithinSamplingError() {
        MaxLoadDistribution exact = fourier.maxLoad(100_000, 1024);
        int trials = 400;
        MaxLoadDistribution mc = new MonteCarloMaxLoadEstimator(7, trials).maxLoad(100_000, 1024);
        // the empirical mean has standard error sd/sqrt(trials); 5 standard errors
        double tol = 5 * Math.sqrt(exact.variance() / trials);
        assertEquals(exact.expectedMax(), mc.expectedMax(), tol);
        assertCdfWithinSamplingError(exact, mc, trials);
        assertTrue(exact.quantile(0.5) >= 125 && exact.quantile(0.5) <= 137, "median " + exact.quantile(0.5));
    }

    @Test
    void smallCaseMatchesMonteCarloWithinSamplingError() {
        int trials = 20_000;
        MaxLoadDistribution exact = rational.maxLoad(8, 8);
        MaxLoadDistribution mc = new MonteCarloMaxLoadEstimator(11, trials).maxLoad(8, 8);
        assertEquals(exact.expectedMax(), mc.expectedMax(), 5 * Math.sqrt(exact.variance() / trials));
        assertCdfWithinSamplingError(exact, mc, trials);
    }

    /** Each empirical P(max <= k) is a binomial proportion: 5 standard errors plus one sample. */
    static void assertCdfWithinSamplingError(MaxLoadDistribution exact, MaxLoadDistribution mc, int trials) {
        for (int k = 0; k <= Math.max(exact.maxSupport(), mc.maxSupport()); k++) {
            double p = exact.probabilityAtMost(k);
            double tol = 5 * Math.sqrt(p * (1 - p) / trials) + 1.0 / trials;
            assertEquals(p, mc.probabilityAtMost(k), tol, "k=" + k);
        }
    }

    @Test
    void distributionIsNormalisedAndMonotone() {
        MaxLoadDistribution d = fourier.maxLoad(5000, 100);
        double[] cdf = d.cdf();
        for (int k = 1; k < cdf.length; k++) {
            assertTrue(cdf[k] >= cdf[k - 1]);
        }
        assertEquals(1.0, cdf[cdf.length - 1], 1e-15);
        double sum = 0;
        for (int k = 0; k <= d.maxSupport(); k++) {
            sum += d.probabilityOf(k);
        }
        assertEquals(1.0, sum, 1e-12);
    }

    @Test
    void edgeCases() {
        assertEquals(0.0, fourier.maxLoad(0, 5).expectedMax());
        assertEquals(7.0, fourier.maxLoad(7, 1).expectedMax());
        assertEquals(1.0, rational.maxLoad(1, 9).expectedMax(), 1e-15);
        // m = n k exactly: only the all-equal configuration has max <= k
        assertEquals(rational.probabilityAtMost(6, 3, 2).doubleValue(), fourier.probabilityAtMost(6, 3, 2), 1e-15);
    }

    @Test
    void badInputsNameTheField() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> fourier.maxLoad(-1, 4));
        assertTrue(e.getMessage().startsWith("balls:"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> rational.maxLoad(4, 0));
        assertTrue(e.getMessage().startsWith("bins:"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new MonteCarloMaxLoadEstimator(1, 0));
        assertTrue(e.getMessage().startsWith("trials:"), e.getMessage());
    }
}
