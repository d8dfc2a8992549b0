package org.primelab.sweep.figures;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.spark.api.java.JavaSparkContext;
import org.primelab.cli.PrimeCommand;
import org.primelab.sweep.CliPointRunner;
import org.primelab.sweep.Point;
import org.primelab.sweep.PointPlanner;
import org.primelab.sweep.SparkContexts;
import org.primelab.sweep.Sweep;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code prime figures}: every registered {@link Figure} through the sweep, into {@code OUT/<name>/}
 * (results.parquet and results.csv of its sweep, {@code <name>.png} and the {@code <name>.csv} behind
 * it). Every figure's spec is validated before the first runs; a second call resumes.
 */
@Command(name = "figures", mixinStandardHelpOptions = true,
        description = "Reproduce the paper's evaluation figures through the sweep (PNG + CSV per figure, >= 3 seeds).")
public final class FiguresCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--scale", defaultValue = "small", description = "small (minutes on 2 cores) or paper (default: ${DEFAULT-VALUE})")
    String scale;

    @Option(names = "--out", defaultValue = "prime-figures", description = "output directory (default: ${DEFAULT-VALUE})")
    Path out;

    @Option(names = "--only", split = ",", paramLabel = "NAME", description = "only these figures (default: all)")
    List<String> only = new ArrayList<>();

    @Option(names = "--master", description = "Spark master URL (default: local[*], or spark-submit's)")
    String master;

    @Override
    public Integer call() {
        Scale s = Scale.parse(scale);
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new IllegalArgumentException("out: '" + out + "' exists and is not a directory");
        }
        List<Figure> figures = new ArrayList<>();
        List<String> names = Figures.all().stream().map(Figure::name).toList();
        for (String n : only) {
            if (!names.contains(n)) {
                throw new IllegalArgumentException("only: unknown figure '" + n + "'; accepted: " + String.join(", ", names));
            }
        }
        for (Figure f : Figures.all()) {
            if (only.isEmpty() || only.contains(f.name())) {
                figures.add(f);
            }
        }
        Map<Figure, List<Point>> plans = new LinkedHashMap<>();
        for (Figure f : figures) {
            plans.put(f, PointPlanner.plan(f.spec(s)));
        }
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (JavaSparkContext sc = SparkContexts.open(SparkContexts.master(master), "prime figures")) {
            for (Map.Entry<Figure, List<Point>> e : plans.entrySet()) {
                Figure f = e.getKey();
                Path dir = out.resolve(f.name());
                err.println("figures: " + f.name() + " (" + e.getValue().size() + " points): " + f.title());
                err.flush();
                long t0 = System.nanoTime();
                Sweep.Outcome o;
                try {
                    o = Sweep.run(sc, e.getValue(), dir, new CliPointRunner(), err);
                } catch (IllegalStateException ex) {
                    err.println("prime: " + ex.getMessage());
                    err.flush();
                    return PrimeCommand.EXIT_FAILURE;
                }
                f.render(o.table().rows(), dir);
                stdout.printf(Locale.ROOT, "%-20s %4d points (%d run now) in %6.1f s: %s%n", f.name(), o.total(), o.ran(),
                        (System.nanoTime() - t0) / 1e9, dir.resolve(f.name() + ".png"));
                stdout.flush();
            }
        }
        return 0;
    }
}
