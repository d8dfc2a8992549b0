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
        int[] range = window(t, k, PoissonizedMaxLoadCalculator.TRIM_LOG + NORMALISER_MARGIN);
        double max = logWeight(t, mode(t, k));
        double sum = 0;
        for (int j = range[0]; j <= range[1]; j++) {
            sum += Math.exp(logWeight(t, j) - max);
        }
        double logQ = max + Math.log(sum);
        int[] kept = window(t, k, PoissonizedMaxLoadCalculator.TRIM_LOG);
        double[] p = new double[kept[1] - kept[0] + 1];
        for (int j = kept[0]; j <= kept[1]; j++) {
            p[j - kept[0]] = Math.exp(logWeight(t, j) - logQ);
        }
        return new TiltedTruncatedPoisson(t, logQ, kept[0], p);
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

    /** Indices around the mode whose log weight is within {@code drop} of the largest (log-concavity). */
    private static int[] window(double t, int k, double drop) {
        int mode = mode(t, k);
        double floor = logWeight(t, mode) - drop;
        int a = mode;
        while (a > 0 && logWeight(t, a - 1) >= floor) {
            a--;
        }
        int b = mode;
        while (b < k && logWeight(t, b + 1) >= floor) {
            b++;
        }
        return new int[] {a, b};
    }

    private static double[] moments(double t, int k) {
        int[] range = window(t, k, PoissonizedMaxLoadCalculator.TRIM_LOG + NORMALISER_MARGIN);
        double max = logWeight(t, mode(t, k));
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        for (int j = range[0]; j <= range[1]; j++) {
            double w = Math.exp(logWeight(t, j) - max);
            s0 += w;
            s1 += j * w;
            s2 += (double) j * j * w;
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
