package org.primelab.analytical.roundrobin;

/**
 * How unevenly a sequence of port choices loads {@code n} ports over its windows: the largest
 * {@code |count_p(window) - w/n|} over every window of consecutive packets and every port
 * ({@code maxDeviation}), and the largest {@code max_p count_p - min_p count_p} over every window
 * ({@code maxSpread}).
 *
 * <p>Algorithm: with prefix counts {@code C_p(t)} and {@code D_p(t) = C_p(t) - t/n}, the deviation of port
 * {@code p} over window {@code (i, j]} is {@code D_p(j) - D_p(i)}, so the largest absolute deviation is
 * {@code max_p (max_t D_p(t) - min_t D_p(t))} — {@code O(L n)} for a sequence of length {@code L}. The
 * spread of ports {@code p, q} over {@code (i, j]} is {@code (C_p - C_q)(j) - (C_p - C_q)(i)}, so the
 * largest spread is the largest range of {@code C_p - C_q} over all pairs — {@code O(L n^2)}.
 *
 * @param maxDeviation largest {@code |count - w/n|} over windows and ports
 * @param maxSpread largest {@code max - min} port count over windows
 */
public record WindowDeviation(double maxDeviation, int maxSpread) {

    /** Measures {@code ports} (each in {@code [0, n)}). */
    public static WindowDeviation of(int[] ports, int n) {
        if (n < 1) {
            throw new IllegalArgumentException("ports: n must be >= 1, got " + n);
        }
        int len = ports.length;
        int[][] prefix = new int[n][len + 1];
        for (int t = 0; t < len; t++) {
            int p = ports[t];
            if (p < 0 || p >= n) {
                throw new IllegalArgumentException("ports: entry " + t + " is " + p + ", outside [0, " + (n - 1) + "]");
            }
            for (int q = 0; q < n; q++) {
                prefix[q][t + 1] = prefix[q][t] + (q == p ? 1 : 0);
            }
        }
        double dev = 0;
        for (int p = 0; p < n; p++) {
            double lo = 0;
            double hi = 0;
            for (int t = 0; t <= len; t++) {
                double d = prefix[p][t] - t / (double) n;
                lo = Math.min(lo, d);
                hi = Math.max(hi, d);
            }
            dev = Math.max(dev, hi - lo);
        }
        int spread = 0;
        for (int p = 0; p < n; p++) {
            for (int q = p + 1; q < n; q++) {
                int lo = 0;
                int hi = 0;
                for (int t = 0; t <= len; t++) {
                    int d = prefix[p][t] - prefix[q][t];
                    lo = Math.min(lo, d);
                    hi = Math.max(hi, d);
                }
                spread = Math.max(spread, hi - lo);
            }
        }
        return new WindowDeviation(dev, spread);
    }
}
