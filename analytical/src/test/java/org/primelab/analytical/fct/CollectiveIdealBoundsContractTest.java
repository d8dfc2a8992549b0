package org.primelab.analytical.fct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.topology.FatTree;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Trigger;
import org.primelab.core.workload.Workload;

/**
 * {@link CollectiveIdeal} on 2-tier {@code k = 4} at the paper's defaults (T = 83.2 ns per 4160 B packet,
 * 600 ns per link), values derived by hand from the class comment.
 */
class CollectiveIdealBoundsContractTest {
    private static final FabricParameters P = FabricParameters.paperDefaults(FatTree.twoTier(4));
    private static final long T = 83_200;
    private static final long D = 600_000;
    private static final int NONE = Flow.NO_TRIGGER;

    /**
     * Bound 1 plays activations in time order: a multi-shot trigger starts its waiting flows by activation
     * rank. Flow 0 (20 packets over 4 links, 23 T + 4d = 4.3136 us) and flow 1 (one packet under one ToR,
     * 2 T + 2d = 1.3664 us) both activate trigger 0 on receive; the first waiting flow (2) starts at the
     * earlier activation, flow 1's, the second (3) at flow 0's, whatever the workload order of the
     * activating flows.
     */
    @Test
    void multiShotActivationsStartWaitingFlowsInTimeOrder() {
        Workload w = new Workload(List.of(new Flow(0, 0, 4, 20 * 4096, 0, NONE, NONE, 0, 0),
                new Flow(1, 2, 3, 4096, 0, NONE, NONE, 0, 0), new Flow(2, 6, 7, 4096, 0, 0, NONE, NONE, 0),
                new Flow(3, 7, 6, 4096, 0, 0, NONE, NONE, 0)), List.of(Trigger.multiShot(0)));
        CollectiveIdeal.Result r = CollectiveIdeal.compute(w, P);
        long slow = 23 * T + 4 * D;
        long fast = 2 * T + 2 * D;
        assertEquals(slow, r.earliestReceivePs()[0]);
        assertEquals(fast, r.earliestReceivePs()[1]);
        assertEquals(fast, r.earliestStartPs()[2]);
        assertEquals(slow, r.earliestStartPs()[3]);
        assertEquals(slow + fast, r.dependenciesPs());
    }

    /**
     * Egress of a host is maximised over start times tau of the flows starting at or after tau, all of
     * them: h0 starts X (2 whole packets to h4, 4 links) and Y (100 B, 164 B on the wire = 3.28 ns, to h1,
     * 2 links) at 0, so {@code W = 2T + 3.28 ns}, {@code h_min = 2}, {@code T_min = 3.28 ns} and
     * {@code C >= W + d + (T_min + d) = 1.37296 us}. h4's ingress is {@code 2T + d + 3 (T + d) = 2.816 us},
     * as is X alone (bound 1), which binds first in declaration order.
     */
    @Test
    void egressTakesAllFlowsOfAStartTimeTogether() {
        Workload w = Workload.of(List.of(new Flow(0, 0, 4, 8192, 0), new Flow(1, 0, 1, 100, 0)));
        CollectiveIdeal.Result r = CollectiveIdeal.compute(w, P);
        long ty = 3_280;
        assertEquals(2 * T + ty + D + (ty + D), r.egressPs());
        assertEquals(2 * T + D + 3 * (T + D), r.ingressPs());
        assertEquals(5 * T + 4 * D, r.dependenciesPs());
        assertEquals(2_816_000, r.idealPs());
        assertEquals(CollectiveIdeal.Bound.DEPENDENCIES, r.binding());
        assertEquals(4, r.bindingHost());
    }

    /** Hosts are checked against the tree: the first id beyond it, as source or destination, is refused. */
    @Test
    void aHostBeyondTheTreeIsRefused() {
        IllegalArgumentException src = assertThrows(IllegalArgumentException.class,
                () -> CollectiveIdeal.compute(Workload.of(List.of(new Flow(0, 8, 1, 100, 0))), P));
        assertEquals("traffic: flow 0 (8->1) names a host beyond the tree's 8", src.getMessage());
        IllegalArgumentException dst = assertThrows(IllegalArgumentException.class,
                () -> CollectiveIdeal.compute(Workload.of(List.of(new Flow(0, 1, 8, 100, 0))), P));
        assertEquals("traffic: flow 0 (1->8) names a host beyond the tree's 8", dst.getMessage());
    }
}
