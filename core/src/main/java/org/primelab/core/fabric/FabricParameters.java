package org.primelab.core.fabric;

import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;

/**
 * The link and switch parameters both simulators share, with the paper's defaults and the quantities
 * derived from them (docs/design.md, "The packet simulator"; paper §"Evaluation", "Setup" and "Traffic").
 * The packet simulator's {@code SimConfig} and the fluid simulator's {@code FluidConfig} both delegate
 * here, so the two models can never disagree on a BDP or a threshold.
 *
 * @param tree the fabric
 * @param linkRateBps rate of every link that is not degraded
 * @param propagationPs propagation delay of every link
 * @param mtuBytes packet size on the wire, headers included
 * @param headerBytes header size: of an ACK, a NACK, a trimmed packet and the header part of data
 * @param ackEvery data packets per coalesced ACK
 * @param kMinBdp RED {@code K_min} as a fraction of the BDP
 * @param kMaxBdp RED {@code K_max} as a fraction of the BDP
 * @param trimBdp data-queue limit (trimming threshold) as a fraction of the BDP
 */
public record FabricParameters(FatTree tree, long linkRateBps, long propagationPs, int mtuBytes, int headerBytes,
                               int ackEvery, double kMinBdp, double kMaxBdp, double trimBdp) {

    /** Link rate default: 400 Gb/s, the middle of the paper's 100/400/800 G (§"Evaluation", "Setup"). */
    public static final long DEFAULT_RATE_BPS = 400 * Units.GBPS;
    /**
     * Propagation delay per link: 600 ns. The paper prints "600 us" (§"Evaluation", "Setup"); at 600 us a
     * 2 MB flow would be 99% propagation and no scheme could differ, so we read ns (docs/design.md).
     */
    public static final long DEFAULT_PROPAGATION_PS = 600 * Units.PS_PER_NS;
    /**
     * Largest base round trip accepted: {@code Long.MAX_VALUE / 1024} ps (about 104 days). Timers derived
     * from the round trip (PRIME's penalties of up to 4 RTTs, the retransmission timeout of 10 RTTs, the
     * fluid model's windows of a few RTTs) are multiples far below 1024, so none can overflow the clock.
     */
    public static final long MAX_BASE_RTT_PS = Long.MAX_VALUE / 1024;
    /** MTU on the wire: 4160 B (§"Evaluation", "Traffic"). */
    public static final int DEFAULT_MTU_BYTES = 4160;
    /** Headers of data, ACK, NACK and trimmed packets: 64 B (docs/design.md). */
    public static final int DEFAULT_HEADER_BYTES = 64;
    /** ACK coalescing: one ACK per 4 data packets (§"Evaluation", "Traffic"). */
    public static final int DEFAULT_ACK_EVERY = 4;
    /** RED {@code K_min = 0.25 BDP} (§"Evaluation", "Traffic"). */
    public static final double DEFAULT_KMIN_BDP = 0.25;
    /** RED {@code K_max = 0.75 BDP} (§"Evaluation", "Traffic"). */
    public static final double DEFAULT_KMAX_BDP = 0.75;
    /** Trimming when the queue would exceed 1 BDP (§"Evaluation", "Traffic"). */
    public static final double DEFAULT_TRIM_BDP = 1.0;

    /** Validates ranges; messages name the command-line option. */
    public FabricParameters {
        if (tree == null) {
            throw new IllegalArgumentException("tree: required");
        }
        if (linkRateBps <= 0) {
            throw new IllegalArgumentException("rate: must be > 0 bit/s, got " + linkRateBps);
        }
        if (propagationPs < 0) {
            throw new IllegalArgumentException("delay: must be >= 0, got " + propagationPs + " ps");
        }
        if (headerBytes < 1) {
            throw new IllegalArgumentException("header: must be >= 1 byte, got " + headerBytes);
        }
        if (mtuBytes <= headerBytes || mtuBytes > 1 << 20) {
            // the bound comes from the header, which may be the option that was set: name it
            throw new IllegalArgumentException("mtu: must be in [" + (headerBytes + 1) + ", 1048576] bytes (more than the "
                    + headerBytes + " B header), got " + mtuBytes);
        }
        if (ackEvery < 1 || ackEvery > 64) {
            throw new IllegalArgumentException("ack-every: must be in [1, 64], got " + ackEvery);
        }
        if (!(kMinBdp >= 0 && kMaxBdp > kMinBdp)) {
            throw new IllegalArgumentException("kmax: need 0 <= kmin < kmax, got kmin=" + kMinBdp + " kmax=" + kMaxBdp);
        }
        if (!(trimBdp > 0)) {
            throw new IllegalArgumentException("trim: must be > 0 BDP, got " + trimBdp);
        }
        long rtt = pathRttPs(tree.longestPathLinks(), propagationPs, linkRateBps, mtuBytes, headerBytes);
        if (rtt > MAX_BASE_RTT_PS) {
            // name the option that makes most of the round trip: the wires' delay or the serialization
            long serializationPs = pathRttPs(tree.longestPathLinks(), 0, linkRateBps, mtuBytes, headerBytes);
            String option = serializationPs >= rtt - serializationPs ? "rate" : "delay";
            throw new IllegalArgumentException(option + ": the base round trip of " + Units.formatTime(rtt) + " ("
                    + tree.longestPathLinks() + " links of " + Units.formatTime(propagationPs) + " each way at "
                    + Units.formatRate(linkRateBps) + ") is beyond the largest of " + Units.formatTime(MAX_BASE_RTT_PS)
                    + " whose derived timers fit a run's clock");
        }
        long bdp = Units.bytesIn(rtt, linkRateBps);
        if ((bdp + mtuBytes - 1) / mtuBytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("delay: the bandwidth-delay product of " + bdp + " B at "
                    + Units.formatRate(linkRateBps) + " is beyond " + Integer.MAX_VALUE + " packets");
        }
    }

    /** The paper's parameters on {@code tree}. */
    public static FabricParameters paperDefaults(FatTree tree) {
        return new FabricParameters(tree, DEFAULT_RATE_BPS, DEFAULT_PROPAGATION_PS, DEFAULT_MTU_BYTES,
                DEFAULT_HEADER_BYTES, DEFAULT_ACK_EVERY, DEFAULT_KMIN_BDP, DEFAULT_KMAX_BDP, DEFAULT_TRIM_BDP);
    }

    /** Serialization of one MTU at the fabric rate, whole picoseconds (rounded up). */
    public long mtuSerializationPs() {
        return Units.serializationPs(mtuBytes, linkRateBps);
    }

    /**
     * Unloaded round-trip time of a path of {@code hops} links: an MTU data packet out and a header-sized
     * ACK back, each store-and-forward over every link.
     */
    public long pathRttPs(int hops) {
        return pathRttPs(hops, propagationPs, linkRateBps, mtuBytes, headerBytes);
    }

    /** {@link #pathRttPs(int)} of the given parameters, in checked arithmetic (an overflow names {@code delay}). */
    private static long pathRttPs(int hops, long propagationPs, long linkRateBps, int mtuBytes, int headerBytes) {
        long out = Units.addTime("delay", propagationPs, Units.serializationPs(mtuBytes, linkRateBps));
        long back = Units.addTime("delay", propagationPs, Units.serializationPs(headerBytes, linkRateBps));
        return Units.multiplyTime("delay", hops, Units.addTime("delay", out, back));
    }

    /** Unloaded round-trip time of the longest path (2-tier: 4 links, 3-tier: 6). */
    public long baseRttPs() {
        return pathRttPs(tree.longestPathLinks());
    }

    /** Bandwidth-delay product: link rate times the base RTT of the longest path (docs/design.md). */
    public long bdpBytes() {
        return Units.bytesIn(baseRttPs(), linkRateBps);
    }

    /** BDP in whole MTU packets (rounded up). */
    public int bdpPackets() {
        return (int) ((bdpBytes() + mtuBytes - 1) / mtuBytes);
    }

    /** RED {@code K_min} in bytes. */
    public long kMinBytes() {
        return Math.round(kMinBdp * bdpBytes());
    }

    /** RED {@code K_max} in bytes. */
    public long kMaxBytes() {
        return Math.round(kMaxBdp * bdpBytes());
    }

    /** Data-queue limit in bytes (never below one MTU). */
    public long trimBytes() {
        return Math.max(mtuBytes, Math.round(trimBdp * bdpBytes()));
    }

    /**
     * The window that keeps a lone flow at line rate: one BDP plus the {@code ackEvery} packets whose
     * acknowledgement coalescing holds back (without them the sender idles for {@code ackEvery - 1}
     * serialization times every round trip).
     */
    public long lineRateWindowBytes() {
        return bdpBytes() + (long) ackEvery * mtuBytes;
    }
}
