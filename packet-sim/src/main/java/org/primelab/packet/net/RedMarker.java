package org.primelab.packet.net;

import org.primelab.core.fabric.RedCurve;

/**
 * RED ECN marking of a switch egress port: the curve of {@link RedCurve} (0 up to {@code K_min}, linear
 * to 1 at {@code K_max}; marking at dequeue) on the occupancy in whole bytes.
 */
public final class RedMarker {
    private final RedCurve curve;

    /**
     * @param kMinBytes occupancy where marking starts
     * @param kMaxBytes occupancy where every packet is marked; must exceed {@code kMinBytes}
     */
    public RedMarker(long kMinBytes, long kMaxBytes) {
        this.curve = new RedCurve(kMinBytes, kMaxBytes);
    }

    /** Marking probability at an occupancy of {@code queuedBytes}. */
    public double probability(long queuedBytes) {
        return curve.probability(queuedBytes);
    }
}
