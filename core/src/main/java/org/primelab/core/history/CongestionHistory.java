package org.primelab.core.history;

import org.primelab.core.option.CliNamed;

import java.util.Arrays;

/**
 * PRIME's congestion history (paper Alg. 1 and §"Design Elements", "Congestion history and path
 * penalization"): one penalty per path, indexed by the dense path index of the full multi-part EV.
 *
 * <ul>
 *   <li>ECN-marked ACK: the path's penalty becomes {@code P_ECN} only if it is 0 (no multi-penalization,
 *       Alg. 1 "if ECN and CongestionHistory[EV] == 0").</li>
 *   <li>NACK (trimmed packet): the penalty becomes {@code P_NACK}, with {@code P_NACK >> P_ECN}.</li>
 *   <li>{@link #decay(long)}, called once per send after the pick, lowers every penalty by the decay
 *       amount since the previous send, floored at 0: by the elapsed picoseconds (time-based, the
 *       default) or by 1 (count-based).</li>
 * </ul>
 *
 * <p><b>Which state the pick reads.</b> Penalties are read as they stand after the previous send's
 * decay plus any signals since; decay never runs while the sender scans for a clean path, so the scan
 * sees one consistent state. This is the state the TLA+ spec's {@code Send} action reads.
 *
 * <p><b>Cost.</b> Decay is O(1): the class stores, per path, the decay-clock reading at which the
 * penalty reaches 0 ({@code expiry}); the penalty is {@code max(0, expiry - clock)} and decay only moves
 * the clock. This is exactly equal to subtracting the decay from every penalty with a floor at 0
 * (a test compares it with that eager form).
 */
public final class CongestionHistory {

    /** How penalties decay. */
    public enum Decay implements CliNamed {
        /** By the time elapsed since the previous send (penalties are picoseconds). */
        TIME,
        /** By 1 per send (penalties are packet counts). */
        COUNT;

        /** The name on the command line ({@code --penalty-decay}): {@code time} or {@code count}. */
        @Override
        public String cliName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * Penalty parameters.
     *
     * @param decay time- or count-based decay
     * @param ecnPenalty {@code P_ECN}, in picoseconds (TIME) or sends (COUNT); must be > 0
     * @param nackPenalty {@code P_NACK}, same unit; must exceed {@code ecnPenalty}
     */
    public record Config(Decay decay, long ecnPenalty, long nackPenalty) {
        /** Validates the paper's constraint {@code 0 < P_ECN < P_NACK}. */
        public Config {
            if (decay == null) {
                throw new IllegalArgumentException("decay: must be TIME or COUNT");
            }
            if (ecnPenalty <= 0) {
                throw new IllegalArgumentException("p-ecn: must be > 0, got " + ecnPenalty);
            }
            if (nackPenalty <= ecnPenalty) {
                throw new IllegalArgumentException("p-nack: must be > p-ecn (" + ecnPenalty + "), got " + nackPenalty);
            }
        }

        /** Time-based penalties in picoseconds. */
        public static Config timeBased(long ecnPenaltyPs, long nackPenaltyPs) {
            return new Config(Decay.TIME, ecnPenaltyPs, nackPenaltyPs);
        }

        /** Count-based penalties in sends. */
        public static Config countBased(long ecnPenaltySends, long nackPenaltySends) {
            return new Config(Decay.COUNT, ecnPenaltySends, nackPenaltySends);
        }
    }

    private final Config config;
    private final long[] expiry;
    private long clock;

    /** An all-clear history over {@code paths} paths. */
    public CongestionHistory(int paths, Config config) {
        if (paths < 1) {
            throw new IllegalArgumentException("paths: must be >= 1, got " + paths);
        }
        this.config = config;
        this.expiry = new long[paths];
    }

    /** Number of paths tracked. */
    public int paths() {
        return expiry.length;
    }

    /** The configuration. */
    public Config config() {
        return config;
    }

    /** Current penalty of {@code path}: 0 means clean. */
    public long penalty(int path) {
        long p = expiry[path] - clock;
        return p > 0 ? p : 0;
    }

    /** True if {@code path} carries no penalty. */
    public boolean isClean(int path) {
        return expiry[path] <= clock;
    }

    /** An ECN-marked ACK for {@code path}: penalize with {@code P_ECN} if and only if it is clean. */
    public void onEcn(int path) {
        if (expiry[path] <= clock) {
            expiry[path] = clock + config.ecnPenalty();
        }
    }

    /** A NACK for {@code path}: set its penalty to {@code P_NACK}. */
    public void onNack(int path) {
        expiry[path] = clock + config.nackPenalty();
    }

    /**
     * The per-send decay: time-based lowers every penalty by {@code nowPs - previous send} (a clock that
     * would run backwards is ignored), count-based by 1.
     */
    public void decay(long nowPs) {
        if (config.decay() == Decay.COUNT) {
            clock++;
        } else if (nowPs > clock) {
            clock = nowPs;
        }
    }

    /** True if at least one path is clean (a scan, for the pick rule's fallback). */
    public boolean anyClean() {
        for (long e : expiry) {
            if (e <= clock) {
                return true;
            }
        }
        return false;
    }

    /**
     * The fallback of the pick rule: the first clean path scanning from {@code start} (wrapping), or, if
     * every path is penalized, the path with the smallest penalty (ties: the first met from
     * {@code start}).
     */
    public int cleanestFrom(int start) {
        int n = expiry.length;
        int best = start;
        long bestExpiry = Long.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            int p = start + i;
            if (p >= n) {
                p -= n;
            }
            long e = expiry[p];
            if (e <= clock) {
                return p;
            }
            if (e < bestExpiry) {
                bestExpiry = e;
                best = p;
            }
        }
        return best;
    }

    /** A copy of every path's current penalty, for inspection and tests. */
    public long[] penalties() {
        long[] out = new long[expiry.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = penalty(i);
        }
        return out;
    }

    @Override
    public String toString() {
        return "CongestionHistory" + Arrays.toString(penalties());
    }
}
