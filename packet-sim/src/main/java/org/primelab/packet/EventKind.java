package org.primelab.packet;

/**
 * The kinds of event the packet simulator schedules on its {@link org.primelab.packet.engine.EventQueue}
 * (each event carries a kind and two ints, {@code a} and {@code b}).
 */
final class EventKind {
    /** A packet arrives at a node: {@code a} the node, {@code b} the packet. */
    static final int ARRIVE = 0;
    /** A port finished a transmission while more waits behind it: {@code a} the link. */
    static final int TX_DONE = 1;
    /** A flow starts: {@code a} the flow. */
    static final int FLOW_START = 2;
    /** A flow's retransmission timer is due: {@code a} the flow. */
    static final int RTO_CHECK = 3;
    /** A link fails (its wire is cut): {@code a} the link. */
    static final int LINK_FAIL = 4;
    /** Routing learns of a failed link: {@code a} the link. */
    static final int FAILURE_DETECTED = 5;

    private EventKind() {
    }
}
