package org.primelab.analytical.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.analytical.fct.CollectiveIdeal;
import org.primelab.analytical.fct.IdealMaxFct;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.metrics.FctConvention;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workload;
import org.primelab.core.workload.Workloads;
import org.primelab.core.workload.htsim.CmReader;
import org.primelab.core.workload.htsim.ConnectionMatrix;

/**
 * {@link ResultChecker} on hand-written connection matrices whose triggers fire at moments fixed by the
 * reported completions of their activators (each far beyond the lone-time play, so the reported moment
 * binds). With {@code L} the lone time and {@code A} the ACK return of a 4096-byte flow between leaves of a
 * 2-tier k = 4 tree (4 links), {@code T} an activator's reported end and {@code r} its rounding, the class
 * comment gives, at the receiver: a send-done fires no earlier than {@code T - r + A}, a receive-done no
 * earlier than {@code T - r}; the waiting flow completes no earlier than the firing plus {@code L}. At the
 * sender a reported end is the send-done itself and says nothing about the receive-done. A barrier of count
 * {@code K} fires at the {@code K}-th smallest activation, a multi-shot's {@code k}-th waiting flow at the
 * {@code k}-th smallest.
 */
class ResultCheckerTriggerAndFaultTest {
    private static final FatTree TREE = FatTree.twoTier(4);
    private static final FabricParameters FABRIC = FabricParameters.paperDefaults(TREE);
    private static final CheckOutcome NO_PORTS = new CheckOutcome(Check.PORT_BALANCE, 0, List.of(), "none");
    private static final long L = CollectiveIdeal.loneAnyRoutePs(4096, FABRIC.mtuBytes(), FABRIC.headerBytes(),
            FABRIC.linkRateBps(), FABRIC.propagationPs(), 4);
    private static final long A = 4 * (Units.serializationPs(FABRIC.headerBytes(), FABRIC.linkRateBps())
            + FABRIC.propagationPs());
    private static final long US = Units.PS_PER_US;

    /** Flow 0 fires one-shot 1 when sent, flow 1 fires one-shot 2 when received; flows 2, 3 wait on them. */
    private static final ConnectionMatrix ONE_SHOTS = CmReader.parse("o.cm", """
            Nodes 8
            Connections 4
            Triggers 2
            0->2 id 1 start 0 size 4096 send_done_trigger 1
            4->6 id 2 start 0 size 4096 recv_done_trigger 2
            1->3 id 3 trigger 1 size 4096
            5->7 id 4 trigger 2 size 4096
            trigger id 1 oneshot
            trigger id 2 oneshot
            """, TREE);

    private static Completion done(int flow, long endPs, long rounding) {
        return new Completion(flow, 0, endPs, endPs, rounding, "a" + flow);
    }

    private static Completion waiting(int flow, long endPs) {
        return new Completion(flow, Completion.UNKNOWN, endPs, Completion.UNKNOWN, 0, "w" + flow);
    }

    private static CheckReport check(ConnectionMatrix cm, FctConvention c, Completion... cs) {
        return ResultChecker.check(cm, FABRIC, Faults.none(TREE), new ReportedResults("r", List.of(cs), List.of()), c,
                NO_PORTS);
    }

    private static List<String> failing(CheckReport r) {
        return r.outcome(Check.TRIGGER).failures().stream().map(Finding::subject).toList();
    }

    @Test
    void theCheckIsAgainstANontrivialTime() {
        assertTrue(L > 0 && A > 0);
        long[] recv = CollectiveIdeal.compute(ONE_SHOTS.workload(), FABRIC).earliestReceivePs();
        assertTrue(recv[0] + A < 10 * US && recv[1] < 10 * US, "the reported 50 and 60 us bind, not the play");
    }

    /** Receiver convention: send-done at T - r + A, receive-done at T - r; each waiting flow exactly at its bound passes. */
    @Test
    void atTheReceiverASendDoneAddsTheAckAndTheActivatorsRoundingIsGranted() {
        long r = 1_000;
        long ta = 50 * US;
        long tb = 60 * US;
        long c = ta - r + A + L;
        long d = tb - r + L;
        CheckReport ok = check(ONE_SHOTS, FctConvention.RECEIVER, done(0, ta, r), done(1, tb, r), waiting(2, c),
                waiting(3, d));
        assertEquals(2, ok.outcome(Check.TRIGGER).checked());
        assertEquals(List.of(), failing(ok));
        CheckReport early = check(ONE_SHOTS, FctConvention.RECEIVER, done(0, ta, r), done(1, tb, r),
                waiting(2, c - 1), waiting(3, d - 1));
        assertEquals(List.of(ResultChecker.flowName(ONE_SHOTS, 2), ResultChecker.flowName(ONE_SHOTS, 3)), failing(early));
        Finding f = early.outcome(Check.TRIGGER).failures().get(0);
        assertEquals((c - 1) / 1e6, f.measured(), 1e-12);
        assertEquals(c / 1e6, f.bound(), 1e-12);
        assertEquals("completes before trigger id 1's earliest firing (" + (ta - r + A) / 1e6
                + " us) plus its lone time (w2)", f.detail());
    }

    /**
     * Sender convention: a reported end is the send-done (fires at T - r, the waiting flow's own ACK then
     * adds A); it gives nothing about the receive-done, so flow 3's bound falls back to the lone-time play.
     */
    @Test
    void atTheSenderTheReportedEndIsTheSendDoneOnly() {
        long r = 1_000;
        long ta = 50 * US;
        long tb = 60 * US;
        long c = ta - r + L + A;
        CheckReport ok = check(ONE_SHOTS, FctConvention.SENDER, done(0, ta, r), done(1, tb, r), waiting(2, c),
                waiting(3, tb - r + L - 1));
        assertEquals(List.of(), failing(ok), "flow 3 is held to the play only");
        CheckReport early = check(ONE_SHOTS, FctConvention.SENDER, done(0, ta, r), done(1, tb, r), waiting(2, c - 1),
                waiting(3, tb));
        assertEquals(List.of(ResultChecker.flowName(ONE_SHOTS, 2)), failing(early));
        assertTrue(early.outcome(Check.TRIGGER).failures().get(0).detail().endsWith(" plus its lone time and ACK return (w2)"));
    }

    /** A start reported exactly at the earliest firing passes; a picosecond before fails, whatever the end. */
    @Test
    void aReportedStartAtTheFiringPasses() {
        long ta = 50 * US;
        long fire = ta + A;
        Completion late = done(1, 60 * US, 0);
        Completion d = waiting(3, 60 * US + L);
        CheckReport ok = check(ONE_SHOTS, FctConvention.RECEIVER, done(0, ta, 0), late,
                new Completion(2, fire, fire + L, L, 0, "s"), d);
        assertEquals(List.of(), failing(ok));
        CheckReport bad = check(ONE_SHOTS, FctConvention.RECEIVER, done(0, ta, 0), late,
                new Completion(2, fire - 1, fire + 10 * L, 10 * L + 1, 0, "s"), d);
        assertEquals(List.of(ResultChecker.flowName(ONE_SHOTS, 2)), failing(bad));
        assertEquals((fire - 1) / 1e6, bad.outcome(Check.TRIGGER).failures().get(0).measured(), 1e-12);
        // the waiting flow's own rounding is granted to its start and to its end
        long r = 700;
        assertEquals(List.of(), failing(check(ONE_SHOTS, FctConvention.RECEIVER, done(0, ta, 0), late,
                new Completion(2, fire - r, fire + L, L + r, r, "s"), d)));
        assertEquals(1, failing(check(ONE_SHOTS, FctConvention.RECEIVER, done(0, ta, 0), late,
                new Completion(2, fire - r - 1, fire + L, L + r + 1, r, "s"), d)).size());
        assertEquals(List.of(), failing(check(ONE_SHOTS, FctConvention.RECEIVER, done(0, ta, 0), late,
                new Completion(2, Completion.UNKNOWN, fire + L - r, Completion.UNKNOWN, r, "e"), d)));
        assertEquals(1, failing(check(ONE_SHOTS, FctConvention.RECEIVER, done(0, ta, 0), late,
                new Completion(2, Completion.UNKNOWN, fire + L - r - 1, Completion.UNKNOWN, r, "e"), d)).size());
    }

    /** A barrier of count 2 fires at the later of its two activations, whichever flow reports it. */
    @Test
    void aBarrierFiresAtItsCountthSmallestActivation() {
        ConnectionMatrix barrier = CmReader.parse("b.cm", """
                Nodes 8
                Connections 3
                Triggers 1
                0->2 id 1 start 0 size 4096 send_done_trigger 1
                4->6 id 2 start 0 size 4096 send_done_trigger 1
                1->3 id 3 trigger 1 size 4096
                trigger id 1 barrier count 2
                """, TREE);
        long late = 60 * US;
        long early = 50 * US;
        // the first activator reports the later completion
        CheckReport ok = check(barrier, FctConvention.RECEIVER, done(0, late, 0), done(1, early, 0),
                waiting(2, late + A + L));
        assertEquals(List.of(), failing(ok));
        CheckReport bad = check(barrier, FctConvention.RECEIVER, done(0, late, 0), done(1, early, 0),
                waiting(2, late + A + L - 1));
        assertEquals(List.of(ResultChecker.flowName(barrier, 2)), failing(bad));
    }

    /** A multi-shot trigger's k-th waiting flow waits for the k-th smallest activation. */
    @Test
    void aMultiShotsKthWaitingFlowWaitsForTheKthActivation() {
        ConnectionMatrix multi = CmReader.parse("m.cm", """
                Nodes 8
                Connections 4
                Triggers 1
                0->2 id 1 start 0 size 4096 send_done_trigger 1
                4->6 id 2 start 0 size 4096 send_done_trigger 1
                1->3 id 3 trigger 1 size 4096
                5->7 id 4 trigger 1 size 4096
                trigger id 1 multishot
                """, TREE);
        long late = 60 * US;
        long early = 50 * US;
        CheckReport ok = check(multi, FctConvention.RECEIVER, done(0, late, 0), done(1, early, 0),
                waiting(2, early + A + L), waiting(3, late + A + L));
        assertEquals(List.of(), failing(ok));
        assertEquals(2, ok.outcome(Check.TRIGGER).checked());
        CheckReport bad = check(multi, FctConvention.RECEIVER, done(0, late, 0), done(1, early, 0),
                waiting(2, early + A + L - 1), waiting(3, late + A + L - 1));
        assertEquals(List.of(ResultChecker.flowName(multi, 2), ResultChecker.flowName(multi, 3)), failing(bad));
    }

    /** Without a completion moment, the workload-ideal check has nothing to compare. */
    @Test
    void durationsOnlyLeaveTheWorkloadIdealUnchecked() {
        List<Completion> cs = new ArrayList<>();
        for (int f = 0; f < 4; f++) {
            cs.add(new Completion(f, Completion.UNKNOWN, Completion.UNKNOWN, 100 * US, 0, "d" + f));
        }
        CheckReport r = ResultChecker.check(ONE_SHOTS, FABRIC, Faults.none(TREE), new ReportedResults("d", cs,
                List.of()), FctConvention.RECEIVER, NO_PORTS);
        CheckOutcome o = r.outcome(Check.WORKLOAD_IDEAL);
        assertEquals(0, o.checked());
        assertEquals("the completion moment of 4 flows is unknown (an FCT without a start, of flows that wait on a"
                + " trigger); report start_us and end_us", o.note());
        assertEquals(Completion.UNKNOWN, r.lastCompletionPs());
        assertEquals(100 * US, r.maxFctPs());
        assertEquals("every reported FCT", r.outcome(Check.LONE_PATH).note());
    }

    /**
     * Review 40, D2: the timed flows report their completion moments, the triggered ones an FCT alone. The latest
     * known moment is no bound on the workload's last completion (a triggered flow may end later), so the workload
     * ideal does not apply, and no triggered flow can be placed in time for the trigger check; before, the first
     * compared the timed flows' last moment with the whole workload's ideal and failed a correct run, and the
     * second counted both triggered flows as checked. Nor is the latest known moment reported as the last completion:
     * it is unknown (it was the timed flows' 5 us, printed beside the workload's ideal as if it were checked).
     */
    @Test
    void triggeredFlowsReportedByFctAloneLeaveTheWorkloadIdealAndTheTriggersUnchecked() {
        List<Completion> cs = new ArrayList<>();
        cs.add(done(0, 5 * US, 0));
        cs.add(done(1, 5 * US, 0));
        cs.add(new Completion(2, Completion.UNKNOWN, Completion.UNKNOWN, 4 * US, 0, "d2"));
        cs.add(new Completion(3, Completion.UNKNOWN, Completion.UNKNOWN, 4 * US, 0, "d3"));
        CheckReport r = ResultChecker.check(ONE_SHOTS, FABRIC, Faults.none(TREE), new ReportedResults("d", cs,
                List.of()), FctConvention.RECEIVER, NO_PORTS);
        assertTrue(r.consistent(), r.outcomes().toString());
        assertEquals(0, r.outcome(Check.WORKLOAD_IDEAL).checked());
        assertTrue(r.outcome(Check.WORKLOAD_IDEAL).note().startsWith("the completion moment of 2 flows is unknown"));
        assertEquals(0, r.outcome(Check.TRIGGER).checked());
        assertEquals("no triggered flow has a reported start or end; 2 triggered flows are reported by FCT alone,"
                + " which places them at no moment (report start_us and end_us)", r.outcome(Check.TRIGGER).note());
        assertEquals(4, r.outcome(Check.LONE_PATH).checked());
        assertEquals(Completion.UNKNOWN, r.lastCompletionPs());
        assertEquals(5 * US, r.maxFctPs());
        // with the triggered flows' moments known, the last completion is the latest of all
        cs.set(2, new Completion(2, 20 * US, 24 * US, 4 * US, 0, "d2"));
        cs.set(3, new Completion(3, 20 * US, 23 * US, 3 * US, 0, "d3"));
        r = ResultChecker.check(ONE_SHOTS, FABRIC, Faults.none(TREE), new ReportedResults("d", cs, List.of()),
                FctConvention.RECEIVER, NO_PORTS);
        assertEquals(1, r.outcome(Check.WORKLOAD_IDEAL).checked());
        assertEquals(24 * US, r.lastCompletionPs());
    }

    /**
     * With a failed uplink and no dependencies the workload ideal is the larger of CollectiveIdeal and the
     * earliest start plus IdealMaxFct; at the sender the shortest ACK return is added to it (the last flow
     * received still needs its ACK back).
     */
    @Test
    void withFaultsTheIdealIsTheMaximumConcurrentFlowBoundFromTheEarliestStart() {
        Faults faults = Faults.builder(TREE).fail("leaf0-spine0", 0).build();
        long start = 7 * US;
        List<Flow> flows = new ArrayList<>();
        for (Flow f : Workloads.permutation(TREE, 4_096_000, 3, true)) {
            flows.add(new Flow(f.id(), f.src(), f.dst(), f.sizeBytes(), start + f.id()));
        }
        ConnectionMatrix cm = ConnectionMatrix.of(Workload.of(flows), TREE.hosts());
        long mcf = start + IdealMaxFct.lastCompletionFromEarliestStart(FABRIC, faults, cm.workload().flows());
        long collective = CollectiveIdeal.compute(cm.workload(), FABRIC).idealPs();
        assertTrue(mcf > collective, "the failure binds: " + mcf + " vs " + collective);
        List<Completion> cs = new ArrayList<>();
        for (Flow f : cm.workload().flows()) {
            cs.add(new Completion(f.id(), f.startPs(), mcf, mcf - f.startPs(), 0, "f" + f.id()));
        }
        ReportedResults r = new ReportedResults("r", cs, List.of());
        CheckReport rx = ResultChecker.check(cm, FABRIC, faults, r, FctConvention.RECEIVER, NO_PORTS);
        assertEquals(mcf, rx.workloadIdealPs());
        assertEquals("IdealMaxFct (maximum concurrent flow with the faults)", rx.workloadIdealSource());
        assertTrue(rx.outcome(Check.WORKLOAD_IDEAL).passed());
        CheckReport tx = ResultChecker.check(cm, FABRIC, faults, r, FctConvention.SENDER, NO_PORTS);
        assertEquals(mcf + A, tx.workloadIdealPs(), "every flow crosses 4 links: one ACK return");
        assertEquals(1, tx.outcome(Check.WORKLOAD_IDEAL).failures().size());
    }

    /** A flow within one leaf crosses 2 links, not 4: its lone time is the 2-link one. */
    @Test
    void aFlowUnderOneLeafIsHeldToItsTwoLinkLoneTime() {
        ConnectionMatrix cm = CmReader.parse("l.cm", "Nodes 8\nConnections 1\n0->1 start 0 size 4096\n", TREE);
        long l2 = CollectiveIdeal.loneAnyRoutePs(4096, FABRIC.mtuBytes(), FABRIC.headerBytes(), FABRIC.linkRateBps(),
                FABRIC.propagationPs(), 2);
        assertTrue(l2 < L);
        assertTrue(check(cm, FctConvention.RECEIVER, done(0, l2, 0)).outcome(Check.LONE_PATH).passed());
        CheckOutcome bad = check(cm, FctConvention.RECEIVER, done(0, l2 - 1, 0)).outcome(Check.LONE_PATH);
        assertEquals(1, bad.failures().size());
        // a matrix line without an id is named by its position
        assertEquals("flow #1 (no id) (0->1)", bad.failures().get(0).subject());
        assertEquals("FCT below the flow's lone time (a0)", bad.failures().get(0).detail());
        CheckOutcome tx = check(cm, FctConvention.SENDER, done(0, l2, 0)).outcome(Check.LONE_PATH);
        assertEquals("FCT below the flow's lone time plus its ACK's return (a0)", tx.failures().get(0).detail());
    }

    @Test
    void aMissingOutcomeIsRefused() {
        CheckReport r = new CheckReport(FctConvention.RECEIVER, List.of(NO_PORTS), 0, "x", 0, 0, 0, 0, List.of());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> r.outcome(Check.PRESENCE));
        assertEquals("check: no outcome for PRESENCE", e.getMessage());
    }
}
