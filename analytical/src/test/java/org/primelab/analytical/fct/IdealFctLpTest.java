package org.primelab.analytical.fct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workloads;

/** The maximum concurrent flow LP against closed forms. */
class IdealFctLpTest {
    private static final long G400 = 400_000_000_000L;
    private static final long G100 = 100_000_000_000L;
    private static final int MTU = 4160;
    private static final int HEADER = 64;
    private static final long DELAY = 600_000;

    @Test
    void healthySymmetricPermutationEqualsTheLonePathClosedForm() {
        for (FatTree tree : new FatTree[] {FatTree.twoTier(8), FatTree.twoTier(16), FatTree.threeTier(4),
            FatTree.threeTier(8)}) {
            List<Flow> flows = Workloads.permutation(tree, 2_000_000, 3, true);
            IdealFctWithFaults.Result r = IdealFctWithFaults.compute(Faults.none(tree), flows, G400, MTU, HEADER, DELAY);
            assertEquals(1.0, r.phi());
            assertEquals(tree.longestPathLinks(), r.hops());
            assertEquals(IdealFct.lonePathPs(2_000_000, MTU, HEADER, G400, DELAY, tree.longestPathLinks()),
                    r.idealMaxFctPs(), tree.toString());
        }
    }

    @Test
    void oneFailedOrDegradedTorUplinkGivesTheCapacityFraction() {
        // every host of the ToR sends and receives across ToRs at line rate: S uplinks, one failed or
        // degraded to a quarter, so phi = (S - 1 + rho) / S
        Object[][] cases = {{FatTree.twoTier(8), "leaf0-spine0"}, {FatTree.threeTier(4), "edge0.0-agg0.0"},
            {FatTree.twoTier(16), "leaf3-spine5"}};
        for (Object[] c : cases) {
            FatTree tree = (FatTree) c[0];
            String cable = (String) c[1];
            double s = tree.torUplinks();
            List<Flow> flows = Workloads.permutation(tree, 1_000_000, 1, true);
            double failed = MaxConcurrentFlowLp.solve(Faults.builder(tree).fail(cable, 0).build(), flows, G400).phi();
            assertEquals((s - 1) / s, failed, 1e-9, tree + " fail " + cable);
            double degraded = MaxConcurrentFlowLp.solve(Faults.builder(tree).degrade(cable, G100).build(), flows, G400)
                    .phi();
            assertEquals((s - 0.75) / s, degraded, 1e-9, tree + " degrade " + cable);
        }
    }

    @Test
    void degradedFabricStretchesTheFct() {
        FatTree tree = FatTree.twoTier(8);
        List<Flow> flows = Workloads.permutation(tree, 2_000_000, 1, true);
        IdealFctWithFaults.Result r = IdealFctWithFaults.compute(Faults.builder(tree).fail("leaf0-spine0", 0).build(),
                flows, G400, MTU, HEADER, DELAY);
        long lone = IdealFct.lonePathPs(2_000_000, MTU, HEADER, G400, DELAY, 4);
        assertTrue(r.idealMaxFctPs() > lone);
        // the throughput part stretches by 1/phi; behind the bottleneck the last packet (1216 B of a 2 MB flow,
        // 24.32 ns) crosses the 3 hops after the first in its own time, not a full MTU's
        long tLast = Units.serializationPs(IdealFct.lastPacketWireBytes(2_000_000, MTU, HEADER), G400);
        assertEquals(24_320, tLast);
        lone -= 3 * (83_200 - tLast);
        long packets = IdealFct.packets(2_000_000, MTU, HEADER);
        assertEquals((double) (packets - 1) * 83_200 / 0.75, r.idealMaxFctPs() - (lone - (packets - 1) * 83_200),
                packets);
    }

    @Test
    void certifiedAndLpSolversGiveTheSameIdeal() {
        FatTree tree = FatTree.twoTier(8);
        List<Flow> flows = Workloads.permutation(tree, 2_000_000, 4, true);
        Faults f = Faults.builder(tree).fail("leaf2-spine1", 0).degrade("leaf5-spine3", G100).build();
        IdealFctWithFaults.Result lp = IdealFctWithFaults.compute(f, flows, G400, MTU, HEADER, DELAY,
                IdealFctWithFaults.Solver.LP, 1e-6);
        IdealFctWithFaults.Result cert = IdealFctWithFaults.compute(f, flows, G400, MTU, HEADER, DELAY);
        assertEquals(IdealFctWithFaults.Solver.CERTIFIED, cert.solver());
        assertEquals(lp.phiLower(), lp.phiUpper());
        assertTrue(cert.phiLower() <= lp.phi() + 1e-9 && lp.phi() <= cert.phiUpper() + 1e-9, cert + " vs " + lp);
        assertEquals(cert.phiUpper(), cert.phi());
        // the ideal uses the upper end, so it is at most the LP's, and within the gap of it
        assertTrue(cert.idealMaxFctPs() <= lp.idealMaxFctPs() + 1, cert + " vs " + lp);
        assertEquals(lp.idealMaxFctPs(), cert.idealMaxFctPs(), lp.idealMaxFctPs() * 2e-6);
    }

    @Test
    void badInputs() {
        FatTree tree = FatTree.twoTier(4);
        List<Flow> flows = Workloads.permutation(tree, 1000, 1, true);
        assertThrows(IllegalArgumentException.class, () -> MaxConcurrentFlowLp.solve(Faults.none(tree), flows, 0));
        assertThrows(IllegalArgumentException.class, () -> MaxConcurrentFlowLp.solve(Faults.none(tree), List.of(), G400));
        assertThrows(IllegalArgumentException.class, () -> IdealFctWithFaults.fct(1000, MTU, HEADER, G400, 0, 4, 0));
        assertThrows(IllegalArgumentException.class,
                () -> MaxConcurrentFlowLp.solve(Faults.none(FatTree.twoTier(64)),
                        Workloads.permutation(FatTree.twoTier(64), 1000, 1, true), G400));
    }
}
