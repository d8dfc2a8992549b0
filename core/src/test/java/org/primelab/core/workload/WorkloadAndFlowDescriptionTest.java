package org.primelab.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a {@link Workload} and a {@link Flow} say about themselves: the one-line descriptions (hand-written
 * expectations from the documented fields), {@link Workload#hasDependencies()},
 * {@link Workload#maxFlowBytes()} and {@link Flow#withStart(long)}.
 */
class WorkloadAndFlowDescriptionTest {
    private static final int NONE = Flow.NO_TRIGGER;

    /** A timed flow: id, hosts, size, start time in the largest readable unit, nothing triggered. */
    @Test
    void timedFlowDescription() {
        assertEquals("flow 3: host 1 -> 2, 100 B, at 1.5us", new Flow(3, 1, 2, 100, 1_500_000).toString());
    }

    /** A triggered flow names its start trigger, both done-triggers and a non-default class. */
    @Test
    void triggeredFlowDescription() {
        assertEquals("flow 4: host 0 -> 5, 7 B, on trigger 2, sent -> trigger 0, received -> trigger 1, class 3",
                new Flow(4, 0, 5, 7, 0, 2, 0, 1, 3).toString());
        assertEquals("flow 4: host 0 -> 5, 7 B, at 0ps, received -> trigger 1",
                new Flow(4, 0, 5, 7, 0, NONE, NONE, 1, 0).toString());
    }

    /** withStart keeps every field but the start, which becomes a fixed time (any start trigger removed). */
    @Test
    void withStartReplacesTheStartOnly() {
        Flow f = new Flow(4, 0, 5, 7, 0, 2, 0, 1, 3);
        assertEquals(new Flow(4, 0, 5, 7, 9, NONE, 0, 1, 3), f.withStart(9));
        assertFalse(f.withStart(9).startsOnTrigger());
    }

    /**
     * Sizes: min..max and total of 10, 30, 20 B; one size only when all are equal; the trigger count.
     * maxFlowBytes is the largest size.
     */
    @Test
    void workloadDescriptionAndLargestFlow() {
        Workload mixed = Workload.of(List.of(new Flow(0, 0, 1, 10, 0), new Flow(1, 1, 2, 30, 0),
                new Flow(2, 2, 0, 20, 0)));
        assertEquals("3 flows of 10..30 B (60 B in all), 0 triggers", mixed.toString());
        assertEquals(30, mixed.maxFlowBytes());
        Workload chained = new Workload(List.of(new Flow(0, 0, 1, 5, 0, NONE, 0, NONE, 0),
                new Flow(1, 1, 0, 5, 0, 0, NONE, NONE, 0)), List.of(Trigger.oneShot(0)));
        assertEquals("2 flows of 5 B (10 B in all), 1 triggers", chained.toString());
        assertEquals(5, chained.maxFlowBytes());
    }

    /** hasDependencies is true exactly when some flow (not necessarily the first) starts on a trigger. */
    @Test
    void dependenciesAreThoseOfAnyFlow() {
        assertFalse(Workload.of(List.of(new Flow(0, 0, 1, 10, 0), new Flow(1, 1, 0, 10, 5))).hasDependencies());
        Workload chained = new Workload(List.of(new Flow(0, 0, 1, 5, 0, NONE, 0, NONE, 0),
                new Flow(1, 1, 0, 5, 0, 0, NONE, NONE, 0)), List.of(Trigger.oneShot(0)));
        assertTrue(chained.hasDependencies());
        Workload triggersOnlyFired = new Workload(List.of(new Flow(0, 0, 1, 5, 0, NONE, 0, NONE, 0)),
                List.of(Trigger.multiShot(0)));
        assertFalse(triggersOnlyFired.hasDependencies(), "a trigger nobody waits on is no dependency");
    }
}
