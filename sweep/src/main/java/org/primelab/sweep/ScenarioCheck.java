package org.primelab.sweep;

import java.util.List;
import org.primelab.cli.MotivationCommand;
import org.primelab.cli.SimOptions;
import org.primelab.core.metrics.FctConvention;
import org.primelab.packet.PacketSimulator;
import org.primelab.fluid.SplitMode;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Checks a parsed point's values the way its command would, without running it: the CLI's own
 * {@link SimOptions#scenarios()} validates every option and builds the runs' scenarios (fabric,
 * faults, workload, schemes, CC, scheduling...), so a value the run would refuse is refused here,
 * before any run of the sweep starts, with the CLI's own message (which names the option). The options of the
 * command itself, outside the shared mixin, are checked as the command checks them: {@code --fct-at} for both,
 * {@code --threads} against every run for {@code sim}, the split mode and the step for {@code fluid}; a
 * {@code motivation} point is checked by the command's own {@link MotivationCommand#plan()}. Without these a value the command refuses
 * (e.g. {@code fct-at=foo}) passed validation and failed inside Spark, with a stack trace.
 */
final class ScenarioCheck {
    private ScenarioCheck() {
    }

    /**
     * Throws {@link IllegalArgumentException} with the CLI's message if the run would refuse its input, and returns
     * the options ({@code --name}) the point names that its run would ignore (which the CLI would refuse too: the
     * planner drops them, so the point is the run it is).
     */
    static List<String> check(Simulator simulator, CommandSpec parsed) {
        if (parsed.userObject() instanceof MotivationCommand motivation) {
            motivation.plan();   // the command's own checks, without running it
            return List.of();
        }
        SimOptions options = null;
        for (CommandSpec m : parsed.mixins().values()) {
            if (m.userObject() instanceof SimOptions o) {
                options = o;
            }
        }
        if (options == null) {
            return List.of();
        }
        FctConvention at = FctConvention.parse(String.valueOf((Object) parsed.findOption("--fct-at").getValue()));
        List<org.primelab.packet.SimConfig> scenarios = options.acceptOptionsWithoutEffect().scenarios();
        List<String> withoutEffect = new java.util.ArrayList<>(options.optionsWithoutEffect());
        if (simulator != Simulator.FLUID) {
            checkThreads(parsed, scenarios.stream().map(c -> c.withFctAt(at)).toList());
        }
        if (simulator == Simulator.FLUID) {
            Object stepValue = parsed.findOption("--step").getValue();
            if (stepValue instanceof Double d && !Double.isFinite(d)) {
                throw new IllegalArgumentException("step: must be a finite number of MTU serializations, got " + d);
            }
            Object splitValue = parsed.findOption("--split").getValue();
            SplitMode split = SplitMode.parse(String.valueOf(splitValue));
            // the options the engine that runs the point ignores, as prime fluid would refuse them
            Object step = parsed.findOption("--step").getValue();
            boolean stepping = step != null || Boolean.TRUE.equals(parsed.findOption("--no-fast-forward").getValue());
            Object engineValue = parsed.findOption("--engine").getValue();
            String engine = String.valueOf(engineValue);
            for (org.primelab.packet.SimConfig c : scenarios) {
                String chosen = org.primelab.cli.FluidBridge.engineFor(c, split, engine, stepping);
                for (String o : org.primelab.cli.FluidBridge.optionsTheEngineIgnores(options, chosen)) {
                    if (!withoutEffect.contains(o)) {
                        withoutEffect.add(o);
                    }
                }
            }
        }
        return withoutEffect;
    }

    /** {@code prime sim --threads N}: every run of the point must be able to use N threads, as the command checks. */
    private static void checkThreads(CommandSpec parsed, List<org.primelab.packet.SimConfig> runs) {
        Object threads = parsed.findOption("--threads").getValue();
        if (threads instanceof Integer n) {
            for (org.primelab.packet.SimConfig c : runs) {
                PacketSimulator.checkedThreads(c, n);
            }
        }
    }
}
