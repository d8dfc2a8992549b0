package org.primelab.sweep;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
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
import org.primelab.core.history.CongestionHistory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code prime sensitivity}: how PRIME's gains over REPS and AR depend on its penalties and on the
 * congestion control, on the two cases where the paper's numbers are largest (issue 14 item 4): the
 * 3-tier 800G 2 MB permutation ("up to 15%") and the 25%-degraded 2-tier 400G fabric at 4 MB
 * ("around 27%"). PRIME runs every {@code P_ECN x P_NACK} of {@link #ECN_RTTS} x {@link #NACK_RTTS}
 * (with {@code P_NACK > P_ECN}) under both decay kinds and both congestion controls (DCTCP, NSCC),
 * plus ACK-on-mark at its defaults; REPS and AR run the grid they share with it (congestion control x
 * ACK-on-mark), so each gets its best setting. Every point runs the seeds given. The sweep goes to
 * {@code OUT/} (results.csv, resumable); {@link SensitivityTable} writes {@code OUT/sensitivity-table.md}.
 * Defaults never change: a setting overrides them for one point only ({@link PenaltySetting}).
 */
@Command(name = "sensitivity", mixinStandardHelpOptions = true,
        description = "Sweep PRIME's P_ECN, P_NACK, decay and CC (REPS/AR: CC, ack-on-mark) on the 3-tier 800G 2MB permutation and the 25%%-degraded case.")
public final class SensitivityCommand implements Callable<Integer> {
    /** {@code P_ECN} values, in base RTTs (the default is {@code EntropyConfig.ECN_PENALTY_RTTS = 1}). */
    static final List<Double> ECN_RTTS = List.of(0.5, 1.0, 2.0);
    /** {@code P_NACK} values, in base RTTs (the default is {@code EntropyConfig.NACK_PENALTY_RTTS = 4}). */
    static final List<Double> NACK_RTTS = List.of(2.0, 4.0, 8.0);
    /** The congestion controls compared. */
    static final List<String> CCS = List.of("dctcp", "nscc");

    @Spec
    CommandSpec spec;

    @Option(names = "--out", defaultValue = "prime-sensitivity", description = "output directory (default: ${DEFAULT-VALUE})")
    Path out;

    @Option(names = "--k3", defaultValue = "8", description = "radix of the 3-tier permutation case (paper: 16) (default: ${DEFAULT-VALUE})")
    String k3;

    @Option(names = "--k-degraded", defaultValue = "16", description = "radix of the 2-tier degradation case (paper: 128) (default: ${DEFAULT-VALUE})")
    String kDegraded;

    @Option(names = "--seeds", split = ",", defaultValue = "1,2,3", description = "seeds (default: ${DEFAULT-VALUE})")
    List<String> seeds;

    @Option(names = "--master", description = "Spark master URL (default: local[*], or spark-submit's)")
    String master;

    /** The two cases: name to the {@code sim} options that define it. */
    Map<String, Map<String, String>> cases() {
        Map<String, Map<String, String>> c = new LinkedHashMap<>();
        Map<String, String> perm = new LinkedHashMap<>();
        perm.put("tiers", "3");
        perm.put("k", k3);
        perm.put("rate", "800G");
        perm.put("flow-size", "2MB");
        c.put("permutation-3tier-800G-2MB", perm);
        Map<String, String> deg = new LinkedHashMap<>();
        deg.put("tiers", "2");
        deg.put("k", kDegraded);
        deg.put("rate", "400G");
        deg.put("degrade-fraction", "0.25");
        deg.put("degrade-to", "100G");
        deg.put("flow-size", "4MB");
        c.put("degradation-25pct-4MB", deg);
        return c;
    }

    /**
     * Checks the study's own options before its points: {@link PointPlanner} would name {@code --k3} and
     * {@code --k-degraded} "k" (the option of the point they set) and the seeds picocli's "--seed".
     */
    private void checkOptions() {
        Map<String, String> radix = new LinkedHashMap<>();
        radix.put("k3", k3);
        radix.put("k-degraded", kDegraded);
        Map<String, Integer> tiers = Map.of("k3", 3, "k-degraded", 2);
        radix.forEach((option, value) -> {
            try {
                org.primelab.core.topology.FatTree.builder(tiers.get(option), Integer.parseInt(value.trim())).dimensions();
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + ": '" + value + "' is not a 32-bit integer; accepted: an even"
                        + " radix, 4..256");
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(option + ": " + String.valueOf(e.getMessage()).replaceFirst("^k: ", ""), e);
            }
        });
        if (seeds.isEmpty()) {
            // picocli splits "--seeds ," into no seeds at all: the study ran nothing and failed writing empty results
            throw new IllegalArgumentException("seeds: no seed given; accepted: distinct integers separated by commas,"
                    + " e.g. 1,2,3");
        }
        java.util.Set<Long> distinct = new java.util.HashSet<>();
        for (String seed : seeds) {
            long s;
            try {
                s = Long.parseLong(seed.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("seeds: '" + seed + "' is not a 64-bit integer; accepted: distinct"
                        + " integers separated by commas, e.g. 1,2,3");
            }
            if (!distinct.add(s)) {
                throw new IllegalArgumentException("seeds: " + s + " given twice; accepted: distinct integers separated"
                        + " by commas, e.g. 1,2,3");
            }
        }
    }

    /** Every point of the study, validated by {@link PointPlanner}. */
    List<Point> plan() {
        checkOptions();
        List<Point> points = new ArrayList<>();
        for (Map<String, String> c : cases().values()) {
            for (String seed : seeds) {
                for (String cc : CCS) {
                    for (CongestionHistory.Decay decay : CongestionHistory.Decay.values()) {
                        for (double ecn : ECN_RTTS) {
                            for (double nack : NACK_RTTS) {
                                if (nack > ecn) {
                                    points.add(new PenaltySetting(decay, ecn, nack).apply(point(c, "prime", cc, false, seed)));
                                }
                            }
                        }
                    }
                    points.add(point(c, "prime", cc, true, seed));
                    for (String lb : List.of("reps", "ar")) {
                        for (boolean ackOnMark : List.of(false, true)) {
                            points.add(point(c, lb, cc, ackOnMark, seed));
                        }
                    }
                }
            }
        }
        return points;
    }

    private static Point point(Map<String, String> c, String lb, String cc, boolean ackOnMark, String seed) {
        Map<String, String> a = new LinkedHashMap<>(c);
        a.put("lb", lb);
        a.put("cc", cc);
        a.put("ack-on-mark", String.valueOf(ackOnMark));
        a.put("seed", seed);
        return PointPlanner.point(Simulator.SIM, a);
    }

    @Override
    public Integer call() {
        String sparkMaster = SparkContexts.master(master);   // checked before anything else runs
        OutputDir.requireUsable(out);
        List<Point> points = plan();
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Sweep.Previous previous = Sweep.previous(out, err);   // unreadable results are refused before Spark starts
        long t0 = System.nanoTime();
        Sweep.Outcome o;
        try (JavaSparkContext sc = SparkContexts.open(sparkMaster, "prime sensitivity")) {
            o = Sweep.run(sc, points, out, previous, new TunedPointRunner(), err);
        } catch (IllegalStateException ex) {
            err.println("prime: " + ex.getMessage());
            err.flush();
            return PrimeCommand.EXIT_FAILURE;
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        try {
            Files.writeString(out.resolve("sensitivity-table.md"), SensitivityTable.markdown(o.table().rows(), cases().keySet(), seconds));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        stdout.printf(Locale.ROOT, "sensitivity: %d points (%d run now) in %.1f s: %s%n", o.total(), o.ran(), seconds,
                out.resolve("sensitivity-table.md"));
        stdout.flush();
        return 0;
    }
}
