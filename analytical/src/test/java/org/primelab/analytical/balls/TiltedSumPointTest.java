package org.primelab.analytical.balls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The point probability {@code P(Z_1 + ... + Z_n = m)} of i.i.d. tilted summands, by Fourier inversion and by
 * pruned convolution, against the plain n-fold convolution of the summand's pmf (all terms positive, no
 * pruning, no rescaling: the definition). Out of the support {@code [n low, n (low + w)]} both return
 * {@code -Infinity}. The inversion is exact up to rounding (absolute error ~1e-16) once its transform covers
 * the aliasing bound; the convolution keeps relative precision even where the probability underflows a double.
 */
class TiltedSumPointTest {

    /** {@code exact[s] = P(sum of n offsets (Z - low) = s)} by repeated full convolution. */
    private static double[] nFold(double[] p, int n) {
        double[] dist = {1.0};
        for (int j = 0; j < n; j++) {
            double[] next = new double[dist.length + p.length - 1];
            for (int a = 0; a < dist.length; a++) {
                for (int d = 0; d < p.length; d++) {
                    next[a + d] += dist[a] * p[d];
                }
            }
            dist = next;
        }
        return dist;
    }

    private static void checkAllPoints(TiltedTruncatedPoisson z, int n, boolean convolutionToo) {
        checkPoints(z, n, convolutionToo, 1);
    }

    private static void checkPoints(TiltedTruncatedPoisson z, int n, boolean convolutionToo, int stride) {
        double[] exact = nFold(z.pmf(), n);
        int base = n * z.low();
        for (int s = -1; s <= exact.length; s += s < 0 || s + stride > exact.length ? 1 : stride) {
            int m = base + s;
            double e = s >= 0 && s < exact.length ? exact[s] : 0;
            double f = Math.exp(PoissonizedMaxLoadCalculator.logSumPointFourier(z, n, m));
            assertEquals(e, f, 1e-14 + 1e-9 * e, "Fourier n=" + n + " m=" + m);
            if (convolutionToo) {
                double c = PoissonizedMaxLoadCalculator.logSumPointConvolution(z, n, m);
                if (e == 0) {
                    assertEquals(Double.NEGATIVE_INFINITY, c, "convolution n=" + n + " m=" + m);
                } else {
                    assertEquals(Math.log(e), c, 1e-12, "convolution n=" + n + " m=" + m);
                }
            }
        }
        assertEquals(Double.NEGATIVE_INFINITY, PoissonizedMaxLoadCalculator.logSumPointFourier(z, n, base - 1));
        assertEquals(Double.NEGATIVE_INFINITY,
                PoissonizedMaxLoadCalculator.logSumPointFourier(z, n, base + exact.length));
    }

    /**
     * Untrimmed summand on {0..4}: every point of the sum for n = 2 and n = 4, whose spans (9 and 17 points) are one
     * more than a power of two, so a transform one point short would alias the two ends of the support.
     */
    @Test
    void smallSumsMatchTheDefinitionEverywhere() {
        TiltedTruncatedPoisson z = TiltedTruncatedPoisson.withMean(4, 2.0);
        assertEquals(0, z.low());
        assertEquals(5, z.pmf().length);
        for (int n : new int[] {1, 2, 3, 4, 8}) {
            checkAllPoints(z, n, true);
        }
    }

    /**
     * n = 64: the Bernstein bound, not the span (257 points), sizes the transform; points far from the mean must
     * still come out right (the bound includes the distance |m - E S|).
     */
    @Test
    void manySummandsMatchTheDefinitionEverywhere() {
        checkAllPoints(TiltedTruncatedPoisson.withMean(4, 2.0), 64, true);
        checkPoints(TiltedTruncatedPoisson.withMean(10, 3.0), 200, false, 7);
    }

    /** A trimmed summand (support starting above 0): the sum's support starts at n low. */
    @Test
    void trimmedSummandShiftsTheSupport() {
        TiltedTruncatedPoisson z = TiltedTruncatedPoisson.withMean(130, 100.0);
        assertTrue(z.low() > 0, "low " + z.low());
        checkAllPoints(z, 2, true);
    }

    /**
     * All n summands at the top of the trimmed support: {@code P = p_top^n}, about e^-940 for n = 20, far below
     * the smallest double; the convolution tracks it in logarithms.
     */
    @Test
    void convolutionKeepsRelativePrecisionBeyondUnderflow() {
        TiltedTruncatedPoisson z = TiltedTruncatedPoisson.withMean(100, 5.0);
        double[] p = z.pmf();
        int n = 20;
        int top = z.low() + p.length - 1;
        double expected = n * Math.log(p[p.length - 1]);
        assertTrue(expected < -745, "underflows a double: " + expected);
        assertEquals(expected, PoissonizedMaxLoadCalculator.logSumPointConvolution(z, n, n * top), 1e-9 * -expected);
        double bottom = n * Math.log(p[0]);
        assertEquals(bottom, PoissonizedMaxLoadCalculator.logSumPointConvolution(z, n, n * z.low()), 1e-9 * -bottom);
    }
}
