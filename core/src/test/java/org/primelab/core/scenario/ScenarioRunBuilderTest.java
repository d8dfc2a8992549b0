package org.primelab.core.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.core.cc.CcKind;
import org.primelab.core.entropy.EntropyConfig;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workload;

/**
 * {@link ScenarioRunBuilder}, the scenario half of every simulator's builder: starts from the paper's
 * defaults, passes each value to {@link Scenario.Builder} unchanged, returns the concrete builder for
 * chaining, and leaves validation to {@link Scenario.Builder#build}.
 */
class ScenarioRunBuilderTest {
    private static final FatTree TREE = FatTree.twoTier(8);

    /** A simulator's builder with no knobs of its own. */
    private static final class Builder extends ScenarioRunBuilder<Builder> {
        Builder(FatTree tree) {
            super(tree);
        }

        @Override
        protected Builder self() {
            return this;
        }

        Scenario build() {
            return scenario.build();
        }
    }

    /** Untouched, it builds the paper's default scenario. */
    @Test
    void startsFromThePapersDefaults() {
        Scenario s = new Builder(TREE).build();
        Scenario d = Scenario.builder(TREE).build();
        assertEquals(d.fabric(), s.fabric());
        assertEquals(new Scenario(d.fabric(), s.faults(), null, LoadBalancingScheme.PRIME, null, CcKind.DCTCP, 0, 1), s);
    }

    /** Every setter, chained on the concrete type, gives the scenario the same calls on {@link Scenario.Builder} give. */
    @Test
    void everySetterIsPassedThrough() {
        Faults faults = Faults.builder(TREE).fail("leaf0-spine0", 0).build();
        Workload w = Workload.of(List.of(new Flow(0, 0, 31, 1000, 0)));
        EntropyConfig e = EntropyConfig.defaults(1_000_000, 10);
        Scenario viaRun = new Builder(TREE).faults(faults).workload(w).rate(100_000_000_000L).delay(1_000_000L).mtu(1500)
                .header(40).scheme(LoadBalancingScheme.ECMP).entropy(e).cc(CcKind.FIXED).dctcpInitialAlpha(0.75)
                .ackEvery(8).ecnThresholds(0.1, 0.2).trim(3.0).seed(1234).build();
        Scenario direct = Scenario.builder(TREE).faults(faults).workload(w).rate(100_000_000_000L).delay(1_000_000L)
                .mtu(1500).header(40).scheme(LoadBalancingScheme.ECMP).entropy(e).cc(CcKind.FIXED)
                .dctcpInitialAlpha(0.75).ackEvery(8).ecnThresholds(0.1, 0.2).trim(3.0).seed(1234).build();
        assertEquals(direct, viaRun);
        assertEquals(1234L, viaRun.seed());
        assertEquals(8, viaRun.fabric().ackEvery());
        assertEquals(3.0, viaRun.fabric().trimBdp());
    }

    /** Validation is the scenario's: the same one-line message. */
    @Test
    void validationIsTheScenarios() {
        assertEquals("dctcp-alpha0: must be in [0, 1], got 2.0",
                assertThrows(IllegalArgumentException.class, () -> new Builder(TREE).dctcpInitialAlpha(2).build()).getMessage());
        assertEquals("tree: required", assertThrows(IllegalArgumentException.class, () -> new Builder(null).build()).getMessage());
    }
}
