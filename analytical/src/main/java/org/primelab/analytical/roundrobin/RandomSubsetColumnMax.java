package org.primelab.analytical.roundrobin;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.primelab.analytical.balls.MaxLoadDistribution;

/**
 * Exact distribution of the largest column sum of a random 0/1 matrix whose rows are independent,
 * uniformly random subsets of {@code n} columns of prescribed sizes {@code r_1, .., r_F}: the excess
 * load of the busiest port when {@code F} flows each put one extra packet on a random {@code r}-subset of
 * the ports (docs/references.md "Aggregate of F independent shuffled-RR flows").
 *
 * <p><b>Algorithm</b> (DP over the histogram of column counts). Columns are exchangeable, so after some
 * rows the state that matters is the histogram {@code h[v]} = number of columns whose sum is {@code v}.
 * To compute {@code P(max <= c)} keep only histograms with every column at most {@code c}. A row of size
 * {@code r} hits {@code x_v} columns of level {@code v} with the multivariate hypergeometric probability
 * {@code prod_v C(h[v], x_v) / C(n, r)} ({@code sum_v x_v = r}, {@code x_c = 0}), and moves them to level
 * {@code v + 1}. The probability mass left after the last row is {@code P(max <= c)}. The number of states
 * is at most the number of partitions of the running total into {@code <= n} parts of size {@code <= c},
 * which is moderate for {@code n <= 32} and small excesses; a work limit ({@link #MAX_TRANSITIONS})
 * makes larger instances return empty so that the caller can fall back to simulation.
 */
public final class RandomSubsetColumnMax {
    /**
     * Work limit (state transitions, summed over all caps): about half a second. Measured: F = n = 8,
     * w = 12 needs about 10^5; F = n = 16, w = 40 (up to 14 levels) exceeds 3 * 10^7 and is left to
     * simulation.
     */
    public static final long MAX_TRANSITIONS = 4_000_000L;
    /** Largest number of columns whose histogram fits the state key. */
    public static final int MAX_COLUMNS = 1024;

    private final int n;
    private final int[] rows;
    private final double[] logFact;
    private long work;

    private RandomSubsetColumnMax(int n, int[] rows) {
        this.n = n;
        this.rows = rows.clone();
        this.logFact = new double[n + 1];
        for (int i = 1; i <= n; i++) {
            logFact[i] = logFact[i - 1] + Math.log(i);
        }
    }

    /**
     * The distribution of the largest column sum, or empty if it exceeds the work limit.
     *
     * @param columns {@code n >= 1}
     * @param rowSizes each in {@code [0, n]}
     */
    public static Optional<MaxLoadDistribution> distribution(int columns, int[] rowSizes) {
        if (columns < 1 || columns > MAX_COLUMNS) {
            throw new IllegalArgumentException("ports: must be in [1, " + MAX_COLUMNS + "], got " + columns);
        }
        long total = 0;
        for (int r : rowSizes) {
            if (r < 0 || r > columns) {
                throw new IllegalArgumentException("row size: must be in [0, " + columns + "], got " + r);
            }
            total += r;
        }
        RandomSubsetColumnMax dp = new RandomSubsetColumnMax(columns, rowSizes);
        int nonEmpty = 0;
        for (int r : rowSizes) {
            nonEmpty += r > 0 ? 1 : 0;
        }
        int cMin = (int) ((total + columns - 1) / columns);
        double[] cdf = new double[nonEmpty + 1];
        for (int c = cMin; c <= nonEmpty; c++) {
            double p = c == nonEmpty ? 1.0 : dp.probabilityAtMost(c);
            if (Double.isNaN(p)) {
                return Optional.empty();
            }
            cdf[c] = Math.max(p, c > 0 ? cdf[c - 1] : 0);
            if (1 - cdf[c] < MaxLoadDistribution.TAIL_EPSILON) {
                cdf = java.util.Arrays.copyOf(cdf, c + 1);
                cdf[c] = 1.0;
                break;
            }
        }
        return Optional.of(new MaxLoadDistribution((int) Math.min(Integer.MAX_VALUE, total), columns, cdf,
                "exact DP over column histograms"));
    }

    /** {@code P(every column sum <= c)}, or NaN if the work limit was hit. */
    private double probabilityAtMost(int c) {
        int base = n + 1;
        if ((c + 1) * (Math.log(base) / Math.log(2)) > 62) {
            return Double.NaN; // the histogram no longer fits a 63-bit key
        }
        Map<Long, Double> states = new HashMap<>();
        int[] start = new int[c + 1];
        start[0] = n;
        states.put(encode(start, base), 1.0);
        for (int r : rows) {
            Map<Long, Double> next = new HashMap<>();
            double logTotal = logChoose(n, r);
            for (Map.Entry<Long, Double> e : states.entrySet()) {
                int[] h = decode(e.getKey(), base, c + 1);
                int[] x = new int[c + 1];
                int[] capacityAbove = new int[c + 1]; // columns available at levels >= v (below the cap)
                for (int v = c - 1; v >= 0; v--) {
                    capacityAbove[v] = h[v] + (v + 1 < c ? capacityAbove[v + 1] : 0);
                }
                if (c == 0 ? r > 0 : capacityAbove[0] < r) {
                    continue;
                }
                if (!spread(h, x, 0, r, c, capacityAbove, 0.0, logTotal, e.getValue(), next, base)) {
                    return Double.NaN;
                }
            }
            states = next;
            if (states.isEmpty()) {
                return 0.0;
            }
        }
        double sum = 0;
        for (double p : states.values()) {
            sum += p;
        }
        return Math.min(1.0, sum);
    }

    private boolean spread(int[] h, int[] x, int v, int left, int c, int[] capacityAbove, double logWeight,
                           double logTotal, double mass, Map<Long, Double> next, long base) {
        if (v == c || left == 0) {
            if (left != 0) {
                return true;
            }
            if (++work > MAX_TRANSITIONS) {
                return false;
            }
            int[] g = h.clone();
            for (int u = 0; u < c; u++) {
                g[u] -= x[u];
                g[u + 1] += x[u];
            }
            double p = mass * Math.exp(logWeight - logTotal);
            next.merge(encode(g, (int) base), p, Double::sum);
            return true;
        }
        int rest = v + 1 < c ? capacityAbove[v + 1] : 0;
        int lo = Math.max(0, left - rest);
        int hi = Math.min(h[v], left);
        for (int k = lo; k <= hi; k++) {
            x[v] = k;
            if (!spread(h, x, v + 1, left - k, c, capacityAbove, logWeight + logChoose(h[v], k), logTotal, mass,
                    next, base)) {
                return false;
            }
        }
        x[v] = 0;
        return true;
    }

    private double logChoose(int a, int b) {
        return logFact[a] - logFact[b] - logFact[a - b];
    }

    private static long encode(int[] h, int base) {
        long key = 0;
        for (int i = h.length - 1; i >= 0; i--) {
            key = key * base + h[i];
        }
        return key;
    }

    private static int[] decode(long key, int base, int len) {
        int[] h = new int[len];
        for (int i = 0; i < len; i++) {
            h[i] = (int) (key % base);
            key /= base;
        }
        return h;
    }
}
