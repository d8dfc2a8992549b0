package org.primelab.analytical.queue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Exact distribution of the largest occupancy of the batched queue model under random spraying over a
 * finite horizon, for small {@code n} (the "exact where tractable" half of the model; larger cases use
 * {@link BatchedQueueSimulator}).
 *
 * <p><b>Method.</b> The ports are exchangeable, so the sorted vector of backlogs is a Markov chain. Each
 * step the {@code n} packets form an arrival vector {@code a ~ Multinomial(n; 1/n, .., 1/n)}, whose
 * probability is {@code n! / (prod a_i! n^n)}; every port's occupancy {@code q_i + a_i} is checked
 * against the level {@code B} (exceeding it moves the mass to an absorbing "exceeded" state), then
 * {@code q_i <- max(q_i + a_i - 1, 0)}. The surviving mass after {@code T} steps is
 * {@code P(max_{t <= T} max_i Q_t,i <= B)}. States: sorted vectors in {@code [0, B-1]^n}, at most
 * {@code C(n + B - 1, n)}; arrival vectors {@code C(2n - 1, n)}.
 *
 * <p>Why random spraying has no bound (docs/references.md, App. B of the REPS paper): each backlog is a
 * reflected random walk with increments {@code a - 1}, mean 0 and variance {@code 1 - 1/n}, so it grows
 * like {@code sqrt(t)}; the exact probabilities here decrease to 0 as {@code T} grows for every fixed
 * {@code B}.
 */
public final class RandomSprayQueueExact {
    /** Largest {@code n} accepted. */
    public static final int MAX_PORTS = 6;
    /** Largest number of states accepted. */
    public static final int MAX_STATES = 200_000;

    private RandomSprayQueueExact() {
    }

    /** {@code P(max occupancy over steps 1..T <= B)}. */
    public static double probabilityMaxOccupancyAtMost(int ports, int steps, int level) {
        if (ports < 1 || ports > MAX_PORTS) {
            throw new IllegalArgumentException("ports: exact computation accepts n in [1, " + MAX_PORTS + "], got " + ports);
        }
        if (steps < 0) {
            throw new IllegalArgumentException("steps: must be >= 0, got " + steps);
        }
        if (level < 1) {
            return steps == 0 ? 1 : 0;
        }
        // enumerate sorted backlog vectors with entries in [0, level-1]
        List<int[]> states = new ArrayList<>();
        sortedVectors(ports, level - 1, new int[ports], 0, 0, states);
        if (states.size() > MAX_STATES) {
            throw new IllegalArgumentException("level: " + states.size() + " states exceed " + MAX_STATES);
        }
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < states.size(); i++) {
            index.put(Arrays.toString(states.get(i)), i);
        }
        List<int[]> arrivals = new ArrayList<>();
        compositions(ports, ports, new int[ports], 0, arrivals);
        double[] prob = new double[arrivals.size()];
        double logNorm = logFactorial(ports) - ports * Math.log(ports);
        for (int j = 0; j < arrivals.size(); j++) {
            double l = logNorm;
            for (int a : arrivals.get(j)) {
                l -= logFactorial(a);
            }
            prob[j] = Math.exp(l);
        }
        int[][] target = new int[states.size()][arrivals.size()];
        for (int i = 0; i < states.size(); i++) {
            int[] q = states.get(i);
            for (int j = 0; j < arrivals.size(); j++) {
                int[] a = arrivals.get(j);
                int[] next = new int[ports];
                boolean over = false;
                for (int p = 0; p < ports; p++) {
                    int occ = q[p] + a[p];
                    over |= occ > level;
                    next[p] = Math.max(occ - 1, 0);
                }
                if (over) {
                    target[i][j] = -1;
                } else {
                    Arrays.sort(next);
                    target[i][j] = index.get(Arrays.toString(next));
                }
            }
        }
        double[] mass = new double[states.size()];
        mass[index.get(Arrays.toString(new int[ports]))] = 1.0;
        for (int t = 0; t < steps; t++) {
            double[] next = new double[mass.length];
            for (int i = 0; i < mass.length; i++) {
                if (mass[i] == 0) {
                    continue;
                }
                for (int j = 0; j < prob.length; j++) {
                    int to = target[i][j];
                    if (to >= 0) {
                        next[to] += mass[i] * prob[j];
                    }
                }
            }
            mass = next;
        }
        double sum = 0;
        for (double m : mass) {
            sum += m;
        }
        return Math.min(1.0, sum);
    }

    private static void sortedVectors(int len, int max, int[] acc, int i, int from, List<int[]> out) {
        if (i == len) {
            out.add(acc.clone());
            return;
        }
        for (int v = from; v <= max; v++) {
            acc[i] = v;
            sortedVectors(len, max, acc, i + 1, v, out);
        }
    }

    private static void compositions(int total, int parts, int[] acc, int i, List<int[]> out) {
        if (i == parts - 1) {
            acc[i] = total;
            out.add(acc.clone());
            return;
        }
        for (int v = 0; v <= total; v++) {
            acc[i] = v;
            compositions(total - v, parts, acc, i + 1, out);
        }
    }

    private static double logFactorial(int n) {
        double s = 0;
        for (int i = 2; i <= n; i++) {
            s += Math.log(i);
        }
        return s;
    }
}
