package org.primelab.packet.net;

import java.util.Locale;

/**
 * How an egress port shares its wire between the two data traffic classes of the mixed-traffic
 * experiment (paper §"Evaluation", mixed traffic: 1% of flows pinned to ECMP in their own class,
 * scheduled with strict priority or weighted round robin giving ECMP 50/66/80%).
 *
 * <p>Class 0 carries sprayed flows, class 1 flows pinned to ECMP. {@link Kind#SP} serves class 1 first
 * whenever it has a packet; {@link Kind#WRR} is deficit round robin (Shreedhar and Varghese,
 * SIGCOMM 1995) with quanta proportional to the weights, work conserving: an empty class yields its turn.
 *
 * @param kind strict priority or weighted round robin
 * @param ecmpWeight share of class 1 under WRR, in (0, 1); ignored under SP
 */
public record Scheduling(Kind kind, double ecmpWeight) {
    /** Scheduling disciplines. */
    public enum Kind {
        /** Strict priority, ECMP class first. */
        SP,
        /** Weighted (deficit) round robin. */
        WRR
    }

    /** Strict priority: the default (it only matters when class 1 exists). */
    public static final Scheduling STRICT_PRIORITY = new Scheduling(Kind.SP, 0.5);

    /** Validates the weight. */
    public Scheduling {
        if (kind == null) {
            throw new IllegalArgumentException("sched: accepted: sp, wrr:<ecmp weight in (0,1)>");
        }
        if (kind == Kind.WRR && !(ecmpWeight > 0 && ecmpWeight < 1)) {
            throw new IllegalArgumentException("sched: wrr weight must be in (0, 1), got " + ecmpWeight);
        }
    }

    /** Parses {@code sp} or {@code wrr:0.66}. */
    public static Scheduling parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("sp")) {
            return STRICT_PRIORITY;
        }
        if (t.startsWith("wrr:")) {
            try {
                return new Scheduling(Kind.WRR, Double.parseDouble(t.substring(4)));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("sched: cannot parse weight in '" + text + "'; accepted: sp, wrr:0.66");
            }
        }
        throw new IllegalArgumentException("sched: unknown '" + text + "'; accepted: sp, wrr:<ecmp weight in (0,1)>");
    }

    @Override
    public String toString() {
        return kind == Kind.SP ? "sp" : String.format(Locale.ROOT, "wrr:%.2f", ecmpWeight);
    }
}
