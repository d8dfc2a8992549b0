package org.primelab.core.workload;

/**
 * One flow of a workload: {@code sizeBytes} from host {@code src} to host {@code dst}, starting at
 * {@code startPs}.
 *
 * @param id run-unique id, {@code 0..flows-1} in workload order
 * @param src sending host
 * @param dst receiving host, different from {@code src}
 * @param sizeBytes bytes of payload, > 0
 * @param startPs start time in picoseconds, >= 0
 */
public record Flow(int id, int src, int dst, long sizeBytes, long startPs) {
    /** Validates the fields. */
    public Flow {
        if (src == dst) {
            throw new IllegalArgumentException("flow " + id + ": src and dst are both host " + src);
        }
        if (src < 0 || dst < 0) {
            throw new IllegalArgumentException("flow " + id + ": hosts must be >= 0, got " + src + " -> " + dst);
        }
        if (sizeBytes <= 0) {
            throw new IllegalArgumentException("flow-size: must be > 0 bytes, got " + sizeBytes);
        }
        if (startPs < 0) {
            throw new IllegalArgumentException("start: must be >= 0 ps, got " + startPs);
        }
    }
}
