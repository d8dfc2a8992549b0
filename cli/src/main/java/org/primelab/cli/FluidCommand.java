package org.primelab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.primelab.core.metrics.FctConvention;
import org.primelab.core.units.Units;
import org.primelab.analytical.fct.IdealMaxFct;
import org.primelab.fluid.FluidConfig;
import org.primelab.fluid.FluidResult;
import org.primelab.packet.SimConfig;
import org.primelab.fluid.SplitMode;
import org.primelab.fluid.flowlevel.EngineChoice;
import org.primelab.fluid.flowlevel.FluidCaveats;
import org.primelab.fluid.flowlevel.FlowLevelOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code prime fluid}: the flow-level simulator on the scenario {@code prime sim} would run with the
 * same options ({@link SimOptions}), printing the same table columns or, with {@code --json}, one JSON
 * object per scheme with the same fields as {@code prime sim --json} ({@link FluidResult#summary()}:
 * {@code events} counts integration steps), so the two can be diffed. {@code --out DIR} writes
 * summary.json, flows.csv, queues.csv and queue_trajectories.csv. {@code --engine} picks the flow-level model
 * or the quantum engine ({@link EngineChoice}); the table and the JSON say which ran and why, and what the estimate
 * is known to get wrong in one direction ({@link FluidCaveats}).
 */
@Command(name = "fluid", mixinStandardHelpOptions = true,
        description = "Run the fluid (flow-level) simulator on the same scenario options as 'prime sim'.")
public final class FluidCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    SimOptions options;

    @Option(names = "--json", description = "one JSON object per scheme on stdout instead of the table")
    boolean json;

    @Option(names = "--out", description = "directory for summary.json, flows.csv, queues.csv, queue_trajectories.csv")
    Path out;

    @Option(names = "--split", defaultValue = "packet",
            description = "packet: quanta placed by the scheme's own generator; expected: fractional expected splits (default: ${DEFAULT-VALUE})")
    String split;

    @Option(names = "--step",
            description = "integration step in MTU serializations: packet splits (0, 64], default 8 (the flow step;"
                    + " queues are exact per quantum); expected splits (0, 1], default 0.5")
    Double step;

    @Option(names = "--fct-at", paramLabel = "receiver|sender", defaultValue = "receiver",
            description = "where a flow completes: receiver (its last byte delivered, the paper's) or sender (that"
                    + " byte's ACK back, htsim's) (default: ${DEFAULT-VALUE})")
    String fctAt;

    @Option(names = "--engine", defaultValue = "auto",
            description = "auto: the flow-level model where it covers the scenario, else the quantum engine; flow; quantum"
                    + " (default: ${DEFAULT-VALUE}; the output says which ran and why)")
    String engine;

    @Option(names = "--no-progress", description = "never show the progress bar (shown on stderr once a run lasts a while)")
    boolean noProgress;

    @Option(names = "--no-fast-forward",
            description = "integrate every step: no leaps over steady or window-limited stretches (fluid-sim/README.md, \"Fast-forward\")")
    boolean noFastForward;

    /**
     * The runs these options ask for, every value checked and the resource guard consulted, as {@link #call} does
     * before it runs anything: the one validation, which the sweep also uses to refuse a bad point before Spark starts.
     *
     * @param runs one configuration per scheme
     * @param engines the engine chosen for each
     * @param flowOptions the flow-level engine's options for each
     * @param convention where completions are measured
     */
    public record Plan(List<FluidConfig> runs, List<EngineChoice> engines, List<FlowLevelOptions> flowOptions,
                       FctConvention convention) {
    }

    /** The run's {@link Plan}; throws {@link IllegalArgumentException} (one line naming the option) on a bad value. */
    public Plan plan() {
        return plan(options, split, step, noFastForward, engine, fctAt);
    }

    /**
     * The {@link Plan} of {@code prime fluid} on {@code options}: the command's own checks, engine choice and resource
     * guard, shared with the Java facade ({@code Prime.fluid()}), so the two pick the same engine and refuse alike.
     *
     * @param split {@code packet} or {@code expected}
     * @param step the integration step in MTU serializations, or null for the default
     * @param noFastForward whether the quantum engine integrates every step
     * @param engine {@code auto}, {@code flow} or {@code quantum}
     * @param fctAt {@code receiver} or {@code sender}
     */
    public static Plan plan(SimOptions options, String split, Double step, boolean noFastForward, String engine,
                            String fctAt) {
        if (step != null && !Double.isFinite(step)) {
            throw new IllegalArgumentException("step: must be a finite number of MTU serializations, got " + step);
        }
        SplitMode mode = SplitMode.parse(split);
        FctConvention convention = FctConvention.parse(fctAt);
        ScenarioGuard.beforeTree(options.tiers, options.k, ScenarioGuard.Run.FLUID, options.force);
        List<FluidConfig> runs = new ArrayList<>();
        List<EngineChoice> engines = new ArrayList<>();
        List<FlowLevelOptions> flowOptions = new ArrayList<>();
        for (SimConfig c : options.scenarios()) {
            FluidConfig f = FluidBridge.config(c, mode, step == null ? Double.NaN : step).withFastForward(!noFastForward);
            runs.add(f);
            EngineChoice chosen = EngineChoice.choose(f, engine, step != null || noFastForward);
            FluidBridge.requireEngineReads(options, chosen.engine());
            if (EngineChoice.FLOW.equals(chosen.engine()) && (step != null || noFastForward)) {
                throw new IllegalArgumentException((step != null ? "step" : "no-fast-forward") + ": only the quantum"
                        + " engine steps; --engine flow jumps from event to event");
            }
            engines.add(chosen);
            flowOptions.add(new FlowLevelOptions(c.detectPs(), c.effectiveRtoPs()));
        }
        ScenarioGuard.fluidSim(runs, engines.stream().map(e -> EngineChoice.QUANTUM.equals(e.engine())).toList(),
                options.traffic, options.force);
        for (int i = 0; i < runs.size(); i++) {
            ScenarioGuard.fluidTime(runs.get(i), flowOptions.get(i).detectPs(), flowOptions.get(i).rtoPs(),
                    options.traffic);
        }
        return new Plan(List.copyOf(runs), List.copyOf(engines), List.copyOf(flowOptions), convention);
    }

    @Override
    public Integer call() {
        OutputDir.requireUsable(out, FluidOutputs.FILES);
        Plan plan = plan();
        List<FluidConfig> runs = plan.runs();
        List<EngineChoice> engines = plan.engines();
        List<FlowLevelOptions> flowOptions = plan.flowOptions();
        FctConvention convention = plan.convention();
        long ideal = IdealMaxFct.of(runs.get(0).fabric(), runs.get(0).faults(), runs.get(0).flows());
        List<FluidResult> results = new ArrayList<>();
        PrintWriter err = spec.commandLine().getErr();
        for (int i = 0; i < runs.size(); i++) {
            SimRunner.LazyBar bar = new SimRunner.LazyBar("fluid " + runs.get(i).scheme().cliName() + " ("
                    + engines.get(i).engine() + ")", "steps", RunEta.of(runs.get(i).flows(), ideal,
                    runs.get(i).fabric().linkRateBps()),
                    runs.get(i).flows().size(), err, !noProgress);
            try {
                results.add(engines.get(i).run(runs.get(i), flowOptions.get(i), ideal, bar).withFctAt(convention));
            } finally {
                bar.close();
            }
        }
        PrintWriter stdout = spec.commandLine().getOut();
        if (json) {
            for (int i = 0; i < results.size(); i++) {
                Map<String, Object> m = new LinkedHashMap<>(SimRunner.jsonFields(results.get(i)));
                m.put("engine", engines.get(i).engine());
                m.put("engine_reason", engines.get(i).reason());
                m.put("caveats", FluidCaveats.of(runs.get(i), engines.get(i).engine()));
                stdout.println(Json.write(m));
            }
        } else {
            printTable(stdout, results, convention);
            for (int i = 0; i < results.size(); i++) {
                stdout.printf(Locale.ROOT, "engine %s: %s (%s)%n", results.get(i).config().scheme().cliName(),
                        engines.get(i).engine(), engines.get(i).reason());
            }
            boolean anyCaveat = false;
            for (int i = 0; i < results.size(); i++) {
                for (String c : FluidCaveats.of(runs.get(i), engines.get(i).engine())) {
                    stdout.printf(Locale.ROOT, "caveat %s: %s%n", results.get(i).config().scheme().cliName(), c);
                    anyCaveat = true;
                }
            }
            if (anyCaveat) {
                stdout.println(FluidCaveats.WHERE_MEASURED_LINE);
            }
        }
        if (out != null) {
            FluidOutputs.write(out, results);
            if (!json) {
                stdout.println("wrote " + out.resolve("summary.json") + ", flows.csv, queues.csv, queue_trajectories.csv");
            }
        }
        stdout.flush();
        return 0;
    }

    /**
     * The table: the run's setup, the ideal (and for dependent workloads the ideal completion time), then
     * one row per scheme, with a {@code cct_us} column for dependent workloads as {@code prime sim} prints it.
     */
    static void printTable(PrintWriter out, List<FluidResult> results, FctConvention convention) {
        FluidConfig c = results.get(0).config();
        out.printf(Locale.ROOT, "%s, %s links, %s propagation, %d flows of %d B, %s, ACK every %d%s (fluid, %s split, step %.3g MTU = %.1f ps, fast-forward %s)%n",
                c.tree(), Units.formatRate(c.linkRateBps()), Units.formatTime(c.propagationPs()),
                results.get(0).flows().size(), results.get(0).flows().get(0).sizeBytes(), c.cc().cliName(), c.ackEvery(),
                c.scenario().entropyNote(), c.split().cliName(), c.stepMtus(), c.stepPs(),
                c.fastForward() ? "on" : "off");
        out.printf(Locale.ROOT, "ideal max FCT %.3f us (BDP %d B = %d packets)%n", results.get(0).idealMaxFctPs() / 1e6,
                c.bdpBytes(), c.bdpPackets());
        if (convention != FctConvention.RECEIVER) {
            out.println("completions at the " + convention.cliName() + " (last byte's ACK back over an idle path)");
        }
        boolean dependent = SimRunner.printIdealCompletion(out, c.scenario());
        out.printf(Locale.ROOT, "%-9s %10s %10s %10s %7s %7s %8s %8s %9s %10s %7s %9s" + (dependent ? " %10s" : "") + "%n",
                "scheme", "max_us", "mean_us", "p99_us", "ratio", "max_q", "mean_q", "trims", "ecn", "steps", "wall_s",
                "leapt_us", "cct_us");
        for (FluidResult r : results) {
            out.printf(Locale.ROOT, "%-9s %10.3f %10.3f %10.3f %7.4f %7.2f %8.3f %8d %9d %10d %7.3f %9.3f",
                    r.config().scheme().cliName(), r.maxFctPs() / 1e6, r.meanFctPs() / 1e6, r.p99FctPs() / 1e6, r.ratio(),
                    r.maxQueuePackets(), r.meanQueuePackets(), r.trims(), r.ecnMarks(), r.steps(), r.wallSeconds(),
                    r.fastForwardPs() / 1e6);
            out.printf(Locale.ROOT, dependent ? " %10.3f%n" : "%n", r.collectiveCompletionPs() / 1e6);
        }
        out.flush();
    }
}
