package org.primelab.analytical.queue;

/**
 * How each of the {@code n} senders of the batched queue model picks its port every step
 * (docs/references.md "Batched queue model").
 */
public enum SprayScheme {
    /** A uniformly random port per packet (RPS). */
    RANDOM,
    /**
     * Independent shuffled round robin: each sender runs its own PRIME generator (core's
     * {@code PrimeOdometerGenerator}), all starting at step 0, so their cycles are aligned.
     */
    SHUFFLED_ROUND_ROBIN,
    /** Staggered round robin: sender {@code s} uses port {@code (s + t) mod n} at step {@code t}. */
    STAGGERED_ROUND_ROBIN
}
