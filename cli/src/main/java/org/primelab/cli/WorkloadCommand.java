package org.primelab.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Collectives;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Placement;
import org.primelab.core.workload.Workload;
import org.primelab.core.workload.htsim.ConnectionMatrix;
import org.primelab.core.workload.htsim.CmWriter;
import org.primelab.core.workload.htsim.TextInput;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code prime workload}: writes a generated workload (a permutation, a ring, or an AI collective of
 * {@link Collectives}) as an htsim connection matrix, flows numbered {@code 1..n} and triggers
 * {@code 1..t}, for htsim's {@code -tm}, and prints a one-line summary.
 */
@Command(name = "workload", mixinStandardHelpOptions = true,
        description = "Write a generated workload (permutation, ring, incast, all-to-all, serial-all-to-all,"
                + " ring-allreduce) as an htsim connection matrix (.cm, or .cm.gz).")
final class WorkloadCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--tiers", defaultValue = "2", description = "2 or 3 (default: ${DEFAULT-VALUE})")
    int tiers;

    @Option(names = "--k", defaultValue = "16", description = "switch radix, even, 4..256 (default: ${DEFAULT-VALUE})")
    int k;

    @Option(names = "--traffic", defaultValue = "permutation",
            description = "permutation, ring, incast, all-to-all, serial-all-to-all, ring-allreduce (default: ${DEFAULT-VALUE})")
    String traffic;

    @Option(names = "--flow-size", defaultValue = "2MB", description = "bytes per flow (all-reduce: per host's buffer), e.g. 2MB (default: ${DEFAULT-VALUE})")
    String flowSize;

    @Option(names = "--group", defaultValue = "8", description = "hosts per group of a collective, >= 2 (default: ${DEFAULT-VALUE})")
    int group;

    @Option(names = "--groups", defaultValue = "0", description = "number of groups, 0 = as many as fit (default: ${DEFAULT-VALUE})")
    int groups;

    @Option(names = "--placement", defaultValue = "packed", description = "packed, spread or random (default: ${DEFAULT-VALUE})")
    String placement;

    @Option(names = "--seed", defaultValue = "1", description = "master seed (permutation, random placement) (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--out", required = true, paramLabel = "FILE.cm", description = "file to write (.cm, or .cm.gz compressed)")
    Path out;

    @Override
    public Integer call() {
        if (!CliWorkload.hasCmName(out.toString())) {
            throw new IllegalArgumentException("out: must end in .cm or .cm.gz, got '" + out + "'");
        }
        if (Files.isDirectory(out)) {
            throw new IllegalArgumentException("out: '" + out + "' is a directory");
        }
        Path parent = out.toAbsolutePath().getParent();
        OutputDir.requireUsable(parent == null ? out.toAbsolutePath() : parent);
        long size = Units.parseBytes("flow-size", flowSize);
        if (size <= 0) {
            throw new IllegalArgumentException("flow-size: must be > 0 bytes, got " + flowSize);
        }
        Collectives.Kind kind = CliWorkload.requireGenerator("traffic", traffic);
        if (kind == Collectives.Kind.PERMUTATION) {
            // as prime sim refuses them: a permutation has no groups to size, count or place
            for (String option : new String[] {"--group", "--groups", "--placement"}) {
                if (spec.commandLine().getParseResult().hasMatchedOption(option)) {
                    throw new IllegalArgumentException(option.substring(2) + ": has no effect on a permutation; it"
                            + " applies to the collectives (ring, alltoall, alltoall-serial, allreduce, incast)");
                }
            }
        }
        Placement place = CliWorkload.placement(placement);
        if (kind != Collectives.Kind.PERMUTATION && place != Placement.RANDOM
                && spec.commandLine().getParseResult().hasMatchedOption("--seed")) {
            // the file is the same for every seed: only the permutation and random placement draw from it
            throw new IllegalArgumentException("seed: has no effect on --traffic " + kind.cliName() + " with --placement "
                    + Units.oneLine(placement) + "; it draws the permutation and --placement random only");
        }
        if (group < 2) {
            throw new IllegalArgumentException("group: must be >= 2 hosts, got " + group);
        }
        if (groups < 0) {
            throw new IllegalArgumentException("groups: must be >= 0 (0: as many as fit), got " + groups);
        }
        ScenarioGuard.workload(tiers, k, kind, group);
        // a fabric of this size takes seconds to minutes per stage: say which stage is running (stderr)
        int hosts = Checks.dimensions(tiers, k).hosts();
        PrintWriter progress = hosts >= PROGRESS_HOSTS ? spec.commandLine().getErr() : null;
        stage(progress, "building the " + tiers + "-tier k=" + k + " FatTree (" + hosts + " hosts)");
        FatTree tree = FatTree.builder(tiers, k).build();
        stage(progress, "generating " + kind.cliName());
        int[][] g = kind == Collectives.Kind.PERMUTATION ? new int[0][] : place.groups(tree, group, groups, seed);
        Workload w = Collectives.generate(kind, tree, g, size, seed);
        stage(progress, "writing " + w.size() + " flows to " + out);
        ConnectionMatrix cm;
        try {
            cm = ConnectionMatrix.of(w, tree.hosts());
        } catch (IllegalArgumentException e) {
            // the matrix names a flow's size "size:"; here it comes from --flow-size
            String m = String.valueOf(e.getMessage());
            throw m.startsWith("size: ") ? new IllegalArgumentException("flow-size: " + m.substring(6), e) : e;
        }
        // atomically, creating the directory requireUsable accepted: never a partial file, never a missing parent
        boolean gzip = TextInput.gzipByName(out);
        OutputDir.write(out, tmp -> CmWriter.write(cm, tmp, gzip));
        long bytes = w.flows().stream().mapToLong(Flow::sizeBytes).sum();
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.printf(Locale.ROOT, "wrote %s: %s on %s (%d hosts), %d flows, %d triggers, %d bytes%s%n", out,
                kind.cliName(), tree, tree.hosts(), w.size(), w.triggers().size(), bytes,
                kind == Collectives.Kind.PERMUTATION ? "" : ", " + g.length + " groups of " + group + " " + place.cliName());
        stdout.flush();
        return 0;
    }

    /** Fabrics from this many hosts on report each stage on stderr (each can take seconds). */
    static final int PROGRESS_HOSTS = 1 << 16;

    private final long startNanos = System.nanoTime();

    /** One progress line: the stage starting now, and the time since the command started. */
    private void stage(PrintWriter progress, String what) {
        if (progress != null) {
            progress.printf(Locale.ROOT, "workload: %s (%.1f s)%n", what, (System.nanoTime() - startNanos) / 1e9);
            progress.flush();
        }
    }
}
