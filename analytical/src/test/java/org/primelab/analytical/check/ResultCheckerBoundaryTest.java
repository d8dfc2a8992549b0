package org.primelab.analytical.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
import org.primelab.core.units.Units;
import org.primelab.core.workload.Collectives;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workload;
import org.primelab.core.workload.Workloads;
import org.primelab.core.workload.htsim.ConnectionMatrix;

/**
 * {@link ResultChecker} at the edges of its bounds, in this module (the CLI's tests cover the fixtures):
 * results exactly at a bound pass, one picosecond (beyond the rounding allowed) below it fail, naming
 * the flow; presence counts missing and duplicated flows; the sender convention adds exactly one ACK
 * return; triggered flows completing at the lone-time play of {@link CollectiveIdeal} pass and one
 * picosecond earlier fail.
 */
class ResultCheckerBoundaryTest {
    private static final FatTree TREE = FatTree.twoTier(4);
    private static final FabricParameters FABRIC = FabricParameters.paperDefaults(TREE);
    private static final long SIZE = 64_000;
    private static final CheckOutcome NO_PORTS = new CheckOutcome(Check.PORT_BALANCE, 0, List.of(), "none");
    /** A cross-ToR permutation: every flow crosses 4 links. */
    private static final ConnectionMatrix PERM = ConnectionMatrix.of(
            Workload.of(Workloads.permutation(TREE, SIZE, 3, true)), TREE.hosts());

    private static long hops(Flow f) {
        return 2 + 2L * TREE.upHops(f.src(), f.dst());
    }

    private static long lone(Flow f) {
        return CollectiveIdeal.loneAnyRoutePs(f.sizeBytes(), FABRIC.mtuBytes(), FABRIC.headerBytes(),
                FABRIC.linkRateBps(), FABRIC.propagationPs(), (int) hops(f));
    }

    private static long ack(Flow f) {
        return hops(f) * (Units.serializationPs(FABRIC.headerBytes(), FABRIC.linkRateBps()) + FABRIC.propagationPs());
    }

    /**
     * Every flow of {@code cm} with FCT {@code fct(flow)}, rounding {@code r}, reported starting {@code r} after its
     * start in the workload (the latest start its printed value allows), so that its end is the earliest allowed:
     * the durations are what is tested.
     */
    private static ReportedResults durations(ConnectionMatrix cm, LongUnaryOperator fct, long r) {
        List<Completion> cs = new ArrayList<>();
        for (Flow f : cm.workload().flows()) {
            long d = fct.applyAsLong(f.id());
            cs.add(new Completion(f.id(), f.startPs() + r, f.startPs() + r + d, d, r, "r.csv:" + (f.id() + 2)));
        }
        return new ReportedResults("r.csv", cs, List.of());
    }

    private static CheckReport check(ConnectionMatrix cm, ReportedResults r, FctConvention c) {
        return ResultChecker.check(cm, FABRIC, Faults.none(TREE), r, c, NO_PORTS);
    }

    @Test
    void anFctExactlyAtTheLoneTimePassesAndOnePicosecondBelowFailsNamingTheFlow() {
        List<Flow> flows = PERM.workload().flows();
        for (long r : new long[] {0, 500}) {
            CheckReport ok = check(PERM, durations(PERM, i -> lone(flows.get((int) i)) - 2 * r, r), FctConvention.RECEIVER);
            assertTrue(ok.outcome(Check.LONE_PATH).passed(), ok.outcome(Check.LONE_PATH).failures().toString());
            assertEquals(flows.size(), ok.outcome(Check.LONE_PATH).checked());
            CheckReport bad = check(PERM, durations(PERM, i -> lone(flows.get((int) i)) - 2 * r - (i == 5 ? 1 : 0), r),
                    FctConvention.RECEIVER);
            List<Finding> f = bad.outcome(Check.LONE_PATH).failures();
            assertEquals(1, f.size(), f.toString());
            assertEquals(ResultChecker.flowName(PERM, 5), f.get(0).subject());
            assertEquals((lone(flows.get(5)) - 2 * r - 1) / 1e6, f.get(0).measured(), 1e-12);
            assertEquals(lone(flows.get(5)) / 1e6, f.get(0).bound(), 1e-12);
            assertFalse(bad.consistent());
        }
    }

    @Test
    void theSenderConventionAddsExactlyTheAckReturn() {
        List<Flow> flows = PERM.workload().flows();
        LongUnaryOperator atSender = i -> lone(flows.get((int) i)) + ack(flows.get((int) i));
        assertTrue(check(PERM, durations(PERM, atSender, 0), FctConvention.SENDER).outcome(Check.LONE_PATH).passed());
        CheckReport early = check(PERM, durations(PERM, i -> atSender.applyAsLong(i) - (i == 2 ? 1 : 0), 0),
                FctConvention.SENDER);
        assertEquals(1, early.outcome(Check.LONE_PATH).failures().size());
        // the same durations pass at the receiver, where no ACK has to come back
        assertTrue(check(PERM, durations(PERM, i -> atSender.applyAsLong(i) - (i == 2 ? 1 : 0), 0),
                FctConvention.RECEIVER).outcome(Check.LONE_PATH).passed());
        long receiverIdeal = check(PERM, durations(PERM, atSender, 0), FctConvention.RECEIVER).workloadIdealPs();
        long senderIdeal = check(PERM, durations(PERM, atSender, 0), FctConvention.SENDER).workloadIdealPs();
        assertEquals(receiverIdeal + ack(flows.get(0)), senderIdeal, "every flow crosses 4 links: one ACK return");
        assertEquals(CollectiveIdeal.compute(PERM.workload(), FABRIC).idealPs(), receiverIdeal);
    }

    @Test
    void theLastCompletionExactlyAtTheWorkloadIdealPassesAndOnePicosecondBelowFails() {
        long ideal = CollectiveIdeal.compute(PERM.workload(), FABRIC).idealPs();
        for (long r : new long[] {0, 1_000}) {
            for (long below : new long[] {0, 1}) {
                List<Completion> cs = new ArrayList<>();
                for (Flow f : PERM.workload().flows()) {    // completion moments only: no duration to check
                    cs.add(new Completion(f.id(), Completion.UNKNOWN, ideal - r - below, Completion.UNKNOWN, r, "x"));
                }
                CheckReport rep = check(PERM, new ReportedResults("x", cs, List.of()), FctConvention.RECEIVER);
                CheckOutcome o = rep.outcome(Check.WORKLOAD_IDEAL);
                assertEquals(1, o.checked());
                assertEquals(below == 1, !o.passed(), "r=" + r + " below=" + below);
                // every flow starts at 0 in the workload, so each moment is also held to its lone time (the ideal
                // of a permutation is its longest lone time, so one picosecond below it fails that too)
                assertEquals(PERM.workload().size(), rep.outcome(Check.LONE_PATH).checked());
                assertEquals(below == 0, rep.outcome(Check.LONE_PATH).passed());
                assertEquals(ideal - r - below, rep.lastCompletionPs());
                assertEquals(Completion.UNKNOWN, rep.maxFctPs());
                assertTrue(Double.isNaN(rep.meanFctPs()));
            }
        }
    }

    @Test
    void presenceNamesMissingAndDuplicatedFlowsAndTheEarliestDuplicateCounts() {
        List<Flow> flows = PERM.workload().flows();
        ReportedResults all = durations(PERM, i -> lone(flows.get((int) i)) + 1_000, 0);
        List<Completion> cs = new ArrayList<>(all.completions());
        Completion removed = cs.remove(3);
        Completion dup = cs.get(0);
        // a duplicate 1 ps faster than the lone time: the earliest of the two is the one checked
        cs.add(new Completion(dup.flow(), 0, lone(flows.get(dup.flow())) - 1, lone(flows.get(dup.flow())) - 1, 0, "dup"));
        CheckReport rep = check(PERM, new ReportedResults("r.csv", cs, List.of()), FctConvention.RECEIVER);
        List<Finding> p = rep.outcome(Check.PRESENCE).failures();
        assertEquals(2, p.size(), p.toString());
        assertEquals(ResultChecker.flowName(PERM, dup.flow()), p.get(0).subject());
        assertEquals(2, p.get(0).measured());
        assertEquals(ResultChecker.flowName(PERM, removed.flow()), p.get(1).subject());
        assertEquals(0, p.get(1).measured());
        assertEquals(1, rep.outcome(Check.LONE_PATH).failures().size(), "the earlier duplicate is checked");
        assertEquals(flows.size() - 1, rep.outcome(Check.LONE_PATH).checked());
        assertEquals(flows.size() - 1, rep.flowsWithFct());
        assertThrows(IllegalArgumentException.class, () -> check(PERM, new ReportedResults("r", List.of(
                new Completion(flows.size(), 0, 1, 1, 0, "far")), List.of()), FctConvention.RECEIVER));
    }

    @Test
    void statisticsAreOverTheReportedFlows() {
        List<Flow> flows = PERM.workload().flows();
        CheckReport rep = check(PERM, durations(PERM, i -> lone(flows.get((int) i)) + 1_000 * i, 0),
                FctConvention.RECEIVER);
        long max = 0;
        double sum = 0;
        for (Flow f : flows) {
            long d = lone(f) + 1_000L * f.id();
            max = Math.max(max, d);
            sum += d;
        }
        assertEquals(max, rep.maxFctPs());
        assertEquals(max, rep.lastCompletionPs());
        assertEquals(sum / flows.size(), rep.meanFctPs(), 1e-6);
        assertEquals(flows.size(), rep.flowsWithFct());
        assertTrue(rep.consistent());
    }

    @Test
    void triggeredFlowsAtTheLoneTimePlayPassAndOnePicosecondEarlierFail() {
        int[][] group = {{0, 2, 4, 6}};
        Workload w = Collectives.generate(Collectives.Kind.RING_ALL_REDUCE, TREE, group, SIZE, 1);
        assertTrue(w.hasDependencies());
        ConnectionMatrix cm = ConnectionMatrix.of(w, TREE.hosts());
        CollectiveIdeal.Result ideal = CollectiveIdeal.compute(w, FABRIC);
        long[] recv = ideal.earliestReceivePs();
        List<Completion> cs = new ArrayList<>();
        for (Flow f : w.flows()) {
            cs.add(new Completion(f.id(), Completion.UNKNOWN, recv[f.id()], Completion.UNKNOWN, 0, "l" + f.id()));
        }
        CheckReport ok = check(cm, new ReportedResults("x", cs, List.of()), FctConvention.RECEIVER);
        CheckOutcome t = ok.outcome(Check.TRIGGER);
        long triggered = w.flows().stream().filter(Flow::startsOnTrigger).count();
        assertTrue(triggered > 0);
        assertEquals(triggered, t.checked());
        assertTrue(t.passed(), t.failures().toString());
        assertTrue(ok.outcome(Check.WORKLOAD_IDEAL).passed());
        Flow last = w.flows().stream().filter(Flow::startsOnTrigger).reduce((a, b) -> b).orElseThrow();
        cs.set(last.id(), new Completion(last.id(), Completion.UNKNOWN, recv[last.id()] - 1, Completion.UNKNOWN, 0, "x"));
        CheckOutcome bad = check(cm, new ReportedResults("x", cs, List.of()), FctConvention.RECEIVER)
                .outcome(Check.TRIGGER);
        assertEquals(1, bad.failures().size(), bad.failures().toString());
        assertEquals(ResultChecker.flowName(cm, last.id()), bad.failures().get(0).subject());
        // a reported start before the earliest firing fails too, whatever the end
        cs.set(last.id(), new Completion(last.id(), ideal.earliestStartPs()[last.id()] - 1, recv[last.id()] + 5,
                Completion.UNKNOWN, 0, "x"));
        assertEquals(1, check(cm, new ReportedResults("x", cs, List.of()), FctConvention.RECEIVER)
                .outcome(Check.TRIGGER).failures().size());
    }

    @Test
    void aWorkloadWithoutTriggersHasNoTriggerCheck() {
        CheckOutcome t = check(PERM, durations(PERM, i -> 10_000_000, 0), FctConvention.RECEIVER).outcome(Check.TRIGGER);
        assertEquals(0, t.checked());
        assertTrue(t.passed());
    }
}
