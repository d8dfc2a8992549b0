package org.primelab.cli;

import org.primelab.fluid.FluidConfig;
import org.primelab.fluid.SplitMode;
import org.primelab.packet.SimConfig;

/**
 * Turns a packet-simulator configuration into the fluid simulator's configuration of the same system,
 * field by field, so that {@code prime sim} and {@code prime fluid} with the same options model the
 * same scenario. Options of the packet simulator that the fluid model has no counterpart for are
 * documented here: {@code --rto} (nothing is lost in the fluid model except trimmed bytes, which are
 * NACKed, so no timeout fires) and {@code --ack-on-mark} (the fluid ACK clock uses the mean coalescing
 * hold whatever the marks).
 */
final class FluidBridge {
    private FluidBridge() {
    }

    /** The fluid configuration of the system {@code c} describes: the same scenario, with the fluid knobs. */
    static FluidConfig config(SimConfig c, SplitMode split, double stepMtus) {
        return new FluidConfig(c.scenario(), split, stepMtus, FluidConfig.DEFAULT_FAST_FORWARD);
    }
}
