package org.primelab.analytical.balls;

import org.apache.commons.math3.transform.DftNormalization;
import org.apache.commons.math3.transform.FastFourierTransformer;
import org.apache.commons.math3.transform.TransformType;

/**
 * Exact (up to double rounding) distribution of the maximum load for large cases, from the
 * positivity-preserving Poissonization identity.
 *
 * <p><b>Identity</b> (docs/references.md "Balls into bins"; Kolchin et al., <i>Random Allocations</i>): with
 * {@code lambda = m/n} and {@code Y_1..Y_n} i.i.d. Poisson({@code lambda}) conditioned on {@code Y <= k},
 * <pre>  P(max <= k) = P(Poi(lambda) <= k)^n * P(Y_1 + ... + Y_n = m) / P(Poi(m) = m).</pre>
 * Proof idea: throw Poisson({@code m}) balls instead of {@code m}; the bin loads become independent
 * Poisson({@code lambda}), and conditioning on the total being {@code m} gives back the multinomial.
 * Equivalently {@code P(max <= k) = m!/n^m * [x^m] e_k(x)^n} with {@code e_k(x) = sum_{j<=k} x^j/j!}.
 *
 * <p><b>Exponential tilting.</b> Any truncated Poisson({@code mu}) may replace {@code Y}: if {@code Z_i} are
 * i.i.d. Poisson({@code mu}) conditioned on {@code <= k} with normaliser {@code Q_mu = sum_{j<=k} mu^j/j!},
 * then {@code [x^m] e_k(x)^n = P(Z_1 + ... + Z_n = m) * Q_mu^n / mu^m}. This class picks {@code mu} so that
 * {@code E[Z] = m/n} (Newton on {@code log mu}, safeguarded by bisection); then {@code m} is the mean of the
 * sum and {@code P(sum Z = m)} is of order {@code 1/sqrt(n Var Z)}: no underflow, and every other factor
 * is handled in logarithms. Nothing is subtracted, so there is no cancellation (unlike J.C.P. Miller's
 * power-series recurrence, whose terms alternate in sign).
 *
 * <p><b>The point probability {@code P(sum Z = m)}</b> is computed by one of two methods:
 * <ul>
 *   <li>{@link SumMethod#FOURIER} (default): the inversion formula
 *       {@code P(S = m) = (1/N) sum_{t<N} phi(2 pi t/N)^n e^{-2 pi i t m/N}}, {@code phi} the characteristic
 *       function of {@code Z}, evaluated at all {@code N} points at once by a fast Fourier transform
 *       (commons-math3, {@code N} a power of two). The discrete transform returns {@code sum_j P(S = m + jN)}: it is exact
 *       when {@code N} exceeds the span of {@code S}, and otherwise the aliased terms are bounded by
 *       Bernstein's inequality {@code P(|S - ES| >= t) <= 2 exp(-t^2 / (2 (v + b t / 3)))} ({@code v} the
 *       variance of {@code S}, {@code b} the largest deviation of one {@code Z}); {@code N} is chosen so that
 *       this bound is below {@value #ALIAS_BOUND}. Cost {@code O(N log N)} per {@code k}.</li>
 *   <li>{@link SumMethod#CONVOLUTION}: direct convolution of the {@code n} tilted distributions, all
 *       terms positive; {@code O(n^2 w^2)}. For moderate sizes and as a cross-check.</li>
 * </ul>
 * Terms of {@code Z}'s distribution below {@code e^-}{@value #TRIM_LOG} of its largest term are dropped,
 * which lowers {@code P(S = m)} by a relative {@code n w e^-46 < 1e-14} at the sizes accepted.
 *
 * <p><b>Range of {@code k}.</b> {@code P(max <= k) = 0} for {@code k < m/n}; the CDF starts at the smallest
 * {@code k} with {@code log P >= }{@value #LOG_NEGLIGIBLE} (found by bisection, the CDF being monotone)
 * and stops once the union bound {@code P(max > k) <= n P(Bin(m, 1/n) > k)} is below
 * {@link MaxLoadDistribution#TAIL_EPSILON}; the union bound also clamps the computed CDF from below.
 * Measured: {@code m = 10^5, n = 1024} takes about 0.1 s once the JIT is warm (see the report of the
 * issue); cost grows with {@code m/n} (the width {@code w ~ sqrt(m/n)}) and with the number of values of
 * {@code k} carrying mass.
 */
public final class PoissonizedMaxLoadCalculator implements MaxLoadCalculator {
    /** Largest number of balls accepted (the issue asks for 10^5; 10x headroom). */
    public static final int MAX_BALLS = 1_000_000;
    /** Largest number of bins accepted. */
    public static final int MAX_BINS = 1 << 20;
    /** Bound on the aliased probability mass of the Fourier method. */
    public static final double ALIAS_BOUND = 1e-20;
    /** Largest transform length (points) of the Fourier method: 2^24 doubles, 256 MiB of complex data. */
    public static final long MAX_TRANSFORM = 1L << 24;
    /** Natural log of the relative size below which a term of the tilted distribution is dropped. */
    public static final double TRIM_LOG = 46.0;
    /** {@code P(max <= k)} below {@code e^-700} is reported as 0 (double underflows at about e^-745). */
    public static final double LOG_NEGLIGIBLE = -700.0;

    /** How {@code P(Z_1 + ... + Z_n = m)} is evaluated. */
    public enum SumMethod {
        /** Characteristic-function inversion with a bounded aliasing error. */
        FOURIER,
        /** Direct convolution of positive terms. */
        CONVOLUTION
    }

    private final SumMethod method;

    /** The default, Fourier-inversion calculator. */
    public PoissonizedMaxLoadCalculator() {
        this(SumMethod.FOURIER);
    }

    /** A calculator using {@code method} for the point probability of the sum. */
    public PoissonizedMaxLoadCalculator(SumMethod method) {
        if (method == null) {
            throw new IllegalArgumentException("method: must be FOURIER or CONVOLUTION");
        }
        this.method = method;
    }

    @Override
    public MaxLoadDistribution maxLoad(int balls, int bins) {
        return maxLoad(balls, bins, done -> { });
    }

    /**
     * {@inheritDoc} The work is one evaluation of {@link #logProbabilityAtMost} per value of the max: the bisection's
     * {@code log2 m} steps, then every value up to the first whose union bound is below
     * {@link MaxLoadDistribution#TAIL_EPSILON}, found beforehand by bisection on the (cheap, decreasing) bound.
     */
    @Override
    public MaxLoadDistribution maxLoad(int balls, int bins, java.util.function.DoubleConsumer progress) {
        MaxLoadCalculator.check(balls, bins, MAX_BALLS, MAX_BINS);
        String name = "Poissonized, " + method.name().toLowerCase(java.util.Locale.ROOT);
        if (balls == 0) {
            return new MaxLoadDistribution(0, bins, new double[] {1.0}, name);
        }
        if (bins == 1) {
            double[] cdf = new double[balls + 1];
            cdf[balls] = 1;
            return new MaxLoadDistribution(balls, bins, cdf, name);
        }
        int kMin = (int) ((balls + (long) bins - 1) / bins);
        int kLast = lastValueOfTheMax(balls, bins, kMin);
        double steps = Math.ceil(Math.log(balls - kMin + 1.0) / Math.log(2)) + 1;
        double evaluations = 0;
        // bisection for the first k whose probability is representable
        int lo = kMin;
        int hi = balls;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (logProbabilityAtMost(balls, bins, mid) >= LOG_NEGLIGIBLE) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
            progress.accept(++evaluations / (steps + Math.max(1, kLast - lo + 1)));
        }
        int kLow = lo;
        double total = evaluations + Math.max(1, kLast - kLow + 1);
        double[] buf = new double[Math.min(balls, kLow + 64) + 1];
        int k = kLow;
        double prev = 0;
        while (true) {
            double union = Math.min(1.0, bins * Tails.binomialUpperTail(balls, 1.0 / bins, k));
            double p = k >= balls ? 1.0 : Math.exp(logProbabilityAtMost(balls, bins, k));
            p = Math.min(1.0, Math.max(p, Math.max(prev, 1.0 - union)));
            if (k >= buf.length) {
                buf = java.util.Arrays.copyOf(buf, Math.min(balls + 1, buf.length * 2));
            }
            buf[k] = p;
            prev = p;
            progress.accept(Math.min(1, ++evaluations / total));
            if (k >= balls || union < MaxLoadDistribution.TAIL_EPSILON) {
                break;
            }
            k++;
        }
        double[] cdf = java.util.Arrays.copyOf(buf, k + 1);
        return new MaxLoadDistribution(balls, bins, cdf, name);
    }

    /** The first value of the max from {@code kMin} on whose union bound is below the tail cut (the loop's last), or m. */
    private static int lastValueOfTheMax(int balls, int bins, int kMin) {
        int lo = kMin;
        int hi = balls;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (bins * Tails.binomialUpperTail(balls, 1.0 / bins, mid) < MaxLoadDistribution.TAIL_EPSILON) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /**
     * About how many multiply-adds {@link SumMethod#CONVOLUTION} takes for {@code balls} balls in {@code bins} bins,
     * so that a caller can refuse a hopeless case before it starts (100,000 balls in 64 bins took 70 s on the
     * development machine, 10,000 in 1024 bins 10 s). Per value of the max it is the convolution's
     * {@code sum_j (reachable sums after j summands) x (summand width)}, with the width of the untruncated tilt
     * ({@link TiltedTruncatedPoisson#untruncatedWidth}, an upper bound); the values of the max counted are those from
     * {@code ceil(m/n)} to the first whose union bound {@code n P(Bin(m, 1/n) > k)} is below
     * {@link MaxLoadDistribution#TAIL_EPSILON}, plus the {@code log2 m} steps of the first value's bisection. An
     * over-estimate by up to a few times, never an under-estimate by more than the bisection's few values.
     */
    public static double convolutionMultiplyAdds(int balls, int bins) {
        MaxLoadCalculator.check(balls, bins, MAX_BALLS, MAX_BINS);
        if (balls == 0 || bins == 1) {
            return 0;
        }
        double mean = balls / (double) bins;
        int width = TiltedTruncatedPoisson.untruncatedWidth(mean);
        long low = Math.max(0, (long) Math.floor(mean) - width / 2);
        long target = Math.max(0, balls - (long) bins * low);
        double perValue = 0;
        for (long j = 1; j <= bins; j++) {
            long most = Math.min(target, j * width);
            long least = Math.max(0, target - (bins - j) * width);
            perValue += Math.max(1, most - least + 1) * (double) (width + 1);
        }
        int first = (int) ((balls + (long) bins - 1) / bins);
        int last = first;
        while (last < balls && bins * Tails.binomialUpperTail(balls, 1.0 / bins, last) >= MaxLoadDistribution.TAIL_EPSILON) {
            last += Math.max(1, (last - first) / 8);
        }
        int values = last - first + 1 + (32 - Integer.numberOfLeadingZeros(balls));
        return perValue * values;
    }

    /** {@code P(max <= k)}. */
    public double probabilityAtMost(int balls, int bins, int k) {
        return Math.exp(logProbabilityAtMost(balls, bins, k));
    }

    /** {@code log P(max <= k)} ({@code -Infinity} when impossible). */
    public double logProbabilityAtMost(int balls, int bins, int k) {
        MaxLoadCalculator.check(balls, bins, MAX_BALLS, MAX_BINS);
        if (k < 0) {
            return Double.NEGATIVE_INFINITY;
        }
        if (k >= balls) {
            return 0;
        }
        long cap = (long) k * bins;
        double logNorm = Tails.logFactorial(balls) - balls * Math.log(bins);
        if (cap < balls) {
            return Double.NEGATIVE_INFINITY;
        }
        if (cap == balls) {
            // the single configuration with every bin at exactly k
            return logNorm - bins * Tails.logFactorial(k);
        }
        TiltedTruncatedPoisson z = TiltedTruncatedPoisson.withMean(k, balls / (double) bins);
        double logPointMass = method == SumMethod.FOURIER ? logSumPointFourier(z, bins, balls)
                : logSumPointConvolution(z, bins, balls);
        double logCoefficient = logPointMass + bins * z.logNormaliser() - balls * z.logMu();
        return Math.min(0.0, logNorm + logCoefficient);
    }

    /** {@code log P(Z_1 + ... + Z_n = m)} by characteristic-function inversion. */
    static double logSumPointFourier(TiltedTruncatedPoisson z, int n, int m) {
        double[] p = z.pmf();
        int lo = z.low();
        int width = p.length - 1;
        double mean = 0;
        double var = 0;
        for (int d = 0; d <= width; d++) {
            mean += (lo + d) * p[d];
        }
        double b = 0;
        for (int d = 0; d <= width; d++) {
            double dev = lo + d - mean;
            var += dev * dev * p[d];
            if (p[d] > 0) {
                b = Math.max(b, Math.abs(dev));
            }
        }
        double v = n * var;
        double log2overAlias = Math.log(2 / ALIAS_BOUND);
        double a = 2 * log2overAlias * b / 3;
        double t = (a + Math.sqrt(a * a + 8 * log2overAlias * v)) / 2;
        long span = (long) n * width + 1;
        long shift = (long) n * lo - m;
        if (shift > 0 || shift + (long) n * width < 0) {
            return Double.NEGATIVE_INFINITY; // m outside the support of the (trimmed) sum
        }
        long bern = (long) Math.ceil(t + Math.abs(m - n * mean)) + 1;
        long needed = Math.min(span, bern);
        if (needed > MAX_TRANSFORM) {
            throw new IllegalArgumentException("balls: " + m + " balls in " + n + " bins need a transform of "
                    + needed + " points (limit " + MAX_TRANSFORM + "); use fewer balls per bin");
        }
        int points = Integer.highestOneBit((int) Math.max(2, needed));
        if (points < needed) {
            points <<= 1;
        }
        // phi at omega_t = 2 pi t / N is the DFT of the pmf folded modulo N (exact: e^{i omega_t d} has period N)
        double[][] data = new double[2][points];
        for (int d = 0; d <= width; d++) {
            data[0][d % points] += p[d];
        }
        FastFourierTransformer.transformInPlace(data, DftNormalization.STANDARD, TransformType.FORWARD);
        // the forward transform gives conj(phi); S = m aliases with m + jN, bounded above
        double sum = 0;
        for (int s = 0; s < points; s++) {
            double re = data[0][s];
            double im = -data[1][s];
            double omega = 2 * Math.PI * s / points;
            double mod2 = re * re + im * im;
            if (mod2 == 0) {
                continue;
            }
            double phase = n * Math.atan2(im, re) + omega * Math.floorMod(shift, points);
            sum += Math.exp(0.5 * n * Math.log(mod2)) * Math.cos(phase);
        }
        double point = sum / points;
        return Math.log(Math.max(point, Double.MIN_VALUE));
    }

    /** {@code log P(Z_1 + ... + Z_n = m)} by direct convolution, pruned to sums that can still reach m. */
    static double logSumPointConvolution(TiltedTruncatedPoisson z, int n, int m) {
        double[] p = z.pmf();
        int lo = z.low();
        int w = p.length - 1;
        // track the sum of the offsets (Z - lo); target offset total is m - n*lo
        long target = (long) m - (long) n * lo;
        if (target < 0 || target > (long) n * w) {
            return Double.NEGATIVE_INFINITY;
        }
        double[] dist = {1.0};
        double logScale = 0;
        for (int j = 1; j <= n; j++) {
            int maxSum = (int) Math.min(target, (long) j * w);
            double[] next = new double[maxSum + 1];
            int minNeeded = (int) Math.max(0, target - (long) (n - j) * w);
            for (int s = minNeeded; s <= maxSum; s++) {
                double acc = 0;
                int dMin = Math.max(0, s - (dist.length - 1));
                int dMax = Math.min(w, s);
                for (int d = dMin; d <= dMax; d++) {
                    acc += p[d] * dist[s - d];
                }
                next[s] = acc;
            }
            double max = 0;
            for (double x : next) {
                max = Math.max(max, x);
            }
            if (max == 0) {
                return Double.NEGATIVE_INFINITY;
            }
            for (int s = 0; s < next.length; s++) {
                next[s] /= max;
            }
            logScale += Math.log(max);
            dist = next;
        }
        return logScale + Math.log(dist[(int) target]);
    }
}
