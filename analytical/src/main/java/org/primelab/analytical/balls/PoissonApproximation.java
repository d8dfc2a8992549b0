package org.primelab.analytical.balls;

import java.util.Arrays;

/**
 * The Poisson approximation of the maximum load: treat the {@code n} bin loads as independent
 * Poisson({@code m/n}), so {@code P(max <= k) ~= P(Poi(m/n) <= k)^n} (docs/references.md "Balls into bins";
 * Mitzenmacher and Upfal, <i>Probability and Computing</i>, §5.4).
 *
 * <p>Proof idea of why it is close: it is the first factor of the exact Poissonization identity of
 * {@link PoissonizedMaxLoadCalculator}; the omitted factor {@code P(sum Y = m)/P(Poi(m) = m)} corrects
 * for the dependence between bins (loads sum to exactly {@code m}) and tends to 1 when {@code k} is
 * well above {@code m/n}. The approximation is not a bound in either direction at small sizes; the tests
 * measure its error against the exact distribution.
 */
public final class PoissonApproximation implements MaxLoadCalculator {
    /** Largest number of balls accepted. */
    public static final int MAX_BALLS = Integer.MAX_VALUE / 2;
    /** Largest number of bins accepted. */
    public static final int MAX_BINS = 1 << 24;
    /**
     * Largest mean load {@code m/n} accepted: the CDF holds one double per load from 0 to beyond the mean, so a
     * billion balls in one bin would need 8 GB (twice, with the tails); 2^24 needs 2 x 134 MB and about a second.
     */
    public static final int MAX_MEAN_LOAD = 1 << 24;

    /**
     * {@code P(max <= k)} for {@code k = 0, 1, ...} up to the first {@code k} whose tail {@code n P(Poi > k)} is below
     * {@link MaxLoadDistribution#TAIL_EPSILON}, in time linear in that {@code k}. Below the mean the CDF is the sum
     * of the pmf up to {@code k}, accumulated upwards in log space (each step adds one positive term); from the mean
     * on it is {@code 1 - P(Poi > k)}, the upper tails accumulated downwards from the last {@code k} (each step adds
     * one positive term, so a tiny tail keeps its relative precision). Summing each {@code k}'s CDF or tail afresh,
     * as {@link Tails} does for one value, took thousands of terms per {@code k} near the mean: 73 s for a million
     * balls in one bin.
     */
    @Override
    public MaxLoadDistribution maxLoad(int balls, int bins) {
        MaxLoadCalculator.check(balls, bins, MAX_BALLS, MAX_BINS);
        double lambda = balls / (double) bins;
        if (lambda > MAX_MEAN_LOAD) {
            throw new IllegalArgumentException("balls: " + balls + " balls in " + bins + " bins is a mean load of "
                    + (long) Math.ceil(lambda) + " per bin; the Poisson approximation accepts at most " + MAX_MEAN_LOAD
                    + " (its CDF holds one value per load)");
        }
        if (lambda == 0) {
            return new MaxLoadDistribution(balls, bins, new double[] {1.0}, "Poisson approximation");
        }
        // the lower part: k + 1 < lambda, P(Poi <= k) from the pmf summed upwards
        int mid = Math.max(0, (int) Math.ceil(lambda) - 1);   // the first k with k + 1 >= lambda
        while (mid + 1 < lambda) {
            mid++;
        }
        // the last k needed: n P(Poi > k) below the epsilon, found from the geometric bound on the tail beyond the
        // mode (P(Poi > k) <= pmf(k + 1) / (1 - lambda / (k + 2))), then checked exactly
        int last = mid;
        while (bins * Math.exp(Tails.logPoissonPmf(last + 1, lambda)) / (1 - lambda / (last + 2.0))
                >= MaxLoadDistribution.TAIL_EPSILON) {
            last++;
        }
        double[] cdf = new double[last + 1];
        double logCdf = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < mid; k++) {
            double logPmf = Tails.logPoissonPmf(k, lambda);
            logCdf = logCdf == Double.NEGATIVE_INFINITY ? logPmf
                    : Math.max(logCdf, logPmf) + Math.log1p(Math.exp(-Math.abs(logCdf - logPmf)));
            cdf[k] = Math.exp(bins * logCdf);
        }
        double[] tail = new double[last + 1];
        tail[last] = Tails.poissonUpperTail(last, lambda);
        for (int k = last - 1; k >= mid; k--) {
            tail[k] = tail[k + 1] + Math.exp(Tails.logPoissonPmf(k + 1, lambda));
        }
        int end = last;
        for (int k = mid; k <= last; k++) {
            cdf[k] = Math.exp(bins * Math.log1p(-tail[k]));
            if (bins * tail[k] < MaxLoadDistribution.TAIL_EPSILON) {
                end = k;
                break;
            }
        }
        return new MaxLoadDistribution(balls, bins, Arrays.copyOf(cdf, end + 1), "Poisson approximation");
    }
}
