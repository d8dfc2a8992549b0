package org.primelab.analytical.roundrobin;

import java.util.Optional;
import org.primelab.analytical.balls.MaxLoadDistribution;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.entropy.MultiPartGenerator;
import org.primelab.core.entropy.PrimeVariant;
import org.primelab.core.forwarding.UplinkSelector;
import org.primelab.core.topology.EvLayout;

/**
 * The aggregate of {@code F} independent shuffled-round-robin flows (PRIME's tier-1 part, Alg. 2) on the
 * same {@code n} uplinks, counted over each flow's first {@code w} packets (a window aligned with the
 * flows' cycles, as when all flows start together).
 *
 * <p><b>Model</b> (docs/references.md "Round robin"). Write {@code w = qn + r}. A flow's first {@code qn}
 * packets are {@code q} whole shuffled cycles, one packet per port each; the remaining {@code r} are the
 * first {@code r} entries of a uniformly random permutation, i.e. a uniformly random {@code r}-subset. So
 * port {@code p} receives {@code Fq + X_p} packets with {@code X_p ~ Binomial(F, r/n)}, and the excesses
 * {@code X_1..X_n} are dependent (they sum to {@code F r}). The exact distribution of {@code max_p X_p}
 * is the largest column sum of {@code F} random {@code r}-subsets ({@link RandomSubsetColumnMax}); the
 * union bound {@code P(max X > c) <= n P(Bin(F, r/n) > c)} bounds its tail from above; deterministically
 * {@code max X <= F} when {@code r > 0} and {@code 0} when {@code r = 0}.
 *
 * <p>For windows not aligned with the cycles every flow contributes a tail of one cycle and a head of the
 * next: two random subsets instead of one, so by {@link RoundRobinDeviationTheorem} each flow's count is
 * within 2 of {@code w/n}; {@link #simulate} measures either case with core's generator.
 */
public final class ShuffledRoundRobinAggregate {
    /** Purpose tag for the flows' seeds in {@link #simulate}. */
    public static final long PURPOSE = 0x53525241L; // "SRRA"

    private ShuffledRoundRobinAggregate() {
    }

    /** Exact distribution of the largest per-port excess over {@code F floor(w/n)}, if tractable. */
    public static Optional<MaxLoadDistribution> exactExcess(int flows, int ports, long window) {
        check(flows, ports, window);
        int r = (int) (window % ports);
        int[] rows = new int[flows];
        java.util.Arrays.fill(rows, r);
        return RandomSubsetColumnMax.distribution(ports, rows);
    }

    /** The union bound {@code min(1, n P(Bin(F, r/n) > c))} on {@code P(max excess > c)}. */
    public static double unionBound(int flows, int ports, long window, int c) {
        check(flows, ports, window);
        int r = (int) (window % ports);
        if (r == 0) {
            return c >= 0 ? 0 : 1;
        }
        return Math.min(1.0, ports * binomialUpperTail(flows, r / (double) ports, c));
    }

    /** The smallest {@code c} whose union bound is at most {@code epsilon}: a guaranteed (1-epsilon)-quantile. */
    public static int unionBoundQuantile(int flows, int ports, long window, double epsilon) {
        for (int c = 0; ; c++) {
            if (unionBound(flows, ports, window, c) <= epsilon) {
                return c;
            }
        }
    }

    /** Even share per port, {@code F w / n}. */
    public static double evenShare(int flows, int ports, long window) {
        return flows * (double) window / ports;
    }

    /**
     * Seeded simulation with core's PRIME generator ({@link LoadBalancingScheme#primeMultiPart}, odometer,
     * one part of {@code n} ports): {@code F} flows, each skipping {@code offset} packets and then counting
     * {@code w}; returns the distribution of the largest per-port excess over {@code F floor(w/n)}.
     */
    public static MaxLoadDistribution simulate(int flows, int ports, long window, int offset, long seed, int trials) {
        check(flows, ports, window);
        if (trials < 1 || offset < 0 || (long) trials * flows * (window + offset) > 2_000_000_000L) {
            throw new IllegalArgumentException("trials: must be >= 1 with trials x flows x (window + offset) <= 2e9");
        }
        EvLayout layout = EvLayout.of(ports);
        long base = (long) flows * (window / ports);
        long[] histogram = new long[flows * 3 + 1];
        long[] count = new long[ports];
        for (int t = 0; t < trials; t++) {
            java.util.Arrays.fill(count, 0);
            for (int f = 0; f < flows; f++) {
                MultiPartGenerator g = LoadBalancingScheme.primeMultiPart(layout, PrimeVariant.ODOMETER,
                        org.primelab.core.random.Seeds.derive(seed, PURPOSE, t), f, f);
                for (int i = 0; i < offset; i++) {
                    g.next();
                }
                for (long i = 0; i < window; i++) {
                    count[UplinkSelector.portIndex(layout, g.next(), 1)]++;
                }
            }
            long max = 0;
            for (long c : count) {
                max = Math.max(max, c);
            }
            histogram[(int) Math.max(0, Math.min(histogram.length - 1, max - base))]++;
        }
        return MaxLoadDistribution.empirical((int) Math.min(Integer.MAX_VALUE, flows * (window % ports)), ports,
                histogram, "simulation of core's PRIME generator, " + trials + " trials, offset " + offset);
    }

    static double binomialUpperTail(int trials, double p, int c) {
        if (c < 0) {
            return 1;
        }
        if (c >= trials) {
            return 0;
        }
        return 1 - new org.apache.commons.math3.distribution.BinomialDistribution(null, trials, p)
                .cumulativeProbability(c);
    }

    static void check(int flows, int ports, long window) {
        if (flows < 1) {
            throw new IllegalArgumentException("flows: must be >= 1, got " + flows);
        }
        if (ports < 1 || ports > RandomSubsetColumnMax.MAX_COLUMNS) {
            throw new IllegalArgumentException("ports: must be in [1, " + RandomSubsetColumnMax.MAX_COLUMNS + "], got "
                    + ports);
        }
        if (window < 1) {
            throw new IllegalArgumentException("window: must be >= 1 packet, got " + window);
        }
    }
}
