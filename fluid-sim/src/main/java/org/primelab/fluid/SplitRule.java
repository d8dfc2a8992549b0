package org.primelab.fluid;

/**
 * How one flow divides its fluid over its paths: the fluid image of a load balancer (docs/design.md, "The
 * fluid simulator": load balancers become split rules). One instance per flow, of one of two kinds:
 * {@link PacketSplit} picks one path per packet-sized quantum ({@link SplitMode#PACKET}, and ECMP's one
 * hashed path in either mode); {@link ExpectedSplit} gives the fractions of a step's bytes per path
 * ({@link SplitMode#EXPECTED}). What the network said about a quantum or chunk comes back one RTT after
 * it was sent ({@link #onReturn}), with the probability that it was ECN-marked and the fraction that was
 * trimmed.
 */
public sealed interface SplitRule permits PacketSplit, ExpectedSplit {
    /**
     * {@code bytes} sent with feedback tag {@code tag} came back at {@code nowPs}: each packet of them was
     * ECN-marked with probability {@code markProb}, and a fraction {@code trimmed} was trimmed (NACKed).
     */
    void onReturn(int tag, double bytes, double markProb, double trimmed, long nowPs);

    /** Which paths are usable now (links not failed) and how busy their first switch ports are. */
    interface Network {
        /** True if every link of forward path {@code path} of the flow is up. */
        boolean alive(int path);

        /** Bytes queued or arriving this step at directed link {@code link}. */
        double backlog(int link);
    }
}
