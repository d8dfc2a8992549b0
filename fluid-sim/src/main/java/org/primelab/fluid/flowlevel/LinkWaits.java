package org.primelab.fluid.flowlevel;

import org.primelab.analytical.queue.BatchedQueueSimulator;

/**
 * The mean queueing wait at a switch egress link, from its utilization: how the flow-level model turns the
 * load balancer's per-link imbalance into RTT and FCT inflation.
 *
 * <ul>
 *   <li><b>Below capacity</b> ({@code rho < 1}): the link is fed by many independent senders whose packets
 *       it serializes in constant time {@code T} (one MTU), so its queue is M/D/1 and the mean wait is the
 *       Pollaczek-Khinchine value {@code rho / (2 (1 - rho)) · T} (Kleinrock, <i>Queueing Systems</i> I,
 *       §5.6); with {@code n} senders, {@code rho (1 - 1/n) / (2 (1 - rho)) · T}, the exact mean wait of random
 *       spraying in the slotted batched queue model ({@link BatchedQueueSimulator#randomSprayMeanWait}, derived
 *       and checked there). Shuffled round robin waits less (at 32 ports and 90-95% load, 2.2-3.0 packets
 *       against 4.4-9.2: {@code prime bounds queue}), so this is its upper estimate. Capped at the marking threshold
 *       {@code K_min}: above it DCTCP cuts and holds the queue there.</li>
 *   <li><b>Saturated</b> (a bottleneck of the water-filling): DCTCP's fixed point. With the marked fraction
 *       {@code p} and {@code alpha = p} in steady state, the fluid model's {@code dW/dt = 1/R - W alpha p /(2R)}
 *       (Alizadeh, Javanmard and Prabhakar, SIGMETRICS 2011) is zero at {@code W = 2 / p^2}: a flow with a
 *       window of {@code W} packets needs {@code p = sqrt(2 / W)}. Its {@code n} flows share the link's BDP, so
 *       {@code W = BDP / (n · MTU)}, and the RED curve (marking 0 at {@code K_min} to 1 at {@code K_max})
 *       gives the standing queue {@code q = K_min + p (K_max - K_min)}; the wait is {@code q / C}.</li>
 * </ul>
 * Nothing here is fitted: the inputs are the link's load, its flows and the fabric's RED thresholds.
 */
final class LinkWaits {
    private LinkWaits() {
    }

    /**
     * Mean wait in picoseconds.
     *
     * @param rho the link's data load over its data capacity, >= 0
     * @param saturated whether the link is a bottleneck of the allocation
     * @param flows flows on the link, weighted by their shares (>= 0)
     * @param senders flows on the link, counted
     * @param mtuPs serialization of one MTU on the link
     * @param bdpBytes the link's bandwidth-delay product (its rate times the base RTT)
     * @param kMinBytes marking starts
     * @param kMaxBytes every packet is marked
     * @param bytesPerPs the link's rate
     */
    static double waitPs(double rho, boolean saturated, double flows, int senders, double mtuPs, double mtuBytes,
                         double bdpBytes, double kMinBytes, double kMaxBytes, double bytesPerPs) {
        if (saturated) {
            double window = Math.max(1, bdpBytes / (Math.max(flows, 1e-9) * mtuBytes));
            double p = Math.min(1, Math.sqrt(2 / window));
            return (kMinBytes + p * (kMaxBytes - kMinBytes)) / bytesPerPs;
        }
        if (rho <= 0 || senders <= 1) {
            return 0;
        }
        double cap = kMinBytes / bytesPerPs;
        if (rho >= 1) {
            return cap;
        }
        return Math.min(cap, BatchedQueueSimulator.randomSprayMeanWait(senders, rho) * mtuPs);
    }

    /**
     * How fast a link's queue can have grown, for the wait a flow's last byte meets. Below saturation the
     * queue is the slotted queue above, a random walk reflected at 0 with per-slot variance
     * {@code sigma^2 = rho (1 - 1/n)} and drift {@code rho - 1 <= 0}; started empty, after {@code t} slots its
     * mean is at most that of the driftless walk, {@code sigma sqrt(2 t / pi)} packets (the mean of a reflected
     * Brownian motion, {@code E|B_t|}). Near {@code rho = 1} the stationary mean above is far larger than what
     * a short flow's lifetime lets build, so the wait the last byte meets is the smaller of the two. In
     * picoseconds: {@code sqrt(growth · D)} for a flow lasting {@code D} ps, with
     * {@code growth = 2 sigma^2 / pi · T} ({@code T} the link's MTU serialization).
     *
     * @return {@code growth} in picoseconds (0 for an idle link or a single sender)
     */
    static double transientGrowthPs(double rho, int senders, double mtuPs) {
        if (rho <= 0 || senders <= 1) {
            return 0;
        }
        double variance = Math.min(1, rho) * (1 - 1.0 / senders);
        return 2 * variance / Math.PI * mtuPs;
    }
}
