package org.primelab.core.scenario;

import java.util.List;
import java.util.function.UnaryOperator;
import org.primelab.core.cc.CcKind;
import org.primelab.core.entropy.EntropyConfig;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.entropy.PenaltyRtts;
import org.primelab.core.entropy.SprayOrder;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.history.CongestionHistory;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.HostFlows;
import org.primelab.core.workload.Workload;

/**
 * One experiment, as both simulators and the analytical bounds see it: the fabric and its link
 * parameters ({@link FabricParameters}, built once), the faults, the workload (flows and the triggers
 * that chain them), the load balancer, the congestion control and the master seed. The packet
 * simulator's {@code SimConfig} and the fluid simulator's {@code FluidConfig} are this plus the knobs
 * only that simulator has, so the two can never model different systems.
 *
 * <p>Defaults ({@link #builder}) are the paper's (§"Evaluation", "Setup" and "Traffic"; the constants
 * live in {@link FabricParameters}): 400 Gb/s links, 600 ns propagation, MTU 4160 B, 64 B headers, one
 * ACK per 4 packets, RED from 0.25 to 0.75 BDP, trimming past 1 BDP; PRIME, DCTCP with initial
 * {@code alpha = 0} ({@link #DEFAULT_DCTCP_INITIAL_ALPHA}), seed 1, no faults.
 *
 * @param fabric the fabric and its link parameters
 * @param faults failed and degraded links, on {@code fabric.tree()}
 * @param workload the flows and triggers; null while the scenario only describes a fabric (a simulator
 *        given its workload separately completes it with {@link #withWorkload})
 * @param scheme the load balancer
 * @param entropy the schemes' parameters (null: {@link EntropyConfig#defaults} for this fabric)
 * @param cc the congestion control
 * @param dctcpInitialAlpha DCTCP's starting {@code alpha}, in [0, 1]
 * @param seed the master seed: every random stream of a run derives from it ({@code Seeds})
 */
public record Scenario(FabricParameters fabric, Faults faults, Workload workload, LoadBalancingScheme scheme,
                       EntropyConfig entropy, CcKind cc, double dctcpInitialAlpha, long seed) {

    /**
     * DCTCP's initial {@code alpha}: 0 (RFC 8257 leaves it to the implementation; with 1, Linux's and
     * ns-3's choice, the first mark halves a line-rate window and a 2 MB flow then measures DCTCP's
     * recovery rather than the load balancer; packet-sim/README.md).
     */
    public static final double DEFAULT_DCTCP_INITIAL_ALPHA = 0.0;

    /** Validates; messages name the command-line option. */
    public Scenario {
        if (fabric == null) {
            throw new IllegalArgumentException("tree: required");
        }
        if (faults == null) {
            faults = Faults.none(fabric.tree());
        }
        if (!faults.tree().equals(fabric.tree())) {
            throw new IllegalArgumentException("faults: specified on another tree");
        }
        if (scheme == null) {
            throw new IllegalArgumentException("lb: required; accepted: " + LoadBalancingScheme.names());
        }
        if (cc == null) {
            throw new IllegalArgumentException("cc: required; accepted: " + CcKind.names());
        }
        if (!(dctcpInitialAlpha >= 0 && dctcpInitialAlpha <= 1)) {
            throw new IllegalArgumentException("dctcp-alpha0: must be in [0, 1], got " + dctcpInitialAlpha);
        }
        if (workload != null) {
            HostFlows.check(fabric.tree(), workload.flows());
        }
    }

    /** A builder with the paper's defaults on {@code tree}. */
    public static Builder builder(FatTree tree) {
        return new Builder(tree);
    }

    /** The fabric's topology. */
    public FatTree tree() {
        return fabric.tree();
    }

    /** The workload's flows (the scenario must have a workload). */
    public List<Flow> flows() {
        return requireWorkload().flows();
    }

    /** The workload; refuses a scenario that has none. */
    public Workload requireWorkload() {
        if (workload == null) {
            throw new IllegalStateException("traffic: the scenario has no workload");
        }
        return workload;
    }

    /** The schemes' parameters in force. */
    public EntropyConfig effectiveEntropy() {
        return entropy != null ? entropy : EntropyConfig.defaults(fabric.baseRttPs(), fabric.bdpPackets());
    }

    /** The same scenario with another workload. */
    public Scenario withWorkload(Workload w) {
        return new Scenario(fabric, faults, w, scheme, entropy, cc, dctcpInitialAlpha, seed);
    }

    /**
     * The same scenario with PRIME's penalties {@code p}, stated in base RTTs and resolved on this fabric
     * ({@link PenaltyRtts#config}); the rest of the entropy configuration stays. {@link PenaltyRtts#DEFAULT}
     * on a scenario without an entropy configuration leaves it without one.
     */
    public Scenario withPenalties(PenaltyRtts p) {
        return withEntropy(p.isDefault(), e -> e.withHistory(p.config(fabric.baseRttPs(), fabric.bdpPackets())));
    }

    /**
     * The same scenario with an EV space of {@code evSpace} values for the hashed schemes (RPS, REPS, ECMP
     * draw their EVs from {@code [0, evSpace)}); the rest of the entropy configuration stays. The default
     * ({@link EntropyConfig#DEFAULT_EV_SPACE}, 2^16) spreads a sprayed flow's packets over an uplink each
     * without a lasting bias; a small space (htsim's default is 64 EVs per flow) fixes each flow's split
     * over the uplinks to how its few EVs hash (docs/design.md, "The EV space of the hashed schemes").
     * PRIME and CO-PRIME name ports, not hashed EVs, and are not affected.
     *
     * @throws IllegalArgumentException "ev-space: ..." when {@code evSpace < 1}
     */
    public Scenario withEvSpace(int evSpace) {
        return withEntropy(evSpace == EntropyConfig.DEFAULT_EV_SPACE, e -> e.withEvSpace(evSpace));
    }

    /**
     * The same scenario with RPS using its EVs in {@code order}: {@link SprayOrder#RANDOM} (the default, a
     * random EV per packet) or {@link SprayOrder#CYCLE} (each EV once per cycle, htsim's oblivious spraying;
     * with a small {@link #withEvSpace EV space} a flow's split over the uplinks is then exactly how its EVs
     * hash, cycle after cycle). Only RPS is affected.
     */
    public Scenario withSprayOrder(SprayOrder order) {
        return withEntropy(order == SprayOrder.RANDOM, e -> e.withSprayOrder(order));
    }

    /**
     * The same scenario with its entropy configuration changed by {@code change}; one without an entropy
     * configuration of its own stays without one when the change sets the default ({@code toDefault}), so a
     * scenario at the defaults stays equal to itself.
     */
    private Scenario withEntropy(boolean toDefault, UnaryOperator<EntropyConfig> change) {
        EntropyConfig e = entropy == null && toDefault ? null : change.apply(effectiveEntropy());
        return new Scenario(fabric, faults, workload, scheme, e, cc, dctcpInitialAlpha, seed);
    }

    /** The same scenario with another load balancer. */
    public Scenario withScheme(LoadBalancingScheme s) {
        return new Scenario(fabric, faults, workload, s, entropy, cc, dctcpInitialAlpha, seed);
    }

    /** The same scenario with another master seed. */
    public Scenario withSeed(long s) {
        return new Scenario(fabric, faults, workload, scheme, entropy, cc, dctcpInitialAlpha, s);
    }

    /** The same scenario with other faults (on the same tree). */
    public Scenario withFaults(Faults f) {
        return new Scenario(fabric, f, workload, scheme, entropy, cc, dctcpInitialAlpha, seed);
    }

    /** One line: fabric, links, faults, workload, scheme, CC and seed. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        s.append(tree()).append(", ").append(Units.formatRate(fabric.linkRateBps())).append(" links, ")
                .append(Units.formatTime(fabric.propagationPs())).append(" propagation, MTU ")
                .append(fabric.mtuBytes()).append(" B, ACK every ").append(fabric.ackEvery());
        if (!faults.isEmpty()) {
            s.append(", ").append(faults.failedLinks().length).append(" failed and ")
                    .append(faults.degradedLinks().length).append(" degraded directed links");
        }
        if (workload != null) {
            s.append(", ").append(workload.size()).append(" flows");
            if (!workload.triggers().isEmpty()) {
                s.append(" and ").append(workload.triggers().size()).append(" triggers");
            }
        }
        s.append(", ").append(scheme.cliName()).append(", ").append(cc.cliName());
        if (cc == CcKind.DCTCP && dctcpInitialAlpha != DEFAULT_DCTCP_INITIAL_ALPHA) {
            s.append(" (alpha0 ").append(dctcpInitialAlpha).append(')');
        }
        return s.append(entropyNote()).append(", seed ").append(seed).toString();
    }

    /**
     * What differs from the default schemes' parameters, for one-line summaries: {@code ", penalties P_ECN
     * ... P_NACK ..."}, {@code ", EV space N"} and (RPS) {@code ", EVs in cycles"} when set, else the empty
     * string.
     */
    public String entropyNote() {
        StringBuilder s = new StringBuilder();
        CongestionHistory.Config history = effectiveEntropy().history();
        if (!history.equals(EntropyConfig.defaults(fabric.baseRttPs(), fabric.bdpPackets()).history())) {
            boolean time = history.decay() == CongestionHistory.Decay.TIME;
            s.append(", penalties P_ECN ").append(time ? Units.formatTime(history.ecnPenalty()) : history.ecnPenalty() + " sends")
                    .append(" P_NACK ").append(time ? Units.formatTime(history.nackPenalty()) : history.nackPenalty() + " sends");
        }
        int evSpace = effectiveEntropy().evSpace();
        if (evSpace != EntropyConfig.DEFAULT_EV_SPACE) {
            s.append(", EV space ").append(evSpace);
        }
        if (scheme == LoadBalancingScheme.RPS && effectiveEntropy().sprayOrder() == SprayOrder.CYCLE) {
            s.append(", EVs in cycles");
        }
        return s.toString();
    }

    /** Fluent builder holding the paper's defaults. */
    public static final class Builder {
        private final FatTree tree;
        private Faults faults;
        private Workload workload;
        private long rate = FabricParameters.DEFAULT_RATE_BPS;
        private long delay = FabricParameters.DEFAULT_PROPAGATION_PS;
        private int mtu = FabricParameters.DEFAULT_MTU_BYTES;
        private int header = FabricParameters.DEFAULT_HEADER_BYTES;
        private int ackEvery = FabricParameters.DEFAULT_ACK_EVERY;
        private double kMin = FabricParameters.DEFAULT_KMIN_BDP;
        private double kMax = FabricParameters.DEFAULT_KMAX_BDP;
        private double trim = FabricParameters.DEFAULT_TRIM_BDP;
        private LoadBalancingScheme scheme = LoadBalancingScheme.PRIME;
        private EntropyConfig entropy;
        private PenaltyRtts penalties;
        private CcKind cc = CcKind.DCTCP;
        private double alpha0 = DEFAULT_DCTCP_INITIAL_ALPHA;
        private long seed = 1;

        private Builder(FatTree tree) {
            this.tree = tree;
        }

        public Builder faults(Faults f) {
            this.faults = f;
            return this;
        }

        public Builder workload(Workload w) {
            this.workload = w;
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

        public Builder scheme(LoadBalancingScheme s) {
            this.scheme = s;
            return this;
        }

        public Builder entropy(EntropyConfig e) {
            this.entropy = e;
            return this;
        }

        /**
         * PRIME's penalties in base RTTs, resolved against this fabric's base RTT and BDP when built
         * ({@link Scenario#withPenalties}); they replace the history of {@link #entropy} (or of the defaults).
         */
        public Builder penalties(PenaltyRtts p) {
            this.penalties = p;
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

        public Builder seed(long s) {
            this.seed = s;
            return this;
        }

        /** Validates and builds. */
        public Scenario build() {
            if (tree == null) {
                throw new IllegalArgumentException("tree: required");
            }
            Scenario s = new Scenario(new FabricParameters(tree, rate, delay, mtu, header, ackEvery, kMin, kMax, trim),
                    faults, workload, scheme, entropy, cc, alpha0, seed);
            return penalties == null ? s : s.withPenalties(penalties);
        }
    }
}
