package org.primelab.analytical.roundrobin;

import java.util.SplittableRandom;
import org.primelab.analytical.balls.MaxLoadCalculator;
import org.primelab.analytical.balls.MaxLoadDistribution;
import org.primelab.analytical.balls.PoissonizedMaxLoadCalculator;
import org.primelab.analytical.balls.RationalMaxLoadCalculator;
import org.primelab.core.entropy.RandomSprayGenerator;
import org.primelab.core.forwarding.UplinkSelector;
import org.primelab.core.random.Seeds;

/**
 * The same window quantities as {@link ShuffledRoundRobinAggregate} for the hash-based competitors:
 * random spraying and hash-mapped EVs from an EV space of size {@code E} (docs/design.md "Entropy":
 * {@code port = hash(flow, EV, salt) mod n}).
 *
 * <p><b>Random spraying.</b> {@code F} flows sending {@code w} packets each, every packet to a uniformly
 * random port, is exactly {@code Fw} balls in {@code n} bins: the busiest port's count has the exact
 * distribution of {@link PoissonizedMaxLoadCalculator} (rational arithmetic for small cases).
 *
 * <p><b>Hash limitation</b> (the paper's §"Background", REPS paper §4.7). With opaque EVs from a space of
 * size {@code E}, the switch maps each of a flow's EVs to a port once and for all: port {@code p} owns
 * {@code B_p} of the {@code E} EVs with {@code (B_p) ~ Multinomial(E, 1/n)} — {@code E} balls in
 * {@code n} bins. Even with infinitely many packets the flow's busiest port gets the share
 * {@code max_p B_p / E} instead of {@code 1/n}: the long-run imbalance is
 * {@code E[max_p B_p] / (E/n) - 1} ({@link #hashLongRunImbalance}), exact from the balls-into-bins
 * distribution. Over a finite window the packet counts are a mixture (multinomial given {@code B}), which
 * {@link #simulateHashed} samples with core's {@link RandomSprayGenerator} and {@link Seeds#hashPort};
 * as {@code E -> infinity} it tends to random spraying.
 */
public final class SprayingAggregate {
    /** Purpose tag of the hashed-EV simulation streams. */
    public static final long PURPOSE = 0x48415348L; // "HASH"
    /** Balls up to which the exact rational algorithm is used instead of the floating-point one. */
    public static final int RATIONAL_LIMIT = 48;

    private SprayingAggregate() {
    }

    /** Exact distribution of the busiest port's count under random spraying. */
    public static MaxLoadDistribution randomSpraying(int flows, int ports, long window) {
        ShuffledRoundRobinAggregate.check(flows, ports, window);
        long balls = flows * window;
        if (balls > PoissonizedMaxLoadCalculator.MAX_BALLS) {
            throw new IllegalArgumentException("window: flows x window must be <= " + PoissonizedMaxLoadCalculator.MAX_BALLS
                    + ", got " + balls);
        }
        MaxLoadCalculator calc = balls <= RATIONAL_LIMIT ? new RationalMaxLoadCalculator()
                : new PoissonizedMaxLoadCalculator();
        return calc.maxLoad((int) balls, ports);
    }

    /** {@code E[max_p B_p] / (E/n) - 1}: a hashed flow's long-run excess share on its busiest port. */
    public static double hashLongRunImbalance(int evSpace, int ports) {
        if (evSpace < 1) {
            throw new IllegalArgumentException("ev-space: must be >= 1, got " + evSpace);
        }
        MaxLoadCalculator calc = evSpace <= RATIONAL_LIMIT ? new RationalMaxLoadCalculator()
                : new PoissonizedMaxLoadCalculator();
        return calc.maxLoad(evSpace, ports).expectedMax() / (evSpace / (double) ports) - 1;
    }

    /**
     * Seeded simulation of {@code F} flows spraying {@code w} packets each with EVs drawn uniformly from
     * {@code [0, E)} (core's {@link RandomSprayGenerator}) and mapped to ports by {@link Seeds#hashPort}
     * with one switch salt per trial; returns the distribution of the busiest port's count.
     */
    public static MaxLoadDistribution simulateHashed(int flows, int ports, long window, int evSpace, long seed,
                                                     int trials) {
        ShuffledRoundRobinAggregate.check(flows, ports, window);
        if (trials < 1 || (long) trials * flows * window > 2_000_000_000L) {
            throw new IllegalArgumentException("trials: must be >= 1 with trials x flows x window <= 2e9");
        }
        long[] histogram = new long[(int) Math.min(Integer.MAX_VALUE - 8, flows * window + 1)];
        long[] count = new long[ports];
        for (int t = 0; t < trials; t++) {
            java.util.Arrays.fill(count, 0);
            long salt = Seeds.derive(seed, Seeds.SWITCH_SALT, t);
            for (int f = 0; f < flows; f++) {
                long flowId = (long) t * flows + f;
                RandomSprayGenerator g = new RandomSprayGenerator(evSpace,
                        new SplittableRandom(Seeds.derive(seed, PURPOSE, t, f)));
                for (long i = 0; i < window; i++) {
                    count[UplinkSelector.hashed(flowId, g.next(0), salt, ports)]++;
                }
            }
            long max = 0;
            for (long c : count) {
                max = Math.max(max, c);
            }
            histogram[(int) max]++;
        }
        return MaxLoadDistribution.empirical((int) (flows * window), ports, histogram,
                "simulation of hashed EVs (E=" + evSpace + "), " + trials + " trials");
    }
}
