package org.primelab.core.entropy;

/**
 * The per-flow source of entropy values (EVs) of a load-balancing scheme: the host side of PRIME and
 * of its competitors (docs/design.md, "Entropy" and "Competitors").
 *
 * <p>One instance belongs to exactly one flow (one source-destination pair): state shared across a
 * host's flows breaks PRIME's balance guarantee (docs/design.md, "PRIME generator"). The sender calls
 * {@link #next(long)} once per packet it transmits (first transmissions and retransmissions alike) and
 * feeds back what the network said: ACKs with their echoed EV and ECN mark, NACKs with the EV of the
 * trimmed packet, and retransmission timeouts. All times are picoseconds.
 */
public interface EntropyGenerator {

    /** The EV for the next packet of this flow, sent at {@code nowPs}. */
    int next(long nowPs);

    /** An ACK echoing {@code ev} arrived; {@code ecnMarked} is its echoed ECN mark. */
    default void onAck(int ev, boolean ecnMarked, long nowPs) {
    }

    /** A NACK for a trimmed packet that carried {@code ev} arrived. */
    default void onNack(int ev, long nowPs) {
    }

    /** The flow's retransmission timer expired. */
    default void onTimeout(long nowPs) {
    }
}
