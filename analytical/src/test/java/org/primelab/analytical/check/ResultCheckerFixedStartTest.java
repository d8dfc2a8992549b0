package org.primelab.analytical.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.analytical.fct.CollectiveIdeal;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.metrics.FctConvention;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.workload.htsim.CmReader;
import org.primelab.core.workload.htsim.ConnectionMatrix;

/**
 * A flow with a fixed start in the workload starts then, whatever start a report gives (review 40, D5: a file
 * that moved a flow's start from 29.456 us to 0 passed with an end 28 us before the flow could complete). On a
 * 2-tier k = 4 tree, flow id 2 starts at 30 us; its lone time {@code L} is {@link CollectiveIdeal#loneAnyRoutePs}.
 */
class ResultCheckerFixedStartTest {
    private static final FatTree TREE = FatTree.twoTier(4);
    private static final FabricParameters FABRIC = FabricParameters.paperDefaults(TREE);
    private static final long US = 1_000_000;
    private static final ConnectionMatrix CM = CmReader.parse("s.cm", """
            Nodes 8
            Connections 2
            0->2 id 1 start 0 size 409600
            1->4 id 2 start 30 size 409600
            """, TREE);
    private static final long LONE = CollectiveIdeal.loneAnyRoutePs(409_600, 4160, 64, FABRIC.linkRateBps(),
            FABRIC.propagationPs(), 4);

    private static CheckOutcome lonePath(Completion second) {
        Completion first = new Completion(0, 0, LONE, LONE, 0, "r:2");
        return ResultChecker.check(CM, FABRIC, Faults.none(TREE), new ReportedResults("r", List.of(first, second),
                List.of()), FctConvention.RECEIVER, new CheckOutcome(Check.PORT_BALANCE, 0, List.of(), "none"))
                .outcome(Check.LONE_PATH);
    }

    @Test
    void aReportedStartBeforeTheWorkloadsIsFlagged() {
        CheckOutcome early = lonePath(new Completion(1, 0, LONE + US, LONE + US, 0, "r:3"));
        assertEquals(1, early.failures().size(), early.failures().toString());
        Finding f = early.failures().get(0);
        assertEquals("flow id 2 (1->4)", f.subject());
        assertEquals(0.0, f.measured());
        assertEquals(30.0, f.bound());
        assertEquals("starts before the workload starts it (r:3)", f.detail());
        // within the printed start's rounding of 30 us it passes
        assertTrue(lonePath(new Completion(1, 30 * US - 500, 30 * US - 500 + LONE + 500, LONE + 500, 500, "r:3"))
                .passed());
    }

    @Test
    void aMomentWithoutAStartIsHeldToTheWorkloadsStartPlusTheLoneTime() {
        CheckOutcome at = lonePath(new Completion(1, Completion.UNKNOWN, 30 * US + LONE, Completion.UNKNOWN, 0, "r:3"));
        assertTrue(at.passed(), at.failures().toString());
        assertEquals(2, at.checked());
        CheckOutcome before = lonePath(new Completion(1, Completion.UNKNOWN, 30 * US + LONE - 1, Completion.UNKNOWN, 0,
                "r:3"));
        assertEquals(1, before.failures().size());
        assertEquals((30 * US + LONE) / 1e6, before.failures().get(0).bound(), 1e-12);
        assertEquals("completes before its start in the workload plus its lone time (r:3)",
                before.failures().get(0).detail());
    }
}
