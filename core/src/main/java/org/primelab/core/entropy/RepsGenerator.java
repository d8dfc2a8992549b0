package org.primelab.core.entropy;

import java.util.SplittableRandom;

/**
 * REPS, recycled entropy packet spraying (Bonato et al., arXiv 2407.21625; UEC htsim's
 * {@code buffer_reps.cpp}), as summarised in docs/references.md:
 *
 * <ul>
 *   <li>A circular buffer of {@link #BUFFER_SIZE} entries {EV, valid}; {@code head} is the next slot
 *       written and therefore the oldest entry.</li>
 *   <li>Unmarked ACK: its EV is written at {@code head} (overwriting the oldest) and marked valid;
 *       {@code head} advances. ECN-marked ACK: its EV is dropped.</li>
 *   <li>Send: while exploring, a random EV; else the oldest valid entry, which becomes invalid; else a
 *       random EV. The first window finds the buffer empty and so sprays randomly.</li>
 *   <li>Freezing: a retransmission timeout enters freezing mode until {@code now + exitAfter}. While
 *       frozen, sends cycle through the buffer's entries whether valid or not (no exploration; entries
 *       never written are skipped, and with none written a random EV is used). ACKs keep recycling.
 *       On leaving, the buffer is cleared and the next {@code explore} sends use random EVs.</li>
 * </ul>
 * NACKs are ignored (htsim recycles on a NACK for a packet trimmed at the last hop; a host cannot tell
 * where a packet was trimmed, so this model does not).
 */
public final class RepsGenerator implements EntropyGenerator {
    /** Entries in the recycling buffer (REPS paper; htsim {@code repsBufferSize = 8}). */
    public static final int BUFFER_SIZE = 8;

    private final int evSpace;
    private final SplittableRandom random;
    private final long exitAfterPs;
    private final int exploreCount;

    private final int[] evs = new int[BUFFER_SIZE];
    private final boolean[] valid = new boolean[BUFFER_SIZE];
    private final boolean[] written = new boolean[BUFFER_SIZE];
    private int head;
    private int numValid;
    private boolean frozen;
    private long exitAtPs;
    private int frozenCursor;
    private int exploreLeft;

    /**
     * @param evSpace EVs are drawn from {@code [0, evSpace)}
     * @param exitAfterPs how long freezing lasts after a timeout (htsim: 10 ms)
     * @param exploreCount random EVs after leaving freezing (BDP / MTU packets)
     * @param random the flow's random stream
     */
    public RepsGenerator(int evSpace, long exitAfterPs, int exploreCount, SplittableRandom random) {
        if (evSpace < 1) {
            throw new IllegalArgumentException("ev-space: must be >= 1, got " + evSpace);
        }
        if (exitAfterPs <= 0) {
            throw new IllegalArgumentException("reps-exit-freeze: must be > 0 ps, got " + exitAfterPs);
        }
        if (exploreCount < 0) {
            throw new IllegalArgumentException("reps-explore: must be >= 0, got " + exploreCount);
        }
        this.evSpace = evSpace;
        this.exitAfterPs = exitAfterPs;
        this.exploreCount = exploreCount;
        this.random = random;
    }

    @Override
    public int next(long nowPs) {
        if (frozen && nowPs >= exitAtPs) {
            leaveFreezing();
        }
        if (exploreLeft > 0) {
            exploreLeft--;
            return random.nextInt(evSpace);
        }
        if (frozen) {
            for (int i = 0; i < BUFFER_SIZE; i++) {
                int slot = frozenCursor;
                frozenCursor = (frozenCursor + 1) % BUFFER_SIZE;
                if (written[slot]) {
                    if (valid[slot]) {
                        valid[slot] = false;
                        numValid--;
                    }
                    return evs[slot];
                }
            }
            return random.nextInt(evSpace);
        }
        if (numValid > 0) {
            for (int i = 0; i < BUFFER_SIZE; i++) {
                int slot = (head + i) % BUFFER_SIZE;
                if (valid[slot]) {
                    valid[slot] = false;
                    numValid--;
                    return evs[slot];
                }
            }
        }
        return random.nextInt(evSpace);
    }

    @Override
    public void onAck(int ev, boolean ecnMarked, long nowPs) {
        if (ecnMarked) {
            return;
        }
        evs[head] = ev;
        written[head] = true;
        if (!valid[head]) {
            valid[head] = true;
            numValid++;
        }
        head = (head + 1) % BUFFER_SIZE;
    }

    @Override
    public void onTimeout(long nowPs) {
        if (!frozen) {
            frozen = true;
            frozenCursor = head;
        }
        exitAtPs = nowPs + exitAfterPs;
    }

    private void leaveFreezing() {
        frozen = false;
        for (int i = 0; i < BUFFER_SIZE; i++) {
            valid[i] = false;
            written[i] = false;
        }
        numValid = 0;
        exploreLeft = exploreCount;
    }

    /** True while in freezing mode (as of the last call). */
    public boolean isFrozen() {
        return frozen;
    }

    /** Valid entries in the buffer. */
    public int validEntries() {
        return numValid;
    }
}
