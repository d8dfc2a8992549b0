package org.primelab.packet;

import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.entropy.PenaltyRtts;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.metrics.FctConvention;
import org.primelab.core.scenario.Scenario;
import org.primelab.core.scenario.ScenarioRun;
import org.primelab.core.scenario.ScenarioRunBuilder;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Workload;
import org.primelab.packet.net.Scheduling;

/**
 * A packet-level run: the {@link Scenario} (fabric, faults, workload, scheme, congestion control, seed,
 * with the paper's defaults; §"Evaluation", "Setup" and "Traffic") plus the knobs only the packet
 * simulator has. Built with {@link #builder(FatTree)}. The accessors of the scenario's fields are
 * repeated here for the simulator's components; derived values (base RTT, BDP, ECN thresholds, trimming
 * limit, window) come from the scenario's one {@link FabricParameters}.
 *
 * @param scenario the experiment both simulators share
 * @param ackOnMark ACK at once when a data packet arrives ECN-marked (htsim's behaviour)
 * @param rtoPs retransmission timeout (0: {@link #DEFAULT_RTO_RTTS} base RTTs)
 * @param detectPs failure detection delay: a failed link keeps receiving (and losing) packets for this
 *        long before switches route around it
 * @param ecmpFraction fraction of flows pinned to ECMP in their own traffic class (mixed traffic)
 * @param scheduling how egress ports share the wire between the sprayed and the ECMP class
 * @param fctAt where FCTs are measured ({@code --fct-at}; null: the receiver, the paper's definition).
 *        At the sender the run goes on until every flow's last ACK has arrived
 */
public record SimConfig(Scenario scenario, boolean ackOnMark, long rtoPs, long detectPs, double ecmpFraction,
                        Scheduling scheduling, FctConvention fctAt) implements ScenarioRun {

    /** Default failure detection delay: 100 us (docs/design.md's link-failure experiment; {@code --detect}). */
    public static final long DEFAULT_DETECT_PS = 100 * Units.PS_PER_US;
    /** Default retransmission timeout in base RTTs: far above the worst queueing a 1-BDP queue per hop allows. */
    public static final int DEFAULT_RTO_RTTS = 10;

    /** Validates ranges; messages name the command-line option. */
    public SimConfig {
        if (scenario == null) {
            throw new IllegalArgumentException("scenario: required");
        }
        if (rtoPs < 0) {
            throw new IllegalArgumentException("rto: must be >= 0 ps, got " + rtoPs);
        }
        if (detectPs < 0 || detectPs > Faults.MAX_DETECT_PS) {
            throw new IllegalArgumentException("detect: must be in [0, " + Faults.MAX_DETECT_PS + "] ps"
                    + " (Faults.MAX_DETECT_PS), got " + detectPs + " ps");
        }
        if (!(ecmpFraction >= 0 && ecmpFraction <= 1)) {
            throw new IllegalArgumentException("ecmp-fraction: must be in [0, 1], got " + ecmpFraction);
        }
        if (scheduling == null) {
            scheduling = Scheduling.STRICT_PRIORITY;
        }
        if (fctAt == null) {
            fctAt = FctConvention.RECEIVER;
        }
    }

    /** A builder with the paper's defaults on {@code tree}. */
    public static Builder builder(FatTree tree) {
        return new Builder(tree);
    }

    /** The retransmission timeout in force. */
    public long effectiveRtoPs() {
        return rtoPs > 0 ? rtoPs : DEFAULT_RTO_RTTS * baseRttPs();
    }

    /** The same configuration with another scenario. */
    public SimConfig withScenario(Scenario s) {
        return new SimConfig(s, ackOnMark, rtoPs, detectPs, ecmpFraction, scheduling, fctAt);
    }

    /** The same configuration with FCTs measured at {@code at}. */
    public SimConfig withFctAt(FctConvention at) {
        return new SimConfig(scenario, ackOnMark, rtoPs, detectPs, ecmpFraction, scheduling, at);
    }

    /** The same configuration with another scheme. */
    public SimConfig withScheme(LoadBalancingScheme s) {
        return withScenario(scenario.withScheme(s));
    }

    /** The same configuration with PRIME's penalties {@code p} ({@link Scenario#withPenalties}). */
    public SimConfig withPenalties(PenaltyRtts p) {
        return withScenario(scenario.withPenalties(p));
    }

    /** The same configuration with RPS using its EVs in {@code order} ({@link Scenario#withSprayOrder}). */
    public SimConfig withSprayOrder(org.primelab.core.entropy.SprayOrder order) {
        return withScenario(scenario.withSprayOrder(order));
    }

    /** The same configuration with an EV space of {@code evSpace} for the hashed schemes ({@link Scenario#withEvSpace}). */
    public SimConfig withEvSpace(int evSpace) {
        return withScenario(scenario.withEvSpace(evSpace));
    }

    /** The same configuration with another seed. */
    public SimConfig withSeed(long s) {
        return withScenario(scenario.withSeed(s));
    }

    /** The same configuration with another workload. */
    public SimConfig withWorkload(Workload w) {
        return withScenario(scenario.withWorkload(w));
    }

    /** Fluent builder holding the paper's defaults: the scenario's ({@link Scenario#builder}) and this record's. */
    public static final class Builder extends ScenarioRunBuilder<Builder> {
        private boolean ackOnMark;
        private long rto;
        private long detect = DEFAULT_DETECT_PS;
        private double ecmpFraction;
        private Scheduling scheduling = Scheduling.STRICT_PRIORITY;
        private FctConvention fctAt = FctConvention.RECEIVER;

        private Builder(FatTree tree) {
            super(tree);
        }

        @Override
        protected Builder self() {
            return this;
        }

        public Builder ackOnMark(boolean b) {
            this.ackOnMark = b;
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

        public Builder fctAt(FctConvention at) {
            this.fctAt = at;
            return this;
        }

        /** Validates and builds. */
        public SimConfig build() {
            return new SimConfig(scenario.build(), ackOnMark, rto, detect, ecmpFraction, scheduling, fctAt);
        }
    }

    /** One line: the scenario, then the packet simulator's own knobs where they are not the defaults. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(scenario.toString());
        s.append(", detect ").append(org.primelab.core.units.Units.formatTime(detectPs));
        if (ackOnMark) {
            s.append(", ACK on mark");
        }
        if (ecmpFraction > 0) {
            s.append(", ECMP fraction ").append(ecmpFraction).append(" (").append(scheduling).append(')');
        }
        return s.toString();
    }
}
