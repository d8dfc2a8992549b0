package org.primelab.core.workload.htsim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Trigger;
import org.primelab.core.workload.Workload;

/**
 * {@link ConnectionMatrix}'s htsim limits, each inclusive at its bound and refused one past it with its
 * exact message (flow id, hosts against Nodes, 32-bit size, 32-bit microsecond start, an id for a triggered
 * flow); the trigger activations it counts (send and receive of one flow are two); a tree smaller than the
 * matrix; a fault failing one direction only.
 */
class ConnectionMatrixLimitsTest {
    private static final int NONE = Flow.NO_TRIGGER;

    private static ConnectionMatrix one(Flow f, int id, int nodes) {
        return new ConnectionMatrix(nodes, Workload.of(List.of(f)), List.of(id), List.of(), List.of());
    }

    private static String refusal(org.junit.jupiter.api.function.Executable e) {
        return assertThrows(IllegalArgumentException.class, e).getMessage();
    }

    /** Flow ids: 0 (none) and 999999999 pass; -1 and 10^9 are refused with the range. */
    @Test
    void flowIdRange() {
        Flow f = new Flow(0, 0, 1, 5, 0);
        assertEquals(ConnectionMatrix.MAX_FLOW_ID, one(f, ConnectionMatrix.MAX_FLOW_ID, 2).flowId(0));
        assertEquals(ConnectionMatrix.NO_ID, one(f, ConnectionMatrix.NO_ID, 2).flowId(0));
        assertEquals("id: must be in [1, 999999999] (htsim numbers flows above), got 1000000000",
                refusal(() -> one(f, 1_000_000_000, 2)));
        assertEquals("id: must be in [1, 999999999] (htsim numbers flows above), got -1", refusal(() -> one(f, -1, 2)));
    }

    /** A flow started by a trigger needs a file id. */
    @Test
    void aTriggeredFlowNeedsAnId() {
        Workload w = new Workload(List.of(new Flow(0, 0, 1, 5, 0, NONE, 0, NONE, 0), new Flow(1, 1, 0, 5, 0, 0, NONE, NONE, 0)),
                List.of(Trigger.oneShot(0)));
        assertEquals("id: a flow that starts on a trigger needs an id (htsim asserts one)",
                refusal(() -> new ConnectionMatrix(2, w, List.of(1, ConnectionMatrix.NO_ID), List.of(1), List.of())));
    }

    /** Hosts up to Nodes-1 (as source or destination) pass; Nodes itself is beyond. */
    @Test
    void hostsUpToNodesMinusOne() {
        one(new Flow(0, 2, 0, 5, 0), 1, 3);
        one(new Flow(0, 0, 2, 5, 0), 1, 3);
        assertEquals("Nodes: flow 3->0 names a host beyond the 3 nodes", refusal(() -> one(new Flow(0, 3, 0, 5, 0), 1, 3)));
        assertEquals("Nodes: flow 0->3 names a host beyond the 3 nodes", refusal(() -> one(new Flow(0, 0, 3, 5, 0), 1, 3)));
    }

    /** Sizes up to 2^31-1 bytes pass; one more is refused. */
    @Test
    void sizeFitsThirtyTwoBits() {
        one(new Flow(0, 0, 1, Integer.MAX_VALUE, 0), 1, 2);
        assertEquals("size: htsim holds sizes in 32 bits, at most 2147483647 bytes, got 2147483648",
                refusal(() -> one(new Flow(0, 0, 1, 2_147_483_648L, 0), 1, 2)));
    }

    /** Starts up to (2^32-1) us pass; one picosecond more is refused (4294967295000001 ps = 4294967.295 ms). */
    @Test
    void startFitsThirtyTwoBitMicroseconds() {
        one(new Flow(0, 0, 1, 5, ConnectionMatrix.MAX_START_PS), 1, 2);
        assertEquals("start: htsim holds start times as 32-bit microseconds, at most 4294967295 us, got 4294967.295ms",
                refusal(() -> one(new Flow(0, 0, 1, 5, ConnectionMatrix.MAX_START_PS + 1), 1, 2)));
    }

    /**
     * Activations are counted per completion: one flow whose send and receive both name a one-shot trigger
     * activates it twice; a receive alone on a one-shot nobody waits for is refused; a barrier that is
     * neither activated nor waited on is harmless, once activated with nobody waiting it is refused.
     */
    @Test
    void triggerActivationsAndWaiters() {
        Workload twice = new Workload(List.of(new Flow(0, 0, 1, 5, 0, NONE, 0, 0, 0),
                new Flow(1, 1, 0, 5, 0, 0, NONE, NONE, 0)), List.of(Trigger.oneShot(0)));
        assertEquals("trigger id 1: a oneshot trigger activated by 2 flow completions (htsim aborts on the second;"
                + " use 'barrier count 2' or 'multishot')", refusal(() -> ConnectionMatrix.of(twice, 2)));
        Workload recvOnly = new Workload(List.of(new Flow(0, 0, 1, 5, 0, NONE, NONE, 0, 0)), List.of(Trigger.oneShot(0)));
        assertEquals("trigger id 1: activated but no flow waits on it (htsim aborts)",
                refusal(() -> ConnectionMatrix.of(recvOnly, 2)));
        Workload unused = new Workload(List.of(new Flow(0, 0, 1, 5, 0)), List.of(Trigger.barrier(0, 2)));
        assertEquals(List.of(1), ConnectionMatrix.of(unused, 2).triggerIds());
        Workload barrierNobody = new Workload(List.of(new Flow(0, 0, 1, 5, 0, NONE, 0, NONE, 0)),
                List.of(Trigger.barrier(0, 2)));
        assertEquals("trigger id 1: activated but no flow waits on it (htsim aborts)",
                refusal(() -> ConnectionMatrix.of(barrierNobody, 2)));
    }

    /** The failures of a matrix are refused on a tree with fewer hosts than its Nodes. */
    @Test
    void faultsNeedATreeWithEnoughHosts() {
        FatTree k4 = FatTree.twoTier(4);
        ConnectionMatrix cm = one(new Flow(0, 0, 9, 5, 0), 1, 10);
        String m = refusal(() -> cm.faults(k4));
        assertTrue(m.startsWith("Nodes: the connection matrix has 10 nodes but the tree (") && m.endsWith(") has only 8 hosts"), m);
        assertEquals(0, one(new Flow(0, 0, 7, 5, 0), 1, 8).faults(k4).failedLinks().length);
    }

    /** A cable failed in one direction only cannot be written; the message says the reverse never fails. */
    @Test
    void aOneWayFailureIsRefusedSayingTheReverseNeverFails() {
        FatTree t = FatTree.threeTier(4);
        Workload w = Workload.of(List.of(new Flow(0, 0, 1, 100, 0)));
        assertEquals("fail: htsim's connection matrix fails cables from time 0, in both directions; agg1.1->core3"
                + " fails at 0ps and its reverse at never",
                refusal(() -> ConnectionMatrix.of(w, Faults.builder(t).fail("agg1.1->core3", 0).build())));
    }

    /** htsim truncates a start to whole microseconds; a triggered flow and whole starts are left as they are. */
    @Test
    void htsimStartsTruncateFractionalStartsOnly() {
        FatTree tree = FatTree.twoTier(4);
        ConnectionMatrix cm = CmReader.parse("f.cm", """
                Nodes 8
                Connections 4
                Triggers 1
                0->2 id 1 start 1.5 size 4096 send_done_trigger 1
                1->3 id 2 start 2 size 4096
                2->4 id 3 start 0.999999 size 4096
                3->5 id 4 trigger 1 size 4096
                trigger id 1 oneshot
                """, tree);
        assertEquals(2, cm.fractionalStarts());
        ConnectionMatrix h = cm.withHtsimStarts();
        assertEquals(1_000_000, h.workload().flow(0).startPs());
        assertEquals(2_000_000, h.workload().flow(1).startPs());
        assertEquals(0, h.workload().flow(2).startPs());
        assertTrue(h.workload().flow(3).startsOnTrigger());
        assertEquals(0, h.workload().flow(0).sendDoneTrigger(), "the flow keeps the trigger it activates");
        assertEquals(cm.flowIds(), h.flowIds());
        assertEquals(0, h.fractionalStarts());
        assertTrue(h.withHtsimStarts() == h, "nothing left to truncate: the same matrix");
    }
}
