package org.primelab.cli;

import java.util.ArrayList;
import java.util.List;
import org.primelab.analytical.fct.IdealMaxFct;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workload;
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

    /** The fluid configuration of the system {@code c} describes: the same scenario, with the fluid knobs. */
    static FluidConfig config(SimConfig c, SplitMode split, double stepMtus) {
        return new FluidConfig(c.scenario(), split, stepMtus, FluidConfig.DEFAULT_FAST_FORWARD);
    }

    /**
     * Runs every scheme on the same workload, all divided by one ideal: {@link IdealMaxFct}, the number
     * {@code prime sim} divides by for the same scenario.
     */
    static List<FluidResult> runAll(FluidConfig base, List<LoadBalancingScheme> schemes, List<Flow> flows) {
        FluidConfig withFlows = base.withWorkload(Workload.of(flows));
        List<FluidConfig> runs = new ArrayList<>();
        for (LoadBalancingScheme s : schemes) {
            runs.add(withFlows.withScheme(s));
        }
        return runAll(runs);
    }

    /** Runs every configuration (each with its workload); the ideal is computed once, from the first. */
    static List<FluidResult> runAll(List<FluidConfig> runs) {
        FluidConfig first = runs.get(0);
        long ideal = IdealMaxFct.of(first.fabric(), first.faults(), first.flows());
        List<FluidResult> out = new ArrayList<>();
        for (FluidConfig c : runs) {
            out.add(new FluidSimulator(c, ideal).run());
        }
        return out;
    }
}
