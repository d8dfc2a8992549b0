package org.primelab.analytical.balls;

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

    @Override
    public MaxLoadDistribution maxLoad(int balls, int bins) {
        MaxLoadCalculator.check(balls, bins, MAX_BALLS, MAX_BINS);
        double lambda = balls / (double) bins;
        java.util.List<Double> cdf = new java.util.ArrayList<>();
        for (int k = 0; ; k++) {
            double tail = Tails.poissonUpperTail(k, lambda);
            double logCdf = k + 1 < lambda ? Tails.logPoissonCdf(k, lambda) : Math.log1p(-tail);
            cdf.add(Math.exp(bins * logCdf));
            if (bins * tail < MaxLoadDistribution.TAIL_EPSILON) {
                break;
            }
        }
        double[] a = cdf.stream().mapToDouble(Double::doubleValue).toArray();
        return new MaxLoadDistribution(balls, bins, a, "Poisson approximation");
    }
}
