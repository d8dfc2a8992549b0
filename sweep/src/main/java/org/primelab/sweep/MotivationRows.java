package org.primelab.sweep;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Summarizes {@code prime motivation}'s CSV (columns scheme, degradation_pct, flow, port, packets,
 * degraded_port) into one row per (scheme, degradation): the share of all packets each leaf-0 uplink
 * carried ({@code port_<j>_share}), the degraded port's share, and the smallest and largest share of
 * the degraded port among the flows ({@code min_flow_share}, {@code max_flow_share}): the spread the
 * paper's motivation points at (§"Design Motivation", unfair penalization under asymmetry).
 */
final class MotivationRows {
    private MotivationRows() {
    }

    static List<Map<String, Object>> read(Path csv) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        if (lines.isEmpty() || !lines.get(0).equals("scheme,degradation_pct,flow,port,packets,degraded_port")) {
            throw new IllegalStateException("motivation.csv: unexpected header " + (lines.isEmpty() ? "(empty)" : lines.get(0)));
        }
        // (scheme, degradation) -> flow -> port -> packets, in file order
        Map<String, Map<Integer, TreeMap<Integer, Long>>> runs = new LinkedHashMap<>();
        Map<String, Integer> degradedPort = new LinkedHashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            String run = f[0] + "," + f[1];
            int flow = Integer.parseInt(f[2]);
            int port = Integer.parseInt(f[3]);
            runs.computeIfAbsent(run, r -> new LinkedHashMap<>()).computeIfAbsent(flow, x -> new TreeMap<>())
                    .put(port, Long.parseLong(f[4]));
            if (f[5].equals("1")) {
                degradedPort.put(run, port);
            }
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (Map.Entry<String, Map<Integer, TreeMap<Integer, Long>>> run : runs.entrySet()) {
            int dp = degradedPort.get(run.getKey());
            TreeMap<Integer, Long> totals = new TreeMap<>();
            long all = 0;
            double minShare = Double.POSITIVE_INFINITY;
            double maxShare = Double.NEGATIVE_INFINITY;
            for (TreeMap<Integer, Long> ports : run.getValue().values()) {
                long flowTotal = 0;
                for (Map.Entry<Integer, Long> p : ports.entrySet()) {
                    totals.merge(p.getKey(), p.getValue(), Long::sum);
                    flowTotal += p.getValue();
                }
                all += flowTotal;
                double share = ports.getOrDefault(dp, 0L) / (double) flowTotal;
                minShare = Math.min(minShare, share);
                maxShare = Math.max(maxShare, share);
            }
            String[] id = run.getKey().split(",");
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("scheme", id[0]);
            row.put("degradation_pct", Long.parseLong(id[1]));
            row.put("flows", (long) run.getValue().size());
            row.put("packets", all);
            row.put("degraded_port", (long) dp);
            row.put("degraded_share", totals.getOrDefault(dp, 0L) / (double) all);
            row.put("min_flow_share", minShare);
            row.put("max_flow_share", maxShare);
            for (Map.Entry<Integer, Long> t : totals.entrySet()) {
                row.put("port_" + t.getKey() + "_share", t.getValue() / (double) all);
            }
            out.add(row);
        }
        return out;
    }
}
