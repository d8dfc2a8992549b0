package org.primelab.cli;

import java.nio.file.Path;
import java.util.Locale;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.workload.htsim.CmReader;
import org.primelab.core.workload.htsim.ConnectionMatrix;

/**
 * The workload {@code --traffic} names, as a connection matrix: an htsim {@code .cm} file (plain or
 * {@code .gz}), read with its ids and failure lines, or a generator of {@link SimOptions}, numbered
 * {@code 1..n} as {@code prime workload --out} writes it (so results of a run of that file match).
 *
 * @param name the file name or the generator, for output
 * @param cm the workload with its file ids, node count and failures
 * @param tree the fabric it was read for
 */
record CliWorkload(String name, ConnectionMatrix cm, FatTree tree) {
    /** True if {@code traffic} names a connection-matrix file rather than a generator. */
    static boolean isFile(String traffic) {
        String t = traffic.toLowerCase(Locale.ROOT);
        return t.endsWith(".cm") || t.endsWith(".cm.gz");
    }

    /** The workload of {@code options} on {@code tree}. */
    static CliWorkload of(SimOptions options, FatTree tree) {
        if (isFile(options.traffic)) {
            Path file = Path.of(options.traffic);
            String name = file.getFileName() == null ? options.traffic : file.getFileName().toString();
            return new CliWorkload(name, CmReader.read(file, tree), tree);
        }
        // the generator's whole Workload: a collective's triggers must survive (Workload.of(flows) drops them)
        return new CliWorkload(options.traffic, ConnectionMatrix.of(options.traffic(tree).workload(), tree.hosts()),
                tree);
    }

    /**
     * The faults of the run: the command line's, or the file's failure lines (both at once are refused,
     * so that no failure is counted twice or silently dropped).
     */
    Faults faults(Faults commandLine) {
        if (cm.failures().isEmpty()) {
            return commandLine;
        }
        if (!commandLine.isEmpty()) {
            throw new IllegalArgumentException("fail: " + name + " has failure lines; give faults either there or with"
                    + " --fail/--degrade options, not both");
        }
        return cm.faults(tree);
    }
}
