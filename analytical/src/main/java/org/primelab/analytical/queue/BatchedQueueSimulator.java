package org.primelab.analytical.queue;

import java.util.SplittableRandom;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.entropy.MultiPartGenerator;
import org.primelab.core.entropy.PrimeVariant;
import org.primelab.core.entropy.RandomSprayGenerator;
import org.primelab.core.forwarding.UplinkSelector;
import org.primelab.core.random.Seeds;
import org.primelab.core.topology.EvLayout;

/**
 * Seeded simulation of the batched queue model (REPS paper, arXiv 2407.21625, App. B; Berenbrink et al.,
 * "Self-stabilizing balls and bins in batches", Algorithmica 2018): {@code n} senders and {@code n} ports;
 * at every step each sender sends one packet to a port chosen by its {@link SprayScheme}, then every
 * non-empty port serves one packet. Full load: arrivals equal service capacity on average.
 *
 * <p>Per port the backlog follows Lindley's recursion {@code q_t = max(q_{t-1} + a_t - 1, 0)}; the
 * occupancy {@code Q_t = q_{t-1} + a_t} includes the packet served in step {@code t}. Random spraying
 * makes each port's backlog a reflected zero-drift random walk, which grows like {@code sqrt(t)} without
 * bound; shuffled round robin is bounded by {@link ShuffledRoundRobinQueueBound}; staggered round robin
 * gives every port exactly one arrival per step ({@code Q = 1}, backlog 0). Senders use core's
 * generators: {@link RandomSprayGenerator} over {@code n} EVs read as port indices, and PRIME's
 * odometer generator with one part of {@code n} ports.
 */
public final class BatchedQueueSimulator {
    /** Purpose tag of the per-sender streams. */
    public static final long PURPOSE = 0x42415443L; // "BATC"
    /** Upper limit on {@code n * steps}. */
    public static final long MAX_WORK = 2_000_000_000L;

    private BatchedQueueSimulator() {
    }

    /** One run of {@code steps} steps with {@code n} senders and ports. */
    public static QueueTrace simulate(SprayScheme scheme, int ports, long steps, long seed) {
        if (scheme == null) {
            throw new IllegalArgumentException("scheme: must be one of random, shuffled-rr, staggered-rr");
        }
        if (ports < 1 || ports > 1 << 15) {      // EvLayout's largest part, built for every scheme below
            throw new IllegalArgumentException("ports: must be in [1, 32768], got " + ports);
        }
        if (steps < 1 || steps * ports > MAX_WORK) {
            throw new IllegalArgumentException("steps: must be >= 1 with ports x steps <= " + MAX_WORK + ", got " + steps);
        }
        int[] backlog = new int[ports];
        int[] arrivals = new int[ports];
        MultiPartGenerator[] prime = new MultiPartGenerator[ports];
        RandomSprayGenerator[] random = new RandomSprayGenerator[ports];
        EvLayout layout = EvLayout.of(ports);
        for (int s = 0; s < ports; s++) {
            if (scheme == SprayScheme.SHUFFLED_ROUND_ROBIN) {
                prime[s] = LoadBalancingScheme.primeMultiPart(layout, PrimeVariant.ODOMETER, seed, s, 0);
            } else if (scheme == SprayScheme.RANDOM) {
                random[s] = new RandomSprayGenerator(ports, new SplittableRandom(Seeds.derive(seed, PURPOSE, s)));
            }
        }
        int maxOcc = 0;
        int maxBack = 0;
        for (long t = 0; t < steps; t++) {
            java.util.Arrays.fill(arrivals, 0);
            for (int s = 0; s < ports; s++) {
                int port = switch (scheme) {
                    case RANDOM -> random[s].next(t);
                    case SHUFFLED_ROUND_ROBIN -> UplinkSelector.portIndex(layout, prime[s].next(), 1);
                    case STAGGERED_ROUND_ROBIN -> (int) ((s + t) % ports);
                };
                arrivals[port]++;
            }
            for (int p = 0; p < ports; p++) {
                int occ = backlog[p] + arrivals[p];
                maxOcc = Math.max(maxOcc, occ);
                backlog[p] = Math.max(occ - 1, 0);
                maxBack = Math.max(maxBack, backlog[p]);
            }
        }
        int fin = 0;
        for (int b : backlog) {
            fin = Math.max(fin, b);
        }
        return new QueueTrace(scheme, ports, steps, maxOcc, maxBack, fin);
    }

    /** Largest backlog {@code max_t q_t} for explicit per-step arrival counts at one port (Lindley). */
    public static int maxBacklog(int[] arrivalsPerStep) {
        int q = 0;
        int max = 0;
        for (int a : arrivalsPerStep) {
            q = Math.max(q + a - 1, 0);
            max = Math.max(max, q);
        }
        return max;
    }
}
