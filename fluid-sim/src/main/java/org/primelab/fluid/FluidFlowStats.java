package org.primelab.fluid;

/**
 * One flow's outcome in a fluid run.
 *
 * @param id flow id
 * @param src sending host
 * @param dst receiving host
 * @param sizeBytes payload bytes
 * @param startPs when it started sending
 * @param endPs when its last byte arrived
 * @param pathLinks links on its paths
 * @param wireBytes wire bytes of the flow (payload plus one header per packet)
 * @param trimmedBytes wire bytes trimmed and sent again
 * @param markedBytes wire bytes delivered ECN-marked (expected)
 */
public record FluidFlowStats(int id, int src, int dst, long sizeBytes, long startPs, long endPs, int pathLinks,
                             double wireBytes, double trimmedBytes, double markedBytes)
        implements org.primelab.core.metrics.FlowOutcome {
}
