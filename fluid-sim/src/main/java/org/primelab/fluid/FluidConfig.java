package org.primelab.fluid;

import org.primelab.core.cc.CcKind;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.scenario.Scenario;
import org.primelab.core.scenario.ScenarioRun;
import org.primelab.core.scenario.ScenarioRunBuilder;
import org.primelab.core.topology.FatTree;
import org.primelab.core.workload.Workload;

/**
 * A fluid run: the {@link Scenario} the packet simulator's {@code SimConfig} also wraps (fabric, faults,
 * workload, scheme, congestion control, seed; the paper's §"Evaluation" setup), so both simulators model
 * the same system, plus the fluid model's own knobs: the {@link SplitMode}, the integration step (whose
 * default depends on the split mode) and fast-forward. The scenario's fields are repeated as accessors
 * for the engines; derived values (base RTT, BDP, RED thresholds, trimming limit, starting window) come
 * from the scenario's one {@link FabricParameters}.
 *
 * @param scenario the experiment both simulators share
 * @param split how flows are divided over paths
 * @param stepMtus integration step in MTU serializations: in (0, {@value #MAX_STEP_MTUS}]
 *                 for {@link SplitMode#PACKET} (the flow step of the quantum engine), in (0, 1] for
 *                 {@link SplitMode#EXPECTED} (the fine Euler step); NaN selects the mode's default
 * @param fastForward whether the quantum engine may leap over steady stretches ({@link #DEFAULT_FAST_FORWARD};
 *                    see {@code SteadyState}); always off under NSCC, whose runs are integrated step by
 *                    step (fast-forward's ramp and steady models are DCTCP's)
 */
public record FluidConfig(Scenario scenario, SplitMode split, double stepMtus, boolean fastForward) implements ScenarioRun {

    /**
     * Fast-forward is on by default: the quantum engine leaps over stretches whose rates its last windows
     * determine (steady NIC-bound stretches, and checked stretches of DCTCP's additive increase), never
     * across a start, a failure or a completion (fluid-sim/README.md, "Fast-forward"; {@code SteadyState}).
     * On the cross-validation suite it moves max FCTs by about 2% at most.
     */
    public static final boolean DEFAULT_FAST_FORWARD = true;
    /**
     * Default step of {@link SplitMode#PACKET} runs: 8 MTU serializations (2.7 us at 100G, 0.67 us at 400G).
     * In the quantum engine the step only clocks the flows (sends, DCTCP, PRIME's feedback, the ACK load and
     * port busy fractions); queues are advanced exactly at every quantum's arrival and windows are freed at
     * each quantum's own return time, so the step only has to be short against the RTT-scale dynamics it
     * clocks: under half the base RTT at 100G (6.2 us on 2 tiers, 9.2 us on 3), under a seventh at 400G,
     * and the engine caps it at the shortest return time of any quantum. Halving it moves the suite's
     * spraying max FCTs by less than 1% (fluid-sim/README.md; the step-halving test).
     */
    public static final double DEFAULT_STEP_MTUS = 8.0;
    /**
     * Default step of {@link SplitMode#EXPECTED} runs (fine-step engine): half an MTU serialization, so a
     * packet's worth of fluid is resolved to half a packet and the base RTT (at least
     * {@code 2·hops·propagation}, 4.8 us at the default delay) spans dozens of steps.
     */
    public static final double DEFAULT_EXPECTED_STEP_MTUS = 0.5;
    /** Largest {@link SplitMode#PACKET} step, MTU serializations (the engine caps it at the shortest return). */
    public static final double MAX_STEP_MTUS = 64;

    /** The default step of {@code split} mode, MTU serializations. */
    public static double defaultStepMtus(SplitMode split) {
        return split == SplitMode.EXPECTED ? DEFAULT_EXPECTED_STEP_MTUS : DEFAULT_STEP_MTUS;
    }

    /** Validates ranges; messages name the command-line option. */
    public FluidConfig {
        if (scenario == null) {
            throw new IllegalArgumentException("scenario: required");
        }
        if (split == null) {
            throw new IllegalArgumentException("split: required; accepted: expected, packet");
        }
        if (Double.isNaN(stepMtus)) {
            stepMtus = defaultStepMtus(split);
        }
        if (scenario.cc() == CcKind.NSCC) {
            fastForward = false;
        }
        double maxStep = split == SplitMode.EXPECTED ? 1 : MAX_STEP_MTUS;
        if (!(stepMtus > 0 && stepMtus <= maxStep)) {
            throw new IllegalArgumentException("step: must be in (0, " + (int) maxStep + "] MTU serializations with "
                    + split.cliName() + " splits, got " + stepMtus);
        }
    }

    /** A builder with the paper's defaults on {@code tree}. */
    public static Builder builder(FatTree tree) {
        return new Builder(tree);
    }

    /** The fluid run of {@code scenario} with the default split, step and fast-forward. */
    public static FluidConfig of(Scenario scenario) {
        return new FluidConfig(scenario, SplitMode.PACKET, Double.NaN, DEFAULT_FAST_FORWARD);
    }

    /** The configured integration step in picoseconds (a double: a multiple of the MTU serialization). */
    public double stepPs() {
        return stepMtus * mtuSerializationPs();
    }

    /** The same configuration with another scenario. */
    public FluidConfig withScenario(Scenario s) {
        return new FluidConfig(s, split, stepMtus, fastForward);
    }

    /** The same configuration with another scheme. */
    public FluidConfig withScheme(LoadBalancingScheme s) {
        return withScenario(scenario.withScheme(s));
    }

    /** The same configuration with another workload. */
    public FluidConfig withWorkload(Workload w) {
        return withScenario(scenario.withWorkload(w));
    }

    /** The same configuration with another split mode and that mode's default step. */
    public FluidConfig withSplit(SplitMode m) {
        return new FluidConfig(scenario, m, Double.NaN, fastForward);
    }

    /** The same configuration with another step. */
    public FluidConfig withStepMtus(double s) {
        return new FluidConfig(scenario, split, s, fastForward);
    }

    /** The same configuration with fast-forward on or off. */
    public FluidConfig withFastForward(boolean on) {
        return new FluidConfig(scenario, split, stepMtus, on);
    }

    /** Fluent builder holding the paper's defaults: the scenario's ({@link Scenario#builder}) and the fluid knobs'. */
    public static final class Builder extends ScenarioRunBuilder<Builder> {
        private SplitMode split = SplitMode.PACKET;
        private double step = Double.NaN;
        private boolean fastForward = DEFAULT_FAST_FORWARD;

        private Builder(FatTree tree) {
            super(tree);
        }

        @Override
        protected Builder self() {
            return this;
        }

        public Builder split(SplitMode m) {
            this.split = m;
            return this;
        }

        /** The step in MTU serializations (default: the split mode's, {@link #defaultStepMtus}). */
        public Builder stepMtus(double s) {
            this.step = s;
            return this;
        }

        /** Whether the quantum engine may leap over steady stretches (default {@link #DEFAULT_FAST_FORWARD}). */
        public Builder fastForward(boolean on) {
            this.fastForward = on;
            return this;
        }

        /** Validates and builds. */
        public FluidConfig build() {
            return new FluidConfig(scenario.build(), split, step, fastForward);
        }
    }

    /** One line: the scenario, then the fluid model's knobs. */
    @Override
    public String toString() {
        return scenario + " (fluid: " + split.cliName() + " split, step " + stepMtus + " MTU, fast-forward "
                + (fastForward ? "on" : "off") + ")";
    }
}
