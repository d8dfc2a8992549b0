package org.primelab.core.metrics;

/**
 * Progress of a simulation run, for a progress bar: the packet simulator reports every few hundred thousand
 * events, the fluid engines every few steps or events, and each once at the end.
 */
@FunctionalInterface
public interface ProgressListener {
    /**
     * {@code completedFlows} of {@code flows} have finished; simulated time is {@code nowPs}; {@code events} is the
     * work done so far (the packet simulator's events, a fluid engine's steps or handled events).
     */
    void progress(int completedFlows, int flows, long nowPs, long events);

    /** A listener that ignores progress. */
    ProgressListener NONE = (c, f, t, e) -> { };
}
