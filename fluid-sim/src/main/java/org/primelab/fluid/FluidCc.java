package org.primelab.fluid;

/**
 * A flow's congestion control in the fluid model: {@link FluidDctcp} (DCTCP, or a fixed window) or
 * {@link FluidNscc} (NSCC). The engines keep each flow's returns of a step (or of one chunk) in a
 * {@link ReturnedBytes} and hand them over at once, ACK-clocked: the control sees what came back, never
 * what is still in flight.
 */
interface FluidCc {
    /** Current window, bytes: the engine lets a flow start a quantum while {@code inflight + quantum <= window}. */
    double window();

    /**
     * What came back since the last call ({@code returned}, not empty), with {@code inFlightBytes} still
     * in flight after it.
     */
    void onReturned(ReturnedBytes returned, double inFlightBytes);
}
