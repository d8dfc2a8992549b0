package org.primelab.packet.net;

/**
 * RED ECN marking as the paper configures it (§"Evaluation", "Traffic": {@code K_min = 0.25 BDP},
 * {@code K_max = 0.75 BDP}; §"Design Requirements": marking at dequeue): the probability of marking a
 * departing data packet is 0 while the queue holds at most {@code K_min} bytes, rises linearly to 1 at
 * {@code K_max}, and is 1 above.
 *
 * @param kMinBytes occupancy where marking starts
 * @param kMaxBytes occupancy where every packet is marked; must exceed {@code kMinBytes}
 */
public record RedMarker(long kMinBytes, long kMaxBytes) {
    /** Validates {@code 0 <= K_min < K_max}. */
    public RedMarker {
        if (kMinBytes < 0 || kMaxBytes <= kMinBytes) {
            throw new IllegalArgumentException("ecn: need 0 <= kmin < kmax, got kmin=" + kMinBytes + " kmax=" + kMaxBytes);
        }
    }

    /** Marking probability at an occupancy of {@code queuedBytes}. */
    public double probability(long queuedBytes) {
        if (queuedBytes <= kMinBytes) {
            return 0.0;
        }
        if (queuedBytes >= kMaxBytes) {
            return 1.0;
        }
        return (queuedBytes - kMinBytes) / (double) (kMaxBytes - kMinBytes);
    }
}
