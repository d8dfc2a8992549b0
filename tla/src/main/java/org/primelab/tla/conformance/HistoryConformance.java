package org.primelab.tla.conformance;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.LongFunction;

/**
 * Holds a {@link Sender} (core's PRIME, paper Alg. 1 over Alg. 2) to {@code PrimeHistory.tla}: seeded
 * random traces of the spec's next-state relation ({@link HistoryModel}) are played against the sender,
 * and every step the sender takes must be a step the spec allows.
 *
 * <p>Each trace step picks an enabled action of the spec at random: a send, or (for a path with a packet
 * in flight) an ACK, an ECN-marked ACK or a NACK, or, rarely, {@code StopSignals}. Signals are delivered
 * to the sender and its penalties must equal the spec's successor exactly. A send asks the sender for
 * the path; the spec must allow that path from the state, and the sender's penalties afterwards must be
 * the spec's decayed table. The generator's permutations are hidden inside the sender, so the checker
 * tracks the set of spec generator states consistent with everything observed so far (exact subset
 * simulation); the step is rejected when that set becomes empty. {@code pen}, {@code inflight},
 * {@code quiet} and {@code lastPick} are observed directly.
 */
public final class HistoryConformance {

    /**
     * The outcome of a conformance run.
     *
     * @param constants the spec's constants
     * @param traces traces played
     * @param steps spec steps played in all
     * @param sends send steps among them
     * @param fallbacks sends on which every path was penalized (the least-penalty fallback)
     * @param penalizedSends sends made while at least one path was penalized
     * @param maxBelief the largest set of consistent generator states met
     * @param failure null if every step conformed, else the first nonconforming step and its trace
     */
    public record Report(HistoryModel.Constants constants, int traces, long steps, long sends, long fallbacks,
            long penalizedSends, int maxBelief, String failure) {
        /** True if every step of every trace conformed. */
        public boolean conforms() {
            return failure == null;
        }
    }

    private HistoryConformance() {
    }

    /**
     * Plays {@code traces} traces of {@code steps} steps each, trace {@code i} seeded with
     * {@code seed + i} (the same seed drives the trace and the sender's shuffles), against the
     * senders {@code senders} makes.
     */
    public static Report check(HistoryModel.Constants constants, LongFunction<Sender> senders, long seed, int traces,
            int steps) {
        if (traces < 1 || steps < 1) {
            throw new IllegalArgumentException("traces, steps: must be >= 1");
        }
        HistoryModel spec = new HistoryModel(constants);
        long[] counts = new long[4];
        int[] maxBelief = {0};
        for (int i = 0; i < traces; i++) {
            String failure = trace(spec, senders.apply(seed + i), seed + i, steps, counts, maxBelief);
            if (failure != null) {
                return new Report(constants, i + 1, counts[0], counts[1], counts[2], counts[3], maxBelief[0],
                        "trace seed " + (seed + i) + ": " + failure);
            }
        }
        return new Report(constants, traces, counts[0], counts[1], counts[2], counts[3], maxBelief[0], null);
    }

    private static String trace(HistoryModel spec, Sender sender, long seed, int steps, long[] counts,
            int[] maxBelief) {
        HistoryModel.Constants c = spec.constants();
        int paths = spec.odometer().paths();
        SplittableRandom rnd = new SplittableRandom(seed ^ 0x5DEECE66DL);
        Set<OdometerModel.Gen> belief = new LinkedHashSet<>(spec.odometer().initial());
        List<Integer> pen = HistoryModel.zeros(paths);
        List<Integer> inflight = HistoryModel.zeros(paths);
        boolean quiet = false;
        long now = 0;
        int[] decay = c.decay();
        List<String> log = new ArrayList<>();
        for (int step = 0; step < steps; step++) {
            counts[0]++;
            List<Integer> busy = new ArrayList<>();
            for (int p = 0; p < paths; p++) {
                if (inflight.get(p) > 0) {
                    busy.add(p);
                }
            }
            double u = rnd.nextDouble();
            if (!quiet && u < 0.004) {
                quiet = true;
                log.add("StopSignals");
                continue;
            }
            if (busy.isEmpty() || u < 0.5) {
                counts[1]++;
                int d = decay[rnd.nextInt(decay.length)];
                now += d;
                int path = sender.send(now);
                List<Integer> after = toList(sender.penalties());
                log.add(String.format(Locale.ROOT, "Send(d=%d) from pen=%s -> path %d, pen=%s", d, pen, path, after));
                List<Integer> expected = spec.decayed(pen, d);
                Set<OdometerModel.Gen> next = new LinkedHashSet<>();
                for (OdometerModel.Gen g : belief) {
                    for (HistoryModel.Pick o : spec.pick(pen, g)) {
                        if (o.path() == path) {
                            next.add(o.after());
                        }
                    }
                }
                if (pen.stream().allMatch(x -> x > 0)) {
                    counts[2]++;
                }
                if (pen.stream().anyMatch(x -> x > 0)) {
                    counts[3]++;
                }
                if (next.isEmpty()) {
                    return "step " + step + ": the spec allows no send of path " + path + " from pen=" + pen
                            + " (over " + belief.size() + " consistent generator states)\n" + tail(log);
                }
                if (!after.equals(expected)) {
                    return "step " + step + ": penalties after the send are " + after + ", the spec's decay gives "
                            + expected + "\n" + tail(log);
                }
                belief = next;
                maxBelief[0] = Math.max(maxBelief[0], belief.size());
                pen = after;
                inflight = HistoryModel.with(inflight, path, Math.min(inflight.get(path) + 1, c.maxInFlight()));
            } else {
                int p = busy.get(rnd.nextInt(busy.size()));
                int kind = quiet ? 0 : rnd.nextInt(3);
                List<Integer> expected;
                String name;
                switch (kind) {
                    case 0 -> {
                        sender.ack(p, now);
                        expected = HistoryModel.with(pen, p, spec.ackRule(pen.get(p)));
                        name = "Ack";
                    }
                    case 1 -> {
                        sender.ecn(p, now);
                        expected = HistoryModel.with(pen, p, spec.ecnRule(pen.get(p)));
                        name = "EcnAck";
                    }
                    default -> {
                        sender.nack(p, now);
                        expected = HistoryModel.with(pen, p, spec.nackRule(pen.get(p)));
                        name = "Nack";
                    }
                }
                List<Integer> after = toList(sender.penalties());
                log.add(name + "(" + p + ") from pen=" + pen + " -> pen=" + after);
                if (!after.equals(expected)) {
                    return "step " + step + ": after " + name + "(" + p + ") penalties are " + after
                            + ", the spec gives " + expected + "\n" + tail(log);
                }
                pen = after;
                inflight = HistoryModel.with(inflight, p, kind == 2 ? spec.inflightAfterNack(inflight.get(p))
                        : inflight.get(p) - 1);
            }
        }
        return null;
    }

    private static List<Integer> toList(long[] xs) {
        List<Integer> out = new ArrayList<>(xs.length);
        for (long x : xs) {
            if (x < 0 || x > Integer.MAX_VALUE) {
                out.add(-1);
            } else {
                out.add((int) x);
            }
        }
        return List.copyOf(out);
    }

    private static String tail(List<String> log) {
        return "  last steps:\n    " + String.join("\n    ", log.subList(Math.max(0, log.size() - 8), log.size()));
    }
}
