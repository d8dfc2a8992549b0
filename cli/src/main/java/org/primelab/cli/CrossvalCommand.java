package org.primelab.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.primelab.fluid.flowlevel.EngineChoice;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code prime crossval}: runs a suite of scenarios through the packet simulator, the fluid simulator and the
 * analytical ideal, and prints per scenario the packet and fluid max and mean FCTs, their errors, the
 * per-flow FCT error (mean, p90), the bound checks, which fluid engine ran, and the speed-up: the median
 * over {@code --rounds} rounds of the packet run and the fluid run of the same scenario side by side in this
 * JVM, each from construction to result after a garbage collection. The rounds follow each engine's first run
 * on the scenario (its results are the ones compared; its wall time is reported as the first-run time) and a
 * warm-up ({@link Crossval#WARMUP_S} seconds of runs per engine, the first run included).
 *
 * <p>Suites: {@code small} ({@link Crossval#suite()}, 24 scenarios of 128 hosts) and {@code scale}
 * ({@link Crossval#scaleSuite()}: 2048-host 2-tier at 100/400/800G with 2 and 8 MB, 1024-host 3-tier, the
 * 8192-host degradation case, a link failure with its black-hole phase, a ring all-reduce with triggers).
 * Every scenario is checked against the resource guard before the first one runs.
 *
 * <p>Targets (issue 16), per scenario, printed as PASS or MISS: max and mean FCT within 5% of the packet
 * simulator's for the spraying schemes, 10% for ECMP and for cases with a failure; a median speed-up of
 * at least 100x on 2048 hosts or more, 20x below. Exit status 1 if any target is missed (0 otherwise).
 */
@Command(name = "crossval", mixinStandardHelpOptions = true,
        description = "Cross-validate fluid vs packet simulator vs analytical ideal on a suite; exit 1 if a target is missed.")
final class CrossvalCommand implements Callable<Integer> {
    /** Default rounds of the side-by-side timing. */
    static final int DEFAULT_ROUNDS = 3;

    @Spec
    CommandSpec spec;

    @Option(names = "--json", description = "one JSON object per scenario, then a summary object")
    boolean json;

    @Option(names = "--seed", defaultValue = "1", description = "master seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--suite", defaultValue = "small",
            description = "small: 24 scenarios of 128 hosts; scale: 2048-8192 hosts, failure, degradation, all-reduce"
                    + " (long; default: ${DEFAULT-VALUE})")
    String suite;

    @Option(names = "--rounds", defaultValue = "3",
            description = "rounds of the side-by-side timing per scenario, median reported (default: ${DEFAULT-VALUE})")
    int rounds;

    @Option(names = "--engine", defaultValue = "auto",
            description = "fluid engine: auto (flow level where it applies), flow, quantum (default: ${DEFAULT-VALUE})")
    String engine;

    @Option(names = "--only", paramLabel = "TEXT",
            description = "run only the suite's scenarios whose label contains TEXT (repeatable: any of them)")
    List<String> only;

    @Option(names = "--no-fast-forward",
            description = "integrate every quantum-engine step (no leaps); under --engine auto this selects the quantum engine")
    boolean noFastForward;

    @Override
    public Integer call() {
        List<Crossval.Scenario> scenarios = new ArrayList<>(Crossval.suite(suite));
        if (only != null) {
            scenarios.removeIf(s -> only.stream().noneMatch(t -> s.label().contains(t)));
            if (scenarios.isEmpty()) {
                throw new IllegalArgumentException("only: no scenario of suite " + suite + " matches " + only);
            }
        }
        Checks.range("rounds", rounds, 1, 99);
        if (!List.of("auto", "flow", "quantum").contains(engine.trim().toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException("engine: expected one of " + EngineChoice.ACCEPTED + ", got '" + engine + "'");
        }
        for (Crossval.Scenario s : scenarios) {
            s.checkFits();
        }
        PrintWriter out = spec.commandLine().getOut();
        if (!json) {
            out.printf(Locale.ROOT, "%-46s %6s %9s %9s %9s %8s %9s %9s %8s %6s %5s %8s %8s %8s %7s %4s %-7s %s%n",
                    "scenario", "flows", "ideal_us", "pk_max", "fl_max", "max_err", "pk_mean", "fl_mean", "mean_err",
                    "f_p90", "<idl", "pk_s", "fl_s", "speedup", "target", "ok", "engine", "targets");
            out.flush();
        }
        List<Crossval.Row> rows = new ArrayList<>();
        for (Crossval.Scenario s : scenarios) {
            Crossval.Row first = Crossval.run(s, seed, !noFastForward, engine);
            Crossval.Row r = first.withSpeed(Crossval.speed(s, seed, rounds, !noFastForward, engine,
                    first.packetWallS(), first.fluidWallS()));
            rows.add(r);
            if (json) {
                out.println(Json.write(r.json()));
            } else {
                out.printf(Locale.ROOT, "%-46s %6d %9.3f %9.3f %9.3f %+7.2f%% %9.3f %9.3f %+7.2f%% %5.2f%% %5d %8.3f %8.4f"
                                + " %7.1fx %6.0fx %4s %-7s %s%n",
                        s.label(), r.flows(), r.idealPs() / 1e6, r.packetMaxPs() / 1e6, r.fluidMaxPs() / 1e6,
                        100 * r.relError(), r.packetMeanPs() / 1e6, r.fluidMeanPs() / 1e6, 100 * r.meanRelError(),
                        100 * r.flowErrP90(), r.idealViolations(), r.packetWallS(), r.fluidWallS(), r.speedup(),
                        s.speedTarget(), r.ok() ? "yes" : "NO", r.engine().engine(), r.targetsMet() ? "PASS" : "MISS");
            }
            out.flush();
        }
        long missed = rows.stream().filter(r -> !r.targetsMet()).count();
        long failing = rows.stream().filter(r -> !r.ok()).count();
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("suite", suite);
            m.put("scenarios", rows.size());
            m.put("rounds", rounds);
            m.put("out_of_tolerance", failing);
            m.put("targets_missed", missed);
            out.println(Json.write(m));
        } else {
            out.printf(Locale.ROOT, "%nmax_err/mean_err = (fluid - packet) / packet of the max / mean FCT; f_p90 = per-flow"
                    + " |fluid - packet| / packet FCT, 90th percentile; <idl = FCTs below the analytical ideal (must be 0);"
                    + "%npk_s/fl_s = wall seconds, median of %d round(s) side by side after each engine's first run (whose"
                    + " results are the ones compared) and a warm-up to %.1f s of runs (first-run seconds: --json);"
                    + "%nok = the bound checks (ideal, fair share; %.0f%% max FCT for healthy spraying cases);%n"
                    + "targets (issue 16): max and mean within %.0f%% for spraying schemes, %.0f%% for ecmp and failures;"
                    + " speed-up %.0fx from %d hosts, %.0fx below.%n", rounds, Crossval.WARMUP_S, 100 * Crossval.SPRAY_TOLERANCE,
                    100 * Crossval.SPRAY_TARGET, 100 * Crossval.ECMP_AND_FAILURE_TARGET, Crossval.LARGE_SPEED_TARGET,
                    Crossval.LARGE_HOSTS, Crossval.SMALL_SPEED_TARGET);
            for (Crossval.Row r : rows) {
                out.printf(Locale.ROOT, "engine %s: %s (%s)%n", r.scenario().label(), r.engine().engine(),
                        r.engine().reason());
            }
            out.printf(Locale.ROOT, "%d of %d scenarios pass the bound checks; %d of %d meet every target%n",
                    rows.size() - failing, rows.size(), rows.size() - missed, rows.size());
        }
        out.flush();
        return missed > 0 ? 1 : 0;
    }
}
