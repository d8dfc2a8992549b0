package org.primelab.fluid;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;
import org.primelab.core.history.CongestionHistory;

/**
 * PRIME's expected split reads core's {@link CongestionHistory} in core's order: the pick reads the
 * penalties, then the send decays them (Alg. 1: {@code decay()} after the pick), and with every path
 * penalized it takes core's {@link CongestionHistory#cleanestFrom} fallback. Exact oracles on 4 paths.
 */
class ExpectedSplitTest {
    private static final int PATHS = 4;
    private static final long P_ECN = 1_000_000;
    private static final double ACK_BYTES = 4 * 4160.0;
    private static final SplitRule.Network ALL_UP = new SplitRule.Network() {
        @Override
        public boolean alive(int path) {
            return true;
        }

        @Override
        public double backlog(int link) {
            return 0;
        }
    };

    private static ExpectedSplit prime(CongestionHistory history) {
        return new ExpectedSplit(PATHS, ALL_UP, history, ACK_BYTES, 4160.0);
    }

    /** One wholly marked coalesced ACK on {@code path}: one ECN signal. */
    private static void mark(ExpectedSplit split, int path) {
        split.onReturn(path, ACK_BYTES, 1.0, 0.0, 0);
    }

    @Test
    void aPenaltyIsReadBeforeTheSendDecaysIt() {
        ExpectedSplit split = prime(new CongestionHistory(PATHS, CongestionHistory.Config.timeBased(P_ECN, 2 * P_ECN)));
        mark(split, 1);
        double[] w = new double[PATHS];
        // long after the penalty would have run out, the first send still reads it (the clock moves after the read)
        split.weights(10 * P_ECN, w);
        assertArrayEquals(new double[] {1.0 / 3, 0, 1.0 / 3, 1.0 / 3}, w, 1e-15);
        split.weights(10 * P_ECN, w);
        assertArrayEquals(new double[] {0.25, 0.25, 0.25, 0.25}, w, 1e-15);
    }

    @Test
    void withEveryPathPenalizedTheSmallestPenaltyCarriesAll() {
        CongestionHistory history = new CongestionHistory(PATHS, CongestionHistory.Config.timeBased(P_ECN, 2 * P_ECN));
        ExpectedSplit split = prime(history);
        double[] w = new double[PATHS];
        for (int p : new int[] {2, 0, 3}) {
            mark(split, p);
            split.weights(P_ECN / 10 * (p + 1), w);   // the clock moves on: later penalties end later
        }
        split.onReturn(1, ACK_BYTES, 0.0, 4160.0 / ACK_BYTES, 0);   // a NACK: the largest penalty
        split.weights(P_ECN / 2, w);
        double[] expected = new double[PATHS];
        expected[history.cleanestFrom(0)] = 1.0;
        assertArrayEquals(expected, w, 0.0);
        assertArrayEquals(new double[] {0, 0, 1, 0}, w, 0.0, "path 2 was penalized first: its penalty ends first");
    }
}
