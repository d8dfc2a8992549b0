package org.primelab.analytical.balls;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import org.apache.commons.math3.fraction.BigFraction;
import org.junit.jupiter.api.Test;

/**
 * Binomial and Poisson tails against exact rational sums, their degenerate laws, and the relative precision
 * of tiny upper tails (summed directly, not as {@code 1 - (1 - tail)}).
 */
class TailsExactTest {

    /** {@code P(Bin(m, 1/q) > k)} exactly: {@code sum_{j > k} C(m, j) (q - 1)^(m - j) / q^m}. */
    private static double exactUpperTail(int m, int q, int k) {
        BigInteger num = BigInteger.ZERO;
        BigInteger c = BigInteger.ONE;
        for (int j = 0; j <= m; j++) {
            if (j > k) {
                num = num.add(c.multiply(BigInteger.valueOf(q - 1).pow(m - j)));
            }
            c = c.multiply(BigInteger.valueOf(m - j)).divide(BigInteger.valueOf(j + 1));
        }
        return new BigFraction(num, BigInteger.valueOf(q).pow(m)).doubleValue();
    }

    /** Every k of Bin(100, 1/4) and Bin(60, 1/2), to relative 1e-9: includes tails down to 1e-52. */
    @Test
    void binomialTailsMatchExactSums() {
        for (int[] c : new int[][] {{100, 4}, {60, 2}, {30, 10}}) {
            for (int k = -1; k <= c[0] + 1; k++) {
                double exact = exactUpperTail(c[0], c[1], k);
                double tail = Tails.binomialUpperTail(c[0], 1.0 / c[1], k);
                assertEquals(exact, tail, 1e-300 + 1e-9 * exact, "Bin(" + c[0] + ", 1/" + c[1] + ") > " + k);
            }
        }
    }

    /** {@code Bin(m, 1)} is m with certainty: its tail is 1 below m and 0 from m on; its pmf is a point mass. */
    @Test
    void binomialWithCertainSuccessIsAPointMass() {
        for (int k = -1; k < 5; k++) {
            assertEquals(1.0, Tails.binomialUpperTail(5, 1.0, k), 0.0, "k=" + k);
        }
        assertEquals(0.0, Tails.binomialUpperTail(5, 1.0, 5), 0.0);
        assertEquals(0.0, Tails.logBinomialPmf(5, 5, 1.0), 0.0);
        assertEquals(Double.NEGATIVE_INFINITY, Tails.logBinomialPmf(3, 5, 1.0));
    }

    /** {@code Poi(0)} is 0 with certainty. */
    @Test
    void poissonWithZeroMeanIsAPointMassAtZero() {
        assertEquals(0.0, Tails.logPoissonPmf(0, 0), 0.0);
        assertEquals(Double.NEGATIVE_INFINITY, Tails.logPoissonPmf(3, 0));
    }

    /** {@code P(Poi(lambda) <= 0) = e^-lambda} and {@code P(Poi(lambda) <= 1) = (1 + lambda) e^-lambda}, hand-derived. */
    @Test
    void poissonCdfNearZero() {
        for (double lambda : new double[] {0.5, 1, 3, 30, 300}) {
            assertEquals(-lambda, Tails.logPoissonCdf(0, lambda), 1e-12 * lambda);
            assertEquals(Math.log1p(lambda) - lambda, Tails.logPoissonCdf(1, lambda), 1e-12 * lambda);
        }
        // at k = lambda both summation directions apply: P(Poi(2) <= 2) = 5 e^-2
        assertEquals(Math.log(5) - 2, Tails.logPoissonCdf(2, 2), 1e-14);
    }
}
