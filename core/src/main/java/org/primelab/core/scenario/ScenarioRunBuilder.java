package org.primelab.core.scenario;

import org.primelab.core.cc.CcKind;
import org.primelab.core.entropy.EntropyConfig;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.entropy.PenaltyRtts;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.workload.Workload;

/**
 * The scenario half of a simulator configuration's fluent builder, written once: each setter passes its
 * value to a {@link Scenario.Builder} (which holds the paper's defaults and validates on
 * {@link Scenario.Builder#build}) and returns the concrete builder, so that a simulator's builder
 * ({@code SimConfig.Builder}, {@code FluidConfig.Builder}) only adds its own knobs.
 *
 * @param <B> the concrete builder, returned by every setter
 */
public abstract class ScenarioRunBuilder<B extends ScenarioRunBuilder<B>> {
    /** The scenario being built. */
    protected final Scenario.Builder scenario;

    /** A builder with the paper's defaults on {@code tree}. */
    protected ScenarioRunBuilder(FatTree tree) {
        this.scenario = Scenario.builder(tree);
    }

    /** This builder, as its concrete type. */
    protected abstract B self();

    public B faults(Faults f) {
        scenario.faults(f);
        return self();
    }

    public B workload(Workload w) {
        scenario.workload(w);
        return self();
    }

    /** Link rate in bits per second. */
    public B rate(long bps) {
        scenario.rate(bps);
        return self();
    }

    /** Propagation per link in picoseconds. */
    public B delay(long ps) {
        scenario.delay(ps);
        return self();
    }

    public B mtu(int bytes) {
        scenario.mtu(bytes);
        return self();
    }

    public B header(int bytes) {
        scenario.header(bytes);
        return self();
    }

    public B scheme(LoadBalancingScheme s) {
        scenario.scheme(s);
        return self();
    }

    public B entropy(EntropyConfig e) {
        scenario.entropy(e);
        return self();
    }

    /** PRIME's penalties in base RTTs ({@link Scenario.Builder#penalties}). */
    public B penalties(PenaltyRtts p) {
        scenario.penalties(p);
        return self();
    }

    public B cc(CcKind c) {
        scenario.cc(c);
        return self();
    }

    public B dctcpInitialAlpha(double a) {
        scenario.dctcpInitialAlpha(a);
        return self();
    }

    public B ackEvery(int n) {
        scenario.ackEvery(n);
        return self();
    }

    /** RED marking from {@code kMinFraction} to {@code kMaxFraction} of the BDP. */
    public B ecnThresholds(double kMinFraction, double kMaxFraction) {
        scenario.ecnThresholds(kMinFraction, kMaxFraction);
        return self();
    }

    /** Trimming above {@code bdpFraction} of the BDP. */
    public B trim(double bdpFraction) {
        scenario.trim(bdpFraction);
        return self();
    }

    /** The master seed. */
    public B seed(long s) {
        scenario.seed(s);
        return self();
    }
}
