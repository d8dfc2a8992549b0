package org.primelab.analytical.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;
import org.primelab.analytical.fct.CollectiveIdeal;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.metrics.FctConvention;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workload;
import org.primelab.core.workload.Workloads;
import org.primelab.core.workload.htsim.ConnectionMatrix;

/**
 * {@link UnitPlausibility} through {@link ResultChecker}: the warning comes when every flow's FCT is over
 * {@link UnitPlausibility#FACTOR} times its lone-path bound in the results' convention, not at the factor
 * exactly, nor when one flow is within it; it names the flows and the closest one, and never changes a verdict.
 */
class UnitPlausibilityTest {
    private static final FatTree TREE = FatTree.twoTier(4);
    private static final FabricParameters FABRIC = FabricParameters.paperDefaults(TREE);
    private static final CheckOutcome NO_PORTS = new CheckOutcome(Check.PORT_BALANCE, 0, List.of(), "none");
    /** A cross-ToR permutation of 64 kB flows: every flow crosses 4 links. */
    private static final ConnectionMatrix PERM = ConnectionMatrix.of(
            Workload.of(Workloads.permutation(TREE, 64_000, 3, true)), TREE.hosts());

    private static long lone(Flow f) {
        return CollectiveIdeal.loneAnyRoutePs(f.sizeBytes(), FABRIC.mtuBytes(), FABRIC.headerBytes(),
                FABRIC.linkRateBps(), FABRIC.propagationPs(), 2 + 2 * TREE.upHops(f.src(), f.dst()));
    }

    /** Every flow from its start, with FCT {@code fct(flow)} exactly (no rounding). */
    private static CheckReport check(LongUnaryOperator fct, FctConvention at) {
        List<Completion> cs = new ArrayList<>();
        for (Flow f : PERM.workload().flows()) {
            long d = fct.applyAsLong(f.id());
            cs.add(new Completion(f.id(), f.startPs(), f.startPs() + d, d, 0, "r.csv:" + (f.id() + 2)));
        }
        return ResultChecker.check(PERM, FABRIC, Faults.none(TREE), new ReportedResults("r.csv", cs, List.of()), at,
                NO_PORTS);
    }

    private static long lone(long flow) {
        return lone(PERM.workload().flow((int) flow));
    }

    /** Nanoseconds read as microseconds: a thousand times each true FCT, every bound passed, the warning given. */
    @Test
    void nanosecondsWrittenAsMicrosecondsWarnWithoutFailing() {
        CheckReport us = check(f -> lone(f) + 1_000_000 * (f % 3), FctConvention.RECEIVER);
        assertTrue(us.consistent(), us.outcomes().toString());
        assertEquals(List.of(), us.warnings());
        CheckReport ns = check(f -> 1000 * (lone(f) + 1_000_000 * (f % 3)), FctConvention.RECEIVER);
        assertTrue(ns.consistent(), "a warning, never a failure: " + ns.outcomes());
        assertEquals(1, ns.warnings().size());
        String w = ns.warnings().get(0);
        assertTrue(w.startsWith("every reported FCT (8 flows) is over 100x its flow's lone-path bound, the least 1000x"
                + " (flow id 1 ("), w);
        assertTrue(w.contains("the times are likely nanoseconds where microseconds belong (a _us column)"), w);
    }

    /** Over the factor, not at it; and every flow, not all but one. */
    @Test
    void theWarningNeedsEveryFlowStrictlyOverTheFactor() {
        long k = UnitPlausibility.FACTOR;
        assertEquals(List.of(), check(f -> k * lone(f), FctConvention.RECEIVER).warnings());
        assertEquals(1, check(f -> k * lone(f) + 1, FctConvention.RECEIVER).warnings().size());
        assertEquals(List.of(), check(f -> f == 5 ? k * lone(f) : 1000 * lone(f), FctConvention.RECEIVER).warnings());
        String closest = check(f -> f == 5 ? k * lone(f) + 1 : 1000 * lone(f), FctConvention.RECEIVER).warnings().get(0);
        assertTrue(closest.contains("the least 100x (" + ResultChecker.flowName(PERM, 5) + ")"), closest);
    }

    /** At the sender the bound is the lone time plus the ACK's return: 100 lone times and a picosecond is within it. */
    @Test
    void theBoundIsTheLonePathCheckBoundInTheResultsConvention() {
        long k = UnitPlausibility.FACTOR;
        assertEquals(1, check(f -> k * lone(f) + 1, FctConvention.RECEIVER).warnings().size());
        assertEquals(List.of(), check(f -> k * lone(f) + 1, FctConvention.SENDER).warnings());
    }

    /** Flows reported without a duration are not judged; with none judged there is no warning. */
    @Test
    void flowsWithoutADurationAreNotJudged() {
        List<Completion> cs = new ArrayList<>();
        for (Flow f : PERM.workload().flows()) {
            cs.add(new Completion(f.id(), Completion.UNKNOWN, 1000 * lone(f), Completion.UNKNOWN, 0, "h" + f.id()));
        }
        CheckReport r = ResultChecker.check(PERM, FABRIC, Faults.none(TREE), new ReportedResults("h", cs, List.of()),
                FctConvention.SENDER, NO_PORTS);
        assertEquals(List.of(), r.warnings());
    }
}
