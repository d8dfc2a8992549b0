package org.primelab.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.primelab.core.topology.FatTree;
import org.primelab.core.workload.Collectives;
import org.primelab.core.workload.Placement;
import org.primelab.core.workload.htsim.ConnectionMatrix;

/**
 * The workload {@code --traffic} names, as a connection matrix: an htsim {@code .cm} file (plain or
 * {@code .gz}), read with its ids and failure lines, or a generator of {@link SimOptions}, numbered
 * {@code 1..n} as {@code prime workload --out} writes it (so results of a run of that file match).
 * Also the one parser of generator and placement names, shared by {@code sim}, {@code fluid},
 * {@code check} and {@code workload}.
 *
 * @param name the file name or the generator, for output
 * @param cm the workload with its file ids, node count and failures
 * @param tree the fabric it was read for
 */
record CliWorkload(String name, ConnectionMatrix cm, FatTree tree) {
    /**
     * Generator names and the collective each stands for: {@link Collectives.Kind#cliName()}s and the
     * short spellings of {@code sim}'s help ({@code alltoall}, {@code alltoall-serial}, {@code allreduce}).
     */
    private static final Map<String, Collectives.Kind> GENERATORS = generators();

    /** The generator names for messages, with the file alternative. */
    static final String TRAFFIC_NAMES = "permutation, ring, incast, alltoall (all-to-all), alltoall-serial"
            + " (serial-all-to-all), allreduce (ring-allreduce), or a connection-matrix file (FILE.cm[.gz], a pipe,"
            + " /dev/stdin)";

    private static Map<String, Collectives.Kind> generators() {
        Map<String, Collectives.Kind> m = new LinkedHashMap<>();
        for (Collectives.Kind kind : Collectives.Kind.values()) {
            m.put(kind.cliName(), kind);
        }
        m.put("alltoall", Collectives.Kind.ALL_TO_ALL);
        m.put("alltoall-serial", Collectives.Kind.SERIAL_ALL_TO_ALL);
        m.put("allreduce", Collectives.Kind.RING_ALL_REDUCE);
        return Map.copyOf(m);
    }

    /** The generator {@code traffic} names (case and surrounding blanks ignored), or null if it names none. */
    static Collectives.Kind generator(String traffic) {
        return GENERATORS.get(traffic.trim().toLowerCase(Locale.ROOT));
    }

    /** The generator {@code traffic} names, else {@code option: unknown ...; accepted: ...}. */
    static Collectives.Kind requireGenerator(String option, String traffic) {
        Collectives.Kind kind = generator(traffic);
        if (kind == null) {
            throw new IllegalArgumentException(option + ": unknown '" + oneLine(traffic) + "'; accepted generators: "
                    + TRAFFIC_NAMES.substring(0, TRAFFIC_NAMES.indexOf(", or")));
        }
        return kind;
    }

    /** {@code --placement}: packed, spread or random. */
    static Placement placement(String text) {
        for (Placement p : Placement.values()) {
            if (p.cliName().equals(text.trim().toLowerCase(Locale.ROOT))) {
                return p;
            }
        }
        throw new IllegalArgumentException("placement: unknown '" + oneLine(text) + "'; accepted: packed, spread, random");
    }

    /** True if {@code name} ends in {@code .cm} or {@code .cm.gz} (the names {@code workload --out} writes). */
    static boolean hasCmName(String name) {
        String t = name.toLowerCase(Locale.ROOT);
        return t.endsWith(".cm") || t.endsWith(".cm.gz");
    }

    /**
     * True if {@code traffic} names a connection-matrix file rather than a generator: not a generator's
     * name, and either a {@code .cm}/{@code .cm.gz} name or an existing non-directory (a pipe, a FIFO,
     * {@code /dev/stdin}), read front to back once.
     */
    /** Whether {@code traffic} names an existing directory (a mistake worth naming as such). */
    static boolean isDirectory(String traffic) {
        try {
            return !traffic.isBlank() && Files.isDirectory(Path.of(traffic.trim()));
        } catch (java.nio.file.InvalidPathException e) {
            return false;
        }
    }

    static boolean isFile(String traffic) {
        if (generator(traffic) != null) {
            return false;
        }
        if (hasCmName(traffic)) {
            return true;
        }
        try {
            Path p = Path.of(traffic);
            return Files.exists(p) && !Files.isDirectory(p);
        } catch (java.nio.file.InvalidPathException e) {
            return false;
        }
    }

    /** The workload of {@code options} on {@code tree}. */
    static CliWorkload of(SimOptions options, FatTree tree) {
        SimOptions.TrafficSource source = options.traffic(tree);   // read once, shared with options.config(tree)
        if (source.file() != null) {
            Path file = Path.of(options.traffic);
            String name = file.getFileName() == null ? options.traffic : file.getFileName().toString();
            ConnectionMatrix cm = source.file();
            if (source.workload() != cm.workload()) {
                // --stagger moved the file's start times, as prime sim runs them: the file's ids and failures stay
                cm = new ConnectionMatrix(cm.nodes(), source.workload(), cm.flowIds(), cm.triggerIds(), cm.failures());
            }
            return new CliWorkload(name, cm, tree);
        }
        // the generator's whole Workload: a collective's triggers must survive (Workload.of(flows) drops them)
        return new CliWorkload(options.traffic, ConnectionMatrix.of(source.workload(), tree.hosts()), tree);
    }

    /**
     * Refuses failures given both in a traffic file's failure lines and with {@code --fail} or {@code --fail-random}:
     * whether both should apply or one replace the other is ambiguous, so neither is silently dropped or doubled.
     * Degradations ({@code --degrade}, {@code --degrade-fraction}) add to the file's failures: a file has no way to
     * say them.
     *
     * @param file the traffic file's name
     * @param failures the command line's {@code --fail} entries
     * @param failRandom its {@code --fail-random}
     */
    static void requireOneFaultSource(String file, boolean fileHasFailures, List<String> failures, int failRandom) {
        if (fileHasFailures && (!failures.isEmpty() || failRandom != 0)) {
            Path name = Path.of(file).getFileName();
            String option = !failures.isEmpty() ? "fail" : "fail-random";
            throw new IllegalArgumentException(option + ": " + (name == null ? file : name) + " has failure lines too,"
                    + " and whether --" + option + " adds to them or replaces them is ambiguous; give the failures in one"
                    + " place only (degradations add to a file's failures)");
        }
    }

    private static String oneLine(String text) {
        return org.primelab.core.units.Units.oneLine(text);
    }
}
