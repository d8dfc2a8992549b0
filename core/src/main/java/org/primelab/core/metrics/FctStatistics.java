package org.primelab.core.metrics;

import java.util.Arrays;

/**
 * The flow-completion-time statistics of one run that the paper reports (§"Evaluation", "Metrics"): the
 * largest FCT (the numerator of the paper's Ratio), the mean FCT and the 99th percentile FCT by nearest
 * rank. Both simulators' results compute their {@code max_fct_us}, {@code mean_fct_us} and
 * {@code p99_fct_us} here, so the packet and fluid models summarize a run the same way.
 *
 * @param maxPs largest FCT, picoseconds (0 for no flows)
 * @param meanPs mean FCT, picoseconds (0 for no flows)
 * @param p99Ps 99th percentile FCT, nearest rank: the {@code ceil(0.99 n)}-th smallest, picoseconds
 *        (0 for no flows)
 */
public record FctStatistics(long maxPs, double meanPs, long p99Ps) {

    /** The statistics of {@code fctsPs}, the FCTs of a run's flows in picoseconds (not modified). */
    public static FctStatistics of(long[] fctsPs) {
        long max = Arrays.stream(fctsPs).max().orElse(0);
        double mean = Arrays.stream(fctsPs).average().orElse(0);
        return new FctStatistics(max, mean, p99(fctsPs));
    }

    private static long p99(long[] fctsPs) {
        if (fctsPs.length == 0) {
            return 0;
        }
        long[] f = fctsPs.clone();
        Arrays.sort(f);
        int rank = (int) Math.ceil(0.99 * f.length);
        return f[Math.max(0, rank - 1)];
    }
}
