package org.primelab.tla.conformance;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Java transcription of {@code PrimeHistory.tla}: PRIME at the sender (paper arXiv 2507.23012, Alg. 1,
 * over the Alg. 2 odometer of {@link OdometerModel}). Same variables, same actions, same constants; the
 * spec's path {@code <<a, b>>} is the dense index {@code a + L1 * b}. {@link #reachableStates()}
 * explores it breadth-first so a test can compare the count with TLC's distinct states on the same
 * {@code .cfg} — the check that this transcription and the TLA+ spec describe the same state graph.
 * {@link HistoryConformance} replays core's Java code against it.
 *
 * <p>The pick ({@link #pick}) reads the penalties of the state before the send; the decay happens after
 * it ({@link #decayed}), never inside the scan.
 */
public final class HistoryModel {

    /**
     * The constants of a model.
     *
     * @param l1 ports of part 1
     * @param l2 ports of part 2 (1 for a 2-tier flow)
     * @param pEcn {@code P_ECN}
     * @param pNack {@code P_NACK}, above {@code P_ECN}
     * @param decay the possible decay amounts of one send ({@code Decay})
     * @param maxInFlight packets in flight tracked per path
     * @param mutation "none" or one of {@link #MUTATIONS}
     */
    public record Constants(int l1, int l2, int pEcn, int pNack, int[] decay, int maxInFlight, String mutation) {
        /** The spec's mutants ({@code Mutation}), each breaking one rule of Alg. 1. */
        public static final List<String> MUTATIONS = List.of("EcnIgnored", "EcnRepenalizes", "NackAsEcn",
                "AckClears", "NackKeepsPacket", "BlindPick", "SingleTry", "ShortWindow", "FallbackLastDrawn",
                "SkipsNotConsumed", "DecayUnfloored");

        /** Checks the spec's ASSUMEs. */
        public Constants {
            if (pEcn < 1 || pNack <= pEcn) {
                throw new IllegalArgumentException("P_NACK: need P_NACK > P_ECN >= 1, got " + pNack + ", " + pEcn);
            }
            if (decay == null || decay.length == 0 || Arrays.stream(decay).anyMatch(d -> d < 0)) {
                throw new IllegalArgumentException("Decay: need a non-empty set of naturals");
            }
            decay = decay.clone();
            if (maxInFlight < 1) {
                throw new IllegalArgumentException("MaxInFlight: must be >= 1, got " + maxInFlight);
            }
            if (!mutation.equals("none") && !MUTATIONS.contains(mutation)) {
                throw new IllegalArgumentException("Mutation: unknown '" + mutation + "'");
            }
            if (l1 * l2 < 2) {
                throw new IllegalArgumentException("L1, L2: need at least two paths");
            }
        }

        @Override
        public int[] decay() {
            return decay.clone();
        }

        /** PRIME as specified (no mutation). */
        public static Constants prime(int l1, int l2, int pEcn, int pNack, int[] decay, int maxInFlight) {
            return new Constants(l1, l2, pEcn, pNack, decay, maxInFlight, "none");
        }

        /** Reads the CONSTANTS of a PrimeHistory {@code .cfg}. */
        public static Constants fromCfg(String cfg) {
            return new Constants(intConst(cfg, "L1"), intConst(cfg, "L2"), intConst(cfg, "P_ECN"),
                    intConst(cfg, "P_NACK"), setConst(cfg, "Decay"), intConst(cfg, "MaxInFlight"),
                    stringConst(cfg, "Mutation"));
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "L=%dx%d P_ECN=%d P_NACK=%d Decay=%s MaxInFlight=%d%s", l1, l2, pEcn,
                    pNack, Arrays.toString(decay), maxInFlight, mutation.equals("none") ? "" : " " + mutation);
        }
    }

    /**
     * A state of the spec: the generator, {@code pen}, {@code inflight}, {@code quiet}, {@code lastPick}
     * (-1 for {@code NoPick}) and {@code fellBack}.
     */
    public record State(OdometerModel.Gen gen, List<Integer> pen, List<Integer> inflight, boolean quiet,
            int lastPick, boolean fellBack) {
    }

    /**
     * One outcome of the pick: the path taken, the generator state after the send, and whether the scan
     * met no clean path and fell back to a least-penalized one.
     */
    public record Pick(int path, OdometerModel.Gen after, boolean fellBack) {
    }

    private final Constants c;
    private final OdometerModel odometer;
    private final int maxTries;

    /** The spec with the given constants. */
    public HistoryModel(Constants constants) {
        this.c = constants;
        this.odometer = new OdometerModel(constants.l1(), constants.l2());
        int window = 2 * odometer.paths() - 1;
        this.maxTries = switch (constants.mutation()) {
            case "SingleTry" -> 1;
            case "ShortWindow" -> window - 1;
            default -> window;
        };
    }

    /** The constants. */
    public Constants constants() {
        return c;
    }

    /** The generator part. */
    public OdometerModel odometer() {
        return odometer;
    }

    /** {@code Init}. */
    public List<State> initial() {
        List<Integer> zeros = zeros(odometer.paths());
        return odometer.initial().stream().map(g -> new State(g, zeros, zeros, false, -1, false)).toList();
    }

    /**
     * {@code Pick(g, 1)} over the penalties {@code pen}, with the generator state the send leaves
     * ({@code Resume}): every allowed (path, generator after, fell back) triple. Draws values, skipping
     * penalized paths, for at most {@code MaxTries = 2 * paths - 1} draws; if none is clean, any path of
     * least penalty. Every draw is consumed, so the generator is left where the scan stopped.
     */
    public Set<Pick> pick(List<Integer> pen, OdometerModel.Gen g) {
        Set<Pick> scanned = new LinkedHashSet<>();
        pick(pen, g, 1, scanned);
        Set<Pick> out = new LinkedHashSet<>();
        for (Pick o : scanned) {
            for (OdometerModel.Gen h : resume(g, o.after())) {
                out.add(new Pick(o.path(), h, o.fellBack()));
            }
        }
        return out;
    }

    /**
     * {@code Resume(g, h)}: the generator states a send that started at {@code g} and whose scan stopped at
     * {@code h} leaves ({@code SkipsNotConsumed}: one step from {@code g}, whatever the scan drew).
     */
    public List<OdometerModel.Gen> resume(OdometerModel.Gen g, OdometerModel.Gen h) {
        return c.mutation().equals("SkipsNotConsumed") ? odometer.advance(g) : List.of(h);
    }

    private void pick(List<Integer> pen, OdometerModel.Gen g, int t, Set<Pick> out) {
        int v = odometer.value(g);
        List<OdometerModel.Gen> next = odometer.advance(g);
        if (pen.get(v) == 0 || c.mutation().equals("BlindPick")) {
            next.forEach(h -> out.add(new Pick(v, h, false)));
        } else if (t == maxTries) {
            if (c.mutation().equals("FallbackLastDrawn")) {
                next.forEach(h -> out.add(new Pick(v, h, true)));
                return;
            }
            int min = pen.stream().mapToInt(Integer::intValue).min().orElseThrow();
            for (int q = 0; q < pen.size(); q++) {
                if (pen.get(q) == min) {
                    for (OdometerModel.Gen h : next) {
                        out.add(new Pick(q, h, true));
                    }
                }
            }
        } else {
            next.forEach(h -> pick(pen, h, t + 1, out));
        }
    }

    /** The penalties after a send's decay by {@code d}: {@code DecayRule}, {@code Max(pen[p] - d, 0)}. */
    public List<Integer> decayed(List<Integer> pen, int d) {
        boolean floored = !c.mutation().equals("DecayUnfloored");
        return pen.stream().map(x -> floored ? Math.max(x - d, 0) : x - d).toList();
    }

    /** {@code EcnRule}: the penalty after an ECN-marked ACK on a path of penalty {@code x}. */
    public int ecnRule(int x) {
        return switch (c.mutation()) {
            case "EcnIgnored" -> x;
            case "EcnRepenalizes" -> Math.min(x + c.pEcn(), c.pNack());
            default -> x == 0 ? c.pEcn() : x;
        };
    }

    /** {@code NackRule}: the penalty after a NACK on a path of penalty {@code x}. */
    public int nackRule(int x) {
        return c.mutation().equals("NackAsEcn") ? ecnRule(x) : c.pNack();
    }

    /** {@code AckRule}: the penalty after an unmarked ACK on a path of penalty {@code x}. */
    public int ackRule(int x) {
        return c.mutation().equals("AckClears") ? 0 : x;
    }

    /** Packets in flight on a path of {@code n} after a NACK for one of them. */
    public int inflightAfterNack(int n) {
        return c.mutation().equals("NackKeepsPacket") ? n : n - 1;
    }

    /** {@code Next}: every successor of {@code s}. */
    public List<State> successors(State s) {
        List<State> out = new ArrayList<>();
        for (Pick o : pick(s.pen(), s.gen())) {
            List<Integer> inflight = with(s.inflight(), o.path(), Math.min(s.inflight().get(o.path()) + 1,
                    c.maxInFlight()));
            for (int d : c.decay()) {
                out.add(new State(o.after(), decayed(s.pen(), d), inflight, s.quiet(), o.path(), o.fellBack()));
            }
        }
        if (!s.quiet()) {
            out.add(new State(s.gen(), s.pen(), s.inflight(), true, s.lastPick(), s.fellBack()));
        }
        for (int p = 0; p < odometer.paths(); p++) {
            int n = s.inflight().get(p);
            if (n > 0) {
                List<Integer> inflight = with(s.inflight(), p, n - 1);
                int x = s.pen().get(p);
                out.add(new State(s.gen(), with(s.pen(), p, ackRule(x)), inflight, s.quiet(), s.lastPick(),
                        s.fellBack()));
                if (!s.quiet()) {
                    out.add(new State(s.gen(), with(s.pen(), p, ecnRule(x)), inflight, false, s.lastPick(),
                            s.fellBack()));
                    out.add(new State(s.gen(), with(s.pen(), p, nackRule(x)), with(s.inflight(), p,
                            inflightAfterNack(n)), false, s.lastPick(), s.fellBack()));
                }
            }
        }
        return out;
    }

    /**
     * Number of distinct states reachable from {@code Init} (what TLC reports as distinct states). Not
     * for {@code DecayUnfloored}, whose penalties fall without bound.
     */
    public long reachableStates() {
        Set<State> seen = new HashSet<>(initial());
        ArrayDeque<State> queue = new ArrayDeque<>(seen);
        while (!queue.isEmpty()) {
            for (State t : successors(queue.poll())) {
                if (seen.add(t)) {
                    queue.add(t);
                }
            }
        }
        return seen.size();
    }

    static List<Integer> zeros(int n) {
        return java.util.Collections.nCopies(n, 0);
    }

    static List<Integer> with(List<Integer> xs, int i, int v) {
        Integer[] a = xs.toArray(new Integer[0]);
        a[i] = v;
        return List.of(a);
    }

    private static int intConst(String cfg, String name) {
        return Integer.parseInt(constText(cfg, name));
    }

    private static String stringConst(String cfg, String name) {
        String t = constText(cfg, name);
        if (!t.startsWith("\"") || !t.endsWith("\"")) {
            throw new IllegalArgumentException(name + ": expected a string, got " + t);
        }
        return t.substring(1, t.length() - 1);
    }

    private static int[] setConst(String cfg, String name) {
        String t = constText(cfg, name);
        if (!t.startsWith("{") || !t.endsWith("}")) {
            throw new IllegalArgumentException(name + ": expected a set, got " + t);
        }
        return Arrays.stream(t.substring(1, t.length() - 1).split(",")).map(String::strip)
                .filter(x -> !x.isEmpty()).mapToInt(Integer::parseInt).toArray();
    }

    private static String constText(String cfg, String name) {
        Matcher m = Pattern.compile("(?m)^\\s*" + Pattern.quote(name) + "\\s*=\\s*(.+?)\\s*$").matcher(cfg);
        if (!m.find()) {
            throw new IllegalArgumentException(name + ": not set in the .cfg");
        }
        return m.group(1);
    }
}
