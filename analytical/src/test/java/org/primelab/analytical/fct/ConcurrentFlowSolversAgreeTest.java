package org.primelab.analytical.fct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.workload.Flow;

/**
 * {@link MaxConcurrentFlowLp} and {@link CertifiedMaxConcurrentFlow} on a 2-tier {@code k = 4} instance
 * solved by hand, and their bookkeeping (commodities, variables, rows) counted by hand.
 *
 * <p>A: h0 -> h2 (leaf0 -> leaf1), B: h1 -> h4 (leaf0 -> leaf2), equal sizes; leaf0 -> spine1 at half rate,
 * spine1 -> leaf1 at a quarter. Both commodities leave leaf0, whose uplinks offer 1 + 1/2, so
 * {@code 2 phi <= 3/2}; {@code phi = 3/4} is reached by A = (1/2 via spine0, 1/4 via spine1) and B = (1/2,
 * 1/4). The host links allow 1. The bottleneck-proportional start (A 4:1, B 2:1) loads leaf0 -> spine0 to
 * 22/15 > 4/3, so the certified solver must improve on it.
 */
class ConcurrentFlowSolversAgreeTest {
    private static final long G400 = 400_000_000_000L;
    private static final FatTree K4 = FatTree.twoTier(4);
    private static final List<Flow> AB = List.of(new Flow(0, 0, 2, 1_000_000, 0), new Flow(1, 1, 4, 1_000_000, 0));

    private static Faults faults() {
        return Faults.builder(K4).degrade("leaf0->spine1", G400 / 2).degrade("spine1->leaf1", G400 / 4).build();
    }

    /** The LP: phi = 3/4; 1 + 4 path variables; rows: 2 demand rows + the 6 switch links the paths use. */
    @Test
    void lpFindsTheHandOptimumWithOneRowPerCommodityAndUsedLink() {
        MaxConcurrentFlowLp.Result lp = MaxConcurrentFlowLp.solve(faults(), AB, G400);
        assertEquals(0.75, lp.phi(), 1e-9);
        assertEquals(2, lp.commodities());
        assertEquals(5, lp.variables());
        assertEquals(8, lp.constraints());
    }

    /**
     * The certified interval contains 3/4 and is within the gap; it needs sweeps (the start is at 15/22),
     * and it reports 2 commodities, 4 path variables and 6 switch links (one per link, however many paths
     * share it).
     */
    @Test
    void certifiedIntervalContainsTheHandOptimumAndCountsEachLinkOnce() {
        CertifiedMaxConcurrentFlow.Result r = CertifiedMaxConcurrentFlow.solve(faults(), AB, G400, 1e-6);
        assertTrue(r.converged(), r.toString());
        assertTrue(r.phiLower() <= 0.75 + 1e-12 && 0.75 <= r.phiUpper() + 1e-12, r.toString());
        assertTrue(r.gap() <= 1e-6, r.toString());
        assertTrue(r.sweeps() >= 1, r.toString());
        assertEquals(1.0, r.phiCap());
        assertEquals(2, r.commodities());
        assertEquals(4, r.variables());
        assertEquals(6, r.links());
    }

    /** Both solvers behind {@link IdealFctWithFaults} report the same rows: commodities plus switch links. */
    @Test
    void bothSolversReportCommoditiesPlusLinksAsRows() {
        IdealFctWithFaults.Result cert = IdealFctWithFaults.compute(faults(), AB, G400, 4160, 64, 600_000);
        IdealFctWithFaults.Result lp = IdealFctWithFaults.compute(faults(), AB, G400, 4160, 64, 600_000,
                IdealFctWithFaults.Solver.LP, 1e-6);
        assertEquals(8, cert.constraints());
        assertEquals(8, lp.constraints());
        assertEquals(4, cert.variables());
        assertEquals(lp.idealMaxFctPs(), cert.idealMaxFctPs(), lp.idealMaxFctPs() * 2e-6);
    }

    /**
     * A healthy ToR-ring permutation routes at line rate (phi = 1 exactly, the LP's optimum snapped within
     * {@link IdealFctWithFaults#PHI_SNAP}), so the LP-based ideal is the lone-path time on 4 links.
     */
    @Test
    void healthyPermutationThroughTheLpIsTheLonePathTime() {
        List<Flow> ring = List.of(new Flow(0, 0, 2, 2_000_000, 0), new Flow(1, 1, 3, 2_000_000, 0),
                new Flow(2, 2, 4, 2_000_000, 0), new Flow(3, 3, 5, 2_000_000, 0), new Flow(4, 4, 6, 2_000_000, 0),
                new Flow(5, 5, 7, 2_000_000, 0), new Flow(6, 6, 0, 2_000_000, 0), new Flow(7, 7, 1, 2_000_000, 0));
        IdealFctWithFaults.Result lp = IdealFctWithFaults.compute(Faults.none(K4), ring, G400, 4160, 64, 600_000,
                IdealFctWithFaults.Solver.LP, 1e-6);
        assertEquals(1.0, lp.phi());
        assertEquals(IdealFct.lonePathPs(2_000_000, 4160, 64, G400, 600_000, 4), lp.idealMaxFctPs());
    }

    /**
     * When the host links bind, the solve stops as soon as a routing fits them (the class comment: "or when
     * the routing reaches phiCap, then phi* = phiCap exactly"). Adding two same-ToR flows from h0 to the
     * instance above makes h0 send three units: phiCap = 1/3, and already the start routing (congestion
     * 22/15 < 3) fits, so no sweep is needed and the interval is the point 1/3.
     */
    @Test
    void hostBoundWorkloadStopsAtTheStartRoutingWithPhiCapExactly() {
        List<Flow> flows = List.of(AB.get(0), AB.get(1), new Flow(2, 0, 1, 1_000_000, 0), new Flow(3, 0, 1, 1_000_000, 0));
        CertifiedMaxConcurrentFlow.Result r = CertifiedMaxConcurrentFlow.solve(faults(), flows, G400, 1e-6);
        assertEquals(1.0 / 3, r.phiCap());
        assertEquals(1.0 / 3, r.phiLower());
        assertEquals(1.0 / 3, r.phiUpper());
        assertTrue(r.converged(), r.toString());
        assertEquals(0, r.sweeps(), r.toString());
        assertEquals(0.75, MaxConcurrentFlowLp.solve(faults(), AB, G400).phi(), 1e-9, "the switches alone allow 3/4");
    }

    /**
     * Flows that never leave their ToR have no switch instance: phi is exactly the host links' bound.
     * h2 sends two 1 kB flows to h3 (h0 -> h1 one): h2's and h3's links carry two units, phi = 1/2.
     */
    @Test
    void sameTorWorkloadIsBoundByHostLinksAlone() {
        List<Flow> flows = List.of(new Flow(0, 0, 1, 1000, 0), new Flow(1, 2, 3, 1000, 0), new Flow(2, 2, 3, 1000, 0));
        CertifiedMaxConcurrentFlow.Result r = CertifiedMaxConcurrentFlow.solve(Faults.none(K4), flows, G400);
        assertEquals(0.5, r.phiLower());
        assertEquals(0.5, r.phiUpper());
        assertEquals(0.5, r.phiCap());
        assertEquals(0, r.commodities());
        assertEquals(0, r.variables());
        assertTrue(r.converged());
        assertEquals(0.0, r.gap());
    }

    /** {@link CertifiedMaxConcurrentFlow.Result#gap()} is the relative width {@code phiUpper / phiLower - 1}. */
    @Test
    void gapIsTheRelativeWidthOfTheInterval() {
        assertEquals(0.5, new CertifiedMaxConcurrentFlow.Result(0.5, 0.75, 1, 1, 1, 1, 1, false, 0).gap());
        assertEquals(0.0, new CertifiedMaxConcurrentFlow.Result(0.25, 0.25, 1, 1, 1, 1, 1, true, 0).gap());
    }
}
