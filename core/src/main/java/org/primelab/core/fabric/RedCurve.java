package org.primelab.core.fabric;

/**
 * The RED ECN marking curve of every switch egress queue, as the paper configures it (§"Evaluation",
 * "Traffic": {@code K_min = 0.25 BDP}, {@code K_max = 0.75 BDP}; §"Design Requirements": marking at
 * dequeue). The probability that a departing data packet is marked at an occupancy of {@code q} bytes is
 *
 * <pre>
 *   p(q) = 0                                  if q <= K_min
 *        = (q - K_min) / (K_max - K_min)      if K_min < q < K_max
 *        = 1                                  if q >= K_max
 * </pre>
 *
 * (Floyd and Jacobson's RED with {@code max_p = 1} and the instantaneous queue, the DCTCP setting of
 * Alizadeh et al., SIGCOMM 2010). Both simulators call this one function: the packet simulator with a
 * packet's queue occupancy, the fluid engines with a quantum's backlog plus the quantum itself.
 *
 * <p>Evaluated as {@code x = q - K_min}, then {@code 0} if {@code x <= 0}, {@code 1} if
 * {@code x >= K_max - K_min}, else {@code x / (K_max - K_min)}: with integral thresholds this gives the
 * same doubles as the three-case form above for every occupancy (the subtraction is exact or rounds
 * monotonically, and {@code K_max - K_min} is exact).
 */
public final class RedCurve {
    private final long kMinBytes;
    private final long kMaxBytes;
    private final double kMin;
    private final double span;

    /**
     * The curve from {@code kMinBytes} to {@code kMaxBytes}.
     *
     * @throws IllegalArgumentException unless {@code 0 <= kMinBytes < kMaxBytes}
     */
    public RedCurve(long kMinBytes, long kMaxBytes) {
        if (kMinBytes < 0 || kMaxBytes <= kMinBytes) {
            throw new IllegalArgumentException("ecn: need 0 <= kmin < kmax, got kmin=" + kMinBytes + " kmax=" + kMaxBytes);
        }
        this.kMinBytes = kMinBytes;
        this.kMaxBytes = kMaxBytes;
        this.kMin = kMinBytes;
        this.span = kMaxBytes - kMinBytes;
    }

    /** Occupancy where marking starts, bytes. */
    public long kMinBytes() {
        return kMinBytes;
    }

    /** Occupancy from which every packet is marked, bytes. */
    public long kMaxBytes() {
        return kMaxBytes;
    }

    /** Marking probability at an occupancy of {@code occupancyBytes}. */
    public double probability(double occupancyBytes) {
        double x = occupancyBytes - kMin;
        if (x <= 0) {
            return 0.0;
        }
        if (x >= span) {
            return 1.0;
        }
        return x / span;
    }
}
