package org.primelab.sweep;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.spark.api.java.JavaSparkContext;
import org.primelab.cli.OutputDir;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code prime sweep}: runs a grid or list of {@code sim}/{@code fluid} points on Apache Spark and
 * writes one row per (point, scheme) to {@code DIR/results.parquet} and {@code DIR/results.csv}. The
 * whole spec is validated before Spark starts or any file is written.
 */
@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = {"Run a grid of 'prime sim' or 'prime fluid' points on Apache Spark (embedded local[*] by default).",
            "Results: DIR/results.parquet and DIR/results.csv, one row per (point, scheme); points already there are skipped."})
final class SweepCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "SPEC", description = "sweep spec, .yaml/.yml or .json")
    Path specFile;

    @Option(names = "--grid", paramLabel = "OPTION=v1,v2",
            description = "a grid axis: a sim/fluid option without dashes and its values (repeatable)")
    List<String> grid = new ArrayList<>();

    @Option(names = "--simulator", defaultValue = "sim", description = "with --grid only (a SPEC file has its own 'simulator:' key): sim, fluid or motivation"
                    + " (default: ${DEFAULT-VALUE})")
    String simulator;

    @Option(names = "--out", defaultValue = "prime-sweep", description = "output directory (default: ${DEFAULT-VALUE})")
    Path out;

    @Option(names = "--master", description = "Spark master URL, e.g. spark://host:7077 (default: local[*], or spark-submit's)")
    String master;

    /**
     * Refuses {@code --simulator} with a SPEC file: the file's own {@code simulator:} key chooses (sim when absent), so
     * the option was silently ignored and {@code --simulator fluid} ran the packet simulator.
     */
    private void requireNoSimulatorWithSpec() {
        if (spec.commandLine().getParseResult().hasMatchedOption("--simulator")) {
            throw new IllegalArgumentException("simulator: '" + SpecReader.oneLine(simulator) + "' with a SPEC file, which"
                    + " chooses its simulator itself (its 'simulator:' key, sim if absent); accepted: --simulator with --grid"
                    + " flags only");
        }
    }

    @Override
    public Integer call() {
        String sparkMaster = SparkContexts.master(master);   // checked before anything else runs
        SweepSpec sweepSpec;
        if (specFile != null && !grid.isEmpty()) {
            throw new IllegalArgumentException("grid: give a SPEC file or --grid flags, not both");
        } else if (specFile != null) {
            requireNoSimulatorWithSpec();
            sweepSpec = SpecReader.read(specFile);
        } else if (!grid.isEmpty()) {
            sweepSpec = SweepSpec.fromGridFlags(Simulator.parse(simulator), grid);
        } else {
            throw new IllegalArgumentException("spec: give a SPEC file or --grid OPTION=v1,v2 flags");
        }
        OutputDir.requireUsable(out);
        List<Point> points = PointPlanner.plan(sweepSpec);
        PrintWriter err = spec.commandLine().getErr();
        Sweep.Previous previous = Sweep.previous(out, err);   // unreadable results are refused before Spark starts
        int named = sweepSpec.size();
        if (points.size() < named) {
            // say so: an axis whose values the runs ignore (p-ecn under the flow-level engine) would vanish unnoticed
            err.printf("sweep: the spec's %d points are %d runs: points that differ only in defaults or in options their"
                    + " run ignores are one (sweep/README.md, \"Options a point's run ignores\")%n", named, points.size());
            err.flush();
        }
        PrintWriter stdout = spec.commandLine().getOut();
        try (JavaSparkContext sc = SparkContexts.open(sparkMaster, "prime sweep")) {
            Sweep.Outcome o;
            try {
                o = Sweep.run(sc, points, out, previous, new CliPointRunner(), err);
            } catch (IllegalStateException e) {
                err.println("prime: " + e.getMessage());
                err.flush();
                return org.primelab.cli.PrimeCommand.EXIT_FAILURE;
            }
            stdout.printf("%d points (%d run, %d already done), %d rows: %s, %s%n", o.total(), o.ran(), o.skipped(),
                    o.table().rows().size(), out.resolve(Sweep.PARQUET), out.resolve(Sweep.CSV));
            stdout.flush();
        }
        return 0;
    }
}
