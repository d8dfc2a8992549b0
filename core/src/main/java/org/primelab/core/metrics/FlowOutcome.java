package org.primelab.core.metrics;

/**
 * What every simulator reports for one flow: who sent how much to whom, when it started and when its
 * last byte arrived. Each simulator's per-flow record adds what only it measures.
 */
public interface FlowOutcome {
    /** The flow's id (its index in the workload). */
    int id();

    /** Sending host. */
    int src();

    /** Receiving host. */
    int dst();

    /** Payload bytes. */
    long sizeBytes();

    /** When the flow started sending, ps. */
    long startPs();

    /** When its last byte arrived at the receiver, ps. */
    long endPs();

    /** Flow completion time, receiver side (the paper's definition): {@code endPs - startPs}. */
    default long fctPs() {
        return endPs() - startPs();
    }
}
