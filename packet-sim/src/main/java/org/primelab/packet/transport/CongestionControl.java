package org.primelab.packet.transport;

/**
 * A sender's congestion window, driven by acknowledgements (docs/design.md, "congestion control").
 * Bytes are wire bytes of data packets.
 *
 * <p>Delay-based controls (NSCC) also need, per ACK and per NACK, a round-trip sample and the bytes
 * in flight: the sender passes them through {@link #onAckSample} and {@link #onNackSample}, whose
 * defaults drop them and call {@link #onAck} / {@link #onNack}, so ECN-only controls ignore them.
 */
public interface CongestionControl {

    /** Passed as the RTT sample when the sender has none (e.g. the packet was retransmitted: ambiguous). */
    long NO_RTT_SAMPLE = -1;

    /**
     * Whether this control reads RTT samples ({@link #onAckSample}, {@link #onNackSample}); the sender
     * keeps per-packet send times only for the controls that do.
     */
    default boolean usesRttSamples() {
        return false;
    }

    /** Current window in bytes. */
    long windowBytes();

    /**
     * The smallest window the control can fall to, bytes. Below one coalesced ACK's worth of packets the
     * sender requests ACKs ({@link FlowSender}, "ACK request").
     */
    long minWindowBytes();

    /** {@code ackedBytes} newly acknowledged by one ACK whose echoed ECN mark is {@code marked}. */
    void onAck(long ackedBytes, boolean marked, long nowPs);

    /** A NACK reported {@code bytes} trimmed. */
    void onNack(long bytes, long nowPs);

    /** The retransmission timer expired. */
    void onTimeout(long nowPs);

    /**
     * As {@link #onAck}, with the round trip of the packet that triggered the ACK ({@code now} minus its
     * send time, or {@link #NO_RTT_SAMPLE}) and the bytes still in flight after this ACK.
     */
    default void onAckSample(long ackedBytes, boolean marked, long rttSamplePs, long inFlightBytes, long nowPs) {
        onAck(ackedBytes, marked, nowPs);
    }

    /**
     * As {@link #onNack}, with the round trip of the trimmed packet ({@code now} minus its send time, or
     * {@link #NO_RTT_SAMPLE}) and the bytes still in flight after the NACK.
     */
    default void onNackSample(long bytes, long rttSamplePs, long inFlightBytes, long nowPs) {
        onNack(bytes, nowPs);
    }
}
