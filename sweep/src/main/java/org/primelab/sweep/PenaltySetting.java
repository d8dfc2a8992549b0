package org.primelab.sweep;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.primelab.core.entropy.PenaltyRtts;
import org.primelab.core.history.CongestionHistory;

/**
 * PRIME's congestion-history penalties for a sensitivity point, in base RTTs whatever the decay: the
 * time-based history gets {@code P = rtts x base RTT} picoseconds, the count-based one
 * {@code P = rtts x BDP packets} sends (the sends of one round trip at line rate), so both kinds are
 * compared at the same nominal memory. The defaults ({@code EntropyConfig.ECN_PENALTY_RTTS = 1},
 * {@code NACK_PENALTY_RTTS = 4}, time-based) never change; a setting only overrides them for one point.
 *
 * @param decay    time- or count-based decay
 * @param ecnRtts  {@code P_ECN} in base RTTs ({@link PenaltyRtts}'s range)
 * @param nackRtts {@code P_NACK} in base RTTs, > {@code ecnRtts} (the paper's {@code P_NACK >> P_ECN})
 */
public record PenaltySetting(CongestionHistory.Decay decay, double ecnRtts, double nackRtts) implements Serializable {
    private static final long serialVersionUID = 1L;
    /** Configuration column of the decay kind. */
    public static final String DECAY = "opt_decay";
    /** Configuration column of {@code P_ECN} in RTTs. */
    public static final String P_ECN = "opt_p_ecn_rtts";
    /** Configuration column of {@code P_NACK} in RTTs. */
    public static final String P_NACK = "opt_p_nack_rtts";

    /** Validates through core's {@link PenaltyRtts} (messages name {@code p-ecn}, {@code p-nack}, {@code decay}). */
    public PenaltySetting {
        new PenaltyRtts(decay, ecnRtts, nackRtts);
    }

    /** The setting as core's penalties in base RTTs ({@link PenaltyRtts}, which resolves them on a fabric). */
    public PenaltyRtts penalties() {
        return new PenaltyRtts(decay, ecnRtts, nackRtts);
    }

    /** The configuration columns of a point with this setting. */
    public Map<String, Object> columns() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(DECAY, decay.name().toLowerCase(Locale.ROOT));
        m.put(P_ECN, ecnRtts);
        m.put(P_NACK, nackRtts);
        return m;
    }

    /** The setting in a point's configuration, or null if the point has none. */
    public static PenaltySetting of(Map<String, Object> config) {
        if (!config.containsKey(DECAY)) {
            return null;
        }
        return new PenaltySetting(CongestionHistory.Decay.valueOf(String.valueOf(config.get(DECAY)).toUpperCase(Locale.ROOT)),
                ((Number) config.get(P_ECN)).doubleValue(), ((Number) config.get(P_NACK)).doubleValue());
    }

    /** A point of {@code sim} with this setting: the same options, the setting in its key and columns. */
    public Point apply(Point p) {
        Map<String, Object> config = new LinkedHashMap<>(p.config());
        config.putAll(columns());
        String key = p.key() + String.format(Locale.ROOT, " decay=%s p-ecn-rtts=%s p-nack-rtts=%s", config.get(DECAY), ecnRtts, nackRtts);
        return new Point(p.simulator(), p.args(), key, config);
    }
}
