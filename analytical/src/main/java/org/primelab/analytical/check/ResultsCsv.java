package org.primelab.analytical.check;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.primelab.core.metrics.FctConvention;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.htsim.ConnectionMatrix;
import org.primelab.core.workload.htsim.TextInput;

/**
 * Reads a generic results CSV (plain or gzip) for {@code prime check}. A file holds one or two sections,
 * each opened by a header line naming its columns (in any order; other columns are ignored):
 * <ul>
 *   <li>flows: a flow column and either {@code fct_us} or {@code start_us,end_us} (both given: the
 *       start and end are used). The flow column is {@code flow_id}, the flow's {@code id} in the connection
 *       matrix (1-based, as {@code prime workload --out} writes them), or, without {@code flow_id},
 *       {@code flow}: the flow's place in the workload numbered from 0, as {@code prime sim --out} and
 *       {@code prime fluid --out} number the rows of their {@code flows.csv} (the connection line's place in a
 *       {@code .cm} file, whatever its {@code id}). Their {@code end_us} and {@code fct_us} are at the receiver
 *       whatever their {@code --fct-at}, so in the sender convention a file keyed by {@code flow} is read by its
 *       {@code start_us} and {@code acked_us} (prime sim's: when the last ACK reached the sender, filled for every
 *       flow by a run with {@code --fct-at sender}), and refused without them or with an empty {@code acked_us}.
 *       A bare {@code fct_us} of a flow with a
 *       fixed start also gives its end (start + FCT); of a flow that waits on a trigger it places the flow at
 *       no moment, so the workload-ideal and trigger checks cannot use it ({@link ResultChecker}).</li>
 *   <li>a flow with a fixed start in the workload is checked from that start: a {@code start_us} before it
 *       is flagged, and a later one is taken as reported.</li>
 *   <li>optional columns of the flow section: {@code scheme} (only the rows of the scheme checked are read,
 *       {@link SchemeSelection}); {@code src,dst}, each row's endpoints, which must be those of its flow in the
 *       workload (else the file is of another matrix, or its flows are renumbered, and it is refused before any
 *       check); {@code uplink_counts}, per-port counts at the flow's source ToR ({@link SourceTorCounts});
 *       {@code traffic_class}, {@code sprayed} or {@code ecmp} as {@code prime sim --ecmp-fraction} pins some flows to
 *       ECMP: with any flow pinned, the per-port counts mix two load balancers' spreads, which no one balance model
 *       bounds, so they are withheld from the port-balance check ({@link ReportedResults#portsWithheld}).</li>
 *   <li>per-port counts: {@code switch,port,packets}, the switch as {@code prime topo} names it (not with an
 *       {@code uplink_counts} column: the same packets would be counted twice).</li>
 * </ul>
 * Blank lines and lines starting with {@code #} are skipped. Times are decimal microseconds; a printed
 * time is taken to be rounded to its last printed digit, so half a unit of that digit is its rounding.
 */
public final class ResultsCsv {
    /** The accepted headers, for messages. */
    private static final String HEADERS = "'flow_id,fct_us', 'flow_id,start_us,end_us' (or flow, numbered from 0 as"
            + " prime sim --out writes it, for flow_id) or 'switch,port,packets'";

    private ResultsCsv() {
    }

    /**
     * Reads {@code file} against the flows of {@code cm} on {@code tree}, completions measured in {@code convention},
     * the rows of the scheme {@code scheme} selects; messages name the file and line.
     */
    public static ReportedResults read(Path file, ConnectionMatrix cm, FatTree tree, FctConvention convention,
                                       SchemeSelection scheme) {
        String name = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        try (BufferedReader in = TextInput.open(file, "results")) {
            return parse(name, in, cm, tree, convention, scheme);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads results CSV text from {@code in} as {@link #read} reads a file; {@code name} names it in messages. */
    public static ReportedResults parse(String name, BufferedReader in, ConnectionMatrix cm, FatTree tree,
                                        FctConvention convention, SchemeSelection scheme) throws IOException {
        Map<Integer, Integer> byId = cm.flowIndexById();
        List<Completion> completions = new ArrayList<>();
        List<PortCount> ports = new ArrayList<>();
        SourceTorCounts torCounts = new SourceTorCounts(tree);
        Set<String> schemes = new LinkedHashSet<>();
        Map<String, Integer> columns = null;
        boolean flowSection = false;
        String portSectionAt = null;
        String endColumn = "end_us";
        int pinnedToEcmp = 0;
        String text;
        int line = 0;
        while ((text = in.readLine()) != null) {
            line++;
            String trimmed = text.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            String[] cells = trimmed.split(",", -1);
            String where = name + ":" + line;
            if (isHeader(cells)) {
                columns = header(cells);
                flowSection = columns.containsKey("flow_id") || columns.containsKey("flow");
                boolean portSection = columns.containsKey("switch") && columns.containsKey("port")
                        && columns.containsKey("packets");
                if (flowSection == portSection || flowSection && !columns.containsKey("fct_us")
                        && !(columns.containsKey("start_us") && columns.containsKey("end_us"))) {
                    throw new IllegalArgumentException("results: " + where + ": expected a header " + HEADERS + ", got '"
                            + Units.oneLine(trimmed) + "'");
                }
                endColumn = "end_us";
                if (flowSection && !columns.containsKey("flow_id") && convention == FctConvention.SENDER) {
                    if (!columns.containsKey("acked_us") || !columns.containsKey("start_us")) {
                        throw new IllegalArgumentException("fct-at: " + name + " numbers its flows in a flow column, as"
                                + " prime sim --out and prime fluid --out write flows.csv, whose end_us and fct_us are at"
                                + " the receiver whatever their --fct-at, and it has no start_us and acked_us columns (prime"
                                + " sim's) to check at the sender; check it with --fct-at receiver, got sender");
                    }
                    endColumn = "acked_us";     // prime sim's: when the flow's last ACK reached its sender
                }
                portSectionAt = portSection && portSectionAt == null ? where : portSectionAt;
                continue;
            }
            if (columns == null) {
                throw new IllegalArgumentException("results: " + where + ": expected a header line first (" + HEADERS
                        + "), got '" + Units.oneLine(trimmed) + "'");
            }
            if (flowSection) {
                if (columns.containsKey("scheme")) {
                    String rowScheme = SchemeSelection.canonical(cell(cells, columns, "scheme", where));
                    schemes.add(rowScheme);
                    if (!scheme.selects(rowScheme)) {
                        continue;
                    }
                }
                Completion c = completion(cells, columns, byId, cm, endColumn, where);
                completions.add(c);
                if (columns.containsKey("traffic_class") && pinnedToEcmp(cell(cells, columns, "traffic_class", where),
                        where)) {
                    pinnedToEcmp++;
                }
                if (columns.containsKey("uplink_counts")) {
                    torCounts.add(cm.workload().flow(c.flow()).src(), cell(cells, columns, "uplink_counts", where),
                            where);
                }
            } else {
                String sw = cell(cells, columns, "switch", where);
                int port = (int) integer(cell(cells, columns, "port", where), "port", Integer.MAX_VALUE, where);
                long packets = integer(cell(cells, columns, "packets", where), "packets", Long.MAX_VALUE, where);
                ports.add(new PortCount(sw, port, packets, where));
            }
        }
        String wrongScheme = scheme.refusal(name, schemes);
        if (wrongScheme != null) {
            throw new IllegalArgumentException(wrongScheme);
        }
        if (completions.isEmpty()) {
            throw new IllegalArgumentException("results: " + name + ": no flow rows (expected a 'flow_id,fct_us' or"
                    + " 'flow_id,start_us,end_us' section)");
        }
        if (!torCounts.isEmpty() && portSectionAt != null) {
            throw new IllegalArgumentException("results: " + portSectionAt + ": per-port counts given twice, in the flow"
                    + " section's uplink_counts column and in this switch,port,packets section; keep one");
        }
        ports.addAll(torCounts.counts());
        if (pinnedToEcmp > 0 && !ports.isEmpty()) {
            return new ReportedResults(name, completions, List.of(), pinnedToEcmp + " of the " + completions.size() + " flow rows"
                    + " are pinned to ECMP (traffic_class ecmp, as prime sim --ecmp-fraction runs them): their packets"
                    + " share the uplinks with the sprayed flows', and no one balance model bounds the mix");
        }
        return new ReportedResults(name, completions, ports);
    }

    /**
     * The completion a flow row reports, its end read from {@code endColumn} ({@code end_us}, or {@code acked_us} for
     * prime sim's flows.csv checked at the sender, refused when empty: the run stopped before the flow's last ACK came
     * back, which prime sim does unless it runs {@code --fct-at sender}).
     */
    private static Completion completion(String[] cells, Map<String, Integer> columns, Map<Integer, Integer> byId,
                                         ConnectionMatrix cm, String endColumn, String where) {
        int flow = columns.containsKey("flow_id") ? byFileId(cells, columns, byId, where)
                : byPlace(cells, columns, cm.workload().size(), where);
        Flow f = cm.workload().flow(flow);
        if (columns.containsKey("src") && columns.containsKey("dst")) {
            long src = integer(cell(cells, columns, "src", where), "src", Integer.MAX_VALUE, where);
            long dst = integer(cell(cells, columns, "dst", where), "dst", Integer.MAX_VALUE, where);
            if (src != f.src() || dst != f.dst()) {
                String named = columns.containsKey("flow_id") ? "flow_id " + cm.flowId(flow) : "flow " + flow;
                throw new IllegalArgumentException("results: " + where + ": " + named + " is reported as " + src + "->"
                        + dst + " but is " + f.src() + "->" + f.dst() + " in the workload (results of another"
                        + " connection matrix, or flows renumbered)");
            }
        }
        if (columns.containsKey("start_us") && columns.containsKey(endColumn)) {
            int endAt = columns.get(endColumn);
            if (endColumn.equals("acked_us") && (endAt >= cells.length || cells[endAt].isBlank())) {
                throw new IllegalArgumentException("fct-at: " + where + ": flow " + flow + " has no acked_us: the run"
                        + " stopped before its last ACK came back, as prime sim does in its default --fct-at receiver;"
                        + " check it with --fct-at receiver, or run prime sim --fct-at sender, got sender");
            }
            String endText = cell(cells, columns, endColumn, where);
            long[] start = micros(cell(cells, columns, "start_us", where), "start_us", where);
            long[] end = micros(endText, endColumn, where);
            if (end[0] < start[0]) {
                throw new IllegalArgumentException("results: " + where + ": " + endColumn + " must be >= start_us");
            }
            return new Completion(flow, start[0], end[0], end[0] - start[0], Math.max(start[1], end[1]), where);
        }
        long[] fct = micros(cell(cells, columns, "fct_us", where), "fct_us", where);
        if (f.startsOnTrigger()) {
            return new Completion(flow, Completion.UNKNOWN, Completion.UNKNOWN, fct[0], fct[1], where);
        }
        return new Completion(flow, f.startPs(), f.startPs() + fct[0], fct[0], fct[1], where);
    }

    /** Whether a {@code traffic_class} cell says its flow was pinned to ECMP ({@code ecmp}) or sprayed. */
    private static boolean pinnedToEcmp(String text, String where) {
        String value = text.strip().toLowerCase(Locale.ROOT);
        if (!value.equals("ecmp") && !value.equals("sprayed")) {
            throw new IllegalArgumentException("results: " + where + ": traffic_class must be sprayed or ecmp (as prime"
                    + " sim --out writes it), got '" + Units.oneLine(text) + "'");
        }
        return value.equals("ecmp");
    }

    /** The workload's flow a {@code flow_id} cell names by its file id. */
    private static int byFileId(String[] cells, Map<String, Integer> columns, Map<Integer, Integer> byId,
                                String where) {
        long id = integer(cell(cells, columns, "flow_id", where), "flow_id", Long.MAX_VALUE, where);
        Integer flow = byId.get((int) Math.min(id, Integer.MAX_VALUE));
        if (flow == null || id > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("results: " + where + ": flow_id " + id + " is not a flow id of the"
                    + " workload (ids " + describeIds(byId.keySet()) + "; the results do not match the workload)");
        }
        return flow;
    }

    /** The workload's flow a {@code flow} cell names by its place, numbered from 0. */
    private static int byPlace(String[] cells, Map<String, Integer> columns, int flows, String where) {
        long flow = integer(cell(cells, columns, "flow", where), "flow", Long.MAX_VALUE, where);
        if (flow >= flows) {
            throw new IllegalArgumentException("results: " + where + ": flow " + flow + " is not a flow of the workload"
                    + " (flows 0.." + (flows - 1) + ", numbered from 0 in the workload's order as prime sim --out writes"
                    + " them; the results do not match the workload)");
        }
        return (int) flow;
    }

    /** The file ids a results row may name: the matrix's explicit ids ({@link ConnectionMatrix#NO_ID} is none). */
    private static String describeIds(Set<Integer> ids) {
        if (ids.isEmpty()) {
            return "none";
        }
        int min = Integer.MAX_VALUE;
        int max = Integer.MIN_VALUE;
        for (int id : ids) {
            min = Math.min(min, id);
            max = Math.max(max, id);
        }
        return min == max ? String.valueOf(min) : min + ".." + max;
    }

    /** A header names the column {@code flow_id}, {@code flow} or {@code switch}; every other line is data. */
    private static boolean isHeader(String[] cells) {
        for (String c : cells) {
            String t = c.strip().toLowerCase(Locale.ROOT);
            if (t.equals("flow_id") || t.equals("flow") || t.equals("switch")) {
                return true;
            }
        }
        return false;
    }

    private static Map<String, Integer> header(String[] cells) {
        Map<String, Integer> out = new HashMap<>();
        for (int i = 0; i < cells.length; i++) {
            out.putIfAbsent(cells[i].strip().toLowerCase(Locale.ROOT), i);
        }
        return out;
    }

    private static String cell(String[] cells, Map<String, Integer> columns, String column, String where) {
        int i = columns.get(column);
        if (i >= cells.length || cells[i].isBlank()) {
            throw new IllegalArgumentException("results: " + where + ": column " + column + " is empty (expected "
                    + (column.endsWith("_us") ? "microseconds" : "a value") + ")");
        }
        return cells[i].strip();
    }

    private static long integer(String text, String column, long max, String where) {
        try {
            long v = Long.parseLong(text);
            if (v < 0 || v > max) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("results: " + where + ": " + column + " must be an integer in [0, " + max
                    + "], got '" + Units.oneLine(text) + "'");
        }
    }

    /** Largest time a field may hold: a run's clock, {@code Long.MAX_VALUE} picoseconds, in microseconds. */
    private static final BigDecimal MAX_US = BigDecimal.valueOf(Long.MAX_VALUE, 6);
    /** Largest power of ten of a rounding in picoseconds that a {@code long} holds ({@code 5e18}). */
    private static final int MAX_ROUNDING_EXPONENT = 18;

    /** {value ps, rounding ps} of a decimal microsecond field. */
    private static long[] micros(String text, String column, String where) {
        BigDecimal us;
        try {
            us = new BigDecimal(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("results: " + where + ": " + column + " must be a number of microseconds"
                    + " >= 0, got '" + Units.oneLine(text) + "'");
        }
        if (us.signum() < 0) {
            throw new IllegalArgumentException("results: " + where + ": " + column + " must be >= 0 us, got '"
                    + Units.oneLine(text) + "'");
        }
        // bounded before any rescaling: 1e999999999 would otherwise expand to a billion digits
        if (us.compareTo(MAX_US) > 0) {
            throw new IllegalArgumentException("results: " + where + ": " + column + " must be at most "
                    + MAX_US.toPlainString() + " us (the largest time a run holds), got '" + Units.oneLine(text) + "'");
        }
        BigDecimal ps = us.multiply(BigDecimal.valueOf(Units.PS_PER_US));
        long value = ps.setScale(0, RoundingMode.HALF_EVEN).longValueExact();
        // half a unit of the last printed digit, in ps: 5 x 10^(6 - scale - 1); a zero printed as 0E+20
        // is taken to the largest rounding a long holds, a digit finer than a picosecond to 1 ps
        long exponent = 6L - us.scale() - 1;
        long rounding = exponent < 0 ? 1 : 5 * (long) Math.pow(10, Math.min(exponent, MAX_ROUNDING_EXPONENT));
        return new long[] {value, Math.max(rounding, 1)};
    }
}
