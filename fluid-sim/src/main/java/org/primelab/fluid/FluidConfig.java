package org.primelab.fluid;

import org.primelab.core.entropy.EntropyConfig;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;

/**
 * Every parameter of a fluid run. The scenario fields and every derived value (base RTT, BDP, RED
 * thresholds, trimming limit, starting window) are defined exactly as the packet simulator's
 * {@code org.primelab.packet.SimConfig} defines them, so that both simulators model the same system
 * (the paper's §"Evaluation" setup; docs/design.md, "The packet simulator"); a test in the CLI module checks
 * the two agree field by field. Two fields are the fluid model's own: the {@link SplitMode} and the
 * integration step (whose default depends on the split mode).
 *
 * @param tree the fabric
 * @param faults failed and degraded links
 * @param linkRateBps rate of every link that is not degraded
 * @param propagationPs propagation delay of every link
 * @param mtuBytes packet size on the wire, headers included
 * @param headerBytes header bytes of data packets, ACKs, NACKs and trimmed headers
 * @param scheme the load balancer
 * @param entropy the schemes' parameters (null: {@link EntropyConfig#defaults} for this fabric)
 * @param cc congestion control
 * @param dctcpInitialAlpha DCTCP's starting {@code alpha}
 * @param ackEvery data packets per coalesced ACK
 * @param kMinBdp RED {@code K_min} as a fraction of the BDP
 * @param kMaxBdp RED {@code K_max} as a fraction of the BDP
 * @param trimBdp data-queue limit (trimming threshold) as a fraction of the BDP
 * @param split how flows are divided over paths
 * @param stepMtus integration step in MTU serializations at the fabric rate: in (0, {@value #MAX_STEP_MTUS}]
 *                 for {@link SplitMode#PACKET} (the flow step of the quantum engine), in (0, 1] for
 *                 {@link SplitMode#EXPECTED} (the fine Euler step); NaN selects the mode's default
 * @param seed the master seed
 * @param fastForward whether the quantum engine may leap over steady stretches ({@link #DEFAULT_FAST_FORWARD};
 *                    see {@code SteadyState})
 */
public record FluidConfig(FatTree tree, Faults faults, long linkRateBps, long propagationPs, int mtuBytes,
                          int headerBytes, LoadBalancingScheme scheme, EntropyConfig entropy, FluidCc cc,
                          double dctcpInitialAlpha, int ackEvery, double kMinBdp, double kMaxBdp, double trimBdp,
                          SplitMode split, double stepMtus, long seed, boolean fastForward) {

    /** Link rate default: 400 Gb/s, as the packet simulator (§"Evaluation", "Setup"). */
    public static final long DEFAULT_RATE_BPS = FabricParameters.DEFAULT_RATE_BPS;
    /** Propagation delay per link: 600 ns (the paper prints "600 us"; docs/design.md reads ns). */
    public static final long DEFAULT_PROPAGATION_PS = FabricParameters.DEFAULT_PROPAGATION_PS;
    /** MTU on the wire: 4160 B (§"Evaluation", "Traffic"). */
    public static final int DEFAULT_MTU_BYTES = FabricParameters.DEFAULT_MTU_BYTES;
    /** Header bytes: 64 B (docs/design.md). */
    public static final int DEFAULT_HEADER_BYTES = FabricParameters.DEFAULT_HEADER_BYTES;
    /** ACK coalescing: one ACK per 4 data packets (§"Evaluation", "Traffic"). */
    public static final int DEFAULT_ACK_EVERY = FabricParameters.DEFAULT_ACK_EVERY;
    /** RED {@code K_min = 0.25 BDP} (§"Evaluation", "Traffic"). */
    public static final double DEFAULT_KMIN_BDP = FabricParameters.DEFAULT_KMIN_BDP;
    /** RED {@code K_max = 0.75 BDP} (§"Evaluation", "Traffic"). */
    public static final double DEFAULT_KMAX_BDP = FabricParameters.DEFAULT_KMAX_BDP;
    /** Trimming past 1 BDP (§"Evaluation", "Traffic"). */
    public static final double DEFAULT_TRIM_BDP = FabricParameters.DEFAULT_TRIM_BDP;
    /** DCTCP's default initial alpha: 0, as the packet simulator ({@code Dctcp.DEFAULT_INITIAL_ALPHA}). */
    public static final double DEFAULT_INITIAL_ALPHA = 0.0;
    /**
     * Fast-forward is on by default: the quantum engine leaps over stretches whose rates its last windows
     * determine (steady NIC-bound stretches, and checked stretches of DCTCP's additive increase), never
     * across a start, a failure or a completion (fluid-sim/README.md, "Fast-forward"; {@code SteadyState}).
     * On the cross-validation suite it moves max FCTs by about 2% at most.
     */
    public static final boolean DEFAULT_FAST_FORWARD = true;
    /**
     * Default step of {@link SplitMode#PACKET} runs: 8 MTU serializations (2.7 us at 100G, 0.67 us at 400G).
     * In the quantum engine the step only clocks the flows (sends, DCTCP, PRIME's feedback, the ACK load and
     * port busy fractions); queues are advanced exactly at every quantum's arrival and windows are freed at
     * each quantum's own return time, so the step only has to be short against the RTT-scale dynamics it
     * clocks: under half the base RTT at 100G (6.2 us on 2 tiers, 9.2 us on 3), under a seventh at 400G,
     * and the engine caps it at the shortest return time of any quantum. Halving it moves the suite's
     * spraying max FCTs by less than 1% (fluid-sim/README.md; the step-halving test).
     */
    public static final double DEFAULT_STEP_MTUS = 8.0;
    /**
     * Default step of {@link SplitMode#EXPECTED} runs (fine-step engine): half an MTU serialization, so a
     * packet's worth of fluid is resolved to half a packet and the base RTT (at least
     * {@code 2·hops·propagation}, 4.8 us at the default delay) spans dozens of steps.
     */
    public static final double DEFAULT_EXPECTED_STEP_MTUS = 0.5;
    /** Largest {@link SplitMode#PACKET} step, MTU serializations (the engine caps it at the shortest return). */
    public static final double MAX_STEP_MTUS = 64;

    /** The default step of {@code split} mode, MTU serializations. */
    public static double defaultStepMtus(SplitMode split) {
        return split == SplitMode.EXPECTED ? DEFAULT_EXPECTED_STEP_MTUS : DEFAULT_STEP_MTUS;
    }

    /** Validates ranges; messages name the command-line option. */
    public FluidConfig {
        if (tree == null) {
            throw new IllegalArgumentException("tree: required");
        }
        if (faults == null) {
            faults = Faults.none(tree);
        }
        if (faults.tree() != tree) {
            throw new IllegalArgumentException("faults: specified for another tree");
        }
        new FabricParameters(tree, linkRateBps, propagationPs, mtuBytes, headerBytes, ackEvery, kMinBdp, kMaxBdp,
                trimBdp);   // validates the shared parameters
        if (scheme == null) {
            throw new IllegalArgumentException("lb: required; accepted: " + LoadBalancingScheme.names());
        }
        if (cc == null) {
            throw new IllegalArgumentException("cc: required; accepted: fixed, dctcp");
        }
        if (!(dctcpInitialAlpha >= 0 && dctcpInitialAlpha <= 1)) {
            throw new IllegalArgumentException("dctcp-alpha0: must be in [0, 1], got " + dctcpInitialAlpha);
        }
        if (split == null) {
            throw new IllegalArgumentException("split: required; accepted: expected, packet");
        }
        if (Double.isNaN(stepMtus)) {
            stepMtus = defaultStepMtus(split);
        }
        double maxStep = split == SplitMode.EXPECTED ? 1 : MAX_STEP_MTUS;
        if (!(stepMtus > 0 && stepMtus <= maxStep)) {
            throw new IllegalArgumentException("step: must be in (0, " + (int) maxStep + "] MTU serializations with "
                    + split.cliName() + " splits, got " + stepMtus);
        }
    }

    /** A builder with the paper's defaults on {@code tree}. */
    public static Builder builder(FatTree tree) {
        return new Builder(tree);
    }

    /** The link and switch parameters shared with the packet simulator. */
    public FabricParameters fabric() {
        return new FabricParameters(tree, linkRateBps, propagationPs, mtuBytes, headerBytes, ackEvery, kMinBdp,
                kMaxBdp, trimBdp);
    }

    /** See {@link FabricParameters#baseRttPs()}. */
    public long baseRttPs() {
        return fabric().baseRttPs();
    }

    /** See {@link FabricParameters#pathRttPs(int)}. */
    public long pathRttPs(int hops) {
        return fabric().pathRttPs(hops);
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

    /** See {@link FabricParameters#lineRateWindowBytes()}. */
    public long lineRateWindowBytes() {
        return fabric().lineRateWindowBytes();
    }

    /** See {@link FabricParameters#mtuSerializationPs()}. */
    public long mtuSerializationPs() {
        return fabric().mtuSerializationPs();
    }

    /** The configured integration step in picoseconds (a double: a multiple of the MTU serialization). */
    public double stepPs() {
        return stepMtus * mtuSerializationPs();
    }

    /** The schemes' parameters in force. */
    public EntropyConfig effectiveEntropy() {
        return entropy != null ? entropy : EntropyConfig.defaults(baseRttPs(), bdpPackets());
    }

    /** The same configuration with another scheme. */
    public FluidConfig withScheme(LoadBalancingScheme s) {
        return new FluidConfig(tree, faults, linkRateBps, propagationPs, mtuBytes, headerBytes, s, entropy, cc,
                dctcpInitialAlpha, ackEvery, kMinBdp, kMaxBdp, trimBdp, split, stepMtus, seed, fastForward);
    }

    /** The same configuration with another split mode and that mode's default step. */
    public FluidConfig withSplit(SplitMode m) {
        return new FluidConfig(tree, faults, linkRateBps, propagationPs, mtuBytes, headerBytes, scheme, entropy, cc,
                dctcpInitialAlpha, ackEvery, kMinBdp, kMaxBdp, trimBdp, m, Double.NaN, seed, fastForward);
    }

    /** The same configuration with another step. */
    public FluidConfig withStepMtus(double s) {
        return new FluidConfig(tree, faults, linkRateBps, propagationPs, mtuBytes, headerBytes, scheme, entropy, cc,
                dctcpInitialAlpha, ackEvery, kMinBdp, kMaxBdp, trimBdp, split, s, seed, fastForward);
    }

    /** The same configuration with fast-forward on or off. */
    public FluidConfig withFastForward(boolean on) {
        return new FluidConfig(tree, faults, linkRateBps, propagationPs, mtuBytes, headerBytes, scheme, entropy, cc,
                dctcpInitialAlpha, ackEvery, kMinBdp, kMaxBdp, trimBdp, split, stepMtus, seed, on);
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
        private FluidCc cc = FluidCc.DCTCP;
        private double alpha0 = DEFAULT_INITIAL_ALPHA;
        private int ackEvery = DEFAULT_ACK_EVERY;
        private double kMin = DEFAULT_KMIN_BDP;
        private double kMax = DEFAULT_KMAX_BDP;
        private double trim = DEFAULT_TRIM_BDP;
        private SplitMode split = SplitMode.PACKET;
        private double step = Double.NaN;
        private long seed = 1;
        private boolean fastForward = DEFAULT_FAST_FORWARD;

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

        public Builder cc(FluidCc c) {
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

        public Builder ecnThresholds(double kMinFraction, double kMaxFraction) {
            this.kMin = kMinFraction;
            this.kMax = kMaxFraction;
            return this;
        }

        public Builder trim(double bdpFraction) {
            this.trim = bdpFraction;
            return this;
        }

        public Builder split(SplitMode m) {
            this.split = m;
            return this;
        }

        /** The step in MTU serializations (default: the split mode's, {@link #defaultStepMtus}). */
        public Builder stepMtus(double s) {
            this.step = s;
            return this;
        }

        public Builder seed(long s) {
            this.seed = s;
            return this;
        }

        /** Whether the quantum engine may leap over steady stretches (default {@link #DEFAULT_FAST_FORWARD}). */
        public Builder fastForward(boolean on) {
            this.fastForward = on;
            return this;
        }

        /** Validates and builds. */
        public FluidConfig build() {
            return new FluidConfig(tree, faults, rate, delay, mtu, header, scheme, entropy, cc, alpha0, ackEvery, kMin,
                    kMax, trim, split, step, seed, fastForward);
        }
    }
}
