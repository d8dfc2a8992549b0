package org.primelab.analytical.check;

/**
 * One flow's completion as another simulator reported it, in this project's units. A report gives
 * the completion moment, the flow's duration, or both; what it does not give is {@link #UNKNOWN}.
 * Printed times are rounded: the true value lies within {@code roundingPs} of each printed one, and
 * every check gives the reported value that much benefit of the doubt.
 *
 * @param flow the workload's flow id ({@code 0..n-1})
 * @param startPs when the flow started (absolute), or {@link #UNKNOWN} (htsim prints no start for a
 *        flow that waits on a trigger)
 * @param endPs when the flow completed (absolute, in the report's convention), or {@link #UNKNOWN}
 * @param fctPs the flow's completion time {@code end - start}, or {@link #UNKNOWN}
 * @param roundingPs how far the printed times may be from the true ones, >= 0
 * @param where the file and line the completion was read from, for messages
 */
public record Completion(int flow, long startPs, long endPs, long fctPs, long roundingPs, String where) {
    /** A time the report does not give. */
    public static final long UNKNOWN = Long.MIN_VALUE;

    /** Validates the fields. */
    public Completion {
        if (flow < 0) {
            throw new IllegalArgumentException("flow: must be >= 0, got " + flow);
        }
        if (endPs == UNKNOWN && fctPs == UNKNOWN) {
            throw new IllegalArgumentException(where + ": a completion needs an end time or a duration");
        }
        if (roundingPs < 0) {
            throw new IllegalArgumentException("rounding: must be >= 0 ps, got " + roundingPs);
        }
    }

    /** True if the report gives the completion moment. */
    public boolean hasEnd() {
        return endPs != UNKNOWN;
    }

    /** True if the report gives the duration. */
    public boolean hasFct() {
        return fctPs != UNKNOWN;
    }

    /** True if the report gives the start. */
    public boolean hasStart() {
        return startPs != UNKNOWN;
    }
}
