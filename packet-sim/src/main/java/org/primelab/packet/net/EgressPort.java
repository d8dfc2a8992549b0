package org.primelab.packet.net;

import java.util.SplittableRandom;
import org.primelab.core.units.Units;

/**
 * The egress side of one directed link: two FIFO queues and the serializer in front of the wire
 * (docs/design.md, "switch egress queues"). One job: decide which packet goes next and what happens to it
 * on the way in and out of the queue; the simulator owns the clock and the events.
 *
 * <ul>
 *   <li>A strict-priority <b>control</b> queue for ACKs, NACKs and trimmed headers.</li>
 *   <li>A <b>data</b> queue limited to {@code trimBytes} (1 BDP in the paper, §"Evaluation": "packets
 *       get trimmed if the queue length exceeds one BDP"): a data packet that would push the data queue
 *       past the limit is trimmed to its header, which joins the control queue.</li>
 *   <li>RED ECN marking at dequeue ({@link RedMarker}), on the data queue's occupancy as the departing
 *       packet sees it, that packet included, drawing from the port's own random stream (so what one port
 *       marks does not depend on the order in which other ports draw).</li>
 * </ul>
 * The data queue is split into two traffic classes for the mixed-traffic experiment (class 0: sprayed
 * flows, class 1: flows pinned to ECMP), each with its own limit and RED occupancy, shared by a
 * {@link Scheduling} discipline; with one class in use the port is a single FIFO.
 * Occupancy statistics (both classes together): maximum data-queue depth in bytes and packets, and the
 * time-average depth in packets (the integral of depth over time). A host's NIC uses the same class
 * with trimming and marking disabled (its data is pulled from the sender, never queued here).
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
    private final Scheduling scheduling;
    private final SplittableRandom markRandom;
    // Per-class state is held in scalar fields (class 0 then class 1) rather than in small arrays, so a
    // port's hot state sits in the object itself: one cache miss per visit instead of one per array.
    private long quantum0;
    private long quantum1;

    private int[] ring0 = new int[16];
    private int[] ring1 = new int[16];
    private int head0;
    private int head1;
    private int count0;
    private int count1;
    private long bytes0;
    private long bytes1;
    private long deficit0;
    private long deficit1;
    private int turn;
    private boolean freshTurn = true;
    private int[] ctrl = new int[8];
    private int ctrlHead;
    private int ctrlCount;

    private long busyUntil;
    private boolean txPending;
    private boolean failed;

    private long maxDataBytes;
    private int maxDataPackets;
    private int maxCtrlPackets;
    private double depthArea;
    private long lastChangePs;
    private long sentData;
    private long sentBytes0;
    private long sentBytes1;
    private long trims;
    private long marks;
    private long lostData;
    private long lostControl;

    /**
     * A port with strict-priority scheduling between the data classes.
     *
     * @param link the directed link id
     * @param rateBps serialization rate
     * @param propagationPs propagation delay of the wire
     * @param trimBytes data-queue limit per class; {@code Long.MAX_VALUE} disables trimming
     * @param red marking curve, or null for no marking
     * @param mtuBytes MTU on the wire
     * @param headerBytes size of a trimmed header
     */
    public EgressPort(int link, long rateBps, long propagationPs, long trimBytes, RedMarker red, int mtuBytes,
                      int headerBytes) {
        this(link, rateBps, propagationPs, trimBytes, red, mtuBytes, headerBytes, Scheduling.STRICT_PRIORITY, link);
    }

    /**
     * A port with the given scheduling between the data classes, marking with draws from a stream seeded
     * with {@code markSeed}.
     */
    public EgressPort(int link, long rateBps, long propagationPs, long trimBytes, RedMarker red, int mtuBytes,
                      int headerBytes, Scheduling scheduling, long markSeed) {
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
        this.scheduling = scheduling;
        this.markRandom = new SplittableRandom(markSeed);
        if (scheduling.kind() == Scheduling.Kind.WRR) {
            // The smaller quantum is one MTU, so every visit can send at least one packet.
            double w = scheduling.ecmpWeight();
            double unit = mtuBytes / Math.min(w, 1 - w);
            quantum1 = Math.round(w * unit);
            quantum0 = Math.round((1 - w) * unit);
        }
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

    /** Queues a class-0 data packet; see {@link #offerData(PacketPool, int, int, long)}. */
    public boolean offerData(PacketPool pool, int pkt, long nowPs) {
        return offerData(pool, pkt, 0, nowPs);
    }

    /**
     * Queues a data packet of traffic class {@code cls}, trimming it to a header in the control queue if
     * it would push its class's queue past the limit. Returns true if the packet was trimmed.
     */
    public boolean offerData(PacketPool pool, int pkt, int cls, long nowPs) {
        int bytes = pool.size(pkt);
        if ((cls == 0 ? bytes0 : bytes1) + bytes > trimBytes) {
            pool.setType(pkt, PacketPool.HEADER);
            pool.setSize(pkt, headerBytes);
            trims++;
            offerControl(pkt, nowPs);
            return true;
        }
        account(nowPs);
        if (cls == 0) {
            if (count0 == ring0.length) {
                ring0 = growRing(ring0, head0, count0);
                head0 = 0;
            }
            ring0[(head0 + count0) & (ring0.length - 1)] = pkt;
            count0++;
            bytes0 += bytes;
        } else {
            if (count1 == ring1.length) {
                ring1 = growRing(ring1, head1, count1);
                head1 = 0;
            }
            ring1[(head1 + count1) & (ring1.length - 1)] = pkt;
            count1++;
            bytes1 += bytes;
        }
        long total = bytes0 + bytes1;
        if (total > maxDataBytes) {
            maxDataBytes = total;
        }
        int pkts = count0 + count1;
        if (pkts > maxDataPackets) {
            maxDataPackets = pkts;
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

    /** {@link #poll(PacketPool, SplittableRandom, long)} with the port's own marking stream. */
    public int poll(PacketPool pool, long nowPs) {
        return poll(pool, markRandom, nowPs);
    }

    /**
     * The next packet to transmit, control first, or -1 if every queue is empty. A departing data
     * packet is ECN-marked with the RED probability of its class's occupancy as it sees it.
     */
    public int poll(PacketPool pool, SplittableRandom random, long nowPs) {
        if (ctrlCount > 0) {
            int pkt = ctrl[ctrlHead];
            ctrlHead = (ctrlHead + 1) & (ctrl.length - 1);
            ctrlCount--;
            return pkt;
        }
        int cls = pickClass(pool);
        if (cls < 0) {
            return -1;
        }
        account(nowPs);
        int pkt;
        long occupancy;
        if (cls == 0) {
            pkt = ring0[head0];
            head0 = (head0 + 1) & (ring0.length - 1);
            occupancy = bytes0;
        } else {
            pkt = ring1[head1];
            head1 = (head1 + 1) & (ring1.length - 1);
            occupancy = bytes1;
        }
        if (red != null) {
            double p = red.probability(occupancy);
            if (p > 0 && (p >= 1.0 || random.nextDouble() < p)) {
                if (!pool.ecn(pkt)) {
                    marks++;
                }
                pool.setEcn(pkt, true);
            }
        }
        int bytes = pool.size(pkt);
        if (cls == 0) {
            count0--;
            bytes0 -= bytes;
            sentBytes0 += bytes;
        } else {
            count1--;
            bytes1 -= bytes;
            sentBytes1 += bytes;
        }
        sentData++;
        return pkt;
    }

    private int pickClass(PacketPool pool) {
        if (count1 == 0) {
            return count0 > 0 ? 0 : -1;
        }
        if (count0 == 0 || scheduling.kind() == Scheduling.Kind.SP) {
            return 1;
        }
        // Deficit round robin over two non-empty classes.
        for (;;) {
            int c = turn;
            if (freshTurn) {
                if (c == 0) {
                    deficit0 += quantum0;
                } else {
                    deficit1 += quantum1;
                }
                freshTurn = false;
            }
            int head = pool.size(c == 0 ? ring0[head0] : ring1[head1]);
            long deficit = c == 0 ? deficit0 : deficit1;
            if (deficit >= head) {
                deficit -= head;
                if ((c == 0 ? count0 : count1) == 1) {
                    deficit = 0;             // an emptied class keeps no credit (DRR)
                    turn = 1 - c;
                    freshTurn = true;
                }
                if (c == 0) {
                    deficit0 = deficit;
                } else {
                    deficit1 = deficit;
                }
                return c;
            }
            turn = 1 - c;
            freshTurn = true;
        }
    }

    /** Counts a data packet the host pulled straight onto this (NIC) port. */
    public void countDirectData(int bytes) {
        sentData++;
        sentBytes0 += bytes;
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

    /** True while the link is failed: what is transmitted on it is lost. */
    public boolean failed() {
        return failed;
    }

    /** Fails or restores the link. */
    public void setFailed(boolean f) {
        failed = f;
    }

    /** Counts a packet lost on the failed wire: a data packet, or a control packet (trimmed header, ACK, NACK). */
    public void countLost(boolean data) {
        if (data) {
            lostData++;
        } else {
            lostControl++;
        }
    }

    /** True if any queue holds a packet. */
    public boolean hasQueued() {
        return ctrlCount > 0 || count0 > 0 || count1 > 0;
    }

    /** Bytes in the data queues. */
    public long queuedDataBytes() {
        return bytes0 + bytes1;
    }

    /** Packets in every queue. */
    public int queuedPackets() {
        return count0 + count1 + ctrlCount;
    }

    private void account(long nowPs) {
        depthArea += (double) (count0 + count1) * (nowPs - lastChangePs);
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
        double area = depthArea + (double) (count0 + count1) * Math.max(0, endPs - lastChangePs);
        return endPs <= 0 ? 0.0 : area / endPs;
    }

    /** Data packets transmitted. */
    public long sentData() {
        return sentData;
    }

    /** Data bytes of class {@code cls} transmitted. */
    public long sentClassBytes(int cls) {
        return cls == 0 ? sentBytes0 : sentBytes1;
    }

    /** Data packets trimmed at this port. */
    public long trims() {
        return trims;
    }

    /** Data packets this port ECN-marked. */
    public long marks() {
        return marks;
    }

    /** Data packets lost on the failed wire. */
    public long lostData() {
        return lostData;
    }

    /** Control packets (trimmed headers, ACKs, NACKs) lost on the failed wire. */
    public long lostControl() {
        return lostControl;
    }

    /** The data-queue limit per class in bytes. */
    public long trimBytes() {
        return trimBytes;
    }
}
