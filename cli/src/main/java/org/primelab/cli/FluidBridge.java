package org.primelab.cli;

import java.util.ArrayList;
import java.util.List;
import org.primelab.analytical.fct.IdealMaxFct;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.workload.Flow;
import org.primelab.fluid.FluidCc;
import org.primelab.fluid.FluidConfig;
import org.primelab.fluid.FluidResult;
import org.primelab.fluid.FluidSimulator;
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

    /** The fluid configuration of the system {@code c} describes. */
    static FluidConfig config(SimConfig c, SplitMode split, double stepMtus) {
        return new FluidConfig(c.tree(), c.faults(), c.linkRateBps(), c.propagationPs(), c.mtuBytes(), c.headerBytes(),
                c.scheme(), c.entropy(), FluidCc.parse(c.cc().cliName()), c.dctcpInitialAlpha(), c.ackEvery(),
                c.kMinBdp(), c.kMaxBdp(), c.trimBdp(), split, stepMtus, c.seed(), FluidConfig.DEFAULT_FAST_FORWARD);
    }

    /**
     * Runs every scheme on the same workload, all divided by one ideal: {@link IdealMaxFct}, the number
     * {@code prime sim} divides by for the same scenario.
     */
    static List<FluidResult> runAll(FluidConfig base, List<LoadBalancingScheme> schemes, List<Flow> flows) {
        long ideal = IdealMaxFct.of(base.fabric(), base.faults(), flows);
        List<FluidResult> out = new ArrayList<>();
        for (LoadBalancingScheme s : schemes) {
            out.add(new FluidSimulator(base.withScheme(s), flows, ideal).run());
        }
        return out;
    }
}
