package org.primelab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.primelab.analytical.check.Check;
import org.primelab.analytical.check.CheckOutcome;
import org.primelab.analytical.check.CheckReport;
import org.primelab.analytical.check.Completion;
import org.primelab.analytical.check.Finding;
import org.primelab.analytical.check.HtsimResults;
import org.primelab.analytical.check.PortBalance;
import org.primelab.analytical.check.ReportedResults;
import org.primelab.analytical.check.ResultChecker;
import org.primelab.analytical.check.ResultsCsv;
import org.primelab.analytical.check.SchemeSelection;
import org.primelab.analytical.fct.IdealMaxFct;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.metrics.FctConvention;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;
import org.primelab.core.workload.htsim.ConnectionMatrix;
import org.primelab.core.workload.htsim.HtsimHeader;
import org.primelab.core.workload.htsim.HtsimOutputReader;
import org.primelab.fluid.FluidConfig;
import org.primelab.fluid.FluidResult;
import org.primelab.fluid.SplitMode;
import org.primelab.fluid.flowlevel.EngineChoice;
import org.primelab.fluid.flowlevel.FluidCaveats;
import org.primelab.fluid.flowlevel.FlowLevelOptions;
import org.primelab.packet.SimConfig;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code prime check}: holds another simulator's per-flow results (htsim's standard output or a generic
 * CSV) to this project's proven lower bounds for the same fabric and workload
 * ({@link ResultChecker}, {@link PortBalance}), and prints, for context only, where the fluid model puts
 * the same experiment. Exit 0 when every check passes, 1 when one fails, 2 on bad input. The {@code flows.csv} of
 * {@code prime sim --out} and {@code prime fluid --out} is read as written ({@link ResultsCsv}): {@code --lb} picks
 * its rows when it holds several schemes ({@link SchemeSelection}).
 */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = "Check another simulator's results (htsim stdout or CSV) against PRIME lab's bounds for the"
                + " same fabric and workload. Exit 0: consistent; 1: a check fails; 2: bad input.")
final class CheckCommand implements Callable<Integer> {
    /** Exit status when a check fails. */
    static final int EXIT_INCONSISTENT = 1;
    /** Failures printed per check in the table (JSON has them all). */
    static final int PRINTED_FAILURES = 10;

    @Spec
    CommandSpec spec;

    @Mixin
    SimOptions options;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Results results;

    static final class Results {
        @Option(names = "--htsim", paramLabel = "FILE", required = true,
                description = "htsim's standard output (plain or .gz): its 'Flow ... flowId N ... finished at T' lines")
        Path htsim;

        @Option(names = "--results", paramLabel = "FILE.csv", required = true,
                description = "CSV (plain or .gz): flow_id (the .cm id) or flow (numbered from 0, as prime sim --out"
                        + " writes flows.csv) plus fct_us or start_us,end_us; optionally scheme (the rows of --lb),"
                        + " src,dst (checked against the workload), uplink_counts, and a switch,port,packets section")
        Path csv;
    }

    @Option(names = "--fct-at", paramLabel = "sender|receiver",
            description = "where the results measure completion (default: sender with --htsim, receiver with --results)")
    String fctAt;

    @Option(names = "--json", description = "one JSON object on stdout instead of the table")
    boolean json;

    @Option(names = "--no-estimate", description = "skip the fluid model's estimate of the same experiment")
    boolean noEstimate;

    @Option(names = "--engine",
            description = "the estimate's fluid engine, as prime fluid's: auto (the flow-level model where it covers"
                    + " the scenario, else the quantum engine), flow or quantum (default: auto; the output says which ran"
                    + " and why)")
    String engine;

    @Override
    public Integer call() {
        ScenarioGuard.beforeTree(options.tiers, options.k, noEstimate ? ScenarioGuard.Run.BOUNDS_ONLY
                : ScenarioGuard.Run.FLUID, options.force);
        EngineChoice.requireName(engine);
        if (noEstimate && engine != null) {
            throw new IllegalArgumentException("engine: only the fluid estimate reads it, and --no-estimate skips the"
                    + " estimate");
        }
        String unused = optionWithoutEffect(options, noEstimate);
        if (unused != null) {
            throw new IllegalArgumentException(unused);
        }
        FatTree tree = options.tree();
        CliWorkload workload = CliWorkload.of(options, tree);
        if (workload.cm().nodes() != tree.hosts()) {
            throw new IllegalArgumentException("traffic: " + workload.name() + " has Nodes " + workload.cm().nodes()
                    + " but the fabric (" + tree + ") has " + tree.hosts() + " hosts; give the fabric the results ran"
                    + " on (--tiers, --k)");
        }
        List<LoadBalancingScheme> schemes = options.schemes();
        if (schemes.size() != 1) {
            throw new IllegalArgumentException("lb: check needs the one scheme the results ran, got '" + options.lb + "'");
        }
        SimConfig config = options.config(tree);
        Faults faults = config.faults();   // the options' faults, or the traffic file's failure lines
        FabricParameters fabric = config.fabric();
        if (results.htsim != null) {     // htsim prints what it ran with: options that contradict it are bad input
            String contradiction = HtsimHeader.read(results.htsim).contradiction(fabric.linkRateBps(),
                    fabric.propagationPs(), fabric.mtuBytes(), tree.tiers());
            if (contradiction != null) {
                throw new IllegalArgumentException(contradiction);
            }
        }
        // the estimate's engine, as prime fluid picks it, and the options it ignores refused before any work
        // htsim runs a fractional start at the whole microsecond below (review 40, D6): its results are checked so
        ConnectionMatrix cm = results.htsim != null ? workload.cm().withHtsimStarts() : workload.cm();
        int truncatedStarts = results.htsim != null ? workload.cm().fractionalStarts() : 0;
        FluidConfig estimated = noEstimate ? null : estimateConfig(config, cm);
        EngineChoice chosen = noEstimate ? null : EngineChoice.choose(estimated, engine == null ? "auto" : engine, false);
        if (!noEstimate) {
            FluidBridge.requireEngineReads(options, chosen.engine());   // as prime fluid refuses them
        }
        FctConvention convention = fctAt != null ? FctConvention.parse(fctAt)
                : results.htsim != null ? FctConvention.SENDER : FctConvention.RECEIVER;
        ReportedResults reported = results.htsim != null
                ? HtsimResults.of(HtsimOutputReader.read(results.htsim), cm, fileName(results.htsim))
                : ResultsCsv.read(results.csv, cm, tree, convention, new SchemeSelection(schemes.get(0),
                        options.named("--lb")));
        CheckOutcome ports = reported.portsWithheld() != null
                ? new CheckOutcome(Check.PORT_BALANCE, 0, List.of(), reported.portsWithheld())
                : PortBalance.check(fabric, faults, cm.workload(), reported.ports(), schemes.get(0), options.evSpace);
        CheckReport report = ResultChecker.check(cm, fabric, faults, reported, convention, ports);
        String overBudget = noEstimate ? null : estimateRefusal(estimated, chosen, config);
        FluidResult estimate = noEstimate || overBudget != null ? null
                : estimate(estimated, chosen, config, convention);
        String estimateNote = noEstimate ? "skipped (--no-estimate)" : overBudget != null ? "skipped: " + overBudget : null;
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(Json.write(json(report, reported, workload, fabric, schemes.get(0), estimate, chosen, estimateNote,
                    truncatedStarts)));
        } else {
            printTable(out, report, reported, workload, fabric, estimate, chosen, estimateNote, truncatedStarts);
        }
        out.flush();
        return report.consistent() ? 0 : EXIT_INCONSISTENT;
    }

    /** Options only the fluid estimate reads: the bounds depend on the fabric, the workload and the faults alone. */
    private static final List<String> ESTIMATE_ONLY = List.of("--cc", "--dctcp-alpha0", "--spray-order",
            "--p-ecn", "--p-nack", "--penalty-decay", "--ack-every", "--sched", "--rto", "--detect");

    /**
     * The message refusing the first option the command line names that this check would ignore whatever the
     * estimate's engine, or null. The bounds read the fabric, the workload and the faults (and the scheme, for the
     * port counts; a failed link is routed around from its failure on, whatever {@code --detect} and {@code --rto});
     * neither fluid engine models ACKs sent on marks or ECMP-pinned flows ({@link FluidBridge}). With
     * {@code --no-estimate} the options only the estimate reads have no effect either. The options the estimate's
     * engine ignores are refused once it is chosen, as {@code prime fluid} refuses them
     * ({@link FluidBridge#requireEngineReads}). (Options no scheme of the run reads are refused by {@link SimOptions}.)
     */
    static String optionWithoutEffect(SimOptions options, boolean noEstimate) {
        String[][] never = {
            {"--ack-on-mark", "the bounds count one ACK per flow, and the estimate's ACK clock holds the mean"
                    + " coalescing delay, marked or not"},
            {"--ecmp-fraction", "which flows are pinned to ECMP is read from the results (prime sim's flows.csv"
                    + " says it in traffic_class, and port_balance is then n/a), and the fluid estimate does not model"
                    + " flows pinned to ECMP"}};
        for (String[] option : never) {
            if (options.named(option[0])) {
                return option[0].substring(2) + ": has no effect on prime check: " + option[1] + "; prime sim models it";
            }
        }
        if (noEstimate) {
            for (String option : ESTIMATE_ONLY) {
                if (options.named(option)) {
                    return option.substring(2) + ": only the fluid estimate reads it (the bounds depend on the fabric,"
                            + " the workload and the faults), and --no-estimate skips the estimate";
                }
            }
        }
        return null;
    }

    /**
     * Why the resource guard refuses the fluid estimate ({@link ScenarioGuard#fluidSim}, for the engine that would
     * run it; {@code --force} lifts the time budget), or null when it may run: a check is never refused for its
     * context line.
     */
    private String estimateRefusal(FluidConfig estimated, EngineChoice engine, SimConfig config) {
        try {
            ScenarioGuard.fluidSim(List.of(estimated), List.of(EngineChoice.QUANTUM.equals(engine.engine())),
                    options.traffic, options.force);
            ScenarioGuard.fluidTime(estimated, config.detectPs(), config.effectiveRtoPs(), options.traffic);
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    /**
     * The fluid model's configuration of the same experiment: the whole workload (its triggers included), the faults
     * (the options' and the .cm file's failure lines), per-packet splits.
     */
    private static FluidConfig estimateConfig(SimConfig config, ConnectionMatrix cm) {
        return FluidBridge.config(config, SplitMode.PACKET, Double.NaN).withWorkload(cm.workload());
    }

    /** The estimate on {@code engine}, completions in the convention the results are checked in. */
    private static FluidResult estimate(FluidConfig estimated, EngineChoice engine, SimConfig config,
                                        FctConvention convention) {
        long ideal = IdealMaxFct.of(estimated.fabric(), estimated.faults(), estimated.flows());
        return engine.run(estimated, new FlowLevelOptions(config.detectPs(), config.effectiveRtoPs()), ideal)
                .withFctAt(convention);
    }

    private static void printTable(PrintWriter out, CheckReport r, ReportedResults reported, CliWorkload w,
                                   FabricParameters fabric, FluidResult estimate, EngineChoice engine,
                                   String estimateNote, int truncatedStarts) {
        out.printf(Locale.ROOT, "prime check: %s against %s (%d flows) on %s, %s links, %s propagation, MTU %d B;"
                        + " completions at the %s%n", reported.source(), w.name(), w.cm().workload().size(), fabric.tree(),
                Units.formatRate(fabric.linkRateBps()), Units.formatTime(fabric.propagationPs()), fabric.mtuBytes(),
                r.convention().cliName());
        CheckOutcome ideal = r.outcome(Check.WORKLOAD_IDEAL);
        out.printf(Locale.ROOT, "reported: %d completions; max FCT %s, mean FCT %s (%d flows with a known duration);"
                        + " last completion %s%n", reported.completions().size(), us(r.maxFctPs()),
                Double.isNaN(r.meanFctPs()) ? "-" : String.format(Locale.ROOT, "%.3f us", r.meanFctPs() / 1e6),
                r.flowsWithFct(), r.lastCompletionPs() != Completion.UNKNOWN ? us(r.lastCompletionPs())
                        : "unknown: " + ideal.note());
        if (truncatedStarts > 0) {
            out.printf(Locale.ROOT, "starts: %d fractional start%s truncated to whole microseconds, as htsim runs them%n",
                    truncatedStarts, truncatedStarts == 1 ? "" : "s");
        }
        out.printf(Locale.ROOT, "workload ideal completion: %s (%s)%s%n", us(r.workloadIdealPs()),
                r.workloadIdealSource(), ideal.checked() > 0 ? "" : "; not checked, the last completion being unknown");
        out.printf(Locale.ROOT, "%-15s %-78s %8s %7s  %s%n", "check", "bound", "checked", "failed", "verdict");
        for (CheckOutcome o : r.outcomes()) {
            out.printf(Locale.ROOT, "%-15s %-78s %8d %7d  %s%n", o.check().jsonName(), o.check().bound(), o.checked(),
                    o.failures().size(), o.checked() == 0 ? "n/a: " + o.note() : o.passed() ? "ok" : "FAIL");
        }
        CheckOutcome ports = r.outcome(Check.PORT_BALANCE);
        if (ports.checked() > 0) {
            out.println("port_balance: " + ports.note());
        }
        for (CheckOutcome o : r.outcomes()) {
            if (o.passed()) {
                continue;
            }
            out.printf(Locale.ROOT, "%s failed for %d: usually %s%n", o.check().jsonName(), o.failures().size(),
                    o.check().usualCause());
            for (int i = 0; i < Math.min(PRINTED_FAILURES, o.failures().size()); i++) {
                Finding f = o.failures().get(i);
                out.printf(Locale.ROOT, "  %s: measured %s %s, bound %s %s: %s%n", f.subject(), number(f.measured()),
                        f.unit(), number(f.bound()), f.unit(), f.detail());
            }
            if (o.failures().size() > PRINTED_FAILURES) {
                out.printf(Locale.ROOT, "  ... and %d more (--json lists all)%n", o.failures().size() - PRINTED_FAILURES);
            }
        }
        if (estimate != null) {
            out.printf(Locale.ROOT, "estimate, not a check (fluid model, %s, %s side): max FCT %.3f us, mean FCT"
                            + " %.3f us, last completion %.3f us%n", estimate.config().scheme().cliName(),
                    r.convention().cliName(), estimate.maxFctPs() / 1e6, estimate.meanFctPs() / 1e6,
                    estimate.lastCompletionPs() / 1e6);
            out.println("  engine " + engine.engine() + " (" + engine.reason() + ")");
            for (String c : FluidCaveats.of(estimate.config(), engine.engine())) {
                out.println("  caveat: " + c + " (" + FluidCaveats.WHERE_MEASURED + ")");
            }
        } else {
            out.println("estimate, not a check (fluid model): " + estimateNote);
        }
        for (String warning : r.warnings()) {
            out.println("warning, not a check: " + warning);
        }
        long failing = r.outcomes().stream().filter(o -> !o.passed()).count();
        out.println(r.consistent() ? "verdict: consistent with PRIME lab's bounds (exit 0)"
                : "verdict: INCONSISTENT, " + failing + " check" + (failing == 1 ? "" : "s") + " failed (exit 1)");
    }

    private static Map<String, Object> json(CheckReport r, ReportedResults reported, CliWorkload w,
                                            FabricParameters fabric, LoadBalancingScheme scheme, FluidResult estimate,
                                            EngineChoice engine, String estimateNote, int truncatedStarts) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("results", reported.source());
        m.put("traffic", w.name());
        m.put("flows", w.cm().workload().size());
        m.put("topology", fabric.tree().toString());
        m.put("rate_gbps", fabric.linkRateBps() / 1e9);
        m.put("propagation_ns", fabric.propagationPs() / 1e3);
        m.put("mtu_bytes", fabric.mtuBytes());
        m.put("lb", scheme.cliName());
        m.put("fct_at", r.convention().cliName());
        m.put("htsim_truncated_starts", truncatedStarts);
        m.put("completions", reported.completions().size());
        m.put("max_fct_us", r.maxFctPs() == Completion.UNKNOWN ? null : r.maxFctPs() / 1e6);
        m.put("mean_fct_us", Double.isNaN(r.meanFctPs()) ? null : r.meanFctPs() / 1e6);
        m.put("last_completion_us", r.lastCompletionPs() == Completion.UNKNOWN ? null : r.lastCompletionPs() / 1e6);
        m.put("workload_ideal_us", r.workloadIdealPs() / 1e6);
        m.put("workload_ideal_source", r.workloadIdealSource());
        List<Object> checks = new ArrayList<>();
        for (CheckOutcome o : r.outcomes()) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("check", o.check().jsonName());
            c.put("bound", o.check().bound());
            c.put("checked", o.checked());
            c.put("passed", o.passed());
            c.put("note", o.note());
            List<Object> failures = new ArrayList<>();
            for (Finding f : o.failures()) {
                Map<String, Object> x = new LinkedHashMap<>();
                x.put("subject", f.subject());
                x.put("measured", f.measured());
                x.put("bound", f.bound());
                x.put("unit", f.unit());
                x.put("detail", f.detail());
                x.put("usual_cause", o.check().usualCause());
                failures.add(x);
            }
            c.put("failures", failures);
            checks.add(c);
        }
        m.put("checks", checks);
        m.put("warnings", r.warnings());
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("label", "estimate, not a check");
        if (estimate != null) {
            e.put("model", "fluid");
            e.put("fct_at", r.convention().cliName());
            e.put("max_fct_us", estimate.maxFctPs() / 1e6);
            e.put("mean_fct_us", estimate.meanFctPs() / 1e6);
            e.put("last_completion_us", estimate.lastCompletionPs() / 1e6);
            e.put("engine", engine.engine());
            e.put("engine_reason", engine.reason());
            e.put("caveats", FluidCaveats.of(estimate.config(), engine.engine()));
        } else {
            e.put("note", estimateNote);
        }
        m.put("estimate", e);
        m.put("consistent", r.consistent());
        return m;
    }

    private static String us(long ps) {
        return ps == Completion.UNKNOWN ? "-" : String.format(Locale.ROOT, "%.3f us", ps / 1e6);
    }

    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.4f", v);
    }

    private static String fileName(Path p) {
        return p.getFileName() == null ? p.toString() : p.getFileName().toString();
    }
}
