package org.primelab.tla.conformance;

import java.util.SplittableRandom;
import org.primelab.core.entropy.PrimeEntropyGenerator;
import org.primelab.core.entropy.PrimeOdometerGenerator;
import org.primelab.core.history.CongestionHistory;
import org.primelab.core.topology.EvLayout;

/**
 * Core's PRIME as a {@link Sender}: {@link PrimeEntropyGenerator} (paper Alg. 1) over
 * {@link PrimeOdometerGenerator} (Alg. 2) and {@link CongestionHistory}, exactly as the simulators use
 * them. Count-based decay when the model's decay is always 1 per send, time-based otherwise (the
 * conformance driver then advances the clock by the decay amount it chose).
 */
public final class CoreSender implements Sender {
    private final EvLayout layout;
    private final CongestionHistory history;
    private final PrimeEntropyGenerator prime;

    /** Core's sender for the model's constants, shuffles seeded with {@code seed}. */
    public CoreSender(HistoryModel.Constants c, long seed) {
        this.layout = layout(c);
        this.history = new CongestionHistory(layout.pathCount(), config(c));
        this.prime = new PrimeEntropyGenerator(new PrimeOdometerGenerator(layout, new SplittableRandom(seed)),
                history);
    }

    /** The layout of the model: one part of {@code L1} ports if {@code L2 = 1}, else two parts. */
    public static EvLayout layout(HistoryModel.Constants c) {
        return c.l2() == 1 ? EvLayout.of(c.l1()) : EvLayout.of(c.l1(), c.l2());
    }

    /** The history configuration of the model: count-based iff {@code Decay = {1}}. */
    public static CongestionHistory.Config config(HistoryModel.Constants c) {
        int[] d = c.decay();
        return d.length == 1 && d[0] == 1 ? CongestionHistory.Config.countBased(c.pEcn(), c.pNack())
                : CongestionHistory.Config.timeBased(c.pEcn(), c.pNack());
    }

    @Override
    public int send(long nowPs) {
        return layout.pathIndex(prime.next(nowPs));
    }

    @Override
    public void ack(int path, long nowPs) {
        prime.onAck(layout.evOfPath(path), false, nowPs);
    }

    @Override
    public void ecn(int path, long nowPs) {
        prime.onAck(layout.evOfPath(path), true, nowPs);
    }

    @Override
    public void nack(int path, long nowPs) {
        prime.onNack(layout.evOfPath(path), nowPs);
    }

    @Override
    public long[] penalties() {
        return history.penalties();
    }
}
