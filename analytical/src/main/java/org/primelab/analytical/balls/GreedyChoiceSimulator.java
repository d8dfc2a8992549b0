package org.primelab.analytical.balls;

import java.util.SplittableRandom;
import org.primelab.core.random.Seeds;

/**
 * Greedy[d], the power of {@code d} choices, by seeded simulation: each ball samples {@code d} bins
 * uniformly and independently and joins the least loaded of them (ties: the first sampled).
 *
 * <p><b>Theory.</b> Azar, Broder, Karlin and Upfal ("Balanced allocations", SIAM J. Comput. 1999): for
 * {@code m = n} the maximum load is {@code ln ln n / ln d + O(1)} w.h.p. (versus {@code ln n / ln ln n} for
 * one choice). Berenbrink, Czumaj, Steger and Vöcking ("Balanced allocations: the heavily loaded case",
 * STOC 2000): for any {@code m} the maximum load is {@code m/n + ln ln n / ln d + O(1)} w.h.p. — the
 * excess over the mean does not grow with {@code m}, while with one choice it grows like
 * {@code sqrt(2 (m/n) ln n)}. Proof idea: a layered induction bounds the fraction of bins with load at
 * least {@code m/n + i} by a doubly exponentially decreasing sequence {@code beta_{i+1} ~ beta_i^d}.
 * The {@code O(1)} is not given explicitly, so this class offers the leading term
 * ({@link #asymptoticExcess(int, int)}) and the simulation; the tests check that the simulated excess
 * stays within a constant of it as {@code m} grows.
 */
public final class GreedyChoiceSimulator {
    /** Purpose tag of the Greedy[d] sampling stream. */
    public static final long PURPOSE = 0x47524459L; // "GRDY"

    private final long seed;
    private final int trials;

    /** A simulator running {@code trials} experiments from {@code seed}. */
    public GreedyChoiceSimulator(long seed, int trials) {
        if (trials < 1) {
            throw new IllegalArgumentException("trials: must be >= 1, got " + trials);
        }
        this.seed = seed;
        this.trials = trials;
    }

    /** Empirical distribution of the maximum load of Greedy[{@code choices}]. */
    public MaxLoadDistribution maxLoad(int balls, int bins, int choices) {
        MaxLoadCalculator.check(balls, bins, Integer.MAX_VALUE, 1 << 24);
        if (choices < 1) {
            throw new IllegalArgumentException("choices: d must be >= 1, got " + choices);
        }
        if ((long) balls * choices * trials > MonteCarloMaxLoadEstimator.MAX_WORK) {
            throw new IllegalArgumentException("trials: balls x choices x trials must be <= "
                    + MonteCarloMaxLoadEstimator.MAX_WORK);
        }
        SplittableRandom rnd = new SplittableRandom(Seeds.derive(seed, PURPOSE, balls, bins, choices));
        long[] histogram = new long[balls + 1];
        int[] load = new int[bins];
        int top = 0;
        for (int t = 0; t < trials; t++) {
            java.util.Arrays.fill(load, 0);
            int max = 0;
            for (int b = 0; b < balls; b++) {
                int best = rnd.nextInt(bins);
                for (int c = 1; c < choices; c++) {
                    int other = rnd.nextInt(bins);
                    if (load[other] < load[best]) {
                        best = other;
                    }
                }
                max = Math.max(max, ++load[best]);
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
        return new MaxLoadDistribution(balls, bins, cdf, "Greedy[" + choices + "] simulation, " + trials + " trials");
    }

    /** The leading term of the excess over {@code m/n}: {@code ln ln n / ln d} ({@code d >= 2, n >= 3}). */
    public static double asymptoticExcess(int bins, int choices) {
        if (bins < 3 || choices < 2) {
            throw new IllegalArgumentException("choices: the d-choice excess needs d >= 2 and n >= 3, got d="
                    + choices + ", n=" + bins);
        }
        return Math.log(Math.log(bins)) / Math.log(choices);
    }
}
