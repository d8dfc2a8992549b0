package org.primelab.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.primelab.core.topology.FatTree;
import org.primelab.fluid.FluidFlowStats;
import org.primelab.fluid.FluidLinkStats;
import org.primelab.fluid.FluidResult;
import org.primelab.fluid.QueueTrajectories;

/**
 * The files of {@code prime fluid --out DIR}: {@code summary.json} (array of per-scheme summaries, the
 * fields of {@code prime sim}), {@code flows.csv} (one row per flow and scheme), {@code queues.csv} (one
 * row per directed link and scheme) and {@code queue_trajectories.csv} (long format: scheme, link, name,
 * time_us, queue_bytes, for every switch link whose queue was ever non-zero). Written to a temporary
 * directory and moved into place only when complete, so a failure leaves no partial output.
 */
final class FluidOutputs {
    /** The files written in the output directory. */
    static final String[] FILES = {"summary.json", "flows.csv", "queues.csv", "queue_trajectories.csv"};

    private FluidOutputs() {
    }

    static void write(Path dir, List<FluidResult> results) {
        try {
            Path parent = dir.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            Path tmp = Files.createTempDirectory(parent, ".prime-fluid-");
            try {
                List<Map<String, Object>> all = new ArrayList<>();
                for (FluidResult r : results) {
                    all.add(r.summary());
                }
                Files.writeString(tmp.resolve("summary.json"), Json.write(all) + "\n", StandardCharsets.UTF_8);
                writeFlows(tmp.resolve("flows.csv"), results);
                writeQueues(tmp.resolve("queues.csv"), results);
                writeTrajectories(tmp.resolve("queue_trajectories.csv"), results);
                Files.createDirectories(dir);
                for (String f : FILES) {
                    Files.move(tmp.resolve(f), dir.resolve(f), StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                try (var s = Files.list(tmp)) {
                    for (Path p : (Iterable<Path>) s::iterator) {
                        Files.deleteIfExists(p);
                    }
                }
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("out: cannot write to " + dir + ": " + e.getMessage(), e);
        }
    }

    private static void writeFlows(Path file, List<FluidResult> results) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            // as prime sim's flows.csv: end_us and fct_us at the receiver, acked_us (sender side) when measured
            w.write("scheme,flow,src,dst,size_bytes,start_us,end_us,fct_us,wire_bytes,trimmed_bytes,marked_bytes,path_links,"
                    + "acked_us\n");
            for (FluidResult r : results) {
                String scheme = r.config().scheme().cliName();
                for (FluidFlowStats f : r.flows()) {
                    String acked = f.ackedPs() == FluidFlowStats.NOT_MEASURED ? ""
                            : String.format(Locale.ROOT, "%.6f", f.ackedPs() / 1e6);
                    w.write(String.format(Locale.ROOT, "%s,%d,%d,%d,%d,%.6f,%.6f,%.6f,%.1f,%.1f,%.1f,%d,%s%n", scheme, f.id(),
                            f.src(), f.dst(), f.sizeBytes(), f.startPs() / 1e6, f.endPs() / 1e6, f.fctPs() / 1e6,
                            f.wireBytes(), f.trimmedBytes(), f.markedBytes(), f.pathLinks(), acked));
                }
            }
        }
    }

    private static void writeQueues(Path file, List<FluidResult> results) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("scheme,link,name,tier,direction,rate_gbps,max_bytes,max_pkts,mean_pkts,data_bytes,trimmed_bytes,marked_bytes\n");
            for (FluidResult r : results) {
                String scheme = r.config().scheme().cliName();
                double mtu = r.config().mtuBytes();
                for (FluidLinkStats l : r.links()) {
                    w.write(String.format(Locale.ROOT, "%s,%d,%s,%d,%s,%.3f,%.1f,%.4f,%.6f,%.1f,%.1f,%.1f%n", scheme,
                            l.link(), l.name(), l.tier(), l.uplink() ? "up" : "down", l.rateBps() / 1e9, l.maxBytes(),
                            l.maxBytes() / mtu, l.meanPackets(), l.dataBytes(), l.trimmedBytes(), l.markedBytes()));
                }
            }
        }
    }

    private static void writeTrajectories(Path file, List<FluidResult> results) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("scheme,link,name,time_us,queue_bytes\n");
            for (FluidResult r : results) {
                String scheme = r.config().scheme().cliName();
                FatTree tree = r.config().tree();
                QueueTrajectories t = r.trajectories();
                for (int i = 0; i < t.links().length; i++) {
                    boolean any = false;
                    for (float[] row : t.bytes()) {
                        any |= row[i] > 0;
                    }
                    if (!any) {
                        continue;
                    }
                    String name = tree.linkName(t.links()[i]);
                    for (int s = 0; s < t.timesPs().length; s++) {
                        w.write(String.format(Locale.ROOT, "%s,%d,%s,%.4f,%.1f%n", scheme, t.links()[i], name,
                                t.timesPs()[s] / 1e6, t.bytes()[s][i]));
                    }
                }
            }
        }
    }
}
