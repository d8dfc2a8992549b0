package org.primelab.sweep;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Adds to each scheme's summary row of {@code prime sim} the distribution of queue depths over the
 * switch ports that carried data, read from the run's {@code queues.csv} (columns scheme, link, name,
 * tier, direction, rate_gbps, max_pkts, max_bytes, mean_pkts, ...; one row per directed link and
 * scheme). Host NIC ports (tier 0) are left out: the NIC never queues in the switch sense. Columns
 * added: {@code ports} (switch ports with data), and for the per-port largest depth
 * ({@code port_max_pkts_pNN}) and time-averaged depth ({@code port_mean_pkts_pNN}) the quantiles
 * {@link #QUANTILES} (nearest rank: the smallest value with at least q of the ports at or below it).
 * This is the buffer-occupancy distribution of the paper's §"Evaluation", "Buffer analysis".
 */
final class QueueRows {
    /** Quantiles reported, in percent. */
    static final int[] QUANTILES = {0, 10, 25, 50, 75, 90, 99, 100};
    private static final String HEADER_START = "scheme,link,name,tier,direction,rate_gbps,max_pkts,max_bytes,mean_pkts,";

    private QueueRows() {
    }

    /** {@code summaries} (one per scheme, with a {@code scheme} field), each with its ports' quantiles. */
    static List<Map<String, Object>> addTo(List<Map<String, Object>> summaries, Path queuesCsv) throws IOException {
        List<String> lines = Files.readAllLines(queuesCsv);
        if (lines.isEmpty() || !lines.get(0).startsWith(HEADER_START)) {
            throw new IllegalStateException("queues.csv: unexpected header " + (lines.isEmpty() ? "(empty)" : lines.get(0)));
        }
        List<String> header = List.of(lines.get(0).split(","));
        int dataCol = header.indexOf("data_pkts");
        Map<String, List<double[]>> ports = new LinkedHashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            boolean switchPort = Integer.parseInt(f[3]) > 0;
            boolean carried = dataCol < 0 || Long.parseLong(f[dataCol]) > 0;
            if (switchPort && carried) {
                ports.computeIfAbsent(f[0], s -> new ArrayList<>())
                        .add(new double[] {Double.parseDouble(f[6]), Double.parseDouble(f[8])});
            }
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (Map<String, Object> s : summaries) {
            Map<String, Object> row = new LinkedHashMap<>(s);
            List<double[]> mine = ports.getOrDefault(String.valueOf(s.get("scheme")), List.of());
            double[] max = mine.stream().mapToDouble(p -> p[0]).sorted().toArray();
            double[] mean = mine.stream().mapToDouble(p -> p[1]).sorted().toArray();
            row.put("ports", (long) max.length);
            for (int q : QUANTILES) {
                row.put(String.format(Locale.ROOT, "port_max_pkts_p%02d", q), quantile(max, q));
            }
            for (int q : QUANTILES) {
                row.put(String.format(Locale.ROOT, "port_mean_pkts_p%02d", q), quantile(mean, q));
            }
            out.add(row);
        }
        return out;
    }

    /** Nearest-rank quantile of sorted {@code v}: {@code v[ceil(q/100 n) - 1]}, {@code v[0]} for q = 0; null if empty. */
    static Double quantile(double[] sorted, int q) {
        if (sorted.length == 0) {
            return null;
        }
        int rank = (int) Math.ceil(q / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length, rank) - 1)];
    }
}
