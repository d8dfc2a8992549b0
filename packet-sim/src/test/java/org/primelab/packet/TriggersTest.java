package org.primelab.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.analytical.fct.IdealFct;
import org.primelab.analytical.fct.IdealMaxFct;
import org.primelab.core.metrics.ProgressListener;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Trigger;
import org.primelab.core.workload.Workload;
import org.primelab.packet.metrics.FlowStats;
import org.primelab.packet.metrics.SimResult;

/**
 * Flows that start on triggers (core's {@code TriggerRuntime}) in the packet simulator. Hosts are chosen
 * under different ToRs of a 16-ary 2-tier tree (8 hosts per ToR) so that no two flows, nor a flow and
 * another's ACKs, share a directed link: every flow runs as on an idle fabric and takes exactly its
 * lone-flow time.
 */
class TriggersTest {
    private static final FatTree TREE = FatTree.twoTier(16);
    private static final SimConfig CONFIG = SimConfig.builder(TREE).build();
    private static final long SIZE = 1_000_000;

    private static SimResult run(Workload w) {
        return new PacketSimulator(CONFIG, w, IdealMaxFct.of(CONFIG.fabric(), CONFIG.faults(), w.flows()))
                .run(ProgressListener.NONE);
    }

    private static long lone(long bytes) {
        return IdealFct.lonePathPs(bytes, CONFIG.mtuBytes(), CONFIG.headerBytes(), CONFIG.linkRateBps(),
                CONFIG.propagationPs(), 4);
    }

    private static Flow flow(int id, int src, int dst, long size, int startTrigger, int sendDone, int recvDone) {
        return new Flow(id, src, dst, size, 0, startTrigger, sendDone, recvDone, 0);
    }

    @Test
    void aReceiveDoneChainRunsInOrderAndItsCctIsTheSumOfTheLoneFlowTimes() {
        Workload w = new Workload(List.of(
                flow(0, 0, 16, SIZE, Flow.NO_TRIGGER, Flow.NO_TRIGGER, 0),
                flow(1, 32, 48, 2 * SIZE, 0, Flow.NO_TRIGGER, 1),
                flow(2, 64, 80, 3 * SIZE, 1, Flow.NO_TRIGGER, Flow.NO_TRIGGER)),
                List.of(Trigger.oneShot(0), Trigger.oneShot(1)));
        SimResult r = run(w);
        List<FlowStats> f = r.flows();
        // receive-done: the next flow starts the instant the last byte arrives, and its sender's NIC is idle,
        // so its first packet leaves at that instant: exact, zero tolerance
        assertEquals(f.get(0).endPs(), f.get(1).startPs());
        assertEquals(f.get(1).endPs(), f.get(2).startPs());
        for (int i = 0; i < 3; i++) {
            assertEquals(lone((i + 1) * SIZE), f.get(i).fctPs(), "flow " + i);
        }
        assertEquals(lone(SIZE) + lone(2 * SIZE) + lone(3 * SIZE), r.collectiveCompletionPs());
        assertEquals(r.collectiveCompletionPs(), f.get(2).endPs());   // the chain starts at 0
    }

    @Test
    void aSendDoneChainWaitsForTheLastAckToComeBack() {
        Workload w = new Workload(List.of(
                flow(0, 0, 16, SIZE, Flow.NO_TRIGGER, 0, Flow.NO_TRIGGER),
                flow(1, 32, 48, SIZE, 0, 1, Flow.NO_TRIGGER),
                flow(2, 64, 80, SIZE, 1, Flow.NO_TRIGGER, Flow.NO_TRIGGER)),
                List.of(Trigger.oneShot(0), Trigger.oneShot(1)));
        SimResult r = run(w);
        List<FlowStats> f = r.flows();
        // send-done: the last data packet completes its ACK group, so its ACK (a header) leaves the receiver
        // at once and crosses the 4 idle links store-and-forward: 4 * (serialization + propagation)
        long ackBack = 4 * (Units.serializationPs(CONFIG.headerBytes(), CONFIG.linkRateBps()) + CONFIG.propagationPs());
        assertEquals(f.get(0).endPs() + ackBack, f.get(1).startPs());
        assertEquals(f.get(1).endPs() + ackBack, f.get(2).startPs());
        assertEquals(3 * lone(SIZE) + 2 * ackBack, r.collectiveCompletionPs());
    }

    @Test
    void aBarrierStartsItsFlowAtTheLastOfItsCompletions() {
        Workload w = new Workload(List.of(
                flow(0, 0, 16, SIZE, Flow.NO_TRIGGER, Flow.NO_TRIGGER, 0),
                flow(1, 32, 48, 3 * SIZE, Flow.NO_TRIGGER, Flow.NO_TRIGGER, 0),
                flow(2, 64, 80, 2 * SIZE, Flow.NO_TRIGGER, Flow.NO_TRIGGER, 0),
                flow(3, 96, 112, SIZE, 0, Flow.NO_TRIGGER, Flow.NO_TRIGGER)),
                List.of(Trigger.barrier(0, 3)));
        SimResult r = run(w);
        List<FlowStats> f = r.flows();
        assertEquals(lone(3 * SIZE), f.get(1).endPs());
        assertEquals(f.get(1).endPs(), f.get(3).startPs(), "starts on the third (last) completion");
        assertEquals(lone(3 * SIZE) + lone(SIZE), r.collectiveCompletionPs());
    }

    @Test
    void aMultiShotTriggerStartsOneWaitingFlowPerActivationInWorkloadOrder() {
        Workload w = new Workload(List.of(
                flow(0, 0, 16, 2 * SIZE, Flow.NO_TRIGGER, Flow.NO_TRIGGER, 0),
                flow(1, 32, 48, SIZE, Flow.NO_TRIGGER, Flow.NO_TRIGGER, 0),
                flow(2, 64, 80, SIZE, 0, Flow.NO_TRIGGER, Flow.NO_TRIGGER),
                flow(3, 96, 112, SIZE, 0, Flow.NO_TRIGGER, Flow.NO_TRIGGER)),
                List.of(Trigger.multiShot(0)));
        SimResult r = run(w);
        List<FlowStats> f = r.flows();
        assertTrue(f.get(1).endPs() < f.get(0).endPs());
        assertEquals(f.get(1).endPs(), f.get(2).startPs(), "first activation (flow 1 done) starts flow 2");
        assertEquals(f.get(0).endPs(), f.get(3).startPs(), "second activation (flow 0 done) starts flow 3");
        assertEquals(lone(2 * SIZE) + lone(SIZE), r.collectiveCompletionPs());
    }
}
