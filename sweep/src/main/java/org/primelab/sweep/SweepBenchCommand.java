package org.primelab.sweep;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.apache.spark.api.java.JavaSparkContext;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code prime sweep-bench}: wall time of N independent {@code sim} points (seeds 1..N) run as a sweep
 * on Spark {@code local[C]} versus the same points run one after another in this JVM, in interleaved
 * rounds (the order of the two alternates every round, after one warm-up round of each that is not
 * counted), and the ratio sweep / sequential with its spread over the rounds. The Spark context is
 * started once, before the rounds; its start-up time is printed separately.
 */
@Command(name = "sweep-bench", mixinStandardHelpOptions = true,
        description = "Wall time of N sim points as a Spark sweep (local[C]) vs one after another; ratio over interleaved rounds.")
final class SweepBenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--points", defaultValue = "8", description = "independent points (seeds 1..N) (default: ${DEFAULT-VALUE})")
    int points;

    @Option(names = "--cores", defaultValue = "2", description = "Spark local[C] cores (default: ${DEFAULT-VALUE})")
    int cores;

    @Option(names = "--rounds", defaultValue = "3", description = "measured rounds (default: ${DEFAULT-VALUE})")
    int rounds;

    @Option(names = "--k", defaultValue = "16", description = "radix of each point's 2-tier fabric (default: ${DEFAULT-VALUE})")
    String k;

    @Option(names = "--flow-size", defaultValue = "4MB", description = "each point's flow size (default: ${DEFAULT-VALUE})")
    String flowSize;

    @Option(names = "--lb", defaultValue = "prime", description = "each point's scheme (default: ${DEFAULT-VALUE})")
    String lb;

    @Override
    public Integer call() throws IOException {
        if (points < 1) {
            throw new IllegalArgumentException("points: must be >= 1, got " + points);
        }
        if (cores < 1) {
            throw new IllegalArgumentException("cores: must be >= 1, got " + cores);
        }
        if (rounds < 1) {
            throw new IllegalArgumentException("rounds: must be >= 1, got " + rounds);
        }
        List<String> seeds = new ArrayList<>();
        for (int s = 1; s <= points; s++) {
            seeds.add(Integer.toString(s));
        }
        Map<String, List<String>> grid = new LinkedHashMap<>();
        grid.put("k", List.of(k));
        grid.put("flow-size", List.of(flowSize));
        grid.put("lb", List.of(lb));
        grid.put("seed", seeds);
        List<Point> plan = PointPlanner.plan(new SweepSpec(Simulator.SIM, grid, List.of()));
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter quiet = new PrintWriter(new StringWriter());
        CliPointRunner runner = new CliPointRunner();
        long t0 = System.nanoTime();
        double[] ratios = new double[rounds];
        try (JavaSparkContext sc = SparkContexts.open("local[" + cores + "]", "prime sweep-bench")) {
            out.printf(Locale.ROOT, "%d points (sim --k %s --flow-size %s --lb %s, seeds 1..%d), Spark local[%d] started in %.2f s; %d processors%n",
                    points, k, flowSize, lb, points, cores, (System.nanoTime() - t0) / 1e9, Runtime.getRuntime().availableProcessors());
            out.printf(Locale.ROOT, "%-8s %12s %12s %8s%n", "round", "sequential_s", "sweep_s", "ratio");
            out.flush();
            for (int r = -1; r < rounds; r++) {
                boolean sweepFirst = (r & 1) != 0;
                double seq = 0;
                double par = 0;
                for (int half = 0; half < 2; half++) {
                    if ((half == 0) == sweepFirst) {
                        par = timeSweep(sc, plan, runner, quiet);
                    } else {
                        seq = timeSequential(plan, runner);
                    }
                }
                out.printf(Locale.ROOT, "%-8s %12.2f %12.2f %8.3f%n", r < 0 ? "warm-up" : Integer.toString(r + 1), seq, par, par / seq);
                out.flush();
                if (r >= 0) {
                    ratios[r] = par / seq;
                }
            }
        }
        double[] sorted = ratios.clone();
        Arrays.sort(sorted);
        double mean = Arrays.stream(ratios).average().orElse(Double.NaN);
        out.printf(Locale.ROOT, "ratio sweep/sequential: median %.3f, mean %.3f, min %.3f, max %.3f over %d rounds%n",
                sorted[sorted.length / 2], mean, sorted[0], sorted[sorted.length - 1], rounds);
        out.flush();
        return 0;
    }

    private static double timeSequential(List<Point> plan, CliPointRunner runner) {
        long t = System.nanoTime();
        for (Point p : plan) {
            runner.run(p);
        }
        return (System.nanoTime() - t) / 1e9;
    }

    private static double timeSweep(JavaSparkContext sc, List<Point> plan, CliPointRunner runner, PrintWriter quiet)
            throws IOException {
        Path dir = Files.createTempDirectory("prime-sweep-bench");
        try {
            long t = System.nanoTime();
            Sweep.run(sc, plan, dir, runner, quiet);
            return (System.nanoTime() - t) / 1e9;
        } finally {
            try (Stream<Path> s = Files.walk(dir)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (UncheckedIOException ignored) {
                // temporary files left behind are harmless
            }
        }
    }
}
