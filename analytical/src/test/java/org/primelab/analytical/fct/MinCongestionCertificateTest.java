package org.primelab.analytical.fct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.workload.Flow;

/**
 * {@link MinCongestionSolver} on instances whose minimum congestion {@code lambda*} is known in closed form,
 * and the time-expanded relaxation {@link FatTreeCommodities#phasedInstance} solved by it.
 *
 * <p>The two-edge instance: edges {@code e0, e1} of capacity 1; commodity 0 (demand 4) may use either,
 * commodity 1 (demand 4) only {@code e1}. Routing commodity 0 entirely on {@code e0} gives congestion 4, and
 * the cut {@code {e0, e1}} carries all 8 units over capacity 2, so {@code lambda* = 4} exactly and the cut
 * bound already proves it; the start (commodity 0 split by bottleneck capacity, 2 / 2) has congestion 6,
 * so at least one sweep is needed.
 */
class MinCongestionCertificateTest {
    private static final long G400 = 400_000_000_000L;
    private static final double R = MinCongestionSolver.ROUNDING;
    private static final FatTree K4 = FatTree.twoTier(4);

    private static PathFlowInstance twoEdges(boolean withEmptyGroup) {
        PathFlowInstance.Builder b = new PathFlowInstance.Builder();
        int e0 = b.edge(1);
        int e1 = b.edge(1);
        b.commodity(4);
        b.path(new int[] {e0}, 1);
        b.path(new int[] {e1}, 1);
        b.commodity(4);
        b.path(new int[] {e1}, 1);
        b.group(new int[] {e0, e1});
        if (withEmptyGroup) {
            b.group(new int[0]);
        }
        return b.build();
    }

    private static long seconds(int s) {
        return System.nanoTime() + s * 1_000_000_000L;
    }

    /**
     * The certified interval contains lambda* = 4 even though both ends reach it: the reported bounds are
     * widened by {@link MinCongestionSolver#ROUNDING} outwards, so the lower end never exceeds 4 and the
     * upper end is never below it. Reaching the start's congestion 6 down to 4 takes at least one sweep.
     */
    @Test
    void theIntervalContainsTheExactOptimumAndIsWithinTheGap() {
        MinCongestionSolver.Bounds b = new MinCongestionSolver(twoEdges(false)).solve(1e-6, seconds(10),
                Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY);
        assertTrue(b.converged(), b.toString());
        assertTrue(b.lambdaLower() <= 4 && 4 <= b.lambdaUpper(), b.toString());
        assertTrue(b.lambdaUpper() <= 4 * (1 + 1e-6) * (1 + 2 * R), b.toString());
        assertTrue(b.lambdaLower() >= 4 * (1 - 2 * R), "the cut proves 4: " + b);
        assertTrue(b.sweeps() >= 1, "the start is at congestion 6: " + b);
    }

    /**
     * Zero gap: once the routing reaches the cut's value the interval is a point up to rounding, and the
     * solver must report convergence (the done test compares the two ends each within ROUNDING).
     */
    @Test
    void aRoutingThatMeetsTheCutBoundConvergesEvenAtZeroGap() {
        MinCongestionSolver.Bounds b = new MinCongestionSolver(twoEdges(false)).solve(0, seconds(10),
                Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY);
        assertTrue(b.converged(), b.toString());
        assertTrue(b.lambdaLower() <= 4 && 4 <= b.lambdaUpper(), b.toString());
        assertTrue(b.lambdaUpper() <= 4 * (1 + 4 * R), b.toString());
    }

    /**
     * {@code stopAbove} ends the solve only once the dual bound certifies {@code lambda* > stopAbove}; at
     * {@code stopAbove = lambda*} that can never be certified, so the solve runs to the requested gap. Below
     * the optimum it stops at once, with a lower bound above the threshold.
     */
    @Test
    void stopAboveNeedsAStrictCertificate() {
        MinCongestionSolver.Bounds at = new MinCongestionSolver(twoEdges(false)).solve(1e-6, seconds(10), 4,
                Double.NEGATIVE_INFINITY);
        assertTrue(at.converged(), at.toString());
        assertTrue(at.lambdaUpper() <= 4 * (1 + 1e-6) * (1 + 2 * R), at.toString());
        MinCongestionSolver.Bounds below = new MinCongestionSolver(twoEdges(false)).solve(1e-6, seconds(10), 3.5,
                Double.NEGATIVE_INFINITY);
        assertFalse(below.converged(), below.toString());
        assertTrue(below.lambdaLower() > 3.5, below.toString());
        assertEquals(0, below.sweeps());
    }

    /** An empty edge set carries no cut information; added to the builder it must not spoil the bounds. */
    @Test
    void anEmptyGroupIsIgnored() {
        MinCongestionSolver.Bounds b = new MinCongestionSolver(twoEdges(true)).solve(1e-6, seconds(10),
                Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY);
        assertTrue(b.lambdaLower() <= 4 && 4 <= b.lambdaUpper() && b.converged(), b.toString());
    }

    /**
     * Same-ToR flows in the time-expanded relaxation: they cross only their ToR's summed host-link edges.
     * Under leaf0, h0 -> h1 and h1 -> h0 (one unit of work W each) share a send edge of capacity
     * 2 (hosts) x L per phase; over two phases of W/4 the edge offers W for 2W of demand: congestion 2.
     */
    @Test
    void sameTorDemandLoadsItsTorsHostEdgesInEveryPhase() {
        List<Flow> flows = List.of(new Flow(0, 0, 1, 1000, 0), new Flow(1, 1, 0, 1000, 0));
        FatTreeCommodities c = FatTreeCommodities.of(Faults.none(K4), flows, G400);
        double w = 1e6;
        PathFlowInstance in = c.phasedInstance(Faults.none(K4), new long[] {0, 0}, new double[] {w / 4, w / 4}, w);
        assertEquals(1, in.commodities(), "one same-ToR commodity, no cross-ToR one");
        assertEquals(2, in.paths(), "one (send, receive) path per phase");
        assertEquals(2 * w, in.demand[0], 1e-6);
        MinCongestionSolver.Bounds b = new MinCongestionSolver(in).solve(1e-6, seconds(10),
                Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY);
        assertTrue(b.lambdaLower() <= 2 && 2 <= b.lambdaUpper(), b.toString());
        assertTrue(b.lambdaUpper() <= 2 * (1 + 1e-5), b.toString());
    }

    /**
     * Incast into leaf0 in one phase of length W: h2 -> h0 and h4 -> h0 (one unit each), h6 -> h1 (half a
     * unit). leaf0's receive edge sums h0's and h1's downlinks (2 W) for 2.5 W, and its two spine downlinks
     * also carry 2.5 W over 2 W, so lambda* = 1.25; every send edge and uplink is at most 1. (The per-host
     * downlink of h0 would say 2: the relaxation is per ToR, not per host.)
     */
    @Test
    void crossTorDemandCrossesSendEdgeSwitchLinksAndReceiveEdge() {
        List<Flow> flows = List.of(new Flow(0, 2, 0, 2000, 0), new Flow(1, 4, 0, 2000, 0), new Flow(2, 6, 1, 1000, 0));
        FatTreeCommodities c = FatTreeCommodities.of(Faults.none(K4), flows, G400);
        double w = 1e6;
        PathFlowInstance in = c.phasedInstance(Faults.none(K4), new long[] {0}, new double[] {w}, w);
        assertEquals(3, in.commodities());
        assertEquals(6, in.paths());
        for (int p = 0; p < in.paths(); p++) {
            assertEquals(4, in.pathOff[p + 1] - in.pathOff[p], "send edge, 2 switch links, receive edge");
        }
        MinCongestionSolver.Bounds b = new MinCongestionSolver(in).solve(1e-6, seconds(10),
                Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY);
        assertTrue(b.lambdaLower() <= 1.25 && 1.25 <= b.lambdaUpper(), b.toString());
        assertTrue(b.lambdaUpper() <= 1.25 * (1 + 1e-5), b.toString());
    }
}
