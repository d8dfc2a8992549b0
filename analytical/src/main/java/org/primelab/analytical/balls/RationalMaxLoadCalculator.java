package org.primelab.analytical.balls;

import java.math.BigInteger;
import org.apache.commons.math3.fraction.BigFraction;

/**
 * Exact distribution of the maximum load by counting, in rational arithmetic.
 *
 * <p><b>Formula</b> (Kolchin, Sevast'yanov, Chistyakov, <i>Random Allocations</i>, 1978; docs/references.md
 * "Balls into bins"): the number of ways to put {@code m} labelled balls into {@code n} labelled bins with
 * no bin holding more than {@code k} is {@code N_k(m, n) = m! [x^m] (sum_{j<=k} x^j/j!)^n}, so
 * {@code P(max <= k) = N_k(m, n) / n^m}.
 *
 * <p><b>Algorithm.</b> Write {@code A_j(s)} for the number of ways to put {@code s} labelled balls into
 * {@code j} bins with every bin at most {@code k}. Splitting the balls between the first {@code a} and
 * the last {@code b} bins gives the binomial convolution
 * {@code A_{a+b}(s) = sum_c C(s, c) A_a(c) A_b(s - c)} (the product of exponential generating
 * functions), with {@code A_1(s) = [s <= k]}. {@code A_n(m)} follows by binary powering in
 * {@code O(m^2 log n)} big-integer operations per {@code k}. All terms are non-negative integers, so the
 * result is exact; no cancellation occurs.
 *
 * <p>Use it for small cases ({@value #MAX_BALLS} balls, {@value #MAX_BINS} bins at most) and as the oracle
 * the floating-point {@link PoissonizedMaxLoadCalculator} is tested against.
 */
public final class RationalMaxLoadCalculator implements MaxLoadCalculator {
    /** Largest {@code m} accepted: keeps one distribution under a few seconds (O(m^3 log n) big integers). */
    public static final int MAX_BALLS = 128;
    /** Largest {@code n} accepted. */
    public static final int MAX_BINS = 1 << 16;

    @Override
    public MaxLoadDistribution maxLoad(int balls, int bins) {
        MaxLoadCalculator.check(balls, bins, MAX_BALLS, MAX_BINS);
        double[] cdf = new double[balls + 1];
        for (int k = 0; k <= balls; k++) {
            cdf[k] = probabilityAtMost(balls, bins, k).doubleValue();
        }
        return new MaxLoadDistribution(balls, bins, cdf, "exact rational");
    }

    /** Exact {@code P(max <= k)}. */
    public BigFraction probabilityAtMost(int balls, int bins, int k) {
        MaxLoadCalculator.check(balls, bins, MAX_BALLS, MAX_BINS);
        if (k < 0) {
            return BigFraction.ZERO;
        }
        if (k >= balls) {
            return BigFraction.ONE;
        }
        if ((long) k * bins < balls) {
            return BigFraction.ZERO;
        }
        return new BigFraction(countAtMost(balls, bins, k), BigInteger.valueOf(bins).pow(balls));
    }

    /** Exact {@code E[max] = sum_{k >= 0} P(max > k)}. */
    public BigFraction expectedMax(int balls, int bins) {
        MaxLoadCalculator.check(balls, bins, MAX_BALLS, MAX_BINS);
        BigFraction e = BigFraction.ZERO;
        for (int k = 0; k < balls; k++) {
            e = e.add(BigFraction.ONE.subtract(probabilityAtMost(balls, bins, k)));
        }
        return e;
    }

    /** {@code N_k(m, n)}: assignments of {@code m} labelled balls to {@code n} bins with every bin at most k. */
    static BigInteger countAtMost(int m, int n, int k) {
        BigInteger[][] binom = pascal(m);
        BigInteger[] base = new BigInteger[m + 1];
        for (int s = 0; s <= m; s++) {
            base[s] = s <= k ? BigInteger.ONE : BigInteger.ZERO;
        }
        BigInteger[] result = null;
        int e = n;
        BigInteger[] power = base;
        while (e > 0) {
            if ((e & 1) == 1) {
                result = result == null ? power : convolve(result, power, binom);
            }
            e >>= 1;
            if (e > 0) {
                power = convolve(power, power, binom);
            }
        }
        return result[m];
    }

    private static BigInteger[] convolve(BigInteger[] a, BigInteger[] b, BigInteger[][] binom) {
        int m = a.length - 1;
        BigInteger[] out = new BigInteger[m + 1];
        for (int s = 0; s <= m; s++) {
            BigInteger acc = BigInteger.ZERO;
            for (int c = 0; c <= s; c++) {
                if (a[c].signum() != 0 && b[s - c].signum() != 0) {
                    acc = acc.add(binom[s][c].multiply(a[c]).multiply(b[s - c]));
                }
            }
            out[s] = acc;
        }
        return out;
    }

    private static BigInteger[][] pascal(int m) {
        BigInteger[][] c = new BigInteger[m + 1][];
        for (int s = 0; s <= m; s++) {
            c[s] = new BigInteger[s + 1];
            c[s][0] = BigInteger.ONE;
            c[s][s] = BigInteger.ONE;
            for (int j = 1; j < s; j++) {
                c[s][j] = c[s - 1][j - 1].add(c[s - 1][j]);
            }
        }
        return c;
    }
}
