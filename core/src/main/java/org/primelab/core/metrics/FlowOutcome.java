package org.primelab.core.metrics;

/**
 * What every simulator reports for one flow: who sent how much to whom, when it started, when its
 * last byte arrived and, where the simulator models acknowledgements, when the sender learnt it. Each
 * simulator's per-flow record adds what only it measures.
 */
public interface FlowOutcome {
    /** {@link #ackedPs()} of a simulator or run that did not measure it. */
    long NOT_MEASURED = -1;

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

    /**
     * When the acknowledgement that left none of its bytes unacknowledged reached the sender, ps (the
     * completion htsim reports), or {@link #NOT_MEASURED}: the fluid model has no acknowledgements, and a
     * packet run measured at the receiver stops when the last byte arrives, before the last ACKs return.
     */
    default long ackedPs() {
        return NOT_MEASURED;
    }

    /** Flow completion time, receiver side (the paper's definition): {@code endPs - startPs}. */
    default long fctPs() {
        return endPs() - startPs();
    }

    /**
     * When the flow completed under {@code convention}: {@link #endPs()} at the receiver, {@link #ackedPs()}
     * at the sender.
     *
     * @throws IllegalStateException if the sender side was asked for and not measured
     */
    default long completionPs(FctConvention convention) {
        if (convention == FctConvention.RECEIVER) {
            return endPs();
        }
        if (ackedPs() == NOT_MEASURED) {
            throw new IllegalStateException("fct-at: flow " + id() + " has no sender-side completion (the run did not"
                    + " measure acknowledgements)");
        }
        return ackedPs();
    }

    /** Flow completion time under {@code convention}: {@link #completionPs} minus {@link #startPs()}. */
    default long fctPs(FctConvention convention) {
        return completionPs(convention) - startPs();
    }
}
