package org.primelab.packet;

/** Progress of a run, reported every few hundred thousand events (for a progress bar). */
@FunctionalInterface
public interface ProgressListener {
    /** {@code completedFlows} of {@code flows} have finished; simulated time is {@code nowPs}. */
    void progress(int completedFlows, int flows, long nowPs, long events);

    /** A listener that ignores progress. */
    ProgressListener NONE = (c, f, t, e) -> { };
}
