package org.primelab.fluid;

import org.primelab.core.history.CongestionHistory;

/**
 * {@link SplitMode#EXPECTED} splits of the spraying schemes: the fraction of a step's bytes on each path.
 * Chunks are fed back with their path index as the tag and return on the reverse of their path.
 *
 * <ul>
 *   <li>CO-PRIME, RPS, REPS: uniform over the live paths. Alg. 2's round robin, random spraying and REPS's
 *       recycled EVs are all uniform in expectation (REPS's recycling has no closed-form bias; its real
 *       behaviour is in {@link SplitMode#PACKET} mode).</li>
 *   <li>PRIME: what Alg. 1's pick gives in expectation, read from core's {@link CongestionHistory} exactly
 *       as core's PRIME generator reads it: uniform over the live paths whose penalty is clear; if none is,
 *       {@link CongestionHistory#cleanestFrom the path with the smallest penalty} (a failed one replaced
 *       by the first live path after it, as the fluid's forwarding withdraws failed paths). Core's generator
 *       starts that scan at its odometer's current path; an expectation has no current path, so the scan
 *       starts at path 0 (ties between equally penalized paths go to the lowest index, a modelling choice
 *       of this split mode only: {@link SplitMode#PACKET} runs core's generator itself); then, after
 *       the read, the once-per-send {@link CongestionHistory#decay decay}. Penalties are driven by the
 *       marking rate: a path's expected marked ACKs accumulate ({@code bytes / (ackEvery·MTU)} ACKs, each
 *       marked with the path's marking probability one RTT earlier) and every whole one is an ECN signal;
 *       trimmed bytes accumulate into NACKs, one per MTU.</li>
 * </ul>
 */
public final class ExpectedSplit implements SplitRule {
    private final int paths;
    private final Network network;
    private final CongestionHistory history;
    private final double bytesPerAck;
    private final double mtu;
    private final double[] ecnDue;
    private final double[] nackDue;

    /**
     * @param paths number of paths of the flow
     * @param network path liveness
     * @param history PRIME's history, or null for a uniform split
     * @param bytesPerAck data bytes per coalesced ACK
     * @param mtu MTU bytes
     */
    public ExpectedSplit(int paths, Network network, CongestionHistory history, double bytesPerAck, double mtu) {
        this.paths = paths;
        this.network = network;
        this.history = history;
        this.bytesPerAck = bytesPerAck;
        this.mtu = mtu;
        this.ecnDue = history == null ? null : new double[paths];
        this.nackDue = history == null ? null : new double[paths];
    }

    /** Number of paths, the length of the fractions {@link #weights} fills. */
    public int paths() {
        return paths;
    }

    /** Fills {@code w[0..paths())} with the fraction of the bytes sent at {@code nowPs} each path carries (sum 1). */
    public void weights(long nowPs, double[] w) {
        int use = 0;
        for (int p = 0; p < paths; p++) {
            boolean clean = network.alive(p) && (history == null || history.isClean(p));
            w[p] = clean ? 1.0 : 0.0;
            use += clean ? 1 : 0;
        }
        if (use > 0) {
            double share = 1.0 / use;
            for (int p = 0; p < paths; p++) {
                w[p] *= share;
            }
        } else {
            // without a history only a fabric with no live path gets here, which Faults refuses
            w[firstLiveFrom(history == null ? 0 : history.cleanestFrom(0))] = 1.0;
        }
        if (history != null) {
            history.decay(nowPs);
        }
    }

    /** The first live path from {@code path} on (wrapping). */
    private int firstLiveFrom(int path) {
        for (int i = 0; i < paths; i++) {
            int p = path + i < paths ? path + i : path + i - paths;
            if (network.alive(p)) {
                return p;
            }
        }
        throw new IllegalStateException("no live path");
    }

    @Override
    public void onReturn(int tag, double bytes, double markProb, double trimmed, long nowPs) {
        if (history == null) {
            return;
        }
        nackDue[tag] += bytes * trimmed / mtu;
        while (nackDue[tag] >= 1.0) {
            nackDue[tag] -= 1.0;
            history.onNack(tag);
        }
        ecnDue[tag] += bytes * (1 - trimmed) / bytesPerAck * markProb;
        while (ecnDue[tag] >= 1.0) {
            ecnDue[tag] -= 1.0;
            history.onEcn(tag);
        }
    }
}
