package org.primelab.core.workload;

/**
 * A dependency between flows, as in htsim's connection matrices: flows name a trigger as the one that
 * starts them ({@link Flow#startTrigger()}) or as the one their completion activates
 * ({@link Flow#sendDoneTrigger()}, {@link Flow#recvDoneTrigger()}). What an activation does depends on
 * the kind:
 * <ul>
 *   <li>{@link Kind#ONE_SHOT}: the first activation starts every waiting flow; a later activation is an
 *       error in htsim and is ignored here (the flows already started).</li>
 *   <li>{@link Kind#MULTI_SHOT}: each activation starts the next waiting flow, in workload order; an
 *       activation with no flow left does nothing.</li>
 *   <li>{@link Kind#BARRIER}: the {@code count}-th activation starts every waiting flow (a barrier over
 *       {@code count} completions); later activations do nothing.</li>
 * </ul>
 * The run-time logic lives once, in {@link TriggerRuntime}, and both simulators call it.
 *
 * @param id run-unique id, {@code 0..triggers-1} in workload order
 * @param kind what an activation does
 * @param count activations a barrier waits for (>= 1); 1 for the other kinds
 */
public record Trigger(int id, Kind kind, int count) {
    /** What an activation does. */
    public enum Kind {
        /** Fires once, on the first activation, starting every waiting flow. */
        ONE_SHOT,
        /** Each activation starts one more waiting flow, in workload order. */
        MULTI_SHOT,
        /** Fires on the {@code count}-th activation, starting every waiting flow. */
        BARRIER
    }

    /** Validates the fields. */
    public Trigger {
        if (id < 0) {
            throw new IllegalArgumentException("trigger: id must be >= 0, got " + id);
        }
        if (kind == null) {
            throw new IllegalArgumentException("trigger " + id + ": kind required (oneshot, multishot, barrier)");
        }
        if (count < 1) {
            throw new IllegalArgumentException("trigger " + id + ": count must be >= 1, got " + count);
        }
        if (kind != Kind.BARRIER && count != 1) {
            throw new IllegalArgumentException("trigger " + id + ": only a barrier has a count, got " + count);
        }
    }

    /** A one-shot trigger. */
    public static Trigger oneShot(int id) {
        return new Trigger(id, Kind.ONE_SHOT, 1);
    }

    /** A multi-shot trigger. */
    public static Trigger multiShot(int id) {
        return new Trigger(id, Kind.MULTI_SHOT, 1);
    }

    /** A barrier that fires on its {@code count}-th activation. */
    public static Trigger barrier(int id, int count) {
        return new Trigger(id, Kind.BARRIER, count);
    }
}
