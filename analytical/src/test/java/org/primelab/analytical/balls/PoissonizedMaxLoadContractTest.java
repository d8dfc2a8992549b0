package org.primelab.analytical.balls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.primelab.analytical.balls.RationalMaxLoadContractTest.assertField;

import java.math.BigInteger;
import org.apache.commons.math3.fraction.BigFraction;
import org.junit.jupiter.api.Test;

/**
 * {@link PoissonizedMaxLoadCalculator} on cases with a closed form, and its documented reporting rules.
 * <ul>
 *   <li>Two bins: the max is {@code max(X, m - X)} with {@code X ~ Bin(m, 1/2)}, so
 *       {@code P(max <= k) = sum_{m-k <= j <= k} C(m, j) / 2^m}, exact in rationals.</li>
 *   <li>{@code P(max <= k)} is 0 for {@code k < 0} or {@code k n < m}, exactly 1 for {@code k >= m}, and
 *       {@code m!/(n^m (k!)^n)} when {@code k n = m} (the only configurations are the all-equal ones).</li>
 *   <li>One ball: the max is 1 with certainty.</li>
 *   <li>Probabilities below {@code e^LOG_NEGLIGIBLE} are reported as 0 in the CDF.</li>
 * </ul>
 */
class PoissonizedMaxLoadContractTest {
    private final PoissonizedMaxLoadCalculator fourier = new PoissonizedMaxLoadCalculator();
    private final PoissonizedMaxLoadCalculator convolution =
            new PoissonizedMaxLoadCalculator(PoissonizedMaxLoadCalculator.SumMethod.CONVOLUTION);

    /**
     * 400 balls in 2 bins against the binomial closed form, for every k; the support runs from 200 to beyond
     * 280, so the CDF spans more than the 64 loads the calculator first allocates.
     */
    @Test
    void twoBinsMatchTheBinomialClosedForm() {
        int m = 400;
        MaxLoadDistribution d = fourier.maxLoad(m, 2);
        assertTrue(d.maxSupport() > 200 + 64, "support " + d.maxSupport());
        BigInteger[] row = new BigInteger[m + 1];
        row[0] = BigInteger.ONE;
        for (int j = 1; j <= m; j++) {
            row[j] = row[j - 1].multiply(BigInteger.valueOf(m - j + 1)).divide(BigInteger.valueOf(j));
        }
        BigInteger all = BigInteger.TWO.pow(m);
        for (int k = 0; k <= m; k++) {
            BigInteger count = BigInteger.ZERO;
            for (int j = m - k; j <= k; j++) {
                count = count.add(row[j]);
            }
            double exact = new BigFraction(count, all).doubleValue();
            assertEquals(exact, d.probabilityAtMost(k), 1e-14 + 1e-10 * exact, "k=" + k);
        }
        assertEquals(0.0, d.probabilityAtMost(199), 0.0);
    }

    /** P(max <= m) is exactly 1 and P(max <= k) exactly 0 below the pigeonhole bound, for both methods. */
    @Test
    void certainAndImpossibleEventsAreExact() {
        for (PoissonizedMaxLoadCalculator c : new PoissonizedMaxLoadCalculator[] {fourier, convolution}) {
            for (int m : new int[] {1, 3, 8, 20}) {
                for (int n : new int[] {1, 2, 3, 7}) {
                    assertEquals(0.0, c.logProbabilityAtMost(m, n, m), 0.0, m + "/" + n);
                    assertEquals(1.0, c.probabilityAtMost(m, n, m + 1), 0.0);
                    assertEquals(Double.NEGATIVE_INFINITY, c.logProbabilityAtMost(m, n, -1));
                    int below = (m + n - 1) / n - 1; // largest k with k n < m
                    assertEquals(Double.NEGATIVE_INFINITY, c.logProbabilityAtMost(m, n, below), m + "/" + n);
                }
            }
            assertEquals(0.0, c.logProbabilityAtMost(0, 3, 0), 0.0, "no balls: the max is 0");
            // k n = m: 6 balls in 3 bins, 2 each: 6! / (2!^3 3^6) = 90 / 729
            assertEquals(90.0 / 729, c.probabilityAtMost(6, 3, 2), 1e-15);
        }
    }

    /** One ball in n bins has max 1 with certainty. */
    /**
     * The progress a long computation reports rises to 1, the count of evaluations planned being exact (the last value
     * of the max is found beforehand by the loop's own stopping rule), and reporting changes nothing in the result.
     */
    @Test
    void progressRisesToOneAndChangesNothing() {
        for (int[] mn : new int[][] {{20_000, 2}, {20_000, 64}, {1_000, 1_000}, {5, 3}}) {
            PoissonizedMaxLoadCalculator calc = new PoissonizedMaxLoadCalculator();
            java.util.List<Double> reports = new java.util.ArrayList<>();
            MaxLoadDistribution withProgress = calc.maxLoad(mn[0], mn[1], reports::add);
            MaxLoadDistribution plain = calc.maxLoad(mn[0], mn[1]);
            assertEquals(plain.toString(), withProgress.toString());
            assertEquals(plain.expectedMax(), withProgress.expectedMax(), 0.0);
            assertTrue(reports.size() > 2, mn[0] + " in " + mn[1] + ": " + reports);
            for (int i = 1; i < reports.size(); i++) {
                assertTrue(reports.get(i) >= reports.get(i - 1) && reports.get(i) <= 1, reports.toString());
            }
            assertEquals(1.0, reports.get(reports.size() - 1), 1e-12, mn[0] + " in " + mn[1] + ": " + reports);
        }
    }

    @Test
    void oneBallHasMaxOne() {
        for (int n : new int[] {1, 2, 5, 1000}) {
            MaxLoadDistribution d = fourier.maxLoad(1, n);
            assertEquals(0.0, d.probabilityAtMost(0), 0.0);
            assertEquals(1.0, d.probabilityAtMost(1), 0.0);
            assertEquals(1.0, d.expectedMax(), 0.0);
        }
    }

    /**
     * 710 balls in 710 bins: P(max <= 1) = 710!/710^710 = e^-705.8 is below e^-700 and is reported as 0, while
     * P(max <= 2) is computed.
     */
    @Test
    void negligibleProbabilitiesAreReportedAsZero() {
        double log1 = fourier.logProbabilityAtMost(710, 710, 1);
        double stirling = Tails.logFactorial(710) - 710 * Math.log(710);
        assertEquals(stirling, log1, 1e-9);
        assertTrue(log1 < PoissonizedMaxLoadCalculator.LOG_NEGLIGIBLE);
        MaxLoadDistribution d = fourier.maxLoad(710, 710);
        assertEquals(0.0, d.probabilityAtMost(1), 0.0);
        assertEquals(Math.exp(fourier.logProbabilityAtMost(710, 710, 2)), d.probabilityAtMost(2), 1e-60);
        assertTrue(d.probabilityAtMost(2) > 0);
    }

    /** Limits are inclusive, and logProbabilityAtMost checks its arguments like maxLoad. */
    @Test
    void argumentsAreChecked() {
        int maxBalls = PoissonizedMaxLoadCalculator.MAX_BALLS;
        int maxBins = PoissonizedMaxLoadCalculator.MAX_BINS;
        assertEquals(Double.NEGATIVE_INFINITY, fourier.logProbabilityAtMost(maxBalls, 1, 0));
        assertEquals(Double.NEGATIVE_INFINITY, fourier.logProbabilityAtMost(1, maxBins, 0));
        assertField("balls:", () -> fourier.logProbabilityAtMost(maxBalls + 1, 1, 0));
        assertField("bins:", () -> fourier.logProbabilityAtMost(1, maxBins + 1, 0));
        assertField("balls:", () -> fourier.logProbabilityAtMost(-1, 4, -1));
        assertField("bins:", () -> fourier.logProbabilityAtMost(4, 0, 2));
    }

    /**
     * The convolution's cost estimate bounds what the method does: for every value of the max the calculator
     * evaluates (those carrying mass, plus a bisection's log2 m probes, each counted at the dearest value's cost), the
     * multiply-adds of its loops over the actual tilted summand, summed here from the summand's own support. The
     * estimate must be at least that and at most 10 times it.
     */
    @Test
    void convolutionCostEstimateBoundsTheWork() {
        int[][] cases = {{400, 2}, {1000, 16}, {2000, 64}, {5000, 1024}, {20000, 8}};
        for (int[] c : cases) {
            int m = c[0];
            int n = c[1];
            MaxLoadDistribution d = fourier.maxLoad(m, n);
            double work = 0;
            double dearest = 0;
            for (int k = 0; k <= d.maxSupport(); k++) {
                if (d.probabilityAtMost(k) == 0 || k >= m || (long) k * n <= m) {
                    continue;
                }
                TiltedTruncatedPoisson z = TiltedTruncatedPoisson.withMean(k, m / (double) n);
                long w = z.pmf().length - 1;
                long target = m - (long) n * z.low();
                double perValue = 0;
                for (long j = 1; j <= n; j++) {
                    perValue += (Math.min(target, j * w) - Math.max(0, target - (n - j) * w) + 1) * (double) (w + 1);
                }
                work += perValue;
                dearest = Math.max(dearest, perValue);
            }
            work += dearest * (32 - Integer.numberOfLeadingZeros(m));
            double estimate = PoissonizedMaxLoadCalculator.convolutionMultiplyAdds(m, n);
            assertTrue(estimate >= work && estimate <= 10 * work, m + " balls in " + n + " bins: estimate " + estimate
                    + ", work " + work);
        }
    }
}
