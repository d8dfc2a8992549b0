package org.primelab.core.metrics;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
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
        return new FctStatistics(max, mean(fctsPs), p99(fctsPs));
    }

    /**
     * The mean of {@code valuesPs} (0 for none): their sum over their count, the sum exact. While the sum fits a
     * {@code long} this is {@code LongStream.average}'s value, bit for bit; past it (FCTs of days, e.g. behind
     * a retransmission timeout of hours) the sum is taken in {@link BigInteger}, where a {@code long} sum would
     * wrap and give a negative mean.
     */
    static double mean(long[] valuesPs) {
        if (valuesPs.length == 0) {
            return 0;
        }
        long sum = 0;
        for (long v : valuesPs) {
            long next = sum + v;
            if (((sum ^ next) & (v ^ next)) < 0) {
                BigInteger exact = BigInteger.ZERO;
                for (long w : valuesPs) {
                    exact = exact.add(BigInteger.valueOf(w));
                }
                return new BigDecimal(exact).divide(BigDecimal.valueOf(valuesPs.length), MathContext.DECIMAL64)
                        .doubleValue();
            }
            sum = next;
        }
        return (double) sum / valuesPs.length;
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
