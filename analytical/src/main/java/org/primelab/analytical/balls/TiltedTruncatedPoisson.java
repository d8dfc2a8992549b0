package org.primelab.analytical.balls;

/**
 * Poisson({@code mu}) conditioned on {@code [0, k]}, with {@code mu} chosen so that the mean equals a
 * target: the tilted summand of {@link PoissonizedMaxLoadCalculator}. Holds {@code log mu}, the log of
 * the normaliser {@code Q_mu = sum_{j<=k} mu^j/j!}, and the probabilities on the trimmed support
 * {@code [low, low + pmf.length)} (terms below {@code e^-TRIM_LOG} of the largest are dropped; the kept
 * terms are NOT renormalised, so they remain exact probabilities of the untrimmed law).
 *
 * <p>The mean {@code E[Z]} is increasing in {@code t = log mu} with derivative {@code Var[Z] > 0}
 * (exponential family), so Newton's method on {@code t}, safeguarded by a bracketing interval, finds
 * the tilt; it starts at {@code mu = target} where the mean is at most the target (truncation only lowers
 * it).
 */
final class TiltedTruncatedPoisson {
    private static final int MAX_ITERATIONS = 200;
    private static final double MEAN_TOLERANCE = 1e-12;
    /** Extra log-range kept for the normaliser and the moments beyond the trimmed support. */
    private static final double NORMALISER_MARGIN = 20.0;

    private final double logMu;
    private final double logNormaliser;
    private final int low;
    private final double[] pmf;

    private TiltedTruncatedPoisson(double logMu, double logNormaliser, int low, double[] pmf) {
        this.logMu = logMu;
        this.logNormaliser = logNormaliser;
        this.low = low;
        this.pmf = pmf;
    }

    /** The truncation to {@code [0, k]} whose mean is {@code target}, {@code 0 < target < k}. */
    static TiltedTruncatedPoisson withMean(int k, double target) {
        double lo = Math.log(target);
        double hi = Double.NaN;
        double t = lo;
        for (int it = 0; it < MAX_ITERATIONS; it++) {
            double[] mv = moments(t, k);
            double err = mv[0] - target;
            if (Math.abs(err) <= MEAN_TOLERANCE * Math.max(1.0, target)) {
                break;
            }
            if (err < 0) {
                lo = t;
            } else {
                hi = t;
            }
            double next = t - err / Math.max(mv[1], 1e-300);
            if (!(next > lo) || (!Double.isNaN(hi) && !(next < hi))) {
                next = Double.isNaN(hi) ? lo + Math.max(1.0, 2 * (t - lo)) : (lo + hi) / 2;
            }
            t = next;
        }
        Weights wide = Weights.around(t, k, PoissonizedMaxLoadCalculator.TRIM_LOG + NORMALISER_MARGIN);
        double sum = 0;
        for (double d : wide.relativeLogWeights) {
            sum += Math.exp(d);
        }
        double logSum = Math.log(sum);
        double logQ = wide.logModeWeight + logSum;
        // the kept terms: those within TRIM_LOG of the largest, a sub-interval of the wide window
        int a = wide.low;
        int b = wide.high();
        while (wide.relative(a) < -PoissonizedMaxLoadCalculator.TRIM_LOG) {
            a++;
        }
        while (wide.relative(b) < -PoissonizedMaxLoadCalculator.TRIM_LOG) {
            b--;
        }
        double[] p = new double[b - a + 1];
        for (int j = a; j <= b; j++) {
            p[j - a] = Math.exp(wide.relative(j) - logSum);
        }
        return new TiltedTruncatedPoisson(t, logQ, a, p);
    }

    /**
     * How many terms the trimmed summand keeps when the truncation does not bind ({@code k} far above the mean): the
     * widest support a tilt for this mean has, since truncation only narrows it. For cost estimates.
     */
    static int untruncatedWidth(double mean) {
        return Weights.around(Math.log(mean), Integer.MAX_VALUE, PoissonizedMaxLoadCalculator.TRIM_LOG)
                .relativeLogWeights.length;
    }

    /** {@code log(mu^j / j!)} with {@code t = log mu}. */
    private static double logWeight(double t, int j) {
        return j * t - Tails.logFactorial(j);
    }

    /** The largest weight's index: {@code floor(mu)} capped at k (weights are log-concave in j). */
    private static int mode(double t, int k) {
        double mu = Math.exp(t);
        return (int) Math.max(0, Math.min(k, Math.floor(mu)));
    }

    /**
     * The weights {@code mu^j / j!} within {@code drop} (in logs) of the largest, as logs relative to the largest.
     * They form an interval around the mode (log-concavity). Neighbours differ by {@code log(w_{j+1} / w_j) = t -
     * log(j + 1)}, so the relative logs are accumulated from the mode outwards, one {@code Math.log} per term: the
     * direct {@code j t - log j!} costs a log-gamma per term (80% of {@code prime bounds balls --balls 1000000
     * --bins 2}, 35 s, in a profile) and subtracts two numbers near {@code j log j}, losing about {@code 1e-9} in
     * absolute terms at {@code j = 5 * 10^5}; each step here adds two numbers near {@code log j}, about
     * {@code 2e-15} of error a step.
     */
    private record Weights(int low, double logModeWeight, double[] relativeLogWeights) {
        static Weights around(double t, int k, double drop) {
            int mode = mode(t, k);
            double[] down = new double[16];
            int below = 0;
            double d = 0;
            for (int j = mode; j > 0; j--) {
                d += Math.log(j) - t;            // log(w_{j-1} / w_mode)
                if (d < -drop) {
                    break;
                }
                if (below == down.length) {
                    down = java.util.Arrays.copyOf(down, 2 * below);
                }
                down[below++] = d;
            }
            double[] up = new double[16];
            int above = 0;
            d = 0;
            for (int j = mode; j < k; j++) {
                d += t - Math.log(j + 1.0);      // log(w_{j+1} / w_mode)
                if (d < -drop) {
                    break;
                }
                if (above == up.length) {
                    up = java.util.Arrays.copyOf(up, 2 * above);
                }
                up[above++] = d;
            }
            double[] relative = new double[below + 1 + above];
            for (int i = 0; i < below; i++) {
                relative[below - 1 - i] = down[i];
            }
            System.arraycopy(up, 0, relative, below + 1, above);
            return new Weights(mode - below, logWeight(t, mode), relative);
        }

        int high() {
            return low + relativeLogWeights.length - 1;
        }

        double relative(int j) {
            return relativeLogWeights[j - low];
        }
    }

    private static double[] moments(double t, int k) {
        Weights w = Weights.around(t, k, PoissonizedMaxLoadCalculator.TRIM_LOG + NORMALISER_MARGIN);
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        for (int j = w.low; j <= w.high(); j++) {
            double x = Math.exp(w.relative(j));
            s0 += x;
            s1 += j * x;
            s2 += (double) j * j * x;
        }
        double mean = s1 / s0;
        return new double[] {mean, Math.max(0.0, s2 / s0 - mean * mean)};
    }

    double logMu() {
        return logMu;
    }

    double logNormaliser() {
        return logNormaliser;
    }

    int low() {
        return low;
    }

    double[] pmf() {
        return pmf;
    }
}
