package org.primelab.analytical.balls;

import org.apache.commons.math3.special.Gamma;

/**
 * Numerically careful Poisson and binomial probabilities used by the balls-into-bins algorithms: sums of
 * positive terms in log space, upper tails summed directly beyond the mode (so tiny tails keep their
 * relative precision instead of being {@code 1 - (1 - tail)}). Package-private helpers.
 */
final class Tails {
    private static final double NEGLIGIBLE_TERM = 1e-40;

    private Tails() {
    }

    static double logFactorial(int j) {
        return Gamma.logGamma(j + 1.0);
    }

    static double logPoissonPmf(int j, double lambda) {
        if (lambda == 0) {
            return j == 0 ? 0 : Double.NEGATIVE_INFINITY;
        }
        return j * Math.log(lambda) - lambda - logFactorial(j);
    }

    /** {@code log P(Poi(lambda) <= k)}. */
    static double logPoissonCdf(int k, double lambda) {
        if (k < 0) {
            return Double.NEGATIVE_INFINITY;
        }
        if (k >= lambda) {
            return Math.log1p(-poissonUpperTail(k, lambda));
        }
        // below the mean: sum downwards from k, terms decrease
        double top = logPoissonPmf(k, lambda);
        double sum = 0;
        for (int j = k; j >= 0; j--) {
            double t = Math.exp(logPoissonPmf(j, lambda) - top);
            sum += t;
            if (t < NEGLIGIBLE_TERM * sum) {
                break;
            }
        }
        return top + Math.log(sum);
    }

    /**
     * {@code P(Poi(lambda) > k)}. {@code Poi(0)} is 0 with certainty, so its tail is 0 for every
     * {@code k >= 0} (answered directly: the summation below would divide by its zero first term).
     */
    static double poissonUpperTail(int k, double lambda) {
        if (k < 0) {
            return 1;
        }
        if (lambda == 0) {
            return 0;
        }
        if (k + 1 < lambda) {
            return -Math.expm1(logPoissonCdf(k, lambda));
        }
        double first = logPoissonPmf(k + 1, lambda);
        double sum = 0;
        for (int j = k + 1; ; j++) {
            double t = Math.exp(logPoissonPmf(j, lambda) - first);
            sum += t;
            if (t < NEGLIGIBLE_TERM * sum) {
                break;
            }
        }
        return Math.exp(first) * sum;
    }

    static double logBinomialPmf(int j, int m, double p) {
        if (p >= 1) {
            return j == m ? 0 : Double.NEGATIVE_INFINITY;
        }
        return logFactorial(m) - logFactorial(j) - logFactorial(m - j) + j * Math.log(p) + (m - j) * Math.log1p(-p);
    }

    /** {@code P(Bin(m, p) > k)}; {@code Bin(m, 0)} is 0 and {@code Bin(m, 1)} is m with certainty. */
    static double binomialUpperTail(int m, double p, int k) {
        if (k < 0) {
            return 1;
        }
        if (k >= m || p == 0) {
            return 0;
        }
        if (p >= 1) {
            return 1; // k < m here; the sums below would start from log pmf = -Infinity and give NaN
        }
        if (k + 1 < m * p) {
            double top = logBinomialPmf(k, m, p);
            double sum = 0;
            for (int j = k; j >= 0; j--) {
                double t = Math.exp(logBinomialPmf(j, m, p) - top);
                sum += t;
                if (t < NEGLIGIBLE_TERM * sum) {
                    break;
                }
            }
            return -Math.expm1(top + Math.log(sum));
        }
        double first = logBinomialPmf(k + 1, m, p);
        double sum = 0;
        for (int j = k + 1; j <= m; j++) {
            double t = Math.exp(logBinomialPmf(j, m, p) - first);
            sum += t;
            if (t < NEGLIGIBLE_TERM * sum) {
                break;
            }
        }
        return Math.min(1.0, Math.exp(first) * sum);
    }
}
