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
 * non-empty port serves one packet. Full load: arrivals equal service capacity on average. Below full load
 * ({@link #simulate(SprayScheme, int, long, long, double)}) each sender sends in a step with probability
 * {@code load}, and the run reports the mean wait of an arriving packet as well.
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
    /** Purpose tag of the per-sender coins that decide, below full load, whether a sender sends in a step. */
    public static final long COIN_PURPOSE = 0x434F494EL; // "COIN"
    /** Upper limit on {@code n * steps}. */
    public static final long MAX_WORK = 2_000_000_000L;

    private BatchedQueueSimulator() {
    }

    /** One run of {@code steps} steps with {@code n} senders and ports at full load (every sender sends every step). */
    public static QueueTrace simulate(SprayScheme scheme, int ports, long steps, long seed) {
        return simulate(scheme, ports, steps, seed, 1.0);
    }

    /**
     * One run of {@code steps} steps with {@code n} senders and ports at {@code load}: in each step each sender
     * sends with probability {@code load} (a coin of its own stream, {@code Seeds.derive(seed, COIN_PURPOSE, s)};
     * none is drawn at load 1, so full load is exactly {@link #simulate(SprayScheme, int, long, long)}), to the port
     * its scheme picks next; a sender's generator moves only when it sends. Senders send in index order within a
     * step, and a packet's <i>wait</i> is the packets ahead of it: the port's backlog left by the previous step plus
     * the step's earlier arrivals there. {@link QueueTrace#meanWait} averages it over the arrivals of the steps after
     * the first tenth (the queues start empty).
     *
     * <p>For {@link SprayScheme#RANDOM} the per-port arrivals are i.i.d. Binomial({@code n}, {@code load / n}) per
     * step, and the mean wait is exactly {@link #randomSprayMeanWait}.
     */
    public static QueueTrace simulate(SprayScheme scheme, int ports, long steps, long seed, double load) {
        if (scheme == null) {
            throw new IllegalArgumentException("scheme: must be one of random, shuffled-rr, staggered-rr");
        }
        if (ports < 1 || ports > 1 << 15) {      // EvLayout's largest part, built for every scheme below
            throw new IllegalArgumentException("ports: must be in [1, 32768], got " + ports);
        }
        if (steps < 1 || steps * ports > MAX_WORK) {
            throw new IllegalArgumentException("steps: must be >= 1 with ports x steps <= " + MAX_WORK + ", got " + steps);
        }
        if (!(load > 0 && load <= 1)) {
            throw new IllegalArgumentException("load: must be in (0, 1], got " + load);
        }
        int[] backlog = new int[ports];
        int[] arrivals = new int[ports];
        MultiPartGenerator[] prime = new MultiPartGenerator[ports];
        RandomSprayGenerator[] random = new RandomSprayGenerator[ports];
        SplittableRandom[] coins = new SplittableRandom[ports];
        EvLayout layout = EvLayout.of(ports);
        for (int s = 0; s < ports; s++) {
            if (scheme == SprayScheme.SHUFFLED_ROUND_ROBIN) {
                prime[s] = LoadBalancingScheme.primeMultiPart(layout, PrimeVariant.ODOMETER, seed, s, 0);
            } else if (scheme == SprayScheme.RANDOM) {
                random[s] = new RandomSprayGenerator(ports, new SplittableRandom(Seeds.derive(seed, PURPOSE, s)));
            }
            if (load < 1) {
                coins[s] = new SplittableRandom(Seeds.derive(seed, COIN_PURPOSE, s));
            }
        }
        int maxOcc = 0;
        int maxBack = 0;
        long measuredFrom = steps / 10;
        double waitSum = 0;
        long waited = 0;
        for (long t = 0; t < steps; t++) {
            java.util.Arrays.fill(arrivals, 0);
            boolean measured = t >= measuredFrom;
            for (int s = 0; s < ports; s++) {
                if (load < 1 && coins[s].nextDouble() >= load) {
                    continue;
                }
                int port = switch (scheme) {
                    case RANDOM -> random[s].next(t);
                    case SHUFFLED_ROUND_ROBIN -> UplinkSelector.portIndex(layout, prime[s].next(), 1);
                    case STAGGERED_ROUND_ROBIN -> (int) ((s + t) % ports);
                };
                if (measured) {
                    waitSum += backlog[port] + arrivals[port];
                    waited++;
                }
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
        return new QueueTrace(scheme, ports, steps, maxOcc, maxBack, fin, load, waited == 0 ? 0 : waitSum / waited);
    }

    /**
     * The exact mean wait of {@link SprayScheme#RANDOM} at {@code load} over {@code n} ports, in packets:
     * {@code load (1 - 1/n) / (2 (1 - load))}. <i>Derivation.</i> A port's arrivals per step are i.i.d.
     * {@code A ~ Binomial(n, load/n)}, so {@code E[A] = load} and {@code E[A^2] - E[A] = load^2 (1 - 1/n)}. Squaring
     * Lindley's {@code q_t = q_{t-1} + A_t - 1 + I_t} (the idle indicator {@code I_t} has {@code E = 1 - load}) gives
     * the stationary {@code E[q] = (E[A^2] - E[A]) / (2 (1 - E[A]))}; an arrival sees {@code E[q]} (its step's
     * arrivals are independent of the backlog) plus, on average, {@code (E[A^2] - E[A]) / (2 E[A])} earlier arrivals
     * of its own step. The sum is the formula, the Pollaczek-Khinchine mean of the discrete queue; the flow-level
     * fluid model's below-capacity wait is the same expression.
     */
    public static double randomSprayMeanWait(int ports, double load) {
        if (ports < 1) {
            throw new IllegalArgumentException("ports: must be >= 1, got " + ports);
        }
        if (!(load > 0 && load < 1)) {
            throw new IllegalArgumentException("load: must be in (0, 1), got " + load);
        }
        return load * (1 - 1.0 / ports) / (2 * (1 - load));
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
