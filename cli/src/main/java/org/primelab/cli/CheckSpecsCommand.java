package org.primelab.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.primelab.core.units.Units;
import org.primelab.tla.ModelCatalog;
import org.primelab.tla.TlcModel;
import org.primelab.tla.TlcResult;
import org.primelab.tla.TlcRunner;
import org.primelab.tla.Verdict;
import org.primelab.tla.conformance.CoreConformance;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code prime check-specs}: model-checks the TLA+ specifications of PRIME's congestion history (paper
 * Alg. 1) and multi-part entropy (Alg. 2), their mutants and the htsim bitmap contrast with TLC, one
 * subprocess per model, and reports per model the states TLC generated and found, the time, the
 * verdict and whether it is the expected one (PRIME's models pass; mutants and contrasts are violated
 * on a named property). Then it holds core's Java code to the specs: the conformance battery
 * ({@link CoreConformance}) replays core's history and generator against the specs' next-state
 * relations. Exit status 0 if every verdict is as expected and core conforms, 1 otherwise.
 */
@Command(name = "check-specs", mixinStandardHelpOptions = true,
        description = {"Model-check PRIME's TLA+ specs, mutants and contrast with TLC, then check that core's "
            + "history and generator conform to the specs; exit 1 on any unexpected verdict or nonconformance."})
final class CheckSpecsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    /** What the conformance battery checks: core as the simulators use it (a test may inject a broken one). */
    CoreConformance.Subject subject = CoreConformance.Subject.core();

    @Option(names = "--conformance", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "run the conformance of core's Java code to the specs after TLC (default: on; "
                + "--no-conformance skips it)")
    boolean conformance;

    @Option(names = "--traces", defaultValue = "300", paramLabel = "N",
            description = "conformance: random traces per history case, 1..100000 (default: ${DEFAULT-VALUE}); "
                + "a case whose traces never reach the all-penalized fallback fails as vacuous, so keep it >= 100")
    int traces;

    @Option(names = "--json", description = "print one JSON object instead of a table")
    boolean json;

    @Option(names = "--model", paramLabel = "NAME",
            description = "check only this model (repeatable; default: all)")
    List<String> models = new ArrayList<>();

    @Option(names = "--timeout", defaultValue = "300", paramLabel = "SECONDS",
            description = "per-model TLC timeout, 1..3600 s (default: ${DEFAULT-VALUE})")
    int timeoutSeconds;

    @Option(names = "--trace", description = "print the counterexample of each violated model (--json: in a"
            + " counterexample field)")
    boolean trace;

    @Override
    public Integer call() {
        if (timeoutSeconds < 1 || timeoutSeconds > 3600) {
            throw new IllegalArgumentException("timeout: must be in [1, 3600] seconds, got " + timeoutSeconds);
        }
        if (traces < 1 || traces > 100_000) {
            throw new IllegalArgumentException("traces: must be in [1, 100000], got " + traces);
        }
        if (!conformance && spec.commandLine().getParseResult().hasMatchedOption("--traces")) {
            throw new IllegalArgumentException("traces: sets the conformance battery's traces, which --no-conformance"
                    + " skips");
        }
        List<TlcModel> selected = new ArrayList<>();
        for (String name : models) {
            TlcModel model = ModelCatalog.find(name).orElseThrow(() -> new IllegalArgumentException(
                    "model: unknown '" + Units.oneLine(name) + "'; accepted: " + String.join(", ",
                            ModelCatalog.all().stream().map(TlcModel::name).toList())));
            if (selected.contains(model)) {
                throw new IllegalArgumentException("model: '" + model.name() + "' given twice; each model is checked"
                        + " once, so name it once");
            }
            selected.add(model);
        }
        if (selected.isEmpty()) {
            selected.addAll(ModelCatalog.all());
        }
        TlcRunner runner = new TlcRunner(Duration.ofSeconds(timeoutSeconds));
        PrintWriter out = spec.commandLine().getOut();
        // Columns as wide as the longest model name and expected violation, since rows print as TLC ends.
        int nameWidth = "model".length();
        int violatedWidth = "temporal properties".length();
        for (TlcModel model : selected) {
            nameWidth = Math.max(nameWidth, model.name().length());
            if (model.expectedProperty() != null) {
                violatedWidth = Math.max(violatedWidth, model.expectedProperty().length());
            }
        }
        String row = "%-" + nameWidth + "s %-8s %-17s %-17s %-" + violatedWidth + "s %10s %9s %7s  %s%n";
        if (!json) {
            out.printf(Locale.ROOT, "TLC %s, one process per model, -workers 1, timeout %d s%n",
                    runner.tlcJar().getFileName(), timeoutSeconds);
            out.printf(Locale.ROOT, row, "model", "kind", "expected", "verdict", "violated", "states", "distinct",
                    "time", "as expected");
            out.flush();
        }
        List<TlcResult> results = new ArrayList<>();
        for (TlcModel model : selected) {
            TlcResult r = runner.run(model);
            results.add(r);
            if (!json) {
                out.printf(Locale.ROOT, row, model.name(), model.kind(), model.expected(), r.verdict(),
                        r.violated() == null ? "-" : r.violated(), count(r.statesGenerated()),
                        count(r.distinctStates()), String.format(Locale.ROOT, "%.1fs", seconds(r)),
                        r.asExpected() ? "yes" : "NO");
                if (!r.asExpected()) {
                    out.println("  expected " + model.expected()
                            + (model.expectedProperty() == null ? "" : " of " + model.expectedProperty())
                            + "; TLC output (last lines):");
                    out.println(indent(lastLines(r.output(), 30)));
                } else if (trace && r.verdict() != Verdict.PASSED) {
                    out.println("  counterexample:");
                    for (String state : r.counterexample()) {
                        out.println(indent(state));
                    }
                }
                out.flush();
            }
        }
        List<CoreConformance.Check> checks = new ArrayList<>();
        if (conformance) {
            String crow = "%-34s %-8s %12s %7s  %s%n";
            if (!json) {
                out.printf(Locale.ROOT, "%nconformance of %s to the specs (seed %d, %d traces per history case)%n",
                        subject.name(), CoreConformance.SEED, traces);
                out.printf(Locale.ROOT, crow, "check", "verdict", "steps", "time", "what");
                out.flush();
            }
            for (Supplier<CoreConformance.Check> job : CoreConformance.battery(subject, traces)) {
                CoreConformance.Check r = job.get();
                checks.add(r);
                if (!json) {
                    out.printf(Locale.ROOT, crow, r.name(), r.conforms() ? "CONFORMS" : "FAILS", r.steps(),
                            String.format(Locale.ROOT, "%.1fs", r.elapsed().toMillis() / 1000.0), r.description());
                    if (!r.conforms()) {
                        out.println(indent(r.failure()));
                    }
                    out.flush();
                }
            }
        }
        long failing = checks.stream().filter(c -> !c.conforms()).count();
        long unexpected = results.stream().filter(r -> !r.asExpected()).count();
        if (json) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("tlc", runner.tlcJar().getFileName().toString());
            o.put("timeout_s", timeoutSeconds);
            List<Object> rows = new ArrayList<>();
            for (TlcResult r : results) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("model", r.model().name());
                m.put("kind", r.model().kind().name());
                m.put("module", r.model().module());
                m.put("config", r.model().config());
                m.put("description", r.model().description());
                m.put("expected", r.model().expected().name());
                m.put("expected_property", r.model().expectedProperty());
                m.put("verdict", r.verdict().name());
                m.put("violated", r.violated());
                m.put("exit_code", r.exitCode());
                m.put("states_generated", r.statesGenerated());
                m.put("distinct_states", r.distinctStates());
                m.put("time_s", seconds(r));
                m.put("as_expected", r.asExpected());
                if (!r.asExpected()) {
                    m.put("output", lastLines(r.output(), 60));
                } else if (trace && r.verdict() != Verdict.PASSED) {
                    m.put("counterexample", r.counterexample());
                }
                rows.add(m);
            }
            o.put("models", rows);
            o.put("unexpected", unexpected);
            if (conformance) {
                List<Object> crows = new ArrayList<>();
                for (CoreConformance.Check c : checks) {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("check", c.name());
                    m.put("description", c.description());
                    m.put("conforms", c.conforms());
                    m.put("steps", c.steps());
                    m.put("time_s", c.elapsed().toMillis() / 1000.0);
                    m.put("failure", c.failure());
                    crows.add(m);
                }
                Map<String, Object> co = new LinkedHashMap<>();
                co.put("subject", subject.name());
                co.put("seed", CoreConformance.SEED);
                co.put("history_traces", traces);
                co.put("checks", crows);
                co.put("failing", failing);
                o.put("conformance", co);
            }
            o.put("all_as_expected", unexpected == 0 && failing == 0);
            out.println(Json.write(o));
        } else {
            out.printf(Locale.ROOT, "%d models: %s%s%n", results.size(),
                    unexpected == 0 ? "every verdict as expected" : unexpected + " UNEXPECTED",
                    !conformance ? "; conformance not run"
                            : failing == 0 ? "; core conforms (" + checks.size() + " checks)"
                            : "; core FAILS " + failing + " of " + checks.size() + " conformance checks");
        }
        out.flush();
        return unexpected == 0 && failing == 0 ? 0 : 1;
    }

    private static double seconds(TlcResult r) {
        return r.elapsed().toMillis() / 1000.0;
    }

    private static String count(long n) {
        return n < 0 ? "-" : Long.toString(n);
    }

    private static String lastLines(String s, int n) {
        List<String> lines = s.lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - n), lines.size()));
    }

    private static String indent(String s) {
        return s.lines().map(l -> "    " + l).reduce((a, b) -> a + "\n" + b).orElse("");
    }
}
