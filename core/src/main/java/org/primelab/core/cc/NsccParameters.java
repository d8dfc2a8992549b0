package org.primelab.core.cc;

import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.units.Units;

/**
 * The fabric-wide parameters of NSCC, the Ultra Ethernet sender congestion control (UEC 1.0
 * specification, "Network-Signaled Congestion Control"; the reference implementation is the UEC's
 * htsim, {@code UecSrc::initNsccParams}). Both simulators' NSCC ({@code packet.transport.Nscc} and
 * {@code fluid.FluidNscc}) read their gains from here, so the two can never disagree on a constant.
 *
 * <p><b>Scaling.</b> NSCC's gains are tuned for a reference network of {@link #REFERENCE_RATE_BPS} and
 * {@link #REFERENCE_RTT_PS}, i.e. a reference BDP of {@code 100 Gb/s x 12 us = 150,000 B}, and scaled
 * to the actual fabric by two dimensionless factors:
 * <pre>
 *   a = BDP_net / BDP_ref          (BDP_net = networkRtt x linkRate / 8, rounded down to whole bytes)
 *   b = targetDelay / RTT_ref
 * </pre>
 * With {@code MSS = mtu - header} (payload bytes of a full packet), the per-ACK gains are
 * <pre>
 *   fair increase          FI    = 5 · MSS · a           bytes added per window of ACKed bytes
 *   proportional increase alpha  = 4 · MSS · a · b / T    bytes per (ACKed byte · ps of delay below T),
 *                                                          then divided by the window (see Nscc)
 *   fast increase scale    FIS   = 0.25 · a              bytes added per ACKed byte
 *   additive "eta"         eta   = 0.15 · MSS · a        bytes added once per adjustment period
 * </pre>
 * with {@code T} the target queueing delay. These are htsim's formulas ({@code _fi}, {@code _alpha},
 * {@code _fi_scale}, {@code _eta}); the multipliers 5, 4, 0.25 and 0.15 are named constants below.
 *
 * <p><b>Derivation from our fabric</b> ({@link #of}): htsim's {@code main_uec} takes the network RTT
 * as the unloaded round trip of the fat tree's diameter: twice the diameter's propagation plus one data
 * packet's and one ACK's serialization per hop. That is exactly {@link FabricParameters#baseRttPs()}
 * (an MTU out and a header-sized ACK back over every link of the longest path). With trimming enabled
 * (our simulators always trim) htsim's default target delay is {@code 0.75 x networkRtt}.
 *
 * @param networkRttPs unloaded round trip of the longest path (htsim {@code network_max_unloaded_rtt})
 * @param linkRateBps fabric link rate (htsim {@code -linkspeed})
 * @param mtuBytes full data packet on the wire, header included (htsim {@code _mtu})
 * @param headerBytes header bytes per packet (htsim {@code _hdr_size}); {@code MSS = mtu - header}
 * @param targetDelayPs target queueing delay {@code T} (htsim {@code _target_Qdelay},
 *                      {@code -target_q_delay})
 * @param quickAdaptGate quick adapt fires only if the bytes acknowledged in its period are below
 *                       {@code maxWindow >> quickAdaptGate} (htsim {@code _qa_gate}, {@code -qa_gate})
 */
public record NsccParameters(long networkRttPs, long linkRateBps, int mtuBytes, int headerBytes,
                             long targetDelayPs, int quickAdaptGate) {

    /** Reference link rate for the gains' scaling: 100 Gb/s (UEC 1.0 NSCC; htsim {@code _reference_network_linkspeed}). */
    public static final long REFERENCE_RATE_BPS = 100 * Units.GBPS;
    /** Reference round trip for the gains' scaling: 12 us (UEC 1.0 NSCC; htsim {@code _reference_network_rtt}). */
    public static final long REFERENCE_RTT_PS = 12 * Units.PS_PER_US;
    /**
     * Default target queueing delay with trimming: 0.75 of the network RTT (htsim {@code initNsccParams}
     * when {@code target_Qdelay} is not given and trimming is on; without trimming it would be 1.0).
     */
    public static final double TARGET_DELAY_RTT_FRACTION = 0.75;
    /** Default quick-adapt gate: 3, i.e. quick adapt needs less than 1/8 of the maximum window achieved (htsim {@code _qa_gate} default). */
    public static final int DEFAULT_QUICK_ADAPT_GATE = 3;
    /** Quick adapt also fires when a delay sample exceeds 4 target delays (htsim {@code _qa_threshold = 4·_target_Qdelay}). */
    public static final double QUICK_ADAPT_DELAY_TARGETS = 4.0;
    /** Fair increase per window of ACKed bytes, in MSS times {@code a}: 5 (htsim {@code _fi = 5·_mss·a}). */
    public static final double FAIR_INCREASE_MSS = 5.0;
    /** Proportional increase gain, in MSS times {@code a·b/T}: 4 (htsim {@code _alpha = 4·_mss·a·b/T}). */
    public static final double PROPORTIONAL_INCREASE_MSS = 4.0;
    /** Fast increase per ACKed byte, in units of {@code a}: 0.25 (htsim {@code _fi_scale = 0.25·a}). */
    public static final double FAST_INCREASE_SCALE = 0.25;
    /** Periodic additive increase, in MSS times {@code a}: 0.15 (htsim {@code _eta = 0.15·_mss·a}). */
    public static final double ETA_MSS = 0.15;
    /**
     * Multiplicative decrease gain {@code gamma = 0.8}: the window is multiplied by
     * {@code max(1 - gamma·(avgDelay - T)/avgDelay, MAX_DECREASE_FACTOR)} (htsim {@code _gamma}).
     */
    public static final double MULTIPLICATIVE_DECREASE_GAIN = 0.8;
    /** A multiplicative decrease never cuts below half the window: 0.5 (htsim {@code multiplicative_decrease}). */
    public static final double MIN_DECREASE_FACTOR = 0.5;
    /** EWMA weight of a new delay sample in the average delay: 0.0125 (htsim {@code _delay_alpha}). */
    public static final double DELAY_EWMA_WEIGHT = 0.0125;
    /**
     * An unmarked sample above the target enters the average as this fraction of the base RTT, 0.25
     * (htsim {@code update_delay}: delay without ECN is taken as a congested last hop or a stale
     * sample, not as fabric congestion to react to).
     */
    public static final double UNMARKED_HIGH_DELAY_BASE_RTT_FRACTION = 0.25;
    /** Fast increase applies while the delay is below 1 us (htsim {@code fast_increase}, hard-coded {@code timeFromUs(1)}). */
    public static final long FAST_INCREASE_DELAY_PS = Units.PS_PER_US;
    /** Maximum window, in BDPs of the flow's base RTT at its NIC rate: 1.5 (htsim {@code initNscc}, {@code update_base_rtt}). */
    public static final double MAX_WINDOW_BDP = 1.5;
    /** Accumulated increases are applied once this many MTUs were ACKed: 8 (htsim {@code _adjust_bytes_threshold = 8·_mtu}). */
    public static final int ADJUST_MTUS = 8;

    /** Validates ranges; messages name the command-line option. */
    public NsccParameters {
        if (networkRttPs <= 0) {
            throw new IllegalArgumentException("nscc-rtt: must be > 0 ps, got " + networkRttPs);
        }
        if (linkRateBps <= 0) {
            throw new IllegalArgumentException("rate: must be > 0 bit/s, got " + linkRateBps);
        }
        if (headerBytes < 1 || mtuBytes <= headerBytes) {
            throw new IllegalArgumentException("mtu: must exceed the header (" + headerBytes + " B), got " + mtuBytes);
        }
        if (targetDelayPs <= 0) {
            throw new IllegalArgumentException("nscc-target-delay: must be > 0 ps, got " + targetDelayPs);
        }
        if (quickAdaptGate < 0 || quickAdaptGate > 30) {
            throw new IllegalArgumentException("nscc-qa-gate: must be in [0, 30], got " + quickAdaptGate);
        }
    }

    /**
     * htsim's defaults on {@code fabric}: network RTT = {@link FabricParameters#baseRttPs()}, target delay
     * = {@link #TARGET_DELAY_RTT_FRACTION} of it (rounded to whole ps), quick-adapt gate 3.
     */
    public static NsccParameters of(FabricParameters fabric) {
        long rtt = fabric.baseRttPs();
        return new NsccParameters(rtt, fabric.linkRateBps(), fabric.mtuBytes(), fabric.headerBytes(),
                Math.round(TARGET_DELAY_RTT_FRACTION * rtt), DEFAULT_QUICK_ADAPT_GATE);
    }

    /** The same with target delay {@code ps}. */
    public NsccParameters withTargetDelay(long ps) {
        return new NsccParameters(networkRttPs, linkRateBps, mtuBytes, headerBytes, ps, quickAdaptGate);
    }

    /** Payload bytes of a full packet, {@code mtu - header} (htsim {@code _mss}). */
    public int mssBytes() {
        return mtuBytes - headerBytes;
    }

    /** Reference BDP {@code 100 Gb/s x 12 us = 150,000 B}. */
    public static long referenceBdpBytes() {
        return Units.bytesIn(REFERENCE_RTT_PS, REFERENCE_RATE_BPS);
    }

    /** The fabric's BDP, {@code networkRtt x rate / 8}, rounded down. */
    public long networkBdpBytes() {
        return Units.bytesIn(networkRttPs, linkRateBps);
    }

    /** Scaling factor {@code a = BDP_net / BDP_ref}. */
    public double scalingA() {
        return networkBdpBytes() / (double) referenceBdpBytes();
    }

    /** Scaling factor {@code b = T / RTT_ref}. */
    public double scalingB() {
        return targetDelayPs / (double) REFERENCE_RTT_PS;
    }

    /** Fair increase {@code FI = 5·MSS·a}, bytes per window of ACKed bytes. */
    public double fairIncreaseBytes() {
        return FAIR_INCREASE_MSS * mssBytes() * scalingA();
    }

    /** Proportional gain {@code alpha = 4·MSS·a·b/T}, bytes per window per ps below target. */
    public double proportionalGainPerPs() {
        return PROPORTIONAL_INCREASE_MSS * mssBytes() * scalingA() * scalingB() / targetDelayPs;
    }

    /** Fast increase {@code 0.25·a}, bytes of window per ACKed byte. */
    public double fastIncreaseScale() {
        return FAST_INCREASE_SCALE * scalingA();
    }

    /** Periodic increase {@code eta = 0.15·MSS·a}, bytes per adjustment period. */
    public double etaBytes() {
        return ETA_MSS * mssBytes() * scalingA();
    }

    /** Quick-adapt delay threshold, {@code 4·T}. */
    public long quickAdaptDelayPs() {
        return Math.round(QUICK_ADAPT_DELAY_TARGETS * targetDelayPs);
    }

    /** Adjustment period: one network RTT (htsim {@code _adjust_period_threshold = _network_rtt}). */
    public long adjustPeriodPs() {
        return networkRttPs;
    }

    /** Accumulated increases are applied after this many ACKed bytes, {@code 8·MTU}. */
    public long adjustBytes() {
        return (long) ADJUST_MTUS * mtuBytes;
    }

    /** Window floor: one MTU (htsim {@code _min_cwnd = _mtu}). */
    public long minWindowBytes() {
        return mtuBytes;
    }

    /**
     * Maximum window of a flow whose base RTT is {@code baseRttPs} at NIC rate {@code nicRateBps}:
     * {@code floor(1.5 x floor(baseRtt x rate / 8))}, whole bytes as htsim keeps them ({@code initNscc}).
     * Double arithmetic (no allocation: the packet simulator calls it when a lower RTT is seen).
     */
    public static long maxWindowBytes(long baseRttPs, long nicRateBps) {
        long bdp = (long) (baseRttPs * (double) nicRateBps / ((double) Units.PS_PER_S * Units.BITS_PER_BYTE));
        return (long) (MAX_WINDOW_BDP * bdp);
    }

    /**
     * The multiplicative decrease's factor for average delay {@code D > T}:
     * {@code max(1 - gamma·(D - T)/D, 1/2)} (htsim {@code multiplicative_decrease}).
     */
    public static double decreaseFactor(double averageDelayPs, long targetDelayPs) {
        return Math.max(1 - MULTIPLICATIVE_DECREASE_GAIN * (averageDelayPs - targetDelayPs) / averageDelayPs,
                MIN_DECREASE_FACTOR);
    }

    /**
     * What a delay sample {@code d} contributes to the average delay: {@code d}, except an unmarked sample
     * above the target, which counts as {@code baseRtt/4} (htsim {@code update_delay}).
     */
    public double averageDelaySample(double delayPs, boolean marked, double baseRttPs) {
        return marked || delayPs <= targetDelayPs ? delayPs : UNMARKED_HIGH_DELAY_BASE_RTT_FRACTION * baseRttPs;
    }
}
