package org.primelab.fluid;

import org.primelab.core.history.CongestionHistory;

/**
 * {@link SplitMode#EXPECTED} splits of the spraying schemes: the fraction of a step's bytes on each path.
 *
 * <ul>
 *   <li>CO-PRIME, RPS, REPS: uniform over the live paths. Alg. 2's round robin, random spraying and REPS's
 *       recycled EVs are all uniform in expectation (REPS's recycling has no closed-form bias; its real
 *       behaviour is in {@link SplitMode#PACKET} mode).</li>
 *   <li>PRIME: uniform over the live paths whose penalty is clear; if none is clear, the path with the
 *       smallest penalty (Alg. 1). Penalties live in core's {@link CongestionHistory} with the packet
 *       simulator's time-based {@code P_ECN}/{@code P_NACK}, decayed every step, and are driven by the
 *       marking rate: a path's expected marked ACKs accumulate ({@code bytes / (ackEvery·MTU)} ACKs, each
 *       marked with the path's marking probability one RTT earlier) and every whole one is an ECN signal;
 *       trimmed bytes accumulate into NACKs, one per MTU.</li>
 * </ul>
 */
public final class ExpectedSplit extends SplitRule {
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

    @Override
    public int pick(long nowPs) {
        throw new UnsupportedOperationException("expected splits have no per-quantum pick");
    }

    @Override
    public void weights(long nowPs, double[] w, int count) {
        if (history != null) {
            history.decay(nowPs);
        }
        int live = 0;
        for (int p = 0; p < paths; p++) {
            boolean use = network.alive(p) && (history == null || history.isClean(p));
            w[p] = use ? 1.0 : 0.0;
            live += use ? 1 : 0;
        }
        if (live == 0) {
            // every live path penalized (or, without history, impossible by Faults' connectivity check):
            // the smallest penalty among the live paths, as Alg. 1.
            int best = -1;
            long bestPenalty = Long.MAX_VALUE;
            for (int p = 0; p < paths; p++) {
                long pen = history == null ? 0 : history.penalty(p);
                if (network.alive(p) && pen < bestPenalty) {
                    best = p;
                    bestPenalty = pen;
                }
            }
            if (best < 0) {
                throw new IllegalStateException("no live path");
            }
            w[best] = 1.0;
            return;
        }
        double share = 1.0 / live;
        for (int p = 0; p < paths; p++) {
            w[p] *= share;
        }
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
