package org.primelab.core.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.core.cc.CcKind;
import org.primelab.core.entropy.EntropyConfig;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workload;

/**
 * {@link Scenario.Builder}: its defaults are the paper's as listed in {@link Scenario}'s javadoc, every
 * setter reaches the component it names, and the scenario refuses a missing or out-of-range value with
 * one line naming the command-line option and what is accepted.
 */
class ScenarioBuilderTest {
    private static final FatTree TREE = FatTree.twoTier(8);

    private static String refusal(Scenario.Builder b) {
        return assertThrows(IllegalArgumentException.class, b::build).getMessage();
    }

    /**
     * Defaults: 400 Gb/s, 600 ns, MTU 4160 B, 64 B headers, an ACK per 4 packets, RED 0.25..0.75 BDP,
     * trimming past 1 BDP, PRIME, DCTCP from alpha 0, seed 1, no faults, no workload, default entropy.
     */
    @Test
    void defaultsAreThePapers() {
        Scenario s = Scenario.builder(TREE).build();
        assertEquals(new FabricParameters(TREE, 400_000_000_000L, 600_000L, 4160, 64, 4, 0.25, 0.75, 1.0), s.fabric());
        assertSame(TREE, s.tree());
        assertSame(TREE, s.faults().tree());
        assertTrue(s.faults().isEmpty());
        assertNull(s.workload());
        assertEquals(LoadBalancingScheme.PRIME, s.scheme());
        assertNull(s.entropy());
        assertEquals(CcKind.DCTCP, s.cc());
        assertEquals(0.0, s.dctcpInitialAlpha());
        assertEquals(1L, s.seed());
    }

    /** Each setter sets its own component (every value differs from its default), chained in one expression. */
    @Test
    void everySetterReachesItsComponent() {
        Faults faults = Faults.builder(TREE).fail("leaf0-spine0", 0).build();
        Workload w = Workload.of(List.of(new Flow(0, 0, 31, 1000, 0)));
        EntropyConfig e = EntropyConfig.defaults(1_000_000, 10).withEvSpace(256);
        Scenario s = Scenario.builder(TREE).faults(faults).workload(w).rate(100_000_000_000L).delay(1_000_000L).mtu(1500)
                .header(40).ackEvery(2).ecnThresholds(0.5, 0.9).trim(2.0).scheme(LoadBalancingScheme.AR).entropy(e)
                .cc(CcKind.NSCC).dctcpInitialAlpha(0.5).seed(42).build();
        assertEquals(new FabricParameters(TREE, 100_000_000_000L, 1_000_000L, 1500, 40, 2, 0.5, 0.9, 2.0), s.fabric());
        assertEquals(new Scenario(s.fabric(), faults, w, LoadBalancingScheme.AR, e, CcKind.NSCC, 0.5, 42), s);
    }

    /** A scenario needs a tree, a load balancer and a congestion control; the message lists the accepted names. */
    @Test
    void missingPartsAreRefusedNamingTheOption() {
        assertEquals("tree: required", refusal(Scenario.builder(null)));
        assertEquals("tree: required", assertThrows(IllegalArgumentException.class,
                () -> new Scenario(null, null, null, LoadBalancingScheme.PRIME, null, CcKind.DCTCP, 0, 1)).getMessage());
        assertEquals("lb: required; accepted: ecmp, rps, reps, prime, co-prime, ar",
                refusal(Scenario.builder(TREE).scheme(null)));
        assertEquals("cc: required; accepted: fixed, dctcp, nscc", refusal(Scenario.builder(TREE).cc(null)));
    }

    /** DCTCP's initial alpha must be in [0, 1]: both ends accepted, anything else (NaN included) refused. */
    @Test
    void dctcpInitialAlphaMustBeInTheUnitInterval() {
        assertEquals(0.0, Scenario.builder(TREE).dctcpInitialAlpha(0.0).build().dctcpInitialAlpha());
        assertEquals(1.0, Scenario.builder(TREE).dctcpInitialAlpha(1.0).build().dctcpInitialAlpha());
        for (double a : new double[] {-0.01, 1.01, Double.NaN}) {
            assertEquals("dctcp-alpha0: must be in [0, 1], got " + a, refusal(Scenario.builder(TREE).dctcpInitialAlpha(a)));
        }
    }

    /** Faults must be on the scenario's own tree, and flows must name its hosts (k=8: hosts 0..31). */
    @Test
    void faultsAndFlowsMustBelongToTheTree() {
        Faults elsewhere = Faults.none(FatTree.twoTier(16));
        assertEquals("faults: specified on another tree", refusal(Scenario.builder(TREE).faults(elsewhere)));
        // a tree built again from the same inputs is the same tree: its link ids are the same
        Faults sameTree = Faults.builder(FatTree.twoTier(8)).fail("leaf0-spine1", 0).build();
        assertEquals(sameTree, Scenario.builder(TREE).faults(sameTree).build().faults());
        Workload tooFar = Workload.of(List.of(new Flow(0, 0, 31, 1000, 0), new Flow(1, 32, 0, 1000, 0)));
        assertEquals("traffic: flow 1 uses a host outside [0, 31]", refusal(Scenario.builder(TREE).workload(tooFar)));
    }

    /** The fabric's own checks apply to the builder's values (here an MTU no larger than the header). */
    @Test
    void fabricValuesAreValidated() {
        assertEquals("mtu: must be in [65, 1048576] bytes (more than the 64 B header), got 64", refusal(Scenario.builder(TREE).mtu(64)));
        assertEquals("ack-every: must be in [1, 64], got 0", refusal(Scenario.builder(TREE).ackEvery(0)));
    }
}
