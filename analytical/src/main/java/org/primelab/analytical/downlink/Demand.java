package org.primelab.analytical.downlink;

/**
 * One entry of a traffic matrix: {@code src} sends {@code rate} to {@code dst} (any consistent unit: bits
 * per second, or packets per window for the integral version).
 *
 * @param src sending host
 * @param dst receiving host, not {@code src}
 * @param rate demand, >= 0
 */
public record Demand(int src, int dst, double rate) {
    /** Validates the fields. */
    public Demand {
        if (src == dst) {
            throw new IllegalArgumentException("demand: src and dst are both host " + src);
        }
        if (!(rate >= 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException("rate: must be finite and >= 0, got " + rate);
        }
    }
}
