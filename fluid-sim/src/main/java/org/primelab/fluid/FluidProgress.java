package org.primelab.fluid;

/**
 * Progress of a fluid run, reported every so many steps or events (for a progress bar). The same shape as the
 * packet simulator's listener, so one bar serves both.
 */
@FunctionalInterface
public interface FluidProgress {
    /** {@code completedFlows} of {@code flows} have finished; simulated time is {@code nowPs}; {@code steps} so far. */
    void progress(int completedFlows, int flows, long nowPs, long steps);

    /** A listener that ignores progress. */
    FluidProgress NONE = (c, f, t, s) -> { };
}
