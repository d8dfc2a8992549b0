package org.primelab.core.entropy;

import java.util.SplittableRandom;

/**
 * Oblivious random packet spraying (RPS): a fresh uniformly random EV from an EV space of size
 * {@code E} for every packet; switches map it with {@code hash(flow, EV, salt) mod uplinks}, so the
 * spreading is balls-into-bins at every hop (docs/design.md, "Competitors").
 */
public final class RandomSprayGenerator implements EntropyGenerator {
    private final SplittableRandom random;
    private final int evSpace;

    /** Sprays over EVs {@code [0, evSpace)}. */
    public RandomSprayGenerator(int evSpace, SplittableRandom random) {
        if (evSpace < 1) {
            throw new IllegalArgumentException("ev-space: must be >= 1, got " + evSpace);
        }
        this.evSpace = evSpace;
        this.random = random;
    }

    @Override
    public int next(long nowPs) {
        return random.nextInt(evSpace);
    }
}
