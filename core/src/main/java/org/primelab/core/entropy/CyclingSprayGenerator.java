package org.primelab.core.entropy;

import java.util.SplittableRandom;

/**
 * Random packet spraying that uses every EV of {@code [0, E)} once per cycle ({@link SprayOrder#CYCLE}).
 * The cycle's order is a counter {@code i = 0, 1, ..., P - 1} ({@code P} the smallest power of two
 * {@code >= E}) XORed with a mask drawn uniformly from {@code [0, P)} at the start of each cycle; values
 * {@code >= E} are skipped, so each cycle is a permutation of {@code [0, E)} (for {@code E} a power of two
 * nothing is skipped, and this is htsim's oblivious order exactly, up to the random source). O(1) state.
 */
public final class CyclingSprayGenerator implements EntropyGenerator {
    private final SplittableRandom random;
    private final int evSpace;
    private final int mask;
    private int index;
    private int xor;

    /** Cycles over EVs {@code [0, evSpace)}; the first cycle's mask is the first draw of {@code random}. */
    public CyclingSprayGenerator(int evSpace, SplittableRandom random) {
        if (evSpace < 1) {
            throw new IllegalArgumentException("ev-space: must be >= 1, got " + evSpace);
        }
        this.evSpace = evSpace;
        this.random = random;
        this.mask = Integer.highestOneBit(Math.max(1, 2 * evSpace - 1)) - 1;
        this.xor = random.nextInt(mask + 1);
    }

    @Override
    public int next(long nowPs) {
        while (true) {
            int ev = index ^ xor;
            index++;
            if (index > mask) {
                index = 0;
                xor = random.nextInt(mask + 1);
            }
            if (ev < evSpace) {
                return ev;
            }
        }
    }
}
