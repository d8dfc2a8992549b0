package org.primelab.packet;

import org.primelab.core.entropy.EntropyConfig;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;
import org.primelab.packet.net.Scheduling;

/**
 * Every parameter of a packet-level run, with the paper's defaults (§"Evaluation", "Setup" and
 * "Traffic"; docs/design.md, "The packet simulator"). Built with {@link #builder(FatTree)}; derived values
 * (base RTT, BDP, ECN thresholds, trimming limit, window) are computed here once so that every
 * component reads the same numbers.
 *
 * @param tree the fabric
 * @param faults failed and degraded links
 * @param linkRateBps rate of every link that is not degraded
 * @param propagationPs propagation delay of every link
 * @param mtuBytes packet size on the wire, headers included
 * @param headerBytes header size: of an ACK, a NACK, a trimmed packet and the header part of data
 * @param scheme the load balancer
 * @param entropy the schemes' parameters (null: {@link EntropyConfig#defaults} for this fabric)
 * @param cc congestion control
 * @param dctcpInitialAlpha DCTCP's starting {@code alpha} ({@link org.primelab.packet.transport.Dctcp})
 * @param ackEvery data packets per coalesced ACK
 * @param ackOnMark ACK at once when a data packet arrives ECN-marked (htsim's behaviour)
 * @param kMinBdp RED {@code K_min} as a fraction of the BDP
 * @param kMaxBdp RED {@code K_max} as a fraction of the BDP
 * @param trimBdp data-queue limit (trimming threshold) as a fraction of the BDP
 * @param rtoPs retransmission timeout (0: {@link #DEFAULT_RTO_RTTS} base RTTs)
 * @param detectPs failure detection delay: a failed link keeps receiving (and losing) packets for this
 *        long before switches route around it
 * @param ecmpFraction fraction of flows pinned to ECMP in their own traffic class (mixed traffic)
 * @param scheduling how egress ports share the wire between the sprayed and the ECMP class
 * @param seed the master seed
 */
public record SimConfig(FatTree tree, Faults faults, long linkRateBps, long propagationPs, int mtuBytes,
                        int headerBytes, LoadBalancingScheme scheme, EntropyConfig entropy, CcKind cc,
                        double dctcpInitialAlpha, int ackEvery, boolean ackOnMark, double kMinBdp, double kMaxBdp, double trimBdp,
                        long rtoPs, long detectPs, double ecmpFraction, Scheduling scheduling, long seed) {

    /** Paper default, see {@link FabricParameters#DEFAULT_RATE_BPS}. */
    public static final long DEFAULT_RATE_BPS = FabricParameters.DEFAULT_RATE_BPS;
    /** Paper default (600 ns, read from the paper's "600 us"), see {@link FabricParameters#DEFAULT_PROPAGATION_PS}. */
    public static final long DEFAULT_PROPAGATION_PS = FabricParameters.DEFAULT_PROPAGATION_PS;
    /** Paper default, see {@link FabricParameters#DEFAULT_MTU_BYTES}. */
    public static final int DEFAULT_MTU_BYTES = FabricParameters.DEFAULT_MTU_BYTES;
    /** Paper default, see {@link FabricParameters#DEFAULT_HEADER_BYTES}. */
    public static final int DEFAULT_HEADER_BYTES = FabricParameters.DEFAULT_HEADER_BYTES;
    /** Paper default, see {@link FabricParameters#DEFAULT_ACK_EVERY}. */
    public static final int DEFAULT_ACK_EVERY = FabricParameters.DEFAULT_ACK_EVERY;
    /** Paper default, see {@link FabricParameters#DEFAULT_KMIN_BDP}. */
    public static final double DEFAULT_KMIN_BDP = FabricParameters.DEFAULT_KMIN_BDP;
    /** Paper default, see {@link FabricParameters#DEFAULT_KMAX_BDP}. */
    public static final double DEFAULT_KMAX_BDP = FabricParameters.DEFAULT_KMAX_BDP;
    /** Paper default, see {@link FabricParameters#DEFAULT_TRIM_BDP}. */
    public static final double DEFAULT_TRIM_BDP = FabricParameters.DEFAULT_TRIM_BDP;
    /** Default failure detection delay: 100 us (docs/design.md's link-failure experiment; {@code --detect}). */
    public static final long DEFAULT_DETECT_PS = 100 * Units.PS_PER_US;
    /** Default retransmission timeout in base RTTs: far above the worst queueing a 1-BDP queue per hop allows. */
    public static final int DEFAULT_RTO_RTTS = 10;

    /** Validates ranges; messages name the command-line option. */
    public SimConfig {
        if (tree == null) {
            throw new IllegalArgumentException("tree: required");
        }
        if (faults == null) {
            faults = Faults.none(tree);
        }
        new FabricParameters(tree, linkRateBps, propagationPs, mtuBytes, headerBytes, ackEvery, kMinBdp, kMaxBdp,
                trimBdp);   // validates the shared parameters
        if (scheme == null) {
            throw new IllegalArgumentException("lb: required; accepted: " + LoadBalancingScheme.names());
        }
        if (cc == null) {
            throw new IllegalArgumentException("cc: required; accepted: " + CcKind.names());
        }
        if (!(dctcpInitialAlpha >= 0 && dctcpInitialAlpha <= 1)) {
            throw new IllegalArgumentException("dctcp-alpha0: must be in [0, 1], got " + dctcpInitialAlpha);
        }
        if (rtoPs < 0) {
            throw new IllegalArgumentException("rto: must be >= 0 ps, got " + rtoPs);
        }
        if (detectPs < 0) {
            throw new IllegalArgumentException("detect: must be >= 0, got " + detectPs + " ps");
        }
        if (!(ecmpFraction >= 0 && ecmpFraction <= 1)) {
            throw new IllegalArgumentException("ecmp-fraction: must be in [0, 1], got " + ecmpFraction);
        }
        if (scheduling == null) {
            scheduling = Scheduling.STRICT_PRIORITY;
        }
        if (!faults.isEmpty() && faults.tree() != tree) {
            throw new IllegalArgumentException("faults: specified on another tree");
        }
    }

    /** A builder with the paper's defaults on {@code tree}. */
    public static Builder builder(FatTree tree) {
        return new Builder(tree);
    }

    /** The link and switch parameters this run shares with the fluid model. */
    public FabricParameters fabric() {
        return new FabricParameters(tree, linkRateBps, propagationPs, mtuBytes, headerBytes, ackEvery, kMinBdp,
                kMaxBdp, trimBdp);
    }

    /** Links on the longest host-to-host path (2-tier: 4, 3-tier: 6). */
    public int longestPathLinks() {
        return tree.longestPathLinks();
    }

    /** See {@link FabricParameters#baseRttPs()}. */
    public long baseRttPs() {
        return fabric().baseRttPs();
    }

    /** See {@link FabricParameters#bdpBytes()}. */
    public long bdpBytes() {
        return fabric().bdpBytes();
    }

    /** See {@link FabricParameters#bdpPackets()}. */
    public int bdpPackets() {
        return fabric().bdpPackets();
    }

    /** See {@link FabricParameters#kMinBytes()}. */
    public long kMinBytes() {
        return fabric().kMinBytes();
    }

    /** See {@link FabricParameters#kMaxBytes()}. */
    public long kMaxBytes() {
        return fabric().kMaxBytes();
    }

    /** See {@link FabricParameters#trimBytes()}. */
    public long trimBytes() {
        return fabric().trimBytes();
    }

    /**
     * See {@link FabricParameters#lineRateWindowBytes()}: the fixed-window sender uses it; DCTCP starts
     * from it.
     */
    public long lineRateWindowBytes() {
        return fabric().lineRateWindowBytes();
    }

    /** The retransmission timeout in force. */
    public long effectiveRtoPs() {
        return rtoPs > 0 ? rtoPs : DEFAULT_RTO_RTTS * baseRttPs();
    }

    /** The schemes' parameters in force. */
    public EntropyConfig effectiveEntropy() {
        return entropy != null ? entropy : EntropyConfig.defaults(baseRttPs(), bdpPackets());
    }

    /** The same configuration with another scheme. */
    public SimConfig withScheme(LoadBalancingScheme s) {
        return new SimConfig(tree, faults, linkRateBps, propagationPs, mtuBytes, headerBytes, s, entropy, cc,
                dctcpInitialAlpha, ackEvery, ackOnMark, kMinBdp, kMaxBdp, trimBdp, rtoPs, detectPs, ecmpFraction, scheduling, seed);
    }

    /** The same configuration with another seed. */
    public SimConfig withSeed(long s) {
        return new SimConfig(tree, faults, linkRateBps, propagationPs, mtuBytes, headerBytes, scheme, entropy, cc,
                dctcpInitialAlpha, ackEvery, ackOnMark, kMinBdp, kMaxBdp, trimBdp, rtoPs, detectPs, ecmpFraction, scheduling, s);
    }

    /** Fluent builder holding the paper's defaults. */
    public static final class Builder {
        private final FatTree tree;
        private Faults faults;
        private long rate = DEFAULT_RATE_BPS;
        private long delay = DEFAULT_PROPAGATION_PS;
        private int mtu = DEFAULT_MTU_BYTES;
        private int header = DEFAULT_HEADER_BYTES;
        private LoadBalancingScheme scheme = LoadBalancingScheme.PRIME;
        private EntropyConfig entropy;
        private CcKind cc = CcKind.DCTCP;
        private double alpha0 = org.primelab.packet.transport.Dctcp.DEFAULT_INITIAL_ALPHA;
        private int ackEvery = DEFAULT_ACK_EVERY;
        private boolean ackOnMark;
        private double kMin = DEFAULT_KMIN_BDP;
        private double kMax = DEFAULT_KMAX_BDP;
        private double trim = DEFAULT_TRIM_BDP;
        private long rto;
        private long detect = DEFAULT_DETECT_PS;
        private double ecmpFraction;
        private Scheduling scheduling = Scheduling.STRICT_PRIORITY;
        private long seed = 1;

        private Builder(FatTree tree) {
            this.tree = tree;
        }

        public Builder faults(Faults f) {
            this.faults = f;
            return this;
        }

        public Builder rate(long bps) {
            this.rate = bps;
            return this;
        }

        public Builder delay(long ps) {
            this.delay = ps;
            return this;
        }

        public Builder mtu(int bytes) {
            this.mtu = bytes;
            return this;
        }

        public Builder header(int bytes) {
            this.header = bytes;
            return this;
        }

        public Builder scheme(LoadBalancingScheme s) {
            this.scheme = s;
            return this;
        }

        public Builder entropy(EntropyConfig e) {
            this.entropy = e;
            return this;
        }

        public Builder cc(CcKind c) {
            this.cc = c;
            return this;
        }

        public Builder dctcpInitialAlpha(double a) {
            this.alpha0 = a;
            return this;
        }

        public Builder ackEvery(int n) {
            this.ackEvery = n;
            return this;
        }

        public Builder ackOnMark(boolean b) {
            this.ackOnMark = b;
            return this;
        }

        public Builder ecnThresholds(double kMinFraction, double kMaxFraction) {
            this.kMin = kMinFraction;
            this.kMax = kMaxFraction;
            return this;
        }

        public Builder trim(double bdpFraction) {
            this.trim = bdpFraction;
            return this;
        }

        public Builder rto(long ps) {
            this.rto = ps;
            return this;
        }

        public Builder detect(long ps) {
            this.detect = ps;
            return this;
        }

        public Builder ecmpFraction(double f) {
            this.ecmpFraction = f;
            return this;
        }

        public Builder scheduling(Scheduling s) {
            this.scheduling = s;
            return this;
        }

        public Builder seed(long s) {
            this.seed = s;
            return this;
        }

        /** Validates and builds. */
        public SimConfig build() {
            return new SimConfig(tree, faults, rate, delay, mtu, header, scheme, entropy, cc, alpha0, ackEvery, ackOnMark, kMin,
                    kMax, trim, rto, detect, ecmpFraction, scheduling, seed);
        }
    }
}
