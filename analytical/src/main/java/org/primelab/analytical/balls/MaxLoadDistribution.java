package org.primelab.analytical.balls;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The distribution of the maximum load {@code M} when {@code balls} balls land in {@code bins} bins,
 * given by its cumulative distribution {@code P(M <= k)} for {@code k = 0 .. cdf.length - 1}; for larger
 * {@code k} the probability is 1 (the producer stops once {@code 1 - P(M <= k)} is negligible, see
 * {@link #TAIL_EPSILON}).
 *
 * <p>Every derived number follows from the CDF alone: {@code P(M = k) = P(M <= k) - P(M <= k-1)},
 * {@code E[M] = sum_{k >= 0} P(M > k)} (the tail-sum formula for a non-negative integer variable),
 * {@code Var[M] = sum_{k >= 0} (2k + 1) P(M > k) - E[M]^2}, and the {@code p}-quantile is the smallest
 * {@code k} with {@code P(M <= k) >= p}.
 *
 * @param balls number of balls {@code m}, >= 0
 * @param bins number of bins {@code n}, >= 1
 * @param cdf {@code cdf[k] = P(M <= k)}, non-decreasing, last entry 1 (within rounding)
 * @param method how the numbers were obtained (e.g. "exact rational", "Poissonized, Fourier")
 */
public record MaxLoadDistribution(int balls, int bins, double[] cdf, String method) {
    /**
     * A producer may stop the CDF once {@code 1 - P(M <= k)} is below this (the double rounding unit
     * of numbers near 1 is 1.1e-16, so smaller tails are not representable in the CDF anyway).
     */
    public static final double TAIL_EPSILON = 1e-17;
    /** A load "carries mass" if {@code P(M = k)} exceeds this; used for reporting only. */
    public static final double MASS_EPSILON = 1e-12;

    /** Validates and copies the CDF. */
    public MaxLoadDistribution {
        if (balls < 0) {
            throw new IllegalArgumentException("balls: must be >= 0, got " + balls);
        }
        if (bins < 1) {
            throw new IllegalArgumentException("bins: must be >= 1, got " + bins);
        }
        if (cdf == null || cdf.length == 0) {
            throw new IllegalArgumentException("cdf: must have at least one entry");
        }
        cdf = cdf.clone();
        for (int k = 0; k < cdf.length; k++) {
            if (!(cdf[k] >= 0 && cdf[k] <= 1 + 1e-9) || (k > 0 && cdf[k] < cdf[k - 1] - 1e-12)) {
                throw new IllegalArgumentException("cdf: must be a non-decreasing probability, entry " + k + " is "
                        + cdf[k]);
            }
        }
    }

    /** The empirical distribution of a histogram of observed maxima ({@code histogram[k]} = times max was k). */
    public static MaxLoadDistribution empirical(int balls, int bins, long[] histogram, String method) {
        long total = 0;
        int top = 0;
        for (int k = 0; k < histogram.length; k++) {
            total += histogram[k];
            if (histogram[k] > 0) {
                top = k;
            }
        }
        if (total == 0) {
            throw new IllegalArgumentException("histogram: needs at least one sample");
        }
        double[] cdf = new double[top + 1];
        long acc = 0;
        for (int k = 0; k <= top; k++) {
            acc += histogram[k];
            cdf[k] = acc / (double) total;
        }
        cdf[top] = 1.0;
        return new MaxLoadDistribution(balls, bins, cdf, method);
    }

    /** {@code P(M <= k)}. */
    public double probabilityAtMost(int k) {
        if (k < 0) {
            return 0;
        }
        return k < cdf.length ? Math.min(1.0, cdf[k]) : 1.0;
    }

    /** {@code P(M = k)}. */
    public double probabilityOf(int k) {
        return Math.max(0.0, probabilityAtMost(k) - probabilityAtMost(k - 1));
    }

    /** {@code P(M > k)}. */
    public double probabilityAbove(int k) {
        return Math.max(0.0, 1.0 - probabilityAtMost(k));
    }

    /** {@code E[M]} by the tail sum. */
    public double expectedMax() {
        double e = 0;
        for (int k = 0; k < cdf.length; k++) {
            e += probabilityAbove(k);
        }
        return e;
    }

    /** {@code Var[M]} from {@code E[M^2] = sum_k (2k+1) P(M > k)}. */
    public double variance() {
        double second = 0;
        for (int k = 0; k < cdf.length; k++) {
            second += (2.0 * k + 1) * probabilityAbove(k);
        }
        double mean = expectedMax();
        return Math.max(0.0, second - mean * mean);
    }

    /** The smallest {@code k} with {@code P(M <= k) >= p}, for {@code p} in (0, 1]. */
    public int quantile(double p) {
        if (!(p > 0 && p <= 1)) {
            throw new IllegalArgumentException("quantile: p must be in (0, 1], got " + p);
        }
        for (int k = 0; k < cdf.length; k++) {
            if (cdf[k] >= p - 1e-15) {
                return k;
            }
        }
        return cdf.length - 1;
    }

    /** Largest load with {@code P(M = k) > 0} within the stored range. */
    public int maxSupport() {
        return cdf.length - 1;
    }

    /** Loads that carry mass ({@code P(M = k) > MASS_EPSILON}) mapped to {@code P(M <= k)}, ascending. */
    public Map<Integer, Double> cdfWhereMassIs() {
        Map<Integer, Double> out = new LinkedHashMap<>();
        for (int k = 0; k < cdf.length; k++) {
            if (probabilityOf(k) > MASS_EPSILON) {
                out.put(k, probabilityAtMost(k));
            }
        }
        return out;
    }

    @Override
    public double[] cdf() {
        return cdf.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MaxLoadDistribution d && d.balls == balls && d.bins == bins && Arrays.equals(d.cdf, cdf)
                && d.method.equals(method);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * balls + bins) + Arrays.hashCode(cdf);
    }

    @Override
    public String toString() {
        return "MaxLoadDistribution[" + balls + " balls, " + bins + " bins, E[max]=" + expectedMax() + ", " + method
                + "]";
    }
}
