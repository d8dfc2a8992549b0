package org.primelab.fluid.flowlevel;

import java.util.SplittableRandom;
import org.primelab.core.entropy.LoadBalancingScheme;

/**
 * How many whole packets a flow lost into a failed link during one round, given the fluid mean: the flow sent
 * {@code n} packets while a path through an undetected failure was in use, and a share {@code p} of its bytes
 * went into it.
 * <ul>
 *   <li>{@code p = 1} (ECMP on the failed path, or every path failed): all {@code n}.</li>
 *   <li>Round-robin spraying (PRIME, CO-PRIME) visits every path once per cycle, so {@code n} consecutive packets
 *       starting at a uniformly random point of the cycle hit the failed path {@code floor(m)} or
 *       {@code floor(m) + 1} times, the latter with probability {@code m - floor(m)}, where {@code m = n p}:
 *       within one packet of the mean, as {@code analytical}'s {@code RoundRobinDeviationTheorem} bounds it.</li>
 *   <li>Random spraying (RPS, REPS): {@code Binomial(n, p)}.</li>
 * </ul>
 * The draw comes from the caller's stream (the flow-level model seeds one per flow and round from
 * {@code Seeds.FLUID_LOSSES}), so a tail of unlucky flows waits for more timeouts, as in the packet simulator.
 */
final class LostPackets {
    private LostPackets() {
    }

    /**
     * The packets lost out of {@code packets} sent with loss share {@code p}.
     *
     * @param rng the draw's stream (read only when the outcome is random)
     */
    static int draw(LoadBalancingScheme scheme, int packets, double p, SplittableRandom rng) {
        if (packets <= 0 || p <= 0) {
            return 0;
        }
        if (p >= 1) {
            return packets;
        }
        if (!FlowSplits.randomSpraying(scheme)) {
            double mean = packets * p;
            double whole = Math.floor(mean);
            return (int) whole + (rng.nextDouble() < mean - whole ? 1 : 0);
        }
        int drawn = 0;
        for (int k = 0; k < packets; k++) {
            if (rng.nextDouble() < p) {
                drawn++;
            }
        }
        return drawn;
    }
}
