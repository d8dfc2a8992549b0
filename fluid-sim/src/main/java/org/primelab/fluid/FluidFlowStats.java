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
 * @param ackedPs when the sender learnt of the last byte ({@link FluidResult#withFctAt}), or
 *        {@link org.primelab.core.metrics.FlowOutcome#NOT_MEASURED}: the engines measure at the receiver
 */
public record FluidFlowStats(int id, int src, int dst, long sizeBytes, long startPs, long endPs, int pathLinks,
                             double wireBytes, double trimmedBytes, double markedBytes, long ackedPs)
        implements org.primelab.core.metrics.FlowOutcome {
    /** An outcome measured at the receiver only (what the engines report). */
    public FluidFlowStats(int id, int src, int dst, long sizeBytes, long startPs, long endPs, int pathLinks,
                          double wireBytes, double trimmedBytes, double markedBytes) {
        this(id, src, dst, sizeBytes, startPs, endPs, pathLinks, wireBytes, trimmedBytes, markedBytes, NOT_MEASURED);
    }
}
