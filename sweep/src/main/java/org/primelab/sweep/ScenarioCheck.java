package org.primelab.sweep;

import java.util.List;
import org.primelab.cli.SimOptions;
import org.primelab.fluid.SplitMode;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Checks a parsed point's values the way its command would, without running it: the CLI's own
 * {@link SimOptions#scenarios()} validates every option and builds the runs' scenarios (fabric,
 * faults, workload, schemes, CC, scheduling...), so a value the run would refuse is refused here,
 * before any run of the sweep starts, with the CLI's own message (which names the option). Fluid
 * points also check the split mode.
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
        SimOptions options = null;
        for (CommandSpec m : parsed.mixins().values()) {
            if (m.userObject() instanceof SimOptions o) {
                options = o;
            }
        }
        if (options == null) {
            return List.of();
        }
        options.acceptOptionsWithoutEffect().scenarios();
        if (simulator == Simulator.FLUID) {
            Object split = parsed.findOption("--split").getValue();
            SplitMode.parse(String.valueOf(split));
        }
        return options.optionsWithoutEffect();
    }
}
