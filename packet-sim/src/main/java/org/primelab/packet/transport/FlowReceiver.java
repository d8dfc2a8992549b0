package org.primelab.packet.transport;

/**
 * The receiving end of one flow (docs/design.md, "ACK coalescing" and "reliability"): accepts packets in
 * any order, counts each sequence number once, and decides when to acknowledge. One ACK covers the
 * data packets received since the previous ACK and is due after every {@code ackEvery} of them, at
 * once on an ECN-marked packet if {@code ackOnMark}, at once on a packet whose sender requested it
 * (the AR flag, {@link FlowSender}), and when the flow completes. The ACK echoes the EV
 * and ECN mark of the packet that triggered it only, and carries the cumulative point
 * ({@link #cumulativeAck()}: every packet below it has arrived), so an ACK that is lost on its way is made good
 * by the next one that arrives, as TCP's cumulative ACK and the UET/htsim ACK's cumulative sequence number do.
 */
public final class FlowReceiver {
    private final int packets;
    private final int ackEvery;
    private final boolean ackOnMark;
    private final long[] received;
    private final int[] pending;
    private int pendingCount;
    private int unique;
    /** The lowest sequence number not yet received: every packet below it has arrived. */
    private int cumulative;
    private long duplicates;
    private long uniquePayloadBytes;
    private long completionPs = -1;

    /** A receiver for {@code packets} packets. */
    public FlowReceiver(int packets, int ackEvery, boolean ackOnMark) {
        this.packets = packets;
        this.ackEvery = ackEvery;
        this.ackOnMark = ackOnMark;
        this.received = new long[(packets + 63) >>> 6];
        this.pending = new int[ackEvery];
    }

    /**
     * A data packet arrived ({@code ackRequested}: it carries the AR flag). Returns true if an ACK is due
     * now; the ACK then covers {@link #pending()}[0..{@link #pendingCount()}), which the caller copies
     * before {@link #clearPending()}.
     */
    public boolean onData(int seq, int payloadBytes, boolean marked, boolean ackRequested, long nowPs) {
        long bit = 1L << (seq & 63);
        int word = seq >>> 6;
        if ((received[word] & bit) == 0) {
            received[word] |= bit;
            unique++;
            uniquePayloadBytes += payloadBytes;
            if (unique == packets) {
                completionPs = nowPs;
            }
            while (cumulative < packets && (received[cumulative >>> 6] & (1L << (cumulative & 63))) != 0) {
                cumulative++;
            }
        } else {
            duplicates++;
        }
        pending[pendingCount++] = seq;
        return pendingCount == ackEvery || unique == packets || (ackOnMark && marked) || ackRequested;
    }

    /** Sequence numbers received since the last ACK. */
    public int[] pending() {
        return pending;
    }

    /** How many of {@link #pending()} are valid. */
    public int pendingCount() {
        return pendingCount;
    }

    /** Forgets the pending list once an ACK was built from it. */
    public void clearPending() {
        pendingCount = 0;
    }

    /** The cumulative point an ACK sent now carries: every sequence number below it has arrived. */
    public int cumulativeAck() {
        return cumulative;
    }

    /** True once every packet arrived. */
    public boolean complete() {
        return unique == packets;
    }

    /** When the last new packet arrived, or -1. */
    public long completionPs() {
        return completionPs;
    }

    /** Distinct packets received. */
    public int uniquePackets() {
        return unique;
    }

    /** Payload bytes of distinct packets received. */
    public long uniquePayloadBytes() {
        return uniquePayloadBytes;
    }

    /** Packets received more than once. */
    public long duplicates() {
        return duplicates;
    }
}
