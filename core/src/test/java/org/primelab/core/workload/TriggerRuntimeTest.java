package org.primelab.core.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TriggerRuntimeTest {
    private static final int NONE = Flow.NO_TRIGGER;

    private static Flow timed(int id, int sendDone, int recvDone) {
        return new Flow(id, 0, 1, 1000, 0, NONE, sendDone, recvDone, 0);
    }

    private static Flow waiting(int id, int trigger) {
        return new Flow(id, 2, 3, 1000, 0, trigger, NONE, NONE, 0);
    }

    private static int[] fire(TriggerRuntime rt, int flow, boolean recv) {
        int[] buf = new int[rt.maxStartedPerActivation()];
        int n = recv ? rt.onRecvDone(flow, buf) : rt.onSendDone(flow, buf);
        return Arrays.copyOf(buf, n);
    }

    @Test
    void aOneShotTriggerStartsEveryWaitingFlowOnceOnItsFirstActivation() {
        Workload w = new Workload(List.of(timed(0, 0, NONE), timed(1, 0, NONE), waiting(2, 0), waiting(3, 0)),
                List.of(Trigger.oneShot(0)));
        TriggerRuntime rt = new TriggerRuntime(w);
        assertArrayEquals(new int[] {2, 3}, fire(rt, 0, false));
        assertArrayEquals(new int[] {}, fire(rt, 1, false));
        assertArrayEquals(new int[] {}, fire(rt, 0, true), "a receive-done with no trigger does nothing");
    }

    @Test
    void aMultiShotTriggerStartsOneWaitingFlowPerActivationInWorkloadOrder() {
        Workload w = new Workload(List.of(timed(0, 0, 0), timed(1, 0, NONE), waiting(2, 0), waiting(3, 0)),
                List.of(Trigger.multiShot(0)));
        TriggerRuntime rt = new TriggerRuntime(w);
        assertArrayEquals(new int[] {2}, fire(rt, 0, false));
        assertArrayEquals(new int[] {3}, fire(rt, 0, true));
        assertArrayEquals(new int[] {}, fire(rt, 1, false), "nobody left to start");
        assertEquals(3, rt.activations(0));
    }

    @Test
    void aBarrierFiresOnItsCountthActivationOnly() {
        Workload w = new Workload(List.of(timed(0, 0, NONE), timed(1, 0, NONE), timed(2, 0, NONE), waiting(3, 0)),
                List.of(Trigger.barrier(0, 3)));
        TriggerRuntime rt = new TriggerRuntime(w);
        assertArrayEquals(new int[] {}, fire(rt, 0, false));
        assertArrayEquals(new int[] {}, fire(rt, 1, false));
        assertArrayEquals(new int[] {3}, fire(rt, 2, false));
    }

    @Test
    void aWorkloadWithAFlowThatCanNeverStartIsRefused() {
        // barrier waits for 3 activations, only 2 flows can ever activate it
        var e = assertThrows(IllegalArgumentException.class, () -> new Workload(
                List.of(timed(0, 0, NONE), timed(1, 0, NONE), waiting(2, 0)), List.of(Trigger.barrier(0, 3))));
        assertTrue(e.getMessage().startsWith("traffic: flow 2 can never start"), e.getMessage());
        // a cycle: flow 0 waits on trigger 0, which only flow 1 activates, which waits on trigger 1, activated by 0
        Flow a = new Flow(0, 0, 1, 10, 0, 0, 1, NONE, 0);
        Flow b = new Flow(1, 1, 2, 10, 0, 1, 0, NONE, 0);
        assertThrows(IllegalArgumentException.class,
                () -> new Workload(List.of(timed(2, NONE, NONE).withId(0), a.withId(1), b.withId(2)),
                        List.of(Trigger.oneShot(0), Trigger.oneShot(1))));
        // a multi-shot with two waiting flows and one activator: the second can never start
        assertThrows(IllegalArgumentException.class, () -> new Workload(
                List.of(timed(0, 0, NONE), waiting(1, 0), waiting(2, 0)), List.of(Trigger.multiShot(0))));
    }

    @Test
    void aChainOfDependentFlowsIsAccepted() {
        Flow f0 = new Flow(0, 0, 1, 10, 0, NONE, 0, NONE, 0);
        Flow f1 = new Flow(1, 1, 2, 10, 0, 0, 1, NONE, 0);
        Flow f2 = new Flow(2, 2, 3, 10, 0, 1, NONE, NONE, 0);
        Workload w = new Workload(List.of(f0, f1, f2), List.of(Trigger.oneShot(0), Trigger.oneShot(1)));
        TriggerRuntime rt = new TriggerRuntime(w);
        assertArrayEquals(new int[] {1}, fire(rt, 0, false));
        assertArrayEquals(new int[] {2}, fire(rt, 1, false));
        assertTrue(w.hasDependencies());
        assertEquals(1, w.timedFlows().size());
    }
}
