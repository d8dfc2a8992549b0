package org.primelab.analytical.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.analytical.fct.CollectiveIdeal;
import org.primelab.analytical.fct.IdealFct;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.metrics.FctConvention;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.workload.htsim.CmReader;
import org.primelab.core.workload.htsim.ConnectionMatrix;

/**
 * {@link Check#HOST_LINK} on a 2-tier k = 4 tree: hosts 0 and 2 each send 100 packets (409,600 B) to host 4 from
 * time 0. Both cross host 4's one downlink, so the second completion there is at least twice a flow's
 * serialization ({@link IdealFct#senderBusyPs}, 100 x 83.2 ns = 8.32 us) plus one propagation delay (600 ns),
 * 17.24 us, while each flow alone takes only its lone time (9.7 us or so). Review 40 found this hole: an incast
 * whose first 30 of 31 flows were reported done at 44 us passed, since only the last completion was bounded.
 */
class ResultCheckerHostLinkTest {
    private static final FatTree TREE = FatTree.twoTier(4);
    private static final FabricParameters FABRIC = FabricParameters.paperDefaults(TREE);
    private static final ConnectionMatrix CM = CmReader.parse("i.cm", """
            Nodes 8
            Connections 2
            0->4 id 1 start 0 size 409600
            2->4 id 2 start 0 size 409600
            """, TREE);
    private static final long BUSY = IdealFct.senderBusyPs(409_600, 4160, 64, FABRIC.linkRateBps());
    private static final long LONE = CollectiveIdeal.loneAnyRoutePs(409_600, 4160, 64, FABRIC.linkRateBps(),
            FABRIC.propagationPs(), 4);

    private static CheckOutcome hostLink(long firstEnd, long secondEnd) {
        ReportedResults r = new ReportedResults("r", List.of(new Completion(0, 0, firstEnd, firstEnd, 0, "r:2"),
                new Completion(1, 0, secondEnd, secondEnd, 0, "r:3")), List.of());
        return ResultChecker.check(CM, FABRIC, Faults.none(TREE), r, FctConvention.RECEIVER,
                new CheckOutcome(Check.PORT_BALANCE, 0, List.of(), "none")).outcome(Check.HOST_LINK);
    }

    @Test
    void theSecondCompletionThroughOneDownlinkWaitsForBothFlowsSerialization() {
        assertEquals(8_320_000, BUSY);
        long bound = 2 * BUSY + FABRIC.propagationPs();
        CheckOutcome at = hostLink(LONE, bound);
        assertTrue(at.passed(), at.failures().toString());
        assertEquals(4, at.checked(), "two senders' uplinks and one downlink twice");
        CheckOutcome early = hostLink(LONE, bound - 1);
        assertEquals(1, early.failures().size(), early.failures().toString());
        Finding f = early.failures().get(0);
        assertEquals("host 4 downlink, completion 2 of 2, flow id 2 (2->4)", f.subject());
        assertEquals(bound / 1e6, f.bound(), 1e-12);
        assertEquals("2 flows of 16.64 us of serialization at the fabric rate from 0.0 us (r:3)", f.detail());
    }

    @Test
    void eachFlowAloneIsHeldToItsOwnSerializationOnly() {
        assertTrue(LONE >= BUSY + FABRIC.propagationPs(), "the lone time includes the path: the first bound is weaker");
        // the first completion through host 4 only needs one flow's serialization: the lone time passes
        assertTrue(hostLink(LONE, 2 * BUSY + FABRIC.propagationPs()).passed());
    }
}
