package org.primelab.fluid;

import org.primelab.core.metrics.ProgressListener;

/**
 * An integrator of the fluid model: {@link QuantumEngine} (packet splits: per-quantum queues, a coarse
 * flow step and fast-forward) or {@link FineStepEngine} (expected splits: every link integrated with a
 * fine fixed step). Both are built from a configuration and a workload and run it once.
 */
interface FluidEngine {
    /** Runs until every flow has completed and returns the result, reporting progress every so many steps. */
    FluidResult run(ProgressListener progress);

    /** Runs until every flow has completed and returns the result. */
    default FluidResult run() {
        return run(ProgressListener.NONE);
    }

    /** The step in force, picoseconds (the tolerance of anything the engine resolves only per step). */
    double stepPs();
}
