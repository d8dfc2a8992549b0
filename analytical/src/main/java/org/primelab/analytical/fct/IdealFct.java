package org.primelab.analytical.fct;

import org.primelab.core.units.Units;

/**
 * Ideal (no-queueing) flow completion time on an idle, store-and-forward path: the denominator of the
 * paper's "Ratio" (§"Evaluation", "Metrics": max FCT relative to the max FCT of the ideal scenario).
 *
 * <p>A flow of {@code S} payload bytes is cut into {@code n = ceil(S / (MTU - H))} packets, the last
 * carrying the remainder; every packet carries {@code H} header bytes. On a path of {@code h} links of
 * rate {@code r} and propagation delay {@code d}, with the sender transmitting back to back, the
 * store-and-forward pipeline is paced by its largest packet: a packet of serialization time
 * {@code T_i} leaves hop {@code j} at {@code sum_{m<=i} T_m + (j-1)·max_{m<=i} T_m + (j-1)·d}, by
 * induction on {@code i} and {@code j} (it starts on a link when both it has fully arrived and its
 * predecessor has left). With {@code T} the serialization of an MTU and {@code T_last} that of the last
 * packet, the last byte is therefore received at
 *
 * <pre>  FCT = (n - 1)·T + T_last + (h - 1)·max(T, T_last) + h·d     (n >= 2)
 *  FCT = h·T_last + h·d                                        (n = 1)</pre>
 *
 * measured from the start of the first packet's transmission. (A short last packet catches up with its
 * predecessor at the first switch and waits there, so it does not save {@code (h-1)·(T - T_last)}.) Serialization times are rounded up to whole picoseconds per packet, as a
 * picosecond simulator does. The arithmetic is checked: an FCT beyond a {@code long} of picoseconds is
 * refused as an input error. For a symmetric permutation every flow has the same size, so the ideal
 * <em>max</em> FCT is this formula on the longest path (2-tier: 4 links, 3-tier across pods: 6).
 */
public final class IdealFct {
    private IdealFct() {
    }

    /**
     * FCT of a lone flow on an idle path.
     *
     * @param flowBytes payload bytes, > 0
     * @param mtuBytes packet size on the wire including headers
     * @param headerBytes header bytes per packet, less than the MTU
     * @param rateBps rate of every link on the path
     * @param propagationPs propagation delay of each link
     * @param hops links on the path, >= 1
     * @return the completion time in picoseconds
     */
    public static long lonePathPs(long flowBytes, int mtuBytes, int headerBytes, long rateBps, long propagationPs,
                                  int hops) {
        if (flowBytes <= 0) {
            throw new IllegalArgumentException("flow-size: must be > 0 bytes, got " + flowBytes);
        }
        if (headerBytes < 0 || mtuBytes <= headerBytes) {
            throw new IllegalArgumentException("mtu: must exceed the header (" + headerBytes + " B), got " + mtuBytes);
        }
        if (propagationPs < 0) {
            throw new IllegalArgumentException("delay: must be >= 0 ps, got " + propagationPs);
        }
        if (hops < 1) {
            throw new IllegalArgumentException("hops: must be >= 1, got " + hops);
        }
        if (rateBps <= 0) {
            throw new IllegalArgumentException("rate: must be > 0 bit/s, got " + rateBps);
        }
        long packets = packets(flowBytes, mtuBytes, headerBytes);
        long lastWire = lastPacketWireBytes(flowBytes, mtuBytes, headerBytes);
        try {
            long t = Units.serializationPs(mtuBytes, rateBps);
            long tLast = Units.serializationPs(lastWire, rateBps);
            long propagation = Math.multiplyExact(hops, propagationPs);
            if (packets == 1) {
                return Math.addExact(Math.multiplyExact(hops, tLast), propagation);
            }
            return Math.addExact(Math.addExact(Math.multiplyExact(packets - 1, t), tLast),
                    Math.addExact(Math.multiplyExact(hops - 1, Math.max(t, tLast)), propagation));
        } catch (ArithmeticException | IllegalArgumentException e) {
            // checked: a flow whose ideal FCT exceeds a long of picoseconds is an input error, never a wrap
            throw new IllegalArgumentException("flow-size: the ideal FCT of a " + flowBytes + " B flow at " + rateBps
                    + " bit/s over " + hops + " links (delay " + propagationPs + " ps each) exceeds the largest time ("
                    + Units.MAX_TIME_WORDS + ")");
        }
    }

    /** Packets a flow of {@code flowBytes} is cut into. */
    public static long packets(long flowBytes, int mtuBytes, int headerBytes) {
        long payload = mtuBytes - headerBytes;
        return (flowBytes + payload - 1) / payload;
    }

    /** Wire bytes of a flow's last packet: what is left of the payload, plus a header. */
    public static long lastPacketWireBytes(long flowBytes, int mtuBytes, int headerBytes) {
        long payload = mtuBytes - headerBytes;
        return flowBytes - (packets(flowBytes, mtuBytes, headerBytes) - 1) * payload + headerBytes;
    }

    /**
     * How long a sender transmits a flow back to back at {@code rateBps}: {@code (n - 1)·T + T_last}, the
     * first term of the FCT above (the fluid models' {@code S0}; the last byte leaves the sender then).
     */
    public static long senderBusyPs(long flowBytes, int mtuBytes, int headerBytes, long rateBps) {
        return (packets(flowBytes, mtuBytes, headerBytes) - 1) * Units.serializationPs(mtuBytes, rateBps)
                + Units.serializationPs(lastPacketWireBytes(flowBytes, mtuBytes, headerBytes), rateBps);
    }
}
