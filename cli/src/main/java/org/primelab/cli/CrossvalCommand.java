package org.primelab.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code prime crossval}: runs the fixed suite of {@link Crossval#suite()} through the packet simulator,
 * the fluid simulator and the analytical ideal, and prints per scenario the three max FCTs, the relative
 * error, the per-flow FCT error (mean, p90), the bound checks, the share of the fluid run fast-forward
 * leapt and the speed-up of that one run; then the speed-up on the largest case (most packet events),
 * measured side by side in this JVM: {@link #REPEATS} rounds of the packet run and the fluid run of the
 * same scenario, each from construction to result after a garbage collection (the JIT is warm by then for
 * both, since the suite ran first), the median wall time of each and the median thread CPU time of each
 * (what the machine's other load cannot inflate). {@code --no-fast-forward} runs the fluid simulator step
 * by step throughout. Exit status 0 even if a scenario is out of tolerance: the table says so (column
 * {@code ok}).
 */
@Command(name = "crossval", mixinStandardHelpOptions = true,
        description = "Cross-validate fluid vs packet simulator vs analytical ideal on a fixed suite.")
final class CrossvalCommand implements Callable<Integer> {
    /** Rounds (one packet run and one fluid run each) of the speed-up measurement. */
    static final int REPEATS = 9;
    /** The speed-up issue 6 asks for on the largest case (wall clock, side by side). */
    static final double SPEED_TARGET = 50;

    @Spec
    CommandSpec spec;

    @Option(names = "--json", description = "one JSON object per scenario, then one for the speed-up")
    boolean json;

    @Option(names = "--seed", defaultValue = "1", description = "master seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--no-fast-forward",
            description = "integrate every fluid step (no leaps over steady or window-limited stretches)")
    boolean noFastForward;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (!json) {
            out.printf(Locale.ROOT, "%-28s %6s %9s %9s %9s %8s %7s %7s %5s %7s %7s %7s %7s %5s %8s %3s%n", "scenario",
                    "flows", "ideal_us", "packet_us", "fluid_us", "rel_err", "f_mean", "f_p90", "<idl", "pk_exc", "fl_exc",
                    "pk_s", "fl_s", "ff", "speedup", "ok");
            out.flush();
        }
        List<Crossval.Row> rows = new ArrayList<>();
        for (Crossval.Scenario s : Crossval.suite()) {
            Crossval.Row r = Crossval.run(s, seed, !noFastForward);
            rows.add(r);
            if (json) {
                out.println(Json.write(r.json()));
            } else {
                out.printf(Locale.ROOT, "%-28s %6d %9.3f %9.3f %9.3f %+7.2f%% %6.2f%% %6.2f%% %5d %7.2f %7.2f %7.3f %7.4f %4.0f%% %7.1fx %3s%n",
                        s.label(), r.flows(), r.idealPs() / 1e6, r.packetMaxPs() / 1e6, r.fluidMaxPs() / 1e6,
                        100 * r.relError(), 100 * r.flowErrMean(), 100 * r.flowErrP90(), r.idealViolations(),
                        r.packetExcessPerFlow(), r.fluidExcessPerFlow(), r.packetWallS(), r.fluidWallS(),
                        100 * r.fluidLeaptShare(), r.speedup(), r.ok() ? "yes" : "NO");
            }
            out.flush();
        }
        Crossval.Row largest = rows.get(0);
        for (Crossval.Row r : rows) {
            if (r.packetEvents() > largest.packetEvents()) {
                largest = r;
            }
        }
        Crossval.Speed speed = Crossval.speed(largest.scenario(), seed, REPEATS, !noFastForward);
        long failing = rows.stream().filter(r -> !r.ok()).count();
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("largest", largest.scenario().label());
            m.put("packet_events", speed.packetEvents());
            m.put("fluid_steps", speed.fluidSteps());
            m.put("fluid_fast_forward_share", speed.fluidLeaptShare());
            m.put("rounds", speed.repeats());
            m.put("packet_wall_s_median", speed.packetWallS());
            m.put("fluid_wall_s_median", speed.fluidWallS());
            m.put("speedup", speed.wallSpeedup());
            m.put("packet_cpu_s_median", speed.packetCpuS());
            m.put("fluid_cpu_s_median", speed.fluidCpuS());
            m.put("cpu_speedup", speed.cpuSpeedup());
            m.put("speed_target", SPEED_TARGET);
            m.put("speed_target_met", speed.wallSpeedup() >= SPEED_TARGET);
            m.put("scenarios", rows.size());
            m.put("out_of_tolerance", failing);
            out.println(Json.write(m));
        } else {
            out.printf(Locale.ROOT, "%nrel_err = (fluid - packet) / packet max FCT; tolerance %.0f%% for co-prime and prime, none for"
                    + " ecmp (reported); f_mean/f_p90 = per-flow |fluid - packet| / packet FCT;%n<idl = FCTs below the"
                    + " analytical ideal (both simulators, must be 0); pk_exc/fl_exc = worst per-link load above the"
                    + " uplink-to-downlink fair share, packets per flow on the link (co-prime: <= %.0f;%nprime's penalties steer off the even split and ecmp hashes, both reported); ff = share of the fluid run's simulated time"
                    + " leapt by fast-forward.%n",
                    100 * Crossval.SPRAY_TOLERANCE, Crossval.BALANCE_SLACK_PACKETS);
            out.printf(Locale.ROOT, "largest case %s (%d packet events; fluid: %d steps, %.0f%% of the run leapt), median of %d"
                    + " rounds side by side:%n"
                    + "  wall: packet %.4f s, fluid %.4f s, speed-up %.1fx; thread CPU: packet %.4f s, fluid %.4f s,"
                    + " speed-up %.1fx%n", largest.scenario().label(), speed.packetEvents(), speed.fluidSteps(),
                    100 * speed.fluidLeaptShare(), speed.repeats(), speed.packetWallS(), speed.fluidWallS(), speed.wallSpeedup(), speed.packetCpuS(),
                    speed.fluidCpuS(), speed.cpuSpeedup());
            out.printf(Locale.ROOT, "speed target %.0fx (wall): %s%n", SPEED_TARGET,
                    speed.wallSpeedup() >= SPEED_TARGET ? "met" : "NOT met");
            out.printf(Locale.ROOT, "%d of %d scenarios within tolerance%n", rows.size() - failing, rows.size());
        }
        out.flush();
        return 0;
    }
}
