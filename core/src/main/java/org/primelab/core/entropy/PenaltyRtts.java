package org.primelab.core.entropy;

import java.util.Locale;
import org.primelab.core.history.CongestionHistory;

/**
 * PRIME's congestion-history penalties stated in base RTTs, whatever the decay, so that one setting means
 * the same on every fabric: a time-based history gets {@code P = rtts x base RTT} picoseconds, a
 * count-based one {@code P = rtts x BDP} sends (the sends of one round trip at line rate). The paper
 * leaves both lengths open (§"Design Elements", "Congestion history and path penalization": the decay
 * "is calculated based on the drainage rate of the switch, which is close to the {@code P_ECN}", and
 * {@code P_NACK >> P_ECN}); {@link #DEFAULT} is this project's reading, {@code P_ECN} = 1 base RTT (a
 * 1-BDP queue drains in one RTT) and {@code P_NACK} = 4 base RTTs ("an extended period").
 *
 * <p><b>What a length means for the spraying.</b> PRIME's round robin visits a given path once per
 * {@code paths x packet time}. A penalty therefore skips about {@code P / (paths x packet time)} visits of
 * the path it names: at 400G with a 1-RTT penalty that is about 8 visits on a 2-tier tree of 8 uplinks and
 * about 1 on one of 64 (docs/design.md, "Penalty lengths and the number of paths").
 *
 * @param decay    time- or count-based decay
 * @param ecnRtts  {@code P_ECN} in base RTTs, in (0, {@link #MAX_RTTS}]
 * @param nackRtts {@code P_NACK} in base RTTs, above {@code ecnRtts} and at most {@link #MAX_RTTS}
 */
public record PenaltyRtts(CongestionHistory.Decay decay, double ecnRtts, double nackRtts) {

    /** The defaults: time-based, {@link EntropyConfig#ECN_PENALTY_RTTS}, {@link EntropyConfig#NACK_PENALTY_RTTS}. */
    public static final PenaltyRtts DEFAULT = new PenaltyRtts(CongestionHistory.Decay.TIME,
            EntropyConfig.ECN_PENALTY_RTTS, EntropyConfig.NACK_PENALTY_RTTS);

    /**
     * Longest penalty accepted, in base RTTs: 10^6, i.e. seconds of simulated time on the paper's fabrics
     * (base RTT about 5 us at 400G), far beyond any run; {@link #config} still refuses a product with the
     * base RTT that would not fit a {@code long} of picoseconds.
     */
    public static final double MAX_RTTS = 1e6;

    /**
     * Validates; messages start with the command-line options {@code p-ecn} and {@code p-nack} (a missing decay
     * with {@code decay}: {@code --penalty-decay} is parsed, and refused, by the command line itself).
     */
    public PenaltyRtts {
        if (decay == null) {
            throw new IllegalArgumentException("decay: required; accepted: time, count");
        }
        if (!(ecnRtts > 0 && ecnRtts <= MAX_RTTS)) {
            throw new IllegalArgumentException("p-ecn: must be in (0, " + fmt(MAX_RTTS) + "] base RTTs, got " + fmt(ecnRtts));
        }
        if (!(nackRtts > ecnRtts && nackRtts <= MAX_RTTS)) {
            throw new IllegalArgumentException("p-nack: must be > p-ecn (" + fmt(ecnRtts) + " RTTs) and at most "
                    + fmt(MAX_RTTS) + " base RTTs (the paper's P_NACK >> P_ECN), got " + fmt(nackRtts));
        }
    }

    /**
     * The history configuration on a fabric with this base RTT and BDP: picoseconds for time-based decay,
     * sends for count-based (at least 1 for {@code P_ECN}, and {@code P_NACK} at least one more).
     *
     * @param baseRttPs  the fabric's unloaded round-trip time, > 0
     * @param bdpPackets the fabric's bandwidth-delay product in packets, > 0
     * @throws IllegalArgumentException if the penalties do not fit a {@code long}
     */
    public CongestionHistory.Config config(long baseRttPs, int bdpPackets) {
        if (baseRttPs <= 0 || bdpPackets <= 0) {
            throw new IllegalArgumentException("penalties: need a base RTT and BDP > 0, got " + baseRttPs + " ps, "
                    + bdpPackets + " packets");
        }
        if (decay == CongestionHistory.Decay.TIME) {
            long ecn = units("p-ecn", ecnRtts, baseRttPs);
            long nack = units("p-nack", nackRtts, baseRttPs);
            // the history counts whole picoseconds: say so in the user's units, not the history's "got 0" in ps
            if (ecn <= 0) {
                throw new IllegalArgumentException("p-ecn: " + fmt(ecnRtts) + " base RTTs rounds to 0 ps on this fabric"
                        + " (base RTT " + baseRttPs + " ps); accepted: at least " + fmt(0.5 / baseRttPs) + " base RTTs");
            }
            if (nack <= ecn) {
                throw new IllegalArgumentException("p-nack: " + fmt(nackRtts) + " and p-ecn's " + fmt(ecnRtts)
                        + " base RTTs round to the same " + ecn + " ps on this fabric (base RTT " + baseRttPs
                        + " ps); p-nack must be longer by at least a picosecond");
            }
            return CongestionHistory.Config.timeBased(ecn, nack);
        }
        long ecn = Math.max(1, units("p-ecn", ecnRtts, bdpPackets));
        return CongestionHistory.Config.countBased(ecn, Math.max(ecn + 1, units("p-nack", nackRtts, bdpPackets)));
    }

    /** Whether this is {@link #DEFAULT}. */
    public boolean isDefault() {
        return equals(DEFAULT);
    }

    /** {@code rtts x unit}, rounded, refused if it would not fit comfortably in a {@code long}. */
    private static long units(String option, double rtts, long unit) {
        double v = rtts * unit;
        if (!(v < 0x1p62)) {
            throw new IllegalArgumentException(option + ": " + fmt(rtts) + " base RTTs is too long on this fabric");
        }
        return Math.round(v);
    }

    private static String fmt(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%s", v);
    }

    /** E.g. {@code "P_ECN 1 RTT, P_NACK 4 RTT, time decay"}. */
    @Override
    public String toString() {
        return "P_ECN " + fmt(ecnRtts) + " RTT, P_NACK " + fmt(nackRtts) + " RTT, "
                + decay.name().toLowerCase(Locale.ROOT) + " decay";
    }
}
