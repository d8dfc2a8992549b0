package org.primelab.core.entropy;

import org.primelab.core.history.CongestionHistory;

/**
 * Parameters of the host-side schemes.
 *
 * @param evSpace size of the opaque EV space of the hash schemes (docs/design.md: default 2^16)
 * @param variant which Alg. 2 variant PRIME and CO-PRIME use
 * @param history PRIME's penalties ({@code P_ECN}, {@code P_NACK}, decay)
 * @param repsExitFreezePs how long REPS stays frozen after a timeout
 * @param repsExplore random EVs REPS sends after leaving freezing (BDP / MTU)
 * @param sprayOrder the order RPS uses its EVs in: a random one per packet (the default) or each once per
 *     cycle (htsim's oblivious spraying)
 */
public record EntropyConfig(int evSpace, PrimeVariant variant, CongestionHistory.Config history,
                            long repsExitFreezePs, int repsExplore, SprayOrder sprayOrder) {
    /** Default EV space of hash-based schemes: 2^16 (docs/design.md, "Entropy"). */
    public static final int DEFAULT_EV_SPACE = 1 << 16;
    /** REPS freezing exit timeout: 10 ms as in htsim ({@code exit_freeze_after}, docs/references.md "REPS"). */
    public static final long DEFAULT_REPS_EXIT_FREEZE_PS = 10_000_000_000L;
    /** {@code P_ECN} in base RTTs: about one queue-drain time (a queue of 1 BDP drains in one RTT). */
    public static final long ECN_PENALTY_RTTS = 1;
    /** {@code P_NACK} in base RTTs: "several base RTTs" (docs/design.md, "Congestion history"). */
    public static final long NACK_PENALTY_RTTS = 4;

    /** Validates the fields. */
    public EntropyConfig {
        if (evSpace < 1) {
            throw new IllegalArgumentException("ev-space: must be >= 1, got " + evSpace);
        }
        if (variant == null) {
            throw new IllegalArgumentException("variant: must be ODOMETER or RANDOM_PART");
        }
        if (history == null) {
            throw new IllegalArgumentException("history: penalties must be configured");
        }
        if (repsExitFreezePs <= 0) {
            throw new IllegalArgumentException("reps-exit-freeze: must be > 0 ps, got " + repsExitFreezePs);
        }
        if (repsExplore < 0) {
            throw new IllegalArgumentException("reps-explore: must be >= 0, got " + repsExplore);
        }
        if (sprayOrder == null) {
            throw new IllegalArgumentException("spray-order: must be random or cycle");
        }
    }

    /**
     * Defaults for a fabric with unloaded round-trip time {@code baseRttPs} and a bandwidth-delay product
     * of {@code bdpPackets} packets: time-based penalties {@code P_ECN = 1 RTT}, {@code P_NACK = 4 RTT},
     * odometer, EV space 2^16, REPS exit after 10 ms then BDP/MTU random EVs, RPS's EVs drawn at random.
     */
    public static EntropyConfig defaults(long baseRttPs, int bdpPackets) {
        return new EntropyConfig(DEFAULT_EV_SPACE, PrimeVariant.ODOMETER,
                PenaltyRtts.DEFAULT.config(baseRttPs, bdpPackets), DEFAULT_REPS_EXIT_FREEZE_PS, bdpPackets,
                SprayOrder.RANDOM);
    }

    /** The same configuration with another EV space. */
    public EntropyConfig withEvSpace(int space) {
        return new EntropyConfig(space, variant, history, repsExitFreezePs, repsExplore, sprayOrder);
    }

    /** The same configuration with another Alg. 2 variant. */
    public EntropyConfig withVariant(PrimeVariant v) {
        return new EntropyConfig(evSpace, v, history, repsExitFreezePs, repsExplore, sprayOrder);
    }

    /** The same configuration with other penalties. */
    public EntropyConfig withHistory(CongestionHistory.Config h) {
        return new EntropyConfig(evSpace, variant, h, repsExitFreezePs, repsExplore, sprayOrder);
    }

    /** The same configuration with RPS using its EVs in another order. */
    public EntropyConfig withSprayOrder(SprayOrder order) {
        return new EntropyConfig(evSpace, variant, history, repsExitFreezePs, repsExplore, order);
    }
}
