package org.primelab.packet.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.primelab.core.cc.NsccParameters;
import org.primelab.core.random.Seeds;
import org.primelab.core.units.Units;

/**
 * Two NSCC senders sharing one bottleneck, in a tiny closed loop: the bottleneck of rate {@code C}
 * and base RTT {@code R0} holds the bytes the windows put beyond its BDP, {@code q = (W1 + W2 - C·R0)+}
 * (window-limited senders: what is in flight is the window); every ACK sees the queueing delay
 * {@code q/C} and is ECN-marked with the RED probability of {@code q} (0 below 0.25 BDP, 1 above 0.75
 * BDP, linear between, as the fabric marks); each sender is ACK-clocked, one ACK of {@code B} bytes
 * every {@code B·(R0 + q/C)/W_i}. No trimming (the queue is unbounded), so the test isolates the
 * increase and decrease rules.
 */
class NsccFairnessTest {
    private static final long US = Units.PS_PER_US;
    private static final long RATE = 100 * Units.GBPS;
    private static final long R0 = 12 * US;
    private static final NsccParameters P = new NsccParameters(R0, RATE, 4160, 64, 9 * US, 3);
    private static final double BDP = 150_000;
    private static final long ACK_BYTES = 4L * 4160;

    /** Time-averaged windows of the two senders over the last quarter of {@code rtts} RTTs. */
    static double[] run(long w1, long w2, int rtts, long seed) {
        Nscc[] cc = {new Nscc(P, R0, RATE, w1), new Nscc(P, R0, RATE, w2)};
        double[] next = {1, 2};
        double[] area = new double[2];
        double end = (double) rtts * R0;
        double measureFrom = 0.75 * end;
        double now = 0;
        SplittableRandom marks = new SplittableRandom(Seeds.derive(seed, Seeds.FLOW_ENTROPY, 0));
        while (now < end) {
            int i = next[0] <= next[1] ? 0 : 1;
            double t = next[i];
            if (t > measureFrom) {
                double from = Math.max(now, measureFrom);
                area[0] += cc[0].window() * (t - from);
                area[1] += cc[1].window() * (t - from);
            }
            now = t;
            double q = Math.max(0, cc[0].window() + cc[1].window() - BDP);
            double p = Math.min(1, Math.max(0, (q - 0.25 * BDP) / (0.5 * BDP)));
            long rtt = R0 + Math.round(q / (RATE / 8e12));
            boolean marked = marks.nextDouble() < p;
            cc[i].onAckSample(ACK_BYTES, marked, rtt, cc[i].windowBytes(), Math.round(now));
            next[i] = now + ACK_BYTES * (double) rtt / cc[i].window();
        }
        double span = end - measureFrom;
        return new double[] {area[0] / span, area[1] / span};
    }

    @Test
    void twoSendersStartingFourteenToOneConvergeTowardsEqualWindows() {
        double[] w = run(140_000, 10_000, 3_000, 1);
        double ratio = Math.min(w[0], w[1]) / Math.max(w[0], w[1]);
        assertTrue(ratio > 0.8, "windows " + w[0] + " / " + w[1] + ": ratio " + ratio);
        // and they fill the pipe without either starving
        assertTrue(w[0] + w[1] > BDP, "total " + (w[0] + w[1]));
    }

    @Test
    void theOrderOfTheSendersDoesNotMatter() {
        double[] a = run(140_000, 10_000, 3_000, 1);
        double[] b = run(10_000, 140_000, 3_000, 1);
        assertEquals(a[0] + a[1], b[0] + b[1], 0.1 * (a[0] + a[1]));
    }

    @Test
    void deterministic() {
        double[] a = run(140_000, 10_000, 500, 7);
        double[] b = run(140_000, 10_000, 500, 7);
        assertEquals(a[0], b[0], 0.0);
        assertEquals(a[1], b[1], 0.0);
    }
}
