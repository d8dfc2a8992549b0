package org.primelab.packet.net;

import java.util.SplittableRandom;
import org.primelab.core.units.Units;

/**
 * The egress side of one directed link: two FIFO queues and the serializer in front of the wire
 * (DESIGN.md, "switch egress queues"). One job: decide which packet goes next and what happens to it
 * on the way in and out of the queue; the simulator owns the clock and the events.
 *
 * <ul>
 *   <li>A strict-priority <b>control</b> queue for ACKs, NACKs and trimmed headers.</li>
 *   <li>A <b>data</b> queue limited to {@code trimBytes} (1 BDP in the paper, §"Evaluation": "packets
 *       get trimmed if the queue length exceeds one BDP"): a data packet that would push the data queue
 *       past the limit is trimmed to its header, which joins the control queue.</li>
 *   <li>RED ECN marking at dequeue ({@link RedMarker}), on the data queue's occupancy as the departing
 *       packet sees it, that packet included.</li>
 * </ul>
 * Occupancy statistics: maximum data-queue depth in bytes and packets, and the time-average depth in
 * packets (the integral of depth over time). A host's NIC uses the same class with trimming and
 * marking disabled (its data is pulled from the sender, never queued here).
 */
public final class EgressPort {
    private final int link;
    private final long rateBps;
    private final long propagationPs;
    private final long trimBytes;
    private final RedMarker red;
    private final int headerBytes;
    private final int mtuBytes;
    private final long mtuSerPs;

    private int[] data = new int[16];
    private int dataHead;
    private int dataCount;
    private long dataBytes;
    private int[] ctrl = new int[8];
    private int ctrlHead;
    private int ctrlCount;

    private long busyUntil;
    private boolean txPending;

    private long maxDataBytes;
    private int maxDataPackets;
    private int maxCtrlPackets;
    private double depthArea;
    private long lastChangePs;
    private long sentData;
    private long sentPackets;
    private long trims;
    private long marks;

    /**
     * @param link the directed link id
     * @param rateBps serialization rate
     * @param propagationPs propagation delay of the wire
     * @param trimBytes data-queue limit; {@code Long.MAX_VALUE} disables trimming
     * @param red marking curve, or null for no marking
     * @param mtuBytes MTU on the wire
     * @param headerBytes size of a trimmed header
     */
    public EgressPort(int link, long rateBps, long propagationPs, long trimBytes, RedMarker red, int mtuBytes,
                      int headerBytes) {
        if (rateBps <= 0) {
            throw new IllegalArgumentException("rate: must be > 0 bit/s, got " + rateBps);
        }
        this.link = link;
        this.rateBps = rateBps;
        this.propagationPs = propagationPs;
        this.trimBytes = trimBytes;
        this.red = red;
        this.mtuBytes = mtuBytes;
        this.headerBytes = headerBytes;
        this.mtuSerPs = Units.serializationPs(mtuBytes, rateBps);
    }

    /** The directed link this port feeds. */
    public int link() {
        return link;
    }

    /** Serialization time of {@code bytes} on this port's link. */
    public long serializationPs(int bytes) {
        return bytes == mtuBytes ? mtuSerPs : Units.serializationPs(bytes, rateBps);
    }

    /** Propagation delay of the link. */
    public long propagationPs() {
        return propagationPs;
    }

    /** Link rate. */
    public long rateBps() {
        return rateBps;
    }

    /**
     * Queues a data packet, trimming it to a header in the control queue if it would push the data
     * queue past its limit. Returns true if the packet was trimmed.
     */
    public boolean offerData(PacketPool pool, int pkt, long nowPs) {
        int bytes = pool.size(pkt);
        if (dataBytes + bytes > trimBytes) {
            pool.setType(pkt, PacketPool.HEADER);
            pool.setSize(pkt, headerBytes);
            trims++;
            offerControl(pkt, nowPs);
            return true;
        }
        account(nowPs);
        if (dataCount == data.length) {
            data = growRing(data, dataHead, dataCount);
            dataHead = 0;
        }
        data[(dataHead + dataCount) & (data.length - 1)] = pkt;
        dataCount++;
        dataBytes += bytes;
        if (dataBytes > maxDataBytes) {
            maxDataBytes = dataBytes;
        }
        if (dataCount > maxDataPackets) {
            maxDataPackets = dataCount;
        }
        return false;
    }

    /** Queues a control packet (ACK, NACK, trimmed header) in the strict-priority queue. */
    public void offerControl(int pkt, long nowPs) {
        if (ctrlCount == ctrl.length) {
            ctrl = growRing(ctrl, ctrlHead, ctrlCount);
            ctrlHead = 0;
        }
        ctrl[(ctrlHead + ctrlCount) & (ctrl.length - 1)] = pkt;
        ctrlCount++;
        if (ctrlCount > maxCtrlPackets) {
            maxCtrlPackets = ctrlCount;
        }
    }

    /**
     * The next packet to transmit, control first, or -1 if both queues are empty. A departing data
     * packet is ECN-marked with the RED probability of the occupancy it sees.
     */
    public int poll(PacketPool pool, SplittableRandom random, long nowPs) {
        if (ctrlCount > 0) {
            int pkt = ctrl[ctrlHead];
            ctrlHead = (ctrlHead + 1) & (ctrl.length - 1);
            ctrlCount--;
            sentPackets++;
            return pkt;
        }
        if (dataCount == 0) {
            return -1;
        }
        account(nowPs);
        int pkt = data[dataHead];
        dataHead = (dataHead + 1) & (data.length - 1);
        if (red != null) {
            double p = red.probability(dataBytes);
            if (p > 0 && (p >= 1.0 || random.nextDouble() < p)) {
                if (!pool.ecn(pkt)) {
                    marks++;
                }
                pool.setEcn(pkt, true);
            }
        }
        dataCount--;
        dataBytes -= pool.size(pkt);
        sentData++;
        sentPackets++;
        return pkt;
    }

    /** Counts a data packet the host pulled straight onto this (NIC) port. */
    public void countDirectData() {
        sentData++;
        sentPackets++;
    }

    /** Time the serializer becomes free. */
    public long busyUntil() {
        return busyUntil;
    }

    /** Marks the serializer busy until {@code ps}. */
    public void setBusyUntil(long ps) {
        busyUntil = ps;
    }

    /** True while a transmit-done event is pending for this port. */
    public boolean txPending() {
        return txPending;
    }

    /** Records whether a transmit-done event is pending. */
    public void setTxPending(boolean pending) {
        txPending = pending;
    }

    /** True if either queue holds a packet. */
    public boolean hasQueued() {
        return ctrlCount > 0 || dataCount > 0;
    }

    /** Bytes in the data queue. */
    public long queuedDataBytes() {
        return dataBytes;
    }

    /** Packets in both queues. */
    public int queuedPackets() {
        return dataCount + ctrlCount;
    }

    private void account(long nowPs) {
        depthArea += (double) dataCount * (nowPs - lastChangePs);
        lastChangePs = nowPs;
    }

    private static int[] growRing(int[] ring, int head, int count) {
        int[] bigger = new int[ring.length * 2];
        for (int i = 0; i < count; i++) {
            bigger[i] = ring[(head + i) & (ring.length - 1)];
        }
        return bigger;
    }

    /** Largest data-queue occupancy seen, bytes. */
    public long maxDataBytes() {
        return maxDataBytes;
    }

    /** Largest data-queue occupancy seen, packets. */
    public int maxDataPackets() {
        return maxDataPackets;
    }

    /** Largest control-queue occupancy seen, packets. */
    public int maxControlPackets() {
        return maxCtrlPackets;
    }

    /** Time-average data-queue depth in packets over {@code [0, endPs]}. */
    public double meanDataPackets(long endPs) {
        double area = depthArea + (double) dataCount * Math.max(0, endPs - lastChangePs);
        return endPs <= 0 ? 0.0 : area / endPs;
    }

    /** Data packets transmitted. */
    public long sentData() {
        return sentData;
    }

    /** All packets transmitted. */
    public long sentPackets() {
        return sentPackets;
    }

    /** Data packets trimmed at this port. */
    public long trims() {
        return trims;
    }

    /** Data packets this port ECN-marked. */
    public long marks() {
        return marks;
    }

    /** The data-queue limit in bytes. */
    public long trimBytes() {
        return trimBytes;
    }
}
