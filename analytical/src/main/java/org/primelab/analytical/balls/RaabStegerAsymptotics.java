package org.primelab.analytical.balls;

/**
 * The asymptotic maximum load of Raab and Steger, "'Balls into bins' — a simple and tight analysis"
 * (RANDOM 1998), Theorem 1: for {@code m} balls in {@code n} bins and the threshold {@code k_alpha} below,
 * {@code P(max > k_alpha) = o(1)} for {@code alpha > 1} and {@code 1 - o(1)} for {@code 0 < alpha < 1}
 * (natural logarithms throughout):
 * <pre>
 *  SPARSE       n/polylog n <= m << n log n : k = log n / log(n log n / m) * (1 + alpha log log(n log n / m) / log(n log n / m))
 *  LOGARITHMIC  m = c n log n               : k = (d_c - 1 + alpha) log n,  d_c the largest root of 1 + x (log c - log x + 1) - c = 0
 *  DENSE        n log n << m <= n polylog n : k = m/n + alpha sqrt(2 (m/n) log n)
 *  VERY_DENSE   m >> n (log n)^3            : k = m/n + sqrt(2 (m/n) log n (1 - (1/alpha) log log n / (2 log n)))
 * </pre>
 * Proof idea (theirs): first and second moment method on the number of bins with load at least
 * {@code k}, using the Poisson approximation of a bin's load and its Chernoff-type tail.
 *
 * <p>The formulas are recalled from the paper (docs/references.md marks them "verify"); this class was checked
 * against the exact distribution ({@code ApproximationsTest}): with {@code alpha = 1} the sparse threshold
 * at {@code m = n = 1024} is 4.80 against an exact median of 5, and the dense one at
 * {@code m = 10^5, n = 1024} is 134.5 against 131 (both within 5%; the test allows 10%). "<<" is asymptotic, so the cut-offs between regimes
 * ({@link #SPARSE_LIMIT}, {@link #LOGARITHMIC_LIMIT}) are this class's convention, not the paper's.
 */
public final class RaabStegerAsymptotics {
    /** {@code c = m/(n ln n)} below which the sparse case is used (convention). */
    public static final double SPARSE_LIMIT = 0.25;
    /** {@code c = m/(n ln n)} up to which the {@code c n log n} case is used (convention). */
    public static final double LOGARITHMIC_LIMIT = 4.0;

    /** The four cases of Theorem 1. */
    public enum Regime {
        /** {@code n/polylog(n) <= m << n log n}. */
        SPARSE,
        /** {@code m = c n log n}. */
        LOGARITHMIC,
        /** {@code n log n << m <= n polylog(n)}. */
        DENSE,
        /** {@code m >> n (log n)^3}. */
        VERY_DENSE
    }

    private RaabStegerAsymptotics() {
    }

    /** The case of Theorem 1 this class applies to {@code m} balls in {@code n >= 3} bins. */
    public static Regime regime(long balls, int bins) {
        check(balls, bins);
        double ln = Math.log(bins);
        double c = balls / (bins * ln);
        if (c < SPARSE_LIMIT) {
            return Regime.SPARSE;
        }
        if (c <= LOGARITHMIC_LIMIT) {
            return Regime.LOGARITHMIC;
        }
        return balls >= bins * ln * ln * ln ? Regime.VERY_DENSE : Regime.DENSE;
    }

    /** The threshold {@code k_alpha} of Theorem 1 for the regime of {@code (m, n)}. */
    public static double threshold(long balls, int bins, double alpha) {
        check(balls, bins);
        if (!(alpha > 0)) {
            throw new IllegalArgumentException("alpha: must be > 0, got " + alpha);
        }
        double ln = Math.log(bins);
        double mean = balls / (double) bins;
        return switch (regime(balls, bins)) {
            case SPARSE -> {
                double r = Math.log(bins * ln / balls);
                yield ln / r * (1 + alpha * Math.log(r) / r);
            }
            case LOGARITHMIC -> (largestRoot(balls / (bins * ln)) - 1 + alpha) * ln;
            case DENSE -> mean + alpha * Math.sqrt(2 * mean * ln);
            case VERY_DENSE -> mean + Math.sqrt(2 * mean * ln * (1 - Math.log(ln) / (2 * alpha * ln)));
        };
    }

    /** {@code d_c}: the largest root of {@code 1 + x (ln c - ln x + 1) - c = 0} (it lies above {@code c}). */
    public static double largestRoot(double c) {
        if (!(c > 0)) {
            throw new IllegalArgumentException("c: must be > 0, got " + c);
        }
        double lo = c; // f(c) = 1 > 0
        double hi = 2 * c + 2;
        while (f(hi, c) > 0) {
            hi *= 2;
        }
        for (int i = 0; i < 200 && hi - lo > 1e-14 * hi; i++) {
            double mid = (lo + hi) / 2;
            if (f(mid, c) > 0) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }

    private static double f(double x, double c) {
        return 1 + x * (Math.log(c) - Math.log(x) + 1) - c;
    }

    /** The classical one-term estimate for {@code m = n}: {@code ln n / ln ln n}. */
    public static double lightlyLoaded(int bins) {
        check(bins, bins);
        return Math.log(bins) / Math.log(Math.log(bins));
    }

    /** The heavily loaded one-term estimate {@code m/n + sqrt(2 (m/n) ln n)}. */
    public static double heavilyLoaded(long balls, int bins) {
        check(balls, bins);
        double mean = balls / (double) bins;
        return mean + Math.sqrt(2 * mean * Math.log(bins));
    }

    private static void check(long balls, int bins) {
        if (balls < 1) {
            throw new IllegalArgumentException("balls: must be >= 1 for an asymptotic estimate, got " + balls);
        }
        if (bins < 3) {
            throw new IllegalArgumentException("bins: must be >= 3 (log log n > 0), got " + bins);
        }
    }
}
