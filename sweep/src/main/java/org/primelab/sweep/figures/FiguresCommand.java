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
import org.primelab.cli.OutputDir;
import org.primelab.cli.PrimeCommand;
import org.primelab.sweep.CliPointRunner;
import org.primelab.sweep.Point;
import org.primelab.sweep.PointPlanner;
import org.primelab.sweep.SparkContexts;
import org.primelab.sweep.Sweep;
import org.primelab.sweep.claims.ClaimsReport;
import org.primelab.sweep.claims.PaperClaims;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code prime figures}: every registered {@link Figure} through the sweep, into {@code OUT/<name>/}
 * (results.parquet and results.csv of its sweep, {@code <name>.png} and the {@code <name>.csv} behind
 * it), then {@code OUT/claims.md} and {@code OUT/claims.json} ({@link ClaimsReport}) and
 * {@code OUT/timing.csv}. Figures sharing a sweep ({@link Figure#sweepDir()}) run it once. Every
 * figure's spec is validated before the first runs; a second call resumes.
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

    /**
     * Refuses an {@code --only} list with an unknown, empty or repeated name. picocli drops the empty entries of a
     * split list, so {@code --only ,} reached the figures as no names at all, which means every figure (48 s of runs),
     * and {@code motivation,} as {@code motivation}: the entries are checked as the user wrote them.
     */
    private void checkOnly(List<String> names) {
        String accepted = "; accepted: distinct figure names separated by commas, " + String.join(", ", names);
        List<String> written = new ArrayList<>();
        if (spec != null && spec.commandLine().getParseResult() != null
                && spec.commandLine().getParseResult().hasMatchedOption("--only")) {
            for (String raw : spec.commandLine().getParseResult().matchedOption("--only").originalStringValues()) {
                for (String n : raw.split(",", -1)) {
                    if (n.isEmpty() && !raw.isEmpty()) {
                        throw new IllegalArgumentException("only: empty figure name in '"
                                + org.primelab.core.units.Units.oneLine(raw) + "'" + accepted);
                    }
                    written.add(n);
                }
            }
        } else {
            written.addAll(only);
        }
        List<String> seen = new ArrayList<>();
        for (String n : written) {
            if (!names.contains(n)) {
                throw new IllegalArgumentException("only: unknown figure '" + n + "'; accepted: " + String.join(", ", names));
            }
            if (seen.contains(n)) {
                throw new IllegalArgumentException("only: '" + n + "' given twice" + accepted);
            }
            seen.add(n);
        }
    }

    @Override
    public Integer call() {
        String sparkMaster = SparkContexts.master(master);   // checked before anything else runs
        Scale s = Scale.parse(scale);
        OutputDir.requireUsable(out);
        List<Figure> figures = new ArrayList<>();
        List<String> names = Figures.all().stream().map(Figure::name).toList();
        checkOnly(names);
        for (Figure f : Figures.all()) {
            if (only.isEmpty() || only.contains(f.name())) {
                figures.add(f);
            }
        }
        Map<Figure, List<Point>> plans = new LinkedHashMap<>();
        for (Figure f : figures) {
            plans.put(f, PointPlanner.plan(f.spec(s)));
        }
        for (Figure f : plans.keySet()) {
            // unreadable results are refused before Spark starts; each sweep reads them again when it runs, since
            // figures may share a directory and a later one resumes from the rows an earlier one wrote
            Sweep.requireReadable(out.resolve(f.sweepDir()));
        }
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<String> timing = new ArrayList<>();
        java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        double loadBefore = os.getSystemLoadAverage();
        long start = System.nanoTime();
        try (JavaSparkContext sc = SparkContexts.open(sparkMaster, "prime figures")) {
            double sparkSeconds = (System.nanoTime() - start) / 1e9;
            timing.add(String.format(Locale.ROOT, "spark-start,0,0,%.1f,%s", sparkSeconds, s.name().toLowerCase(Locale.ROOT)));
            for (Map.Entry<Figure, List<Point>> e : plans.entrySet()) {
                Figure f = e.getKey();
                Path sweepDir = out.resolve(f.sweepDir());
                Path dir = out.resolve(f.name());
                err.println("figures: " + f.name() + " (" + e.getValue().size() + " points): " + f.title());
                err.flush();
                long t0 = System.nanoTime();
                Sweep.Outcome o;
                try {
                    o = Sweep.run(sc, e.getValue(), sweepDir, new CliPointRunner(), err);
                } catch (IllegalStateException ex) {
                    err.println("prime: " + ex.getMessage());
                    err.flush();
                    return PrimeCommand.EXIT_FAILURE;
                }
                try {
                    Files.createDirectories(dir);
                } catch (java.io.IOException ex) {
                    throw new java.io.UncheckedIOException(ex);
                }
                f.render(o.table().rows(), dir);
                double seconds = (System.nanoTime() - t0) / 1e9;
                timing.add(String.format(Locale.ROOT, "%s,%d,%d,%.1f,%s", f.name(), o.total(), o.ran(), seconds,
                        s.name().toLowerCase(Locale.ROOT)));
                stdout.printf(Locale.ROOT, "%-20s %4d points (%d run now) in %6.1f s: %s%n", f.name(), o.total(), o.ran(),
                        seconds, dir.resolve(f.name() + ".png"));
                stdout.flush();
            }
        }
        double total = (System.nanoTime() - start) / 1e9;
        timing.add(String.format(Locale.ROOT, "total,0,0,%.1f,%s", total, s.name().toLowerCase(Locale.ROOT)));
        writeTiming(out.resolve("timing.csv"), timing, loadBefore, os.getSystemLoadAverage(), os.getAvailableProcessors());
        List<ClaimsReport.Result> claims = ClaimsReport.evaluate(PaperClaims.all(), out);
        ClaimsReport.write(claims, out, s.name().toLowerCase(Locale.ROOT));
        stdout.printf(Locale.ROOT, "claims: %s (%d claims)%n", out.resolve("claims.md"), claims.size());
        stdout.flush();
        return 0;
    }

    /**
     * Writes the measured time: one line per figure (points in its sweep, points run by this call, wall
     * seconds including rendering), Spark's start-up and the total, then the machine's load average
     * (one minute) before and after and its processor count: the machine may be shared.
     */
    private static void writeTiming(Path file, List<String> lines, double loadBefore, double loadAfter, int cpus) {
        StringBuilder b = new StringBuilder("figure,points,ran_now,seconds,scale\n");
        lines.forEach(l -> b.append(l).append('\n'));
        b.append(String.format(Locale.ROOT, "# load average before %.2f, after %.2f, %d processors%n", loadBefore, loadAfter, cpus));
        try {
            Files.writeString(file, b.toString());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
