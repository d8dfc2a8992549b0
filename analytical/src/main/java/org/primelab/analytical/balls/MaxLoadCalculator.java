package org.primelab.analytical.balls;

/**
 * An algorithm for the distribution of the maximum bin load when {@code m} balls are thrown
 * independently and uniformly into {@code n} bins. Implementations: {@link RationalMaxLoadCalculator}
 * (exact rational arithmetic, small cases), {@link PoissonizedMaxLoadCalculator} (the positivity-preserving
 * Poissonization identity in doubles, large cases), {@link MonteCarloMaxLoadEstimator} (seeded sampling,
 * for cross-checks) and {@link PoissonApproximation} (independent-bins approximation).
 */
public interface MaxLoadCalculator {

    /** The distribution of the maximum load of {@code balls} balls in {@code bins} bins. */
    MaxLoadDistribution maxLoad(int balls, int bins);

    /**
     * The same, reporting the share of the work done (0 to 1) to {@code progress} as it goes, for a caller that shows
     * progress on a long computation; calculators that finish quickly report nothing.
     */
    default MaxLoadDistribution maxLoad(int balls, int bins, java.util.function.DoubleConsumer progress) {
        return maxLoad(balls, bins);
    }

    /** Shared argument check: {@code balls >= 0}, {@code bins >= 1}, within the algorithm's limits. */
    static void check(int balls, int bins, int maxBalls, int maxBins) {
        if (balls < 0 || balls > maxBalls) {
            throw new IllegalArgumentException("balls: must be in [0, " + maxBalls + "], got " + balls);
        }
        if (bins < 1 || bins > maxBins) {
            throw new IllegalArgumentException("bins: must be in [1, " + maxBins + "], got " + bins);
        }
    }
}
