package org.primelab.core.workload.htsim;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Trigger;
import org.primelab.core.workload.Workload;

/**
 * Reads an htsim connection matrix ({@code .cm}, gzip read transparently) into a
 * {@link ConnectionMatrix}. The grammar, as htsim's {@code connection_matrix.cpp} (commit 40ccb05) reads
 * it:
 * <pre>
 * Nodes N
 * Connections M
 * Triggers T          (optional, default 0)
 * Failures F          (optional, default 0)
 * SRC-&gt;DST [id I] [start US | trigger TID] size BYTES [send_done_trigger TID] [recv_done_trigger TID] [prio P]
 * trigger id TID (oneshot | multishot | barrier count K)
 * failure switch_type TOR|AGG|CORE switch_id I link_id J
 * </pre>
 * Tokens are separated by single spaces; headers and {@code #} comments come before the first
 * connection, trigger or failure line; blank lines are skipped anywhere; connection, trigger and failure
 * lines may be interleaved, and a trigger may be used before its line.
 *
 * <p><b>Refused</b>, each with one line {@code FILE:LINE: field: what is accepted, got 'x'}: everything
 * htsim refuses or aborts on (a missing or non-numeric value, an unknown token, a {@code #} line or a
 * header after the first connection, a flow with both or neither of {@code start} and {@code trigger}, id
 * 0, a trigger used but never declared, declared twice or with two kinds, counts that do not match the
 * headers, a flow started by a trigger without an id before the {@code trigger} token, a repeated flow
 * id, {@code msg} outside htsim's {@code -conn_reuse} mode, the run-time aborts listed in
 * {@link ConnectionMatrix}, failures htsim cannot run ({@link CmFailure})), and, stricter than htsim, a
 * number with trailing characters (htsim's {@code stoi} reads {@code 12abc} as 12), a token given twice
 * on one line (htsim keeps the last), an unknown header line (htsim skips it), a negative priority, a
 * barrier without a count, {@code Nodes} missing (htsim falls back on its {@code -nodes}), and a file
 * whose {@code Nodes} exceeds the tree's hosts. A {@code count} on a one-shot or multi-shot trigger is
 * ignored, as htsim ignores it. Windows line ends are accepted.
 *
 * <p><b>Start times</b> are microseconds, possibly fractional ({@code start 1.5}), converted exactly to
 * picoseconds; a start with a fraction of a picosecond is refused. htsim itself truncates the start to
 * whole microseconds ({@code timeFromUs((uint32_t) start)} in {@code main_uec.cpp}), so a fractional start
 * runs there at the microsecond below; and htsim's {@code gen_serial_alltoall.py} writes its start
 * offsets in picoseconds, which {@code main_uec} then reads as microseconds. Starts of 0, as in every
 * matrix its generators write by default, mean the same in both.
 *
 * <p><b>Priorities</b>: {@code prio P} becomes {@link Flow#priority()}; a line without it gets 0 (htsim's
 * default of 2000000 is not used by its UEC transport).
 */
public final class CmReader {
    private static final Pattern ENDPOINTS = Pattern.compile("([0-9]+)->([0-9]+)");
    private static final Pattern DIGITS = Pattern.compile("[0-9]+");
    private static final Pattern DECIMAL = Pattern.compile("([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][+-]?[0-9]+)?");
    private static final Pattern FLOW_IN_MESSAGE = Pattern.compile("flow ([0-9]+)");
    private static final Pattern TRIGGER_IN_MESSAGE = Pattern.compile("trigger ([0-9]+)");
    private static final List<String> CONNECTION_TOKENS =
            List.of("id", "start", "trigger", "size", "send_done_trigger", "recv_done_trigger", "prio");

    private CmReader() {
    }

    /**
     * Reads {@code file} (gzip or plain) for {@code tree}.
     *
     * @param tree the fabric the workload will run on, checked against {@code Nodes} and the failures;
     *        null to skip those checks
     * @throws IllegalArgumentException one line naming the file, the line and what is accepted
     */
    public static ConnectionMatrix read(Path file, FatTree tree) {
        try (BufferedReader in = TextInput.open(file, "traffic")) {
            return parse(TextInput.displayName(file), in, tree);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads the text of a connection matrix; {@code name} is the file name used in messages. */
    public static ConnectionMatrix parse(String name, String text, FatTree tree) {
        try {
            return parse(name, new BufferedReader(new StringReader(text)), tree);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads a connection matrix from {@code in}; {@code name} is the file name used in messages. */
    public static ConnectionMatrix parse(String name, BufferedReader in, FatTree tree) throws IOException {
        return new Parse(name).run(in, tree);
    }

    /** A connection line as read, trigger ids still the file's. */
    private record RawFlow(int line, int src, int dst, int id, long startPs, int trigger, long size, int sendDone,
                           int recvDone, int prio) {
    }

    /** One parse of one file. */
    private static final class Parse {
        private final String name;
        private int line;
        private int nodes = -1;
        private int nodesLine;
        private int connectionsDeclared = -1;
        private int triggersDeclared = -1;
        private int failuresDeclared = -1;
        private boolean inBody;
        private final List<RawFlow> flows = new ArrayList<>();
        private final List<Trigger> triggers = new ArrayList<>();
        private final List<Integer> triggerIds = new ArrayList<>();
        private final List<Integer> triggerLines = new ArrayList<>();
        private final Map<Integer, Integer> triggerIndex = new HashMap<>();
        private final List<CmFailure> failures = new ArrayList<>();
        private final List<Integer> failureLines = new ArrayList<>();

        Parse(String name) {
            this.name = name;
        }

        ConnectionMatrix run(BufferedReader in, FatTree tree) throws IOException {
            String text;
            while ((text = in.readLine()) != null) {
                line++;
                if (text.endsWith("\r")) {
                    text = text.substring(0, text.length() - 1);
                }
                String[] tokens = tokenize(text);
                if (tokens.length == 0) {
                    continue;
                }
                if (!inBody && isHeaderOrComment(tokens)) {
                    continue;
                }
                inBody = true;
                body(tokens);
            }
            line = 0;
            return finish(tree);
        }

        /** Splits on single spaces as htsim does: empty tokens stay (and are refused), one trailing is dropped. */
        private static String[] tokenize(String text) {
            if (text.isEmpty()) {
                return new String[0];
            }
            String[] parts = text.split(" ", -1);
            if (parts[parts.length - 1].isEmpty()) {
                String[] trimmed = new String[parts.length - 1];
                System.arraycopy(parts, 0, trimmed, 0, trimmed.length);
                return trimmed;
            }
            return parts;
        }

        private boolean isHeaderOrComment(String[] t) {
            if (t[0].startsWith("#")) {
                return true;
            }
            switch (t[0]) {
                case "Nodes" -> {
                    nodes = header(t, nodes);
                    nodesLine = line;
                }
                case "Connections" -> connectionsDeclared = header(t, connectionsDeclared);
                case "Triggers" -> triggersDeclared = header(t, triggersDeclared);
                case "Failures" -> failuresDeclared = header(t, failuresDeclared);
                default -> {
                    if (t[0].contains("->") || t[0].equals("trigger") || t[0].equals("failure")) {
                        return false;
                    }
                    throw error("expected a header line 'Nodes N', 'Connections M', 'Triggers T' or 'Failures F',"
                            + " a # comment, or a connection, trigger or failure line, got '" + String.join(" ", t)
                            + "'");
                }
            }
            return true;
        }

        private int header(String[] t, int previous) {
            if (previous >= 0) {
                throw error(t[0] + ": given twice");
            }
            if (t.length != 2) {
                throw error(t[0] + ": expected '" + t[0] + " N' with one non-negative integer, got '"
                        + String.join(" ", t) + "'");
            }
            return nonNegative(t[1], t[0], "a non-negative integer");
        }

        private void body(String[] t) {
            if (t[0].contains("->")) {
                connection(t);
            } else if (t[0].equals("trigger")) {
                trigger(t);
            } else if (t[0].equals("failure")) {
                failure(t);
            } else if (t[0].startsWith("#")) {
                throw error("a # comment is allowed only before the first connection, trigger or failure line"
                        + " (htsim reads none after)");
            } else if (t[0].equals("Nodes") || t[0].equals("Connections") || t[0].equals("Triggers")
                    || t[0].equals("Failures")) {
                throw error(t[0] + ": headers must come before the first connection, trigger or failure line");
            } else {
                throw error("expected a connection 'SRC->DST ...', 'trigger ...' or 'failure ...' line, got '"
                        + t[0] + "'" + (t[0].isEmpty() ? " (lines must not start with a space)" : ""));
            }
        }

        private void connection(String[] t) {
            Matcher m = ENDPOINTS.matcher(t[0]);
            if (!m.matches()) {
                throw error("connection: expected 'SRC->DST' with two host numbers, got '" + t[0] + "'");
            }
            int src = nonNegative(m.group(1), "src", "a host number");
            int dst = nonNegative(m.group(2), "dst", "a host number");
            Integer id = null;
            Long start = null;
            Integer trigger = null;
            Long size = null;
            Integer sendDone = null;
            Integer recvDone = null;
            Integer prio = null;
            for (int i = 1; i < t.length; i++) {
                String key = t[i];
                if (key.equals("msg")) {
                    throw error("msg: several messages on one connection need htsim's -conn_reuse mode, which is not"
                            + " modelled here (htsim without -conn_reuse refuses msg too)");
                }
                if (key.isEmpty()) {
                    throw error("empty token: tokens are separated by single spaces");
                }
                if (i + 1 >= t.length) {
                    if (!isConnectionToken(key)) {
                        throw unknown(key);
                    }
                    throw error(key + ": missing value");
                }
                String value = t[++i];
                switch (key) {
                    case "id" -> id = once(id, key, positive(value, key, "a positive integer flow id"));
                    case "start" -> start = once(start, key, startPs(value));
                    case "trigger" -> {
                        if (id == null) {
                            throw error("trigger: a flow that starts on a trigger needs 'id I' before 'trigger'"
                                    + " (htsim asserts it)");
                        }
                        trigger = once(trigger, key, positive(value, key, "a positive integer trigger id"));
                    }
                    case "size" -> size = once(size, key, (long) positive(value, key,
                            "a positive integer number of bytes"));
                    case "send_done_trigger" -> sendDone = once(sendDone, key,
                            nonNegative(value, key, "a trigger id (0 = none)"));
                    case "recv_done_trigger" -> recvDone = once(recvDone, key,
                            nonNegative(value, key, "a trigger id (0 = none)"));
                    case "prio" -> prio = once(prio, key, nonNegative(value, key, "a non-negative integer priority"));
                    default -> throw unknown(key);
                }
            }
            if (start == null && trigger == null) {
                throw error("start: a connection needs 'start US' or 'trigger TID'");
            }
            if (start != null && trigger != null) {
                throw error("start: a connection takes one of 'start US' and 'trigger TID', not both");
            }
            if (size == null) {
                throw error("size: missing; a connection needs 'size BYTES'");
            }
            if (src == dst) {
                throw error("connection: source and destination are both host " + src);
            }
            flows.add(new RawFlow(line, src, dst, id == null ? ConnectionMatrix.NO_ID : id, start == null ? 0 : start,
                    trigger == null ? 0 : trigger, size, sendDone == null ? 0 : sendDone,
                    recvDone == null ? 0 : recvDone, prio == null ? 0 : prio));
        }

        private static boolean isConnectionToken(String key) {
            return CONNECTION_TOKENS.contains(key);
        }

        private IllegalArgumentException unknown(String key) {
            return error("unknown token '" + key + "'; a connection accepts " + String.join(", ", CONNECTION_TOKENS));
        }

        private void trigger(String[] t) {
            Integer id = null;
            Trigger.Kind kind = null;
            Integer count = null;
            for (int i = 1; i < t.length; i++) {
                String key = t[i];
                switch (key) {
                    case "id", "count" -> {
                        if (i + 1 >= t.length) {
                            throw error(key + ": missing value");
                        }
                        String value = t[++i];
                        if (key.equals("id")) {
                            id = once(id, key, positive(value, key, "a positive integer trigger id"));
                        } else {
                            count = once(count, key, positive(value, key, "a positive integer count"));
                        }
                    }
                    case "oneshot", "multishot", "barrier" -> {
                        if (kind != null) {
                            throw error("trigger: one kind only (oneshot, multishot or barrier), got a second: '"
                                    + key + "'");
                        }
                        kind = switch (key) {
                            case "oneshot" -> Trigger.Kind.ONE_SHOT;
                            case "multishot" -> Trigger.Kind.MULTI_SHOT;
                            default -> Trigger.Kind.BARRIER;
                        };
                    }
                    default -> throw error("unknown token '" + key
                            + "'; a trigger line is 'trigger id TID (oneshot | multishot | barrier count K)'");
                }
            }
            if (id == null) {
                throw error("trigger: missing 'id TID'");
            }
            if (kind == null) {
                throw error("trigger: missing kind; expected oneshot, multishot or barrier count K");
            }
            if (kind == Trigger.Kind.BARRIER && count == null) {
                throw error("count: a barrier needs 'count K' (K >= 1)");
            }
            if (triggerIndex.containsKey(id)) {
                throw error("trigger: id " + id + " is declared twice (first on line "
                        + triggerLines.get(triggerIndex.get(id)) + ")");
            }
            int index = triggers.size();
            triggerIndex.put(id, index);
            triggerIds.add(id);
            triggerLines.add(line);
            triggers.add(new Trigger(index, kind, kind == Trigger.Kind.BARRIER ? count : 1));
        }

        private void failure(String[] t) {
            CmFailure.SwitchType type = null;
            Integer switchId = null;
            Integer linkId = null;
            for (int i = 1; i < t.length; i++) {
                String key = t[i];
                if (!key.equals("switch_type") && !key.equals("switch_id") && !key.equals("link_id")) {
                    throw error("unknown token '" + key
                            + "'; a failure line is 'failure switch_type TOR|AGG|CORE switch_id I link_id J'");
                }
                if (i + 1 >= t.length) {
                    throw error(key + ": missing value");
                }
                String value = t[++i];
                switch (key) {
                    case "switch_type" -> {
                        CmFailure.SwitchType parsed = switch (value) {
                            case "TOR" -> CmFailure.SwitchType.TOR;
                            case "AGG" -> CmFailure.SwitchType.AGG;
                            case "CORE" -> CmFailure.SwitchType.CORE;
                            default -> throw error("switch_type: expected one of TOR, AGG or CORE, got '" + value
                                    + "'");
                        };
                        type = once(type, key, parsed);
                    }
                    case "switch_id" -> switchId = once(switchId, key, nonNegative(value, key, "a switch number"));
                    default -> linkId = once(linkId, key, nonNegative(value, key, "a link number"));
                }
            }
            if (type == null || switchId == null || linkId == null) {
                throw error("failure: needs switch_type, switch_id and link_id");
            }
            failures.add(new CmFailure(type, switchId, linkId));
            failureLines.add(line);
        }

        private ConnectionMatrix finish(FatTree tree) {
            if (nodes < 0) {
                throw error("Nodes: missing header 'Nodes N'");
            }
            if (connectionsDeclared < 0) {
                throw error("Connections: missing header 'Connections M'");
            }
            count("Connections", connectionsDeclared, flows.size());
            count("Triggers", Math.max(0, triggersDeclared), triggers.size());
            count("Failures", Math.max(0, failuresDeclared), failures.size());
            List<Flow> out = new ArrayList<>(flows.size());
            List<Integer> ids = new ArrayList<>(flows.size());
            Map<Integer, Integer> firstLineOfId = new HashMap<>();
            for (RawFlow r : flows) {
                line = r.line();
                int start = index(r.trigger(), "trigger");
                int sendDone = index(r.sendDone(), "send_done_trigger");
                int recvDone = index(r.recvDone(), "recv_done_trigger");
                Flow f;
                try {
                    f = new Flow(out.size(), r.src(), r.dst(), r.size(), r.startPs(), start, sendDone, recvDone,
                            r.prio());
                } catch (IllegalArgumentException e) {
                    throw error(e.getMessage());
                }
                String problem = ConnectionMatrix.flowProblem(f, r.id(), nodes);
                if (problem != null) {
                    throw error(problem);
                }
                if (r.id() != ConnectionMatrix.NO_ID) {
                    Integer first = firstLineOfId.putIfAbsent(r.id(), line);
                    if (first != null) {
                        throw error("id: flow id " + r.id() + " is already used on line " + first
                                + " (htsim asserts ids are unique)");
                    }
                }
                out.add(f);
                ids.add(r.id());
            }
            line = 0;
            Workload workload;
            try {
                workload = new Workload(out, triggers);
            } catch (IllegalArgumentException e) {
                // the workload numbers flows and triggers from 0 in file order; the file's reader knows them by the
                // ids the file gives them (and the line)
                String message = e.getMessage();
                Matcher m = FLOW_IN_MESSAGE.matcher(message);
                if (m.find() && Integer.parseInt(m.group(1)) < flows.size()) {
                    int index = Integer.parseInt(m.group(1));
                    line = flows.get(index).line();
                    String who = ids.get(index) == ConnectionMatrix.NO_ID ? "the flow on this line"
                            : "flow id " + ids.get(index);
                    message = message.substring(0, m.start()) + who + message.substring(m.end());
                }
                Matcher t = TRIGGER_IN_MESSAGE.matcher(message);
                if (t.find() && Integer.parseInt(t.group(1)) < triggerIds.size()) {
                    message = message.substring(0, t.start()) + "trigger id " + triggerIds.get(Integer.parseInt(
                            t.group(1))) + message.substring(t.end());
                }
                throw error(message);
            }
            for (int t = 0; t < triggers.size(); t++) {
                String problem = ConnectionMatrix.triggerProblem(workload, t);
                if (problem != null) {
                    line = triggerLines.get(t);
                    throw error("trigger id " + triggerIds.get(t) + ": " + problem);
                }
            }
            ConnectionMatrix cm = new ConnectionMatrix(nodes, workload, ids, triggerIds, failures);
            if (tree != null) {
                checkTree(cm, tree);
            }
            return cm;
        }

        private void checkTree(ConnectionMatrix cm, FatTree tree) {
            line = nodesLine;
            try {
                cm.checkFits(tree);
            } catch (IllegalArgumentException e) {
                throw error(e.getMessage());
            }
            Map<Integer, Integer> lineOfCable = new HashMap<>();
            for (int i = 0; i < failures.size(); i++) {
                line = failureLines.get(i);
                int uplink;
                try {
                    uplink = failures.get(i).uplink(tree);
                } catch (IllegalArgumentException e) {
                    throw error(e.getMessage());
                }
                Integer first = lineOfCable.putIfAbsent(uplink, line);
                if (first != null) {
                    throw error("failure: cable " + tree.cableName(uplink) + " already failed on line " + first
                            + " (htsim asserts)");
                }
            }
            line = 0;
            try {
                cm.faults(tree);
            } catch (IllegalArgumentException e) {
                throw error(e.getMessage());
            }
        }

        private void count(String header, int declared, int actual) {
            if (declared != actual) {
                throw error(header + ": the header says " + declared + " but the file has " + actual);
            }
        }

        /** Our index of file trigger id {@code id} (0 = none). */
        private int index(int id, String field) {
            if (id == 0) {
                return Flow.NO_TRIGGER;
            }
            Integer i = triggerIndex.get(id);
            if (i == null) {
                throw error(field + ": trigger id " + id + " has no 'trigger id " + id + " ...' line");
            }
            return i;
        }

        private <T> T once(T previous, String field, T value) {
            if (previous != null) {
                throw error(field + ": given twice on one line");
            }
            return value;
        }

        private long startPs(String value) {
            if (!DECIMAL.matcher(value).matches()) {
                throw error("start: expected a non-negative number of microseconds (e.g. 0, 12.5), got '" + value
                        + "'");
            }
            BigDecimal ps = new BigDecimal(value).multiply(BigDecimal.valueOf(Units.PS_PER_US));
            try {
                long exact = ps.stripTrailingZeros().longValueExact();
                if (exact > ConnectionMatrix.MAX_START_PS) {
                    throw new ArithmeticException();
                }
                return exact;
            } catch (ArithmeticException e) {
                throw error("start: must be a whole number of picoseconds (at most 6 decimals of a microsecond) and"
                        + " at most " + 0xffff_ffffL + " us, got '" + value + "'");
            }
        }

        private int positive(String value, String field, String accepted) {
            int v = nonNegative(value, field, accepted);
            if (v == 0) {
                throw error(field + ": expected " + accepted + ", got '0'");
            }
            return v;
        }

        private int nonNegative(String value, String field, String accepted) {
            if (!DIGITS.matcher(value).matches()) {
                throw error(field + ": expected " + accepted + ", got '" + value + "'");
            }
            try {
                return Integer.parseInt(value);
            } catch (NumberFormatException e) {
                throw error(field + ": expected " + accepted + " (at most " + Integer.MAX_VALUE + "), got '" + value
                        + "'");
            }
        }

        private IllegalArgumentException error(String message) {
            return new IllegalArgumentException(name + (line > 0 ? ":" + line : "") + ": " + message);
        }
    }
}
