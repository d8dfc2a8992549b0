package org.primelab.packet.transport;

/**
 * A sender's congestion window, driven by acknowledgements (docs/design.md, "congestion control").
 * Bytes are wire bytes of data packets.
 */
public interface CongestionControl {

    /** Current window in bytes. */
    long windowBytes();

    /** {@code ackedBytes} newly acknowledged by one ACK whose echoed ECN mark is {@code marked}. */
    void onAck(long ackedBytes, boolean marked, long nowPs);

    /** A NACK reported {@code bytes} trimmed. */
    void onNack(long bytes, long nowPs);

    /** The retransmission timer expired. */
    void onTimeout(long nowPs);
}
