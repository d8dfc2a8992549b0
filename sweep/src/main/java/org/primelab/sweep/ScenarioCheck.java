package org.primelab.sweep;

import java.util.ArrayList;
import java.util.List;
import org.primelab.cli.FluidBridge;
import org.primelab.cli.FluidCommand;
import org.primelab.cli.MotivationCommand;
import org.primelab.cli.SimCommand;
import org.primelab.cli.SimOptions;
import org.primelab.fluid.SplitMode;
import org.primelab.packet.SimConfig;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Checks a parsed point's values the way its command would, without running it: the CLI's own
 * {@link SimOptions#scenarios()} validates every option and builds the runs' scenarios (fabric,
 * faults, workload, schemes, CC, scheduling...), so a value the run would refuse is refused here,
 * before any run of the sweep starts, with the CLI's own message (which names the option). A point whose run reads
 * every option it names is then checked by its command's own {@code plan()} ({@link SimCommand#plan()},
 * {@link FluidCommand#plan()}, {@link MotivationCommand#plan()}): the command's own options ({@code --fct-at},
 * {@code --threads}, fluid's split, step and engine) and the resource guard, exactly as the command checks them
 * before it runs. Without these a value the command refuses (e.g. {@code fct-at=foo}) passed validation and failed
 * inside Spark with a stack trace, and a point over the time budget ran for as long as it took.
 */
final class ScenarioCheck {
    private ScenarioCheck() {
    }

    /**
     * Throws {@link IllegalArgumentException} with the CLI's message if the run would refuse its input, and returns
     * the options ({@code --name}) the point names that its run would ignore (which the CLI would refuse too: the
     * planner drops them, so the point is the run it is).
     */
    static List<String> check(CommandSpec parsed) {
        Object command = parsed.userObject();
        if (command instanceof MotivationCommand motivation) {
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
        List<SimConfig> scenarios = options.acceptOptionsWithoutEffect().scenarios();
        List<String> withoutEffect = new ArrayList<>(options.optionsWithoutEffect());
        if (command instanceof FluidCommand) {
            // the options the engine that runs the point ignores, as prime fluid would refuse them
            SplitMode split = SplitMode.parse(String.valueOf((Object) parsed.findOption("--split").getValue()));
            Object step = parsed.findOption("--step").getValue();
            boolean stepping = step != null || Boolean.TRUE.equals(parsed.findOption("--no-fast-forward").getValue());
            String engine = String.valueOf((Object) parsed.findOption("--engine").getValue());
            for (SimConfig c : scenarios) {
                for (String o : FluidBridge.optionsTheEngineIgnores(options, FluidBridge.engineFor(c, split, engine,
                        stepping))) {
                    if (!withoutEffect.contains(o)) {
                        withoutEffect.add(o);
                    }
                }
            }
        }
        if (withoutEffect.isEmpty()) {
            // the point as it runs: the command's own checks and its resource guard, without running it (a point over
            // the time budget ran for as long as it took, where prime sim refuses it)
            if (command instanceof SimCommand sim) {
                sim.plan();
            } else if (command instanceof FluidCommand fluid) {
                fluid.plan();
            }
        }
        return withoutEffect;
    }
}
