package org.primelab.cli;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.primelab.packet.metrics.FlowStats;
import org.primelab.packet.metrics.QueueStats;
import org.primelab.packet.metrics.SimResult;

/**
 * The machine-readable files of {@code prime sim --out DIR}: {@code summary.json} (an array of the
 * per-scheme summaries), {@code flows.csv} (one row per flow and scheme) and {@code queues.csv} (one row
 * per egress queue and scheme), each written atomically ({@link OutputDir}).
 */
final class SimOutputs {
    private SimOutputs() {
    }

    /** The files written in the output directory, in the order written. */
    static final String[] FILES = {"summary.json", "flows.csv", "queues.csv"};

    static void write(Path dir, List<SimResult> results) {
        OutputDir.write(dir.resolve(FILES[0]), f -> writeSummary(f, results));
        OutputDir.write(dir.resolve(FILES[1]), f -> writeFlows(f, results));
        OutputDir.write(dir.resolve(FILES[2]), f -> writeQueues(f, results));
    }

    private static void writeSummary(Path file, List<SimResult> results) throws IOException {
        List<Map<String, Object>> all = new ArrayList<>();
        for (SimResult r : results) {
            all.add(r.summary());
        }
        Files.writeString(file, Json.write(all) + "\n", StandardCharsets.UTF_8);
    }

    private static void writeFlows(Path file, List<SimResult> results) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("scheme,flow,src,dst,size_bytes,start_us,end_us,fct_us,packets,delivered_bytes,duplicates,"
                    + "retransmissions,nacks,timeouts,ecn_echoes,path_links,uplink_counts,acked_us,traffic_class\n");
            for (SimResult r : results) {
                String scheme = r.config().scheme().cliName();
                for (FlowStats f : r.flows()) {
                    int[] up = r.uplinkCounts(f.id());
                    StringBuilder counts = new StringBuilder();
                    for (int i = 0; i < up.length; i++) {
                        counts.append(i == 0 ? "" : ";").append(up[i]);
                    }
                    String acked = f.ackedPs() == FlowStats.NOT_MEASURED ? ""
                            : String.format(Locale.ROOT, "%.6f", f.ackedPs() / 1e6);
                    w.write(String.format(Locale.ROOT, "%s,%d,%d,%d,%d,%.6f,%.6f,%.6f,%d,%d,%d,%d,%d,%d,%d,%d,%s,%s,%s%n",
                            scheme, f.id(), f.src(), f.dst(), f.sizeBytes(), f.startPs() / 1e6, f.endPs() / 1e6,
                            f.fctPs() / 1e6, f.packets(), f.deliveredBytes(), f.duplicates(), f.retransmissions(),
                            f.nacks(), f.timeouts(), f.ecnEchoes(), f.pathLinks(), counts, acked,
                            f.trafficClass() == 0 ? "sprayed" : "ecmp"));
                }
            }
        }
    }

    private static void writeQueues(Path file, List<SimResult> results) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("scheme,link,name,tier,direction,rate_gbps,max_pkts,max_bytes,mean_pkts,max_ctrl_pkts,data_pkts,"
                    + "trims,ecn_marks,lost_data,lost_control\n");
            for (SimResult r : results) {
                String scheme = r.config().scheme().cliName();
                for (QueueStats q : r.queues()) {
                    w.write(String.format(Locale.ROOT, "%s,%d,%s,%d,%s,%.3f,%d,%d,%.6f,%d,%d,%d,%d,%d,%d%n", scheme, q.link(),
                            q.name(), q.tier(), q.uplink() ? "up" : "down", q.rateBps() / 1e9, q.maxPackets(),
                            q.maxBytes(), q.meanPackets(), q.maxControlPackets(), q.dataPackets(), q.trims(),
                            q.ecnMarks(), q.lostData(), q.lostControl()));
                }
            }
        }
    }
}
