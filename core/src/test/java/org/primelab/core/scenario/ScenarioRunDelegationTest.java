package org.primelab.core.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

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
 * A {@link ScenarioRun} reads every parameter of its scenario, and the derived fabric quantities it
 * exposes are the closed forms of the paper's setup, computed here by hand for a 2-tier fabric at the
 * defaults (400 Gb/s, 600 ns, MTU 4160 B, 64 B headers, ACK every 4):
 * MTU serialization 4160 * 8 / 400G = 83,200 ps; header 1,280 ps; one hop's round trip
 * 683,200 + 601,280 = 1,284,480 ps; base RTT (4 links) 5,137,920 ps; BDP 5,137,920 ps * 400 Gb/s / 8 =
 * 256,896 B = ceil(61.75) = 62 packets; K_min, K_max, trim = 0.25, 0.75, 1 BDP; line-rate window
 * BDP + 4 MTU = 273,536 B.
 */
class ScenarioRunDelegationTest {
    private static final FatTree TREE = FatTree.twoTier(8);

    /** The smallest run: a scenario and no knobs of its own. */
    private record Run(Scenario scenario) implements ScenarioRun {
    }

    /** The scenario's own components, each non-default so that none coincides with a zero or null. */
    @Test
    void componentsAreTheScenarios() {
        Faults faults = Faults.builder(TREE).fail("leaf0-spine0", 0).build();
        Workload w = Workload.of(List.of(new Flow(0, 0, 31, 1000, 0)));
        EntropyConfig e = EntropyConfig.defaults(1_000_000, 10);
        Scenario s = Scenario.builder(TREE).faults(faults).workload(w).scheme(LoadBalancingScheme.REPS).entropy(e)
                .cc(CcKind.NSCC).dctcpInitialAlpha(0.25).seed(99).build();
        Run r = new Run(s);
        assertSame(s.fabric(), r.fabric());
        assertSame(TREE, r.tree());
        assertSame(faults, r.faults());
        assertEquals(w.flows(), r.flows());
        assertEquals(LoadBalancingScheme.REPS, r.scheme());
        assertSame(e, r.entropy());
        assertSame(e, r.effectiveEntropy());
        assertEquals(CcKind.NSCC, r.cc());
        assertEquals(0.25, r.dctcpInitialAlpha());
        assertEquals(99L, r.seed());
    }

    /** The link parameters at the paper's defaults. */
    @Test
    void linkParametersAreThePapers() {
        Run r = new Run(Scenario.builder(TREE).build());
        assertEquals(400_000_000_000L, r.linkRateBps());
        assertEquals(600_000L, r.propagationPs());
        assertEquals(4160, r.mtuBytes());
        assertEquals(64, r.headerBytes());
        assertEquals(4, r.ackEvery());
        assertEquals(0.25, r.kMinBdp());
        assertEquals(0.75, r.kMaxBdp());
        assertEquals(1.0, r.trimBdp());
        assertEquals(EntropyConfig.defaults(5_137_920L, 62), r.effectiveEntropy());
    }

    /** The derived quantities against the hand computation in the class comment. */
    @Test
    void derivedQuantitiesMatchTheHandComputation() {
        Run r = new Run(Scenario.builder(TREE).build());
        assertEquals(4, r.longestPathLinks());
        assertEquals(83_200L, r.mtuSerializationPs());
        assertEquals(2 * 1_284_480L, r.pathRttPs(2));
        assertEquals(5_137_920L, r.baseRttPs());
        assertEquals(256_896L, r.bdpBytes());
        assertEquals(62, r.bdpPackets());
        assertEquals(64_224L, r.kMinBytes());
        assertEquals(192_672L, r.kMaxBytes());
        assertEquals(256_896L, r.trimBytes());
        assertEquals(273_536L, r.lineRateWindowBytes());
    }
}
