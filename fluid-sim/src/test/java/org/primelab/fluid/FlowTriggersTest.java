package org.primelab.fluid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Trigger;
import org.primelab.core.workload.Workload;

/**
 * Flows that start on triggers ({@link FlowStarts}) in both engines, on an idle fabric where every flow
 * alone takes exactly its ideal time. A started flow begins sending at the first step boundary after its
 * trigger fired, so each hand-off adds at most one step: that is the tolerance, stated per engine.
 */
class FlowTriggersTest {
    private static final FatTree TREE = FatTree.twoTier(8);
    private static final long SIZE = 4_000_000;
    private static final int NONE = Flow.NO_TRIGGER;

    /** The two engines: the quantum engine (packet splits, fast-forward on) and the fine-step one (expected splits). */
    enum Engine {
        QUANTUM, FINE_STEP;

        FluidConfig config() {
            FluidConfig c = FluidConfig.builder(TREE).rate(100 * Units.GBPS).build();
            return this == QUANTUM ? c : c.withSplit(SplitMode.EXPECTED);
        }

        /** Runs {@code w}; returns the result and the step in force (the tolerance of one hand-off). */
        Run run(Workload w) {
            FluidConfig c = config();
            FluidEngine e = this == QUANTUM ? new QuantumEngine(c, w) : new FineStepEngine(c, w);
            return new Run(e.run(), e.stepPs(), c);
        }
    }

    record Run(FluidResult result, double stepPs, FluidConfig config) {
        FluidFlowStats flow(int i) {
            return result.flows().get(i);
        }

        long ideal(int i) {
            return FluidSimulatorTest.ideal(config, flowOf(i));
        }

        private Flow flowOf(int i) {
            FluidFlowStats s = flow(i);
            return new Flow(s.id(), s.src(), s.dst(), s.sizeBytes(), 0);
        }

        /** An ACK's way back over the flow's path on the idle fabric: per hop, propagation plus a header's serialization. */
        long ackReturn(int i) {
            long hop = config.propagationPs() + Units.serializationPs(config.headerBytes(), config.linkRateBps());
            return flow(i).pathLinks() * hop;
        }
    }

    private static Flow timed(int id, int src, int dst, long size, int sendDone, int recvDone) {
        return new Flow(id, src, dst, size, 0, NONE, sendDone, recvDone, 0);
    }

    private static Flow waiting(int id, int src, int dst, long size, int startTrigger, int sendDone, int recvDone) {
        return new Flow(id, src, dst, size, 0, startTrigger, sendDone, recvDone, 0);
    }

    /** Asserts {@code lo <= value <= lo + slack}. */
    private static void within(long lo, double slack, long value, String what) {
        assertTrue(value >= lo && value <= lo + slack, what + ": " + value + " not in [" + lo + ", " + lo + " + " + slack + "]");
    }

    /**
     * A chain A -> B -> C (B on A's receive-done, C on B's send-done): every start is exactly its trigger's
     * time, and the completion time is the sum of the lone-flow times and B's ACK return, plus at most one
     * step per hand-off.
     */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void aChainCompletesInOrderInTheSumOfItsLoneTimes(Engine engine) {
        Workload w = new Workload(List.of(
                timed(0, 0, 31, SIZE, NONE, 0),
                waiting(1, 1, 30, SIZE, 0, 1, NONE),
                waiting(2, 2, 29, SIZE, 1, NONE, NONE)),
                List.of(Trigger.oneShot(0), Trigger.oneShot(1)));
        Run r = engine.run(w);
        assertEquals(0, r.flow(0).startPs());
        assertEquals(r.flow(0).endPs(), r.flow(1).startPs(), "B starts when A's last byte is delivered");
        assertEquals(r.flow(1).endPs() + r.ackReturn(1), r.flow(2).startPs(), "C starts when B's last ACK is back");
        long sum = r.ideal(0) + r.ideal(1) + r.ackReturn(1) + r.ideal(2);
        within(sum, 2 * r.stepPs(), r.result().endPs(), engine + " chain completion time");
        for (int i = 0; i < 3; i++) {
            within(r.ideal(i), r.stepPs(), r.flow(i).fctPs(), engine + " flow " + i + " FCT");
        }
        if (engine == Engine.QUANTUM) {
            assertTrue(r.result().fastForwardPs() > 0, "the chain's flows are leapt over, never their triggers");
        }
    }

    /**
     * Fast-forward never leaps over a trigger: with a long flow on another switch keeping the run leapable,
     * A's completion (which starts B) is integrated step by step, so B starts on time and takes its lone
     * time within one step (leaping over A's finish would start B at the leap's end, 180 us late here).
     */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void aTriggerIsNeverLeaptOver(Engine engine) {
        Workload w = new Workload(List.of(
                timed(0, 0, 31, SIZE, NONE, 0),
                waiting(1, 1, 30, SIZE, 0, NONE, NONE),
                timed(2, 4, 5, 8 * SIZE, NONE, NONE)),   // under one ToR: shares no link with A or B
                List.of(Trigger.oneShot(0)));
        Run r = engine.run(w);
        assertEquals(r.flow(0).endPs(), r.flow(1).startPs());
        within(r.ideal(1), r.stepPs(), r.flow(1).fctPs(), engine + " flow B's FCT");
        if (engine == Engine.QUANTUM) {
            assertTrue(r.result().fastForwardPs() > r.flow(0).endPs(), "the run is leapt over");
        }
    }

    /** A barrier over two flows of different sizes starts its flow when the later one completes. */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void aBarrierWaitsForItsLastActivation(Engine engine) {
        Workload w = new Workload(List.of(
                timed(0, 0, 31, SIZE, NONE, 0),
                timed(1, 1, 30, SIZE / 2, NONE, 0),
                waiting(2, 2, 29, SIZE, 0, NONE, NONE)),
                List.of(Trigger.barrier(0, 2)));
        Run r = engine.run(w);
        long last = Math.max(r.flow(0).endPs(), r.flow(1).endPs());
        assertEquals(r.flow(0).endPs(), last, "the larger flow completes last");
        assertEquals(last, r.flow(2).startPs());
        within(r.ideal(0) + r.ideal(2), r.stepPs(), r.result().endPs(), engine + " barrier completion time");
    }

    /**
     * A multi-shot trigger starts its waiting flows one per activation, in the time order of the
     * activations (here the reverse of the activators' workload order) and the waiting flows' order.
     */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void aMultiShotTriggerStartsOneFlowPerActivationInTimeOrder(Engine engine) {
        Workload w = new Workload(List.of(
                timed(0, 0, 31, SIZE, NONE, 0),
                timed(1, 1, 30, SIZE / 4, NONE, 0),
                waiting(2, 2, 29, SIZE / 2, 0, NONE, NONE),
                waiting(3, 3, 28, SIZE / 2, 0, NONE, NONE)),
                List.of(Trigger.multiShot(0)));
        Run r = engine.run(w);
        assertTrue(r.flow(1).endPs() < r.flow(0).endPs(), "the small flow completes first");
        assertEquals(r.flow(1).endPs(), r.flow(2).startPs(), "first activation starts the first waiting flow");
        assertEquals(r.flow(0).endPs(), r.flow(3).startPs(), "second activation starts the second");
        for (int i = 2; i < 4; i++) {
            within(r.ideal(i), r.stepPs(), r.flow(i).fctPs(), engine + " flow " + i + " FCT");
        }
    }
}
