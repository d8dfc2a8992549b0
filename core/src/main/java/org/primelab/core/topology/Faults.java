package org.primelab.core.topology;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.primelab.core.units.Units;

/**
 * Failed and degraded links of a {@link FatTree}: the asymmetric conditions of the paper's evaluation
 * (§"Evaluation", "Asymmetric network conditions": two failed links in a 2-tier k=16 tree; 25% of the
 * links of a 2-tier k=128 400G tree degraded to 100G).
 *
 * <p>A value object: per directed link, the time from which it is failed ({@link #NEVER} if it never
 * fails) and its rate override in bits per second (0 = the fabric's rate). Faults are specified per
 * cable (both directions) or per direction by the names of {@link FatTree#linksByName(String)}. The
 * builder rejects links that do not exist, failing a host's only link, a set of failures that leaves
 * some pair of ToRs without a path, a rate that is not positive, and a link specified twice.
 */
public final class Faults {
    /** Failure time of a link that never fails. */
    public static final long NEVER = Long.MAX_VALUE;
    /**
     * Latest failure time accepted: 10^6 s. Times are picoseconds in a {@code long} (about 106 days in all), and the
     * simulators add a detection delay to a failure's time, so a later one overflowed into a failure detected before
     * it happened (a failure at 2^63 - 1000 ps changed a 5 us run); {@link #NEVER} itself is the "never" mark.
     */
    public static final long MAX_FAIL_TIME_PS = 1_000_000L * Units.PS_PER_S;
    /**
     * Longest failure-detection delay the simulators accept, 1000 s (ten million times the paper's 100 us): a failure
     * time plus its detection must stay a time ({@link #MAX_FAIL_TIME_PS} plus this is far below {@code 2^63} ps);
     * 2^63 - 1 ps overflowed and the run never ended, and a delay of days ran for days.
     */
    public static final long MAX_DETECT_PS = 1000 * Units.PS_PER_S;

    private final FatTree tree;
    private final long[] failAt;
    private final long[] rate;

    private Faults(FatTree tree, long[] failAt, long[] rate) {
        this.tree = tree;
        this.failAt = failAt;
        this.rate = rate;
    }

    /** No faults on {@code tree}. */
    public static Faults none(FatTree tree) {
        return builder(tree).build();
    }

    /** A builder for faults on {@code tree}. */
    public static Builder builder(FatTree tree) {
        return new Builder(tree);
    }

    /** The tree these faults apply to. */
    public FatTree tree() {
        return tree;
    }

    /** Time (ps) from which directed link {@code link} is failed, or {@link #NEVER}. */
    public long failTime(int link) {
        return failAt[link];
    }

    /** True if the link is failed at time {@code nowPs}. */
    public boolean isFailed(int link, long nowPs) {
        return nowPs >= failAt[link];
    }

    /** Rate of the link given the fabric's rate: the degraded rate if one is set. */
    public long rate(int link, long fabricRateBps) {
        return rate[link] > 0 ? rate[link] : fabricRateBps;
    }

    /** Directed links that fail at some time, in increasing id order. */
    public int[] failedLinks() {
        return java.util.stream.IntStream.range(0, failAt.length).filter(l -> failAt[l] != NEVER).toArray();
    }

    /** Directed links with a rate override, in increasing id order. */
    public int[] degradedLinks() {
        return java.util.stream.IntStream.range(0, rate.length).filter(l -> rate[l] > 0).toArray();
    }

    /** True if nothing fails and nothing is degraded. */
    public boolean isEmpty() {
        return failedLinks().length == 0 && degradedLinks().length == 0;
    }

    /**
     * Value equality: the same tree (by {@link FatTree#equals}) with the same failure time and rate override
     * on every directed link, so that two scenarios built the same way are equal records.
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof Faults f && tree.equals(f.tree) && java.util.Arrays.equals(failAt, f.failAt)
                && java.util.Arrays.equals(rate, f.rate);
    }

    @Override
    public int hashCode() {
        return (tree.hashCode() * 31 + java.util.Arrays.hashCode(failAt)) * 31 + java.util.Arrays.hashCode(rate);
    }

    /** Fluent builder; {@link #build()} validates the whole set. */
    public static final class Builder {
        private final FatTree tree;
        private final long[] failAt;
        private final long[] rate;
        /** Whether some failure came from {@link #failRandom}, and some from {@link #fail} itself (for messages). */
        private boolean randomFailures;
        private boolean namedFailures;

        private Builder(FatTree tree) {
            this.tree = tree;
            this.failAt = new long[tree.linkCount()];
            this.rate = new long[tree.linkCount()];
            Arrays.fill(failAt, NEVER);
        }

        /** Fails the named cable or direction from time {@code atPs}. */
        public Builder fail(String link, long atPs) {
            failLink(link, atPs);
            namedFailures = true;
            return this;
        }

        private void failLink(String link, long atPs) {
            if (atPs < 0 || atPs > MAX_FAIL_TIME_PS) {
                throw new IllegalArgumentException("fail: time must be in [0, " + Units.formatTime(MAX_FAIL_TIME_PS)
                        + "], got " + atPs + " ps for " + Units.oneLine(link));
            }
            for (int l : tree.linksByName(link)) {
                if (tree.tierOf(tree.linkSource(l)) == 0 || tree.tierOf(tree.linkTarget(l)) == 0) {
                    throw new IllegalArgumentException("fail: '" + link + "' is a host's only link; failing it"
                            + " disconnects the host (fail switch-to-switch links only)");
                }
                if (failAt[l] != NEVER) {
                    throw new IllegalArgumentException("fail: link '" + link + "' is specified twice");
                }
                failAt[l] = atPs;
            }
        }

        /** Fails {@code count} distinct switch-to-switch cables chosen with {@code seed}, from {@code atPs}. */
        public Builder failRandom(int count, long seed, long atPs) {
            List<Integer> cables = switchCables();
            if (count < 0 || count > cables.size()) {
                throw new IllegalArgumentException("fail-random: count must be in [0, " + cables.size() + "], got "
                        + count);
            }
            for (int c : pick(cables, count, seed)) {
                failLink(tree.cableName(c), atPs);
            }
            randomFailures |= count > 0;
            return this;
        }

        /** Runs the named cable or direction at {@code rateBps}. */
        public Builder degrade(String link, long rateBps) {
            if (rateBps <= 0) {
                throw new IllegalArgumentException("degrade: rate must be > 0 bit/s, got " + rateBps + " for " + Units.oneLine(link));
            }
            for (int l : tree.linksByName(link)) {
                if (rate[l] != 0) {
                    throw new IllegalArgumentException("degrade: link '" + link + "' is specified twice");
                }
                rate[l] = rateBps;
            }
            return this;
        }

        /**
         * Degrades {@code round(fraction * cables)} switch-to-switch cables, chosen with {@code seed}, to
         * {@code rateBps} (the paper: 25% of the links at 100G).
         */
        public Builder degradeRandomFraction(double fraction, long rateBps, long seed) {
            if (!(fraction >= 0 && fraction <= 1)) {
                throw new IllegalArgumentException("degrade-fraction: must be in [0, 1], got " + fraction);
            }
            List<Integer> cables = switchCables();
            int count = (int) Math.round(fraction * cables.size());
            if (fraction > 0 && count == 0) {
                // a fraction that rounds to no cable degrades nothing: the run would be the healthy fabric's
                throw new IllegalArgumentException("degrade-fraction: " + fraction + " of the " + cables.size()
                        + " switch-to-switch cables rounds to none; accepted: at least " + 0.5 / cables.size()
                        + " (half a cable), or 0");
            }
            for (int c : pick(cables, count, seed)) {
                degrade(tree.cableName(c), rateBps);
            }
            return this;
        }

        private List<Integer> switchCables() {
            List<Integer> cables = new ArrayList<>();
            for (int l = 0; l < tree.linkCount(); l += 2) {
                if (tree.tierOf(tree.linkSource(l)) >= 1) {
                    cables.add(l);
                }
            }
            return cables;
        }

        private static List<Integer> pick(List<Integer> from, int count, long seed) {
            List<Integer> copy = new ArrayList<>(from);
            SplittableRandom rnd = new SplittableRandom(seed);
            for (int i = 0; i < count; i++) {
                int j = i + rnd.nextInt(copy.size() - i);
                Integer t = copy.get(i);
                copy.set(i, copy.get(j));
                copy.set(j, t);
            }
            List<Integer> chosen = new ArrayList<>(copy.subList(0, count));
            chosen.sort(null);
            return chosen;
        }

        /**
         * Validates that, once every failure has happened, every pair of ToRs with hosts still has a
         * path, and returns the fault set.
         */
        public Faults build() {
            checkConnected();
            return new Faults(tree, failAt.clone(), rate.clone());
        }

        private void checkConnected() {
            boolean anyFailure = false;
            for (long t : failAt) {
                anyFailure |= t != NEVER;
            }
            if (!anyFailure) {
                return;
            }
            int per = tree.hostsPerTor();
            for (int a = 0; a < tree.tors(); a++) {
                int src = a * per;
                if (src >= tree.hosts()) {
                    continue;
                }
                for (int b = 0; b < tree.tors(); b++) {
                    int dst = b * per;
                    if (a == b || dst >= tree.hosts()) {
                        continue;
                    }
                    boolean ok = false;
                    for (int[] path : tree.paths(src, dst)) {
                        boolean clear = true;
                        for (int l : path) {
                            clear &= failAt[l] == NEVER;
                        }
                        if (clear) {
                            ok = true;
                            break;
                        }
                    }
                    if (!ok) {
                        throw new IllegalArgumentException((randomFailures && !namedFailures ? "fail-random" : "fail")
                                + ": the failure set leaves no path from "
                                + tree.nodeName(tree.torNode(a)) + " to " + tree.nodeName(tree.torNode(b))
                                + " (impossible failure set)");
                    }
                }
            }
        }
    }

    /** One line: the failed and degraded directed links by name (the first few), or {@code no faults}. */
    @Override
    public String toString() {
        if (isEmpty()) {
            return "no faults on " + tree;
        }
        final int shown = 4;
        List<String> parts = new ArrayList<>();
        int[] failed = failedLinks();
        if (failed.length > 0) {
            StringBuilder s = new StringBuilder().append(failed.length).append(" failed directed links (");
            for (int i = 0; i < Math.min(shown, failed.length); i++) {
                s.append(i > 0 ? ", " : "").append(tree.linkName(failed[i])).append(" from ")
                        .append(Units.formatTime(failAt[failed[i]]));
            }
            parts.add(s.append(failed.length > shown ? ", ...)" : ")").toString());
        }
        int[] degraded = degradedLinks();
        if (degraded.length > 0) {
            StringBuilder s = new StringBuilder().append(degraded.length).append(" degraded directed links (");
            for (int i = 0; i < Math.min(shown, degraded.length); i++) {
                s.append(i > 0 ? ", " : "").append(tree.linkName(degraded[i])).append(" at ")
                        .append(Units.formatRate(rate[degraded[i]]));
            }
            parts.add(s.append(degraded.length > shown ? ", ...)" : ")").toString());
        }
        return String.join(", ", parts);
    }
}
