package org.primelab.packet.transport;

import org.primelab.core.entropy.EntropyGenerator;
import org.primelab.packet.net.PacketPool;

/**
 * The sending end of one flow (docs/design.md, "reliability"): cuts the flow into packets, keeps per-packet
 * state (unsent, in flight, acknowledged, awaiting retransmission), asks the load balancer for each
 * packet's EV, and lets congestion control bound the bytes in flight.
 *
 * <p>Retransmissions go before new data. A NACK moves its packet from in flight to the retransmission
 * queue; a timeout moves every in-flight packet there. ACKs are selective: each lists the sequence
 * numbers it covers, so a packet is never retransmitted after its ACK arrived. Each also carries the
 * receiver's cumulative point, below which every packet arrived: a lost ACK's packets are acknowledged by
 * the next ACK that arrives, instead of staying in flight (and in the window) until a timeout, which never
 * comes while other ACKs keep arriving. The sender holds no
 * packet objects: {@link #sendNext} turns the next sequence number into a packet of the pool.
 *
 * <p>For a control that reads delay ({@link CongestionControl#usesRttSamples()}, NSCC) the sender keeps
 * each packet's last send time and hands the control, per ACK, the round trip of the packet that
 * triggered it (the one whose EV and mark the ACK echoes) and, per NACK, that of the trimmed packet; a
 * packet sent more than once gives no sample ({@link CongestionControl#NO_RTT_SAMPLE}): which copy was
 * acknowledged is ambiguous.
 *
 * <p><b>ACK request (AR).</b> The receiver coalesces ACKs ({@code ackEvery} packets per ACK). A window
 * that holds fewer than {@code ackEvery} packets would then wait for the retransmission timer: its last
 * packets sit at the receiver, unacknowledged, and nothing else is sent. When the control's window can
 * fall that low ({@link CongestionControl#minWindowBytes()} below {@code ackEvery} MTUs: NSCC, floor one
 * MTU), the sender sets the AR flag as htsim's UEC source does ({@code uec.cpp}: {@code sendNewPacket}
 * on the packet that fills the window and on the flow's last new packet, {@code sendRtxPacket} on every
 * retransmission), and the receiver acknowledges such a packet at once. "Fills the window" is: no
 * MTU-sized packet fits after it. Controls whose window never holds less than one coalesced ACK (the fixed
 * window; DCTCP, floored at {@code ackEvery} MTUs) cannot stall this way and send no AR flag.
 */
public final class FlowSender {
    private static final byte UNSENT = 0;
    private static final byte IN_FLIGHT = 1;
    private static final byte ACKED = 2;
    private static final byte RETRANSMIT = 3;

    private final int flow;
    private final int packets;
    private final int payloadBytes;
    private final int lastPayloadBytes;
    private final int headerBytes;
    private final int mtuBytes;
    /** Whether packets may carry the AR flag: the control's window can hold less than one coalesced ACK. */
    private final boolean requestAcks;
    private final EntropyGenerator entropy;
    private final CongestionControl cc;
    private final byte[] state;
    private final int[] rtx;
    /** Per packet, when it was last sent, or {@link CongestionControl#NO_RTT_SAMPLE} once resent; null if unused. */
    private final long[] sendPs;
    private int rtxHead;
    private int rtxCount;
    private int nextNew;
    private int acked;
    /** Every packet below it was covered by a cumulative point already. */
    private int cumulativeAcked;
    private long inFlightBytes;
    private long firstSendPs = -1;
    private long lastProgressPs;
    private long retransmissions;
    private long nacks;
    private long timeouts;
    private long ecnEchoes;

    /** Most packets one flow may have: its sequence numbers are ints, with room to count past the last. */
    public static final int MAX_PACKETS = Integer.MAX_VALUE / 2;

    /**
     * @param flow flow id
     * @param sizeBytes payload bytes of the flow
     * @param mtuBytes packet size on the wire
     * @param headerBytes header bytes per packet
     * @param ackEvery data packets per coalesced ACK at the receiver (when to request an ACK at once)
     * @param entropy the flow's load balancer state
     * @param cc the flow's congestion control
     */
    public FlowSender(int flow, long sizeBytes, int mtuBytes, int headerBytes, int ackEvery,
                      EntropyGenerator entropy, CongestionControl cc) {
        this.flow = flow;
        this.payloadBytes = mtuBytes - headerBytes;
        long n = (sizeBytes + payloadBytes - 1) / payloadBytes;
        if (n > MAX_PACKETS) {
            throw new IllegalArgumentException("flow-size: too many packets (" + n + ")");
        }
        this.packets = (int) n;
        this.lastPayloadBytes = (int) (sizeBytes - (long) (packets - 1) * payloadBytes);
        this.headerBytes = headerBytes;
        this.mtuBytes = mtuBytes;
        this.requestAcks = cc.minWindowBytes() < (long) ackEvery * mtuBytes;
        this.entropy = entropy;
        this.cc = cc;
        this.state = new byte[packets];
        this.rtx = new int[packets];
        this.sendPs = cc.usesRttSamples() ? new long[packets] : null;
    }

    /** Flow id. */
    public int flow() {
        return flow;
    }

    /** Packets the flow is cut into. */
    public int packets() {
        return packets;
    }

    /** Wire size of packet {@code seq}. */
    public int wireBytes(int seq) {
        return payloadBytes(seq) + headerBytes;
    }

    /** Payload bytes of packet {@code seq}. */
    public int payloadBytes(int seq) {
        return seq == packets - 1 ? lastPayloadBytes : payloadBytes;
    }

    /** True if every packet is acknowledged. */
    public boolean finished() {
        return acked == packets;
    }

    /** Sequence number that would go next (retransmission first), or -1 if none is waiting. */
    private int peek() {
        while (rtxCount > 0) {
            int s = rtx[rtxHead];
            if (state[s] == RETRANSMIT) {
                return s;
            }
            rtxHead = rtxHead + 1 == rtx.length ? 0 : rtxHead + 1;   // acknowledged meanwhile
            rtxCount--;
        }
        return nextNew < packets ? nextNew : -1;
    }

    /**
     * True if a packet is waiting and the window admits it (a sender with nothing in flight may always
     * send one packet, so a flow never stalls on a window smaller than a packet).
     */
    public boolean canSend() {
        int s = peek();
        return s >= 0 && (inFlightBytes == 0 || inFlightBytes + wireBytes(s) <= cc.windowBytes());
    }

    /**
     * Takes the next packet to transmit at {@code nowPs} (call only after {@link #canSend()} returned true)
     * and returns it as a data packet of {@code pool}: this flow's id, the sequence number, the EV the
     * flow's generator chose for it and its size on the wire, with the AR flag where the class comment says.
     */
    public int sendNext(PacketPool pool, long nowPs) {
        int s = peek();
        boolean resent = state[s] == RETRANSMIT;
        if (resent) {
            rtxHead = rtxHead + 1 == rtx.length ? 0 : rtxHead + 1;
            rtxCount--;
            retransmissions++;
            if (sendPs != null) {
                sendPs[s] = CongestionControl.NO_RTT_SAMPLE;
            }
        } else {
            nextNew++;
            if (sendPs != null) {
                sendPs[s] = nowPs;
            }
        }
        state[s] = IN_FLIGHT;
        inFlightBytes += wireBytes(s);
        if (firstSendPs < 0) {
            firstSendPs = nowPs;
            lastProgressPs = nowPs;
        }
        int pkt = pool.allocate(PacketPool.DATA, flow, s, entropy.next(nowPs), wireBytes(s));
        if (requestAcks && (resent || s == packets - 1 || inFlightBytes + mtuBytes > cc.windowBytes())) {
            pool.setAckRequest(pkt);
        }
        return pkt;
    }

    /** An ACK for {@code count} sequence numbers ({@code seqs[0..count)}) echoing {@code ev}, {@code marked}. */
    public void onAck(int[] seqs, int count, int ev, boolean marked, long nowPs) {
        onAck(seqs, count, -1, ev, marked, nowPs);
    }

    /**
     * As {@link #onAck(int[], int, int, boolean, long)}, where {@code triggerSeq} is the packet whose arrival
     * sent the ACK (its round trip is the control's RTT sample; -1: none).
     */
    public void onAck(int[] seqs, int count, int triggerSeq, int ev, boolean marked, long nowPs) {
        onAck(seqs, count, 0, triggerSeq, ev, marked, nowPs);
    }

    /**
     * As {@link #onAck(int[], int, int, int, boolean, long)}, where the receiver had every packet below
     * {@code cumulative} when it sent the ACK: those are acknowledged too (the ones an earlier, lost ACK listed).
     */
    public void onAck(int[] seqs, int count, int cumulative, int triggerSeq, int ev, boolean marked, long nowPs) {
        long newly = 0;
        int upTo = Math.min(cumulative, packets);
        for (; cumulativeAcked < upTo; cumulativeAcked++) {
            newly += acknowledge(cumulativeAcked);
        }
        for (int i = 0; i < count; i++) {
            newly += acknowledge(seqs[i]);
        }
        if (marked) {
            ecnEchoes++;
        }
        lastProgressPs = nowPs;
        entropy.onAck(ev, marked, nowPs);
        if (sendPs != null) {
            cc.onAckSample(newly, marked, rttSample(triggerSeq, nowPs), inFlightBytes, nowPs);
        } else {
            cc.onAck(newly, marked, nowPs);
        }
    }

    /** Marks packet {@code s} acknowledged; returns the bytes this took out of flight. */
    private long acknowledge(int s) {
        byte st = state[s];
        if (st == IN_FLIGHT) {
            inFlightBytes -= wireBytes(s);
            state[s] = ACKED;
            acked++;
            return wireBytes(s);
        }
        if (st == RETRANSMIT) {
            state[s] = ACKED;   // lazily dropped from the retransmission queue
            acked++;
        }
        return 0;
    }

    /** A NACK for trimmed packet {@code seq} that carried {@code ev}. */
    public void onNack(int seq, int ev, long nowPs) {
        nacks++;
        if (state[seq] == IN_FLIGHT) {
            inFlightBytes -= wireBytes(seq);
            queueRetransmit(seq);
        }
        lastProgressPs = nowPs;
        entropy.onNack(ev, nowPs);
        if (sendPs != null) {
            cc.onNackSample(wireBytes(seq), rttSample(seq, nowPs), inFlightBytes, nowPs);
        } else {
            cc.onNack(wireBytes(seq), nowPs);
        }
    }

    /** The round trip of packet {@code seq} ending now, or {@link CongestionControl#NO_RTT_SAMPLE}. */
    private long rttSample(int seq, long nowPs) {
        if (seq < 0 || sendPs[seq] == CongestionControl.NO_RTT_SAMPLE) {
            return CongestionControl.NO_RTT_SAMPLE;
        }
        return nowPs - sendPs[seq];
    }

    /**
     * The retransmission timer: if packets are in flight and nothing was heard for {@code rtoPs}, every
     * in-flight packet is presumed lost. Returns true if it fired.
     */
    public boolean checkTimeout(long nowPs, long rtoPs) {
        if (inFlightBytes == 0 || nowPs - lastProgressPs < rtoPs) {
            return false;
        }
        timeouts++;
        for (int s = 0; s < nextNew; s++) {
            if (state[s] == IN_FLIGHT) {
                queueRetransmit(s);
            }
        }
        inFlightBytes = 0;
        lastProgressPs = nowPs;
        entropy.onTimeout(nowPs);
        cc.onTimeout(nowPs);
        return true;
    }

    private void queueRetransmit(int s) {
        state[s] = RETRANSMIT;
        int tail = rtxHead + rtxCount;
        if (tail >= rtx.length) {
            tail -= rtx.length;
        }
        rtx[tail] = s;
        rtxCount++;
    }

    /** When the timer should next be checked. */
    public long nextTimeoutCheck(long rtoPs) {
        return lastProgressPs + rtoPs;
    }

    /** Time the first packet started transmission, or -1. */
    public long firstSendPs() {
        return firstSendPs;
    }

    /** Bytes in flight. */
    public long inFlightBytes() {
        return inFlightBytes;
    }

    public long retransmissions() {
        return retransmissions;
    }

    public long nacks() {
        return nacks;
    }

    public long timeouts() {
        return timeouts;
    }

    public long ecnEchoes() {
        return ecnEchoes;
    }

    /** The flow's load balancer. */
    public EntropyGenerator entropy() {
        return entropy;
    }

    /** The flow's congestion control. */
    public CongestionControl cc() {
        return cc;
    }
}
