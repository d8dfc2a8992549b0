package org.primelab.tla.conformance;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.primelab.core.entropy.MultiPartGenerator;
import org.primelab.core.entropy.PrimeOdometerGenerator;
import org.primelab.tla.TlcRunner;

/**
 * The conformance battery that {@code prime check-specs} runs after TLC: core's PRIME sender
 * ({@code CongestionHistory} under {@code PrimeEntropyGenerator}, paper Alg. 1) against the next-state
 * relation of {@code PrimeHistory.tla} ({@link HistoryConformance}), and core's odometer generator (Alg. 2)
 * against {@code Odometer.tla} ({@link OdometerConformance}). TLC proves properties of the specs; this
 * battery ties the Java code the simulators run to those specs, so a broken core makes
 * {@code check-specs} fail.
 *
 * <p>What is checked is a {@link Subject}: how to build a sender and a generator. {@link Subject#core()} is
 * core as the simulators use it; a test passes a deliberately broken subject (the seam) to show that the
 * battery, and the command, fail on it.
 */
public final class CoreConformance {
    /** Seed of the battery: history trace {@code i} of a case uses {@code SEED + i}, as do generators. */
    public static final long SEED = 1000;
    /** Random traces per history case, by default. */
    public static final int HISTORY_TRACES = 300;
    /** Spec steps per history trace. */
    public static final int HISTORY_STEPS = 400;
    /** Generators per odometer case. */
    public static final int ODOMETER_TRACES = 200;
    /** Values per generator, in whole blocks of {@code L1 * L2}. */
    public static final int ODOMETER_BLOCKS = 20;

    /** Builds the sender under test for the spec's constants; shuffles seeded with {@code seed}. */
    @FunctionalInterface
    public interface SenderFactory {
        /** A fresh sender. */
        Sender create(HistoryModel.Constants constants, long seed);
    }

    /** Builds the generator under test for parts of {@code l1} and {@code l2} ports ({@code l2 = 1}: one part). */
    @FunctionalInterface
    public interface GeneratorFactory {
        /** A fresh generator. */
        MultiPartGenerator create(int l1, int l2, long seed);
    }

    /**
     * What the battery checks.
     *
     * @param name what it is, for the report
     * @param senders builds a PRIME sender (history + pick + generator)
     * @param generators builds a multi-part generator alone
     */
    public record Subject(String name, SenderFactory senders, GeneratorFactory generators) {
        /** Validates the fields. */
        public Subject {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(senders, "senders");
            Objects.requireNonNull(generators, "generators");
        }

        /** Core's PRIME exactly as the simulators build it ({@link CoreSender}, {@link PrimeOdometerGenerator}). */
        public static Subject core() {
            return new Subject("core", CoreSender::new, (l1, l2, seed) -> new PrimeOdometerGenerator(
                    OdometerConformance.layout(l1, l2), new SplittableRandom(seed)));
        }
    }

    /**
     * One check of the battery.
     *
     * @param name short name, e.g. {@code history 3x1} or {@code odometer 2x3}
     * @param description the spec, the constants and what was played
     * @param steps spec steps (history) or generator values (odometer) checked
     * @param elapsed wall time
     * @param failure null if every step conformed, else the first step the spec does not allow
     */
    public record Check(String name, String description, long steps, Duration elapsed, String failure) {
        /** True if every step conformed. */
        public boolean conforms() {
            return failure == null;
        }
    }

    private CoreConformance() {
    }

    /**
     * The spec constants the history checks use: those of the catalog's PRIME models of
     * {@code PrimeHistory.tla} (what TLC checked), then larger ones TLC could not enumerate (up to
     * 9 paths, penalties up to 9, several decay amounts, up to 3 packets in flight).
     */
    public static List<HistoryModel.Constants> historyCases() {
        return List.of(
                HistoryModel.Constants.fromCfg(TlcRunner.resourceText("PrimeHistory.cfg")),
                HistoryModel.Constants.fromCfg(TlcRunner.resourceText("PrimeHistory2x2.cfg")),
                HistoryModel.Constants.prime(4, 1, 2, 5, new int[] {1}, 2),
                HistoryModel.Constants.prime(2, 3, 1, 4, new int[] {1, 2, 3}, 2),
                HistoryModel.Constants.prime(3, 3, 2, 6, new int[] {1, 2}, 3),
                HistoryModel.Constants.prime(3, 2, 3, 9, new int[] {2, 5}, 1));
    }

    /** The part sizes {@code {L1, L2}} the odometer checks use (single-part layouts are {@code L2 = 1}). */
    public static List<int[]> odometerCases() {
        return List.of(new int[] {2, 1}, new int[] {3, 1}, new int[] {4, 1}, new int[] {5, 1}, new int[] {2, 2},
                new int[] {2, 3}, new int[] {3, 2}, new int[] {3, 3});
    }

    /**
     * The battery on {@code subject}, one job per check (every history case with {@code historyTraces}
     * traces, then every odometer case), so that a caller can report each as it finishes.
     */
    public static List<Supplier<Check>> battery(Subject subject, int historyTraces) {
        if (historyTraces < 1) {
            throw new IllegalArgumentException("traces: must be >= 1, got " + historyTraces);
        }
        List<Supplier<Check>> out = new ArrayList<>();
        for (HistoryModel.Constants c : historyCases()) {
            out.add(() -> history(subject, c, historyTraces));
        }
        for (int[] sizes : odometerCases()) {
            out.add(() -> odometer(subject, sizes[0], sizes[1]));
        }
        return out;
    }

    /** Runs the whole battery on {@code subject} with the default number of traces. */
    public static List<Check> run(Subject subject) {
        return battery(subject, HISTORY_TRACES).stream().map(Supplier::get).toList();
    }

    /**
     * One history case: {@code traces} traces of {@value #HISTORY_STEPS} steps. Beyond every
     * step conforming, the traces must have exercised the pick: at least a tenth of the sends made while
     * some path was penalized, and at least one all-penalized fallback; otherwise the check would be
     * vacuous and it fails.
     */
    public static Check history(Subject subject, HistoryModel.Constants c, int traces) {
        long start = System.nanoTime();
        HistoryConformance.Report r = HistoryConformance.check(c, seed -> subject.senders().create(c, seed), SEED,
                traces, HISTORY_STEPS);
        String failure = r.failure();
        if (failure == null && r.fallbacks() == 0) {
            failure = "the traces never reached the all-penalized fallback: the check is vacuous";
        } else if (failure == null && r.penalizedSends() * 10 < r.sends()) {
            failure = "under a tenth of the sends were made with a path penalized: the check is vacuous";
        }
        return new Check("history " + c.l1() + "x" + c.l2(), "PrimeHistory.tla, " + c + ": " + r.traces()
                + " traces, " + r.sends() + " sends, " + r.penalizedSends() + " under penalties, " + r.fallbacks()
                + " fallbacks", r.steps(), Duration.ofNanos(System.nanoTime() - start), failure);
    }

    /** One odometer case: {@value #ODOMETER_TRACES} generators of {@value #ODOMETER_BLOCKS} blocks each. */
    public static Check odometer(Subject subject, int l1, int l2) {
        long start = System.nanoTime();
        OdometerConformance.Report r = OdometerConformance.check(l1, l2, seed -> subject.generators().create(l1, l2,
                seed), SEED, ODOMETER_TRACES, ODOMETER_BLOCKS * l1 * l2);
        return new Check("odometer " + l1 + "x" + l2, "Odometer.tla, L=" + l1 + "x" + l2 + ": " + r.traces()
                + " generators", r.values(), Duration.ofNanos(System.nanoTime() - start), r.failure());
    }
}
