package org.primelab.fluid.flowlevel;

/**
 * How one flow's sending rate spreads over the directed links it loads: the flow puts
 * {@code weights[i]} of its rate on {@code links[i]} (1 on its NIC and on the last hop to its receiver, the
 * scheme's split on the links in between), and {@code lostFraction} of it into a failed link that routing
 * still uses (the black-hole phase before detection); links behind a failed link on a path carry nothing of
 * that path. A further {@code ackLostFraction} of it arrives but its acknowledgement is lost on the way back
 * (the ACK crosses a failed, not yet detected link of its own path): the receiver has those bytes, but the
 * sender keeps them in flight until its retransmission timeout sends them again.
 *
 * @param links directed link ids, each once
 * @param weights the share of the flow's rate on each link, in (0, 1]
 * @param lostFraction the share of the flow's rate sent into a failed, not yet detected link, in [0, 1]
 * @param ackLostFraction the share delivered whose ACK is lost, in [0, 1 - lostFraction]
 * @param hops links on the flow's paths (store-and-forward stages of its last byte)
 */
record LinkShares(int[] links, double[] weights, double lostFraction, double ackLostFraction, int hops) {
    /** Shares with no ACK lost. */
    LinkShares(int[] links, double[] weights, double lostFraction, int hops) {
        this(links, weights, lostFraction, 0, hops);
    }
}
