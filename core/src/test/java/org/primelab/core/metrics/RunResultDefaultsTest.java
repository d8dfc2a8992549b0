package org.primelab.core.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.primelab.core.scenario.Scenario;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Trigger;
import org.primelab.core.workload.Workload;

/**
 * The metrics every simulator's result inherits ({@link RunResult}, {@link FlowOutcome}), on three
 * hand-made flow outcomes (start, last byte, last ACK, in ps): (1, 10, 13), (2, 7, 20), (5, 9, 11).
 * At the receiver their FCTs are 9, 5, 4 (max 9, mean 6, p99 9); at the sender 12, 18, 6 (max 18,
 * mean 12, p99 18). The ideal max FCT is 4 ps.
 */
class RunResultDefaultsTest {
    private static final long US = Units.PS_PER_US;
    private static final FatTree TREE = FatTree.twoTier(4);
    private static final List<FlowOutcome> THREE = List.of(new Outcome(0, 1, 10, 13), new Outcome(1, 2, 7, 20),
            new Outcome(2, 5, 9, 11));

    /** A 1000-byte flow from host 0 to host 1: the parts of an outcome these tests do not vary. */
    private interface OneKilobyteFlow extends FlowOutcome {
        @Override
        default int src() {
            return 0;
        }

        @Override
        default int dst() {
            return 1;
        }

        @Override
        default long sizeBytes() {
            return 1000;
        }
    }

    /** A flow outcome with its sender-side completion measured. */
    private record Outcome(int id, long startPs, long endPs, long ackedPs) implements OneKilobyteFlow {
    }

    /** A flow outcome of a run that did not measure acknowledgements (the interface's default). */
    private record Unacked(int id, long startPs, long endPs) implements OneKilobyteFlow {
    }

    /** A result that implements only what a simulator must; {@code at == null} keeps the default fctAt. */
    private record Run(Scenario scenario, List<FlowOutcome> flows, long idealMaxFctPs, FctConvention at)
            implements RunResult {
        @Override
        public long endPs() {
            return 0;
        }

        @Override
        public double wallSeconds() {
            return 0;
        }

        @Override
        public Map<String, Object> summary() {
            return Map.of();
        }

        @Override
        public FctConvention fctAt() {
            return at == null ? RunResult.super.fctAt() : at;
        }
    }

    private static Run run(FctConvention at) {
        return new Run(Scenario.builder(TREE).build(), THREE, 4, at);
    }

    /** By default a run measures at the receiver, the paper's definition. */
    @Test
    void defaultStatisticsAreAtTheReceiver() {
        Run r = run(null);
        assertEquals(FctConvention.RECEIVER, r.fctAt());
        assertEquals(new FctStatistics(9, 6.0, 9), r.fctStatistics());
        assertEquals(9, r.maxFctPs());
        assertEquals(6.0, r.meanFctPs());
        assertEquals(9, r.p99FctPs());
        assertEquals(2.25, r.ratio());
    }

    /** Measured at the sender, the statistics follow the ACKs but the Ratio stays at the receiver. */
    @Test
    void senderStatisticsFollowTheAcksAndTheRatioDoesNot() {
        Run r = run(FctConvention.SENDER);
        assertEquals(new FctStatistics(18, 12.0, 18), r.fctStatistics());
        assertEquals(18, r.maxFctPs());
        assertEquals(12.0, r.meanFctPs());
        assertEquals(18, r.p99FctPs());
        assertEquals(new FctStatistics(9, 6.0, 9), r.fctStatistics(FctConvention.RECEIVER));
        assertEquals(2.25, r.ratio());   // 9 / 4, not 18 / 4
    }

    /** Collective completion: last completion (10 at the receiver, 20 at the sender) minus first start 1. */
    @Test
    void collectiveCompletionIsLastCompletionMinusFirstStart() {
        assertEquals(10, run(null).lastCompletionPs());
        assertEquals(9, run(null).collectiveCompletionPs());
        assertEquals(20, run(FctConvention.SENDER).lastCompletionPs());
        assertEquals(19, run(FctConvention.SENDER).collectiveCompletionPs());
    }

    /** A flow's completion: last byte at the receiver, last ACK at the sender; FCT subtracts its start. */
    @Test
    void flowOutcomeConventions() {
        FlowOutcome f = new Outcome(3, 2, 7, 20);
        assertEquals(5, f.fctPs());
        assertEquals(7, f.completionPs(FctConvention.RECEIVER));
        assertEquals(20, f.completionPs(FctConvention.SENDER));
        assertEquals(5, f.fctPs(FctConvention.RECEIVER));
        assertEquals(18, f.fctPs(FctConvention.SENDER));
    }

    /** Without measured ACKs the sender side is refused in one line naming the option and the flow. */
    @Test
    void unmeasuredSenderSideIsRefused() {
        FlowOutcome f = new Unacked(7, 2, 7);
        assertEquals(FlowOutcome.NOT_MEASURED, f.ackedPs());
        assertEquals(7, f.completionPs(FctConvention.RECEIVER));
        assertEquals("fct-at: flow 7 has no sender-side completion (the run did not measure acknowledgements)",
                assertThrows(IllegalStateException.class, () -> f.completionPs(FctConvention.SENDER)).getMessage());
    }

    /**
     * A workload with a dependency (flow 1 starts when flow 0 is received) gets cct_us and ideal_cct_us
     * appended to the same map; flow 0 runs 0-3 us, flow 1 3-7 us, so the collective takes 7 us.
     */
    @Test
    void dependentWorkloadsGetTheCollectiveFields() {
        Workload w = new Workload(List.of(new Flow(0, 0, 1, 1000, 0, Flow.NO_TRIGGER, Flow.NO_TRIGGER, 0, 0),
                new Flow(1, 2, 3, 1000, 0, 0, Flow.NO_TRIGGER, Flow.NO_TRIGGER, 0)), List.of(Trigger.oneShot(0)));
        Run r = new Run(Scenario.builder(TREE).workload(w).build(),
                List.of(new Outcome(0, 0, 3 * US, 4 * US), new Outcome(1, 3 * US, 7 * US, 8 * US)), 4 * US, null);
        Map<String, Object> summary = new LinkedHashMap<>(Map.of("flows", 2));
        assertSame(summary, r.withWorkloadFields(summary, 5 * US));
        assertEquals(List.of("flows", "cct_us", "ideal_cct_us"), List.copyOf(summary.keySet()));
        assertEquals(7.0, summary.get("cct_us"));
        assertEquals(5.0, summary.get("ideal_cct_us"));
    }

    /** Workloads without dependencies, or runs without a workload, keep their summary as it was. */
    @Test
    void independentWorkloadsKeepTheirFields() {
        Workload w = Workload.of(List.of(new Flow(0, 0, 1, 1000, 0), new Flow(1, 2, 3, 1000, 0)));
        Run timed = new Run(Scenario.builder(TREE).workload(w).build(),
                List.of(new Outcome(0, 0, 3 * US, 4 * US), new Outcome(1, 0, 4 * US, 5 * US)), 4 * US, null);
        Map<String, Object> summary = new LinkedHashMap<>(Map.of("flows", 2));
        assertSame(summary, timed.withWorkloadFields(summary, 5 * US));
        assertEquals(Map.of("flows", 2), summary);
        assertSame(summary, run(null).withWorkloadFields(summary, 5 * US));
        assertEquals(Map.of("flows", 2), summary);
    }
}
