package org.primelab.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
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
 *
 * <p>{@code --seed 1,2,3} runs every scenario once per seed (the seed draws the permutation, ECMP's hash salts,
 * PRIME's shuffles and packet-sim's tie order and marks), so one seed's luck is told apart from the model's
 * error: a row per scenario and seed, then per scenario the lowest and highest max and mean error over the
 * seeds and on how many seeds it met every target ({@link SeedSummary}). Exit status 1 if any row misses.
 */
@Command(name = "crossval", mixinStandardHelpOptions = true,
        description = "Cross-validate fluid vs packet simulator vs analytical ideal on a suite; exit 1 if a target is missed.")
final class CrossvalCommand implements Callable<Integer> {
    /** Default rounds of the side-by-side timing. */
    static final int DEFAULT_ROUNDS = 3;

    @Spec
    CommandSpec spec;

    @Option(names = "--json", description = "one JSON object per scenario and seed, then a summary object")
    boolean json;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "SEED[,SEED...]",
            description = "master seed, or several separated by commas: every scenario then runs once per seed, and a"
                    + " summary gives each scenario's errors over the seeds (default: ${DEFAULT-VALUE})")
    String seed;

    @Option(names = "--suite", defaultValue = "small",
            description = "small: 24 scenarios of 128 hosts; scale: 2048-8192 hosts, failure, degradation, all-reduce"
                    + " (long; default: ${DEFAULT-VALUE})")
    String suite;

    @Option(names = "--rounds", defaultValue = "3",
            description = "rounds of the side-by-side timing per scenario, 1..99, median reported (default: ${DEFAULT-VALUE})")
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
        if (only != null && only.stream().anyMatch(String::isEmpty)) {
            throw new IllegalArgumentException("only: an empty TEXT matches every scenario; accepted: part of a"
                    + " scenario's label, e.g. 'ecmp' or '400G 2MB'");
        }
        if (only != null) {
            scenarios.removeIf(s -> only.stream().noneMatch(t -> s.label().contains(t)));
            if (scenarios.isEmpty()) {
                throw new IllegalArgumentException("only: no scenario of suite " + suite + " matches " + only);
            }
        }
        List<Long> seeds = seeds(seed);
        Checks.range("rounds", rounds, 1, 99);
        if (noFastForward && EngineChoice.FLOW.equals(EngineChoice.requireName(engine))) {
            // as prime fluid refuses it: the flow-level engine has no steps to integrate
            throw new IllegalArgumentException("no-fast-forward: only the quantum engine steps; --engine flow jumps from"
                    + " event to event");
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
        boolean severalSeeds = seeds.size() > 1;
        for (Crossval.Scenario s : scenarios) {
            for (long sd : seeds) {
                Crossval.Row r = measure(s, sd);
                rows.add(r);
                print(out, sd, r, severalSeeds);
            }
        }
        List<SeedSummary> summaries = severalSeeds ? SeedSummary.of(rows) : List.of();
        long missed = rows.stream().filter(r -> !r.targetsMet()).count();
        long failing = rows.stream().filter(r -> !r.ok()).count();
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("suite", suite);
            m.put("seeds", seeds);
            m.put("scenarios", scenarios.size());
            m.put("runs", rows.size());
            m.put("rounds", rounds);
            m.put("out_of_tolerance", failing);
            m.put("targets_missed", missed);
            if (severalSeeds) {
                m.put("per_scenario", summaries.stream().map(SeedSummary::json).toList());
            }
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
            // once per scenario and engine (the engine is chosen from the scenario, so seeds rarely differ)
            rows.stream().map(r -> String.format(Locale.ROOT, "engine %s: %s (%s)", r.scenario().label(),
                    r.engine().engine(), r.engine().reason())).distinct().forEach(out::println);
            if (severalSeeds) {
                out.printf(Locale.ROOT, "%nover seeds %s: lowest and highest error, and the seeds on which every target"
                        + " is met%n%-46s %17s %17s %12s %6s%n", seeds.stream().map(String::valueOf)
                        .collect(Collectors.joining(",")), "scenario", "max_err", "mean_err",
                        "min_speedup", "met");
                for (SeedSummary t : summaries) {
                    out.printf(Locale.ROOT, "%-46s %+7.2f%%..%+6.2f%% %+7.2f%%..%+6.2f%% %11.1fx %3d/%d%n",
                            t.label(), 100 * t.maxErrLow(), 100 * t.maxErrHigh(), 100 * t.meanErrLow(),
                            100 * t.meanErrHigh(), t.minSpeedup(), t.seedsMet(), t.seeds());
                }
                long everySeed = summaries.stream().filter(t -> t.seedsMet() == t.seeds()).count();
                out.printf(Locale.ROOT, "%d of %d runs (%d scenarios x %d seeds) pass the bound checks; %d of %d meet every"
                        + " target; %d of %d scenarios meet every target on every seed%n", rows.size() - failing,
                        rows.size(), scenarios.size(), seeds.size(), rows.size() - missed, rows.size(), everySeed,
                        summaries.size());
            } else {
                out.printf(Locale.ROOT, "%d of %d scenarios pass the bound checks; %d of %d meet every target%n",
                        rows.size() - failing, rows.size(), rows.size() - missed, rows.size());
            }
        }
        out.flush();
        return missed > 0 ? 1 : 0;
    }

    /** One scenario on one seed: the comparison run, then the side-by-side timing. */
    private Crossval.Row measure(Crossval.Scenario s, long sd) {
        Crossval.Row first = Crossval.run(s, sd, !noFastForward, engine);
        return first.withSpeed(Crossval.speed(s, sd, rounds, !noFastForward, engine, first.packetWallS(),
                first.fluidWallS()));
    }

    /** A row of the table, or a JSON object with its seed first; the seed joins the label when there are several. */
    private void print(PrintWriter out, long sd, Crossval.Row r, boolean severalSeeds) {
        Crossval.Scenario s = r.scenario();
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("seed", sd);
            m.putAll(r.json());
            out.println(Json.write(m));
        } else {
            out.printf(Locale.ROOT, "%-46s %6d %9.3f %9.3f %9.3f %+7.2f%% %9.3f %9.3f %+7.2f%% %5.2f%% %5d %8.3f %8.4f"
                            + " %7.1fx %6.0fx %4s %-7s %s%n",
                    severalSeeds ? s.label() + " seed " + sd : s.label(), r.flows(), r.idealPs() / 1e6,
                    r.packetMaxPs() / 1e6, r.fluidMaxPs() / 1e6, 100 * r.relError(), r.packetMeanPs() / 1e6,
                    r.fluidMeanPs() / 1e6, 100 * r.meanRelError(), 100 * r.flowErrP90(), r.idealViolations(),
                    r.packetWallS(), r.fluidWallS(), r.speedup(), s.speedTarget(), r.ok() ? "yes" : "NO",
                    r.engine().engine(), r.targetsMet() ? "PASS" : "MISS");
        }
        out.flush();
    }

    /** Most seeds one invocation takes: each runs the whole suite. */
    static final int MAX_SEEDS = 100;

    /**
     * The seeds of {@code --seed}: one integer, or several separated by commas, distinct, at most
     * {@value #MAX_SEEDS}.
     */
    static List<Long> seeds(String text) {
        List<Long> seeds = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            long s;
            try {
                s = Long.parseLong(part.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("seed: expected an integer or integers separated by commas, got '"
                        + text + "'");
            }
            if (seeds.contains(s)) {
                throw new IllegalArgumentException("seed: " + s + " is given twice in '" + text + "'; each seed once");
            }
            seeds.add(s);
        }
        if (seeds.size() > MAX_SEEDS) {
            throw new IllegalArgumentException("seed: at most " + MAX_SEEDS + " seeds, got " + seeds.size());
        }
        return seeds;
    }
}
