package org.primelab.analytical.balls;

import java.util.SplittableRandom;
import org.primelab.core.random.Seeds;

/**
 * Seeded Monte-Carlo estimate of the maximum-load distribution: {@code trials} independent experiments,
 * each throwing {@code m} balls uniformly into {@code n} bins, and the empirical CDF of the maximum.
 *
 * <p>Accuracy: each empirical {@code P(max <= k)} is a binomial proportion with standard error
 * {@code sqrt(p (1 - p) / trials)}; the empirical mean has standard error {@code sqrt(Var[max] / trials)}.
 * The tests compare it with the exact distribution within a multiple of these errors. The stream is
 * derived from the seed with {@link Seeds#derive}, so the same seed gives the same estimate.
 */
public final class MonteCarloMaxLoadEstimator implements MaxLoadCalculator {
    /** Purpose tag of the balls-into-bins sampling stream. */
    public static final long PURPOSE = 0x42414c4cL; // "BALL"
    /** Bound on trials x balls, to keep one estimate within seconds. */
    public static final long MAX_WORK = 2_000_000_000L;

    private final long seed;
    private final int trials;

    /** An estimator running {@code trials} experiments from {@code seed}. */
    public MonteCarloMaxLoadEstimator(long seed, int trials) {
        if (trials < 1) {
            throw new IllegalArgumentException("trials: must be >= 1, got " + trials);
        }
        this.seed = seed;
        this.trials = trials;
    }

    @Override
    public MaxLoadDistribution maxLoad(int balls, int bins) {
        MaxLoadCalculator.check(balls, bins, Integer.MAX_VALUE, 1 << 24);
        if ((long) balls * trials > MAX_WORK) {
            throw new IllegalArgumentException("trials: balls x trials must be <= " + MAX_WORK + ", got "
                    + (long) balls * trials);
        }
        SplittableRandom rnd = new SplittableRandom(Seeds.derive(seed, PURPOSE, balls, bins));
        long[] histogram = new long[balls + 1];
        int[] load = new int[bins];
        int top = 0;
        for (int t = 0; t < trials; t++) {
            java.util.Arrays.fill(load, 0);
            int max = 0;
            for (int b = 0; b < balls; b++) {
                int v = ++load[rnd.nextInt(bins)];
                if (v > max) {
                    max = v;
                }
            }
            histogram[max]++;
            top = Math.max(top, max);
        }
        double[] cdf = new double[top + 1];
        long acc = 0;
        for (int k = 0; k <= top; k++) {
            acc += histogram[k];
            cdf[k] = acc / (double) trials;
        }
        cdf[top] = 1.0;
        return new MaxLoadDistribution(balls, bins, cdf, "Monte Carlo, " + trials + " trials, seed " + seed);
    }

    /** Number of experiments per estimate. */
    public int trials() {
        return trials;
    }
}
