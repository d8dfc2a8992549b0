package org.primelab.core.entropy;

import org.primelab.core.history.CongestionHistory;
import org.primelab.core.topology.EvLayout;

/**
 * PRIME at the sending host: the paper's Alg. 1 ("PRIME operation at sender host") over the multi-part
 * generator of Alg. 2. With the history disabled it is CO-PRIME (the paper's "oblivious" PRIME).
 *
 * <p>Beside Alg. 1, line by line:
 * <ul>
 *   <li>{@code Receive(NACK)}: {@code CongestionHistory[EV] = P_NACK} — {@link #onNack}.</li>
 *   <li>{@code Receive(ACK)} with ECN and penalty 0: {@code CongestionHistory[EV] = P_ECN} —
 *       {@link #onAck}.</li>
 *   <li>{@code onSend}: {@code EV = MEV.generate()}; while the path of the EV is penalized, generate
 *       again — {@link #next}. Penalties are per full multi-part EV (one path), so "any part penalized"
 *       is "the path penalized". The loop is bounded: an odometer covers every path within
 *       {@code 2·paths - 1} consecutive values (any such window holds an aligned block), so if no clean
 *       value appeared by then there is none; the random-part variant has no such bound, so after the
 *       bounded loop the history is scanned once for a clean path.</li>
 *   <li>"If all possible paths are congested, PRIME chooses the EV with smallest penalty" —
 *       {@link CongestionHistory#cleanestFrom(int)}.</li>
 *   <li>{@code CongestionHistory.decay()} after the pick, once per send.</li>
 * </ul>
 * "First BDP: no history" needs no special case: the history starts all clear.
 */
public final class PrimeEntropyGenerator implements EntropyGenerator {
    private final MultiPartGenerator generator;
    private final CongestionHistory history;
    private final EvLayout layout;
    private final int maxTries;
    private long skipped;
    private long fallbacks;

    /**
     * PRIME with the given generator and history; {@code history == null} gives CO-PRIME (signals are
     * ignored).
     */
    public PrimeEntropyGenerator(MultiPartGenerator generator, CongestionHistory history) {
        this.generator = generator;
        this.history = history;
        this.layout = generator.layout();
        int paths = layout.pathCount();
        if (history != null && history.paths() != paths) {
            throw new IllegalArgumentException("history: tracks " + history.paths() + " paths, layout has " + paths);
        }
        this.maxTries = 2 * paths - 1;
    }

    @Override
    public int next(long nowPs) {
        int ev = generator.next();
        if (history == null) {
            return ev;
        }
        int path = layout.pathIndex(ev);
        int tries = 1;
        while (!history.isClean(path) && tries < maxTries) {
            skipped++;
            ev = generator.next();
            path = layout.pathIndex(ev);
            tries++;
        }
        if (!history.isClean(path)) {
            fallbacks++;
            ev = layout.evOfPath(history.cleanestFrom(path));
        }
        history.decay(nowPs);
        return ev;
    }

    @Override
    public void onAck(int ev, boolean ecnMarked, long nowPs) {
        if (history != null && ecnMarked) {
            history.onEcn(layout.pathIndex(ev));
        }
    }

    @Override
    public void onNack(int ev, long nowPs) {
        if (history != null) {
            history.onNack(layout.pathIndex(ev));
        }
    }

    /** The history, or null for CO-PRIME. */
    public CongestionHistory history() {
        return history;
    }

    /** Generated values skipped because their path was penalized. */
    public long skipped() {
        return skipped;
    }

    /** Sends that found no clean value in the bounded loop and took the fallback scan. */
    public long fallbacks() {
        return fallbacks;
    }
}
