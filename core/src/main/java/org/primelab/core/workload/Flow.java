package org.primelab.core.workload;

/**
 * One flow of a workload: {@code sizeBytes} from host {@code src} to host {@code dst}. It starts either
 * at a fixed time ({@code startPs}) or when a {@link Trigger} fires ({@code startTrigger}); when it has
 * finished sending (its last byte acknowledged) it may activate {@code sendDoneTrigger}, and when its
 * last byte has been received, {@code recvDoneTrigger}. This is the model of htsim's connection
 * matrices ({@code SRC->DST id start|trigger size send_done_trigger recv_done_trigger prio}), in which
 * AI collectives are written as chains of dependent flows.
 *
 * @param id run-unique id, {@code 0..flows-1} in workload order
 * @param src sending host
 * @param dst receiving host, different from {@code src}
 * @param sizeBytes bytes of payload, > 0
 * @param startPs start time in picoseconds, >= 0; must be 0 for a flow that starts on a trigger
 * @param startTrigger id of the trigger that starts this flow, or {@link #NO_TRIGGER} to start at
 *        {@code startPs}
 * @param sendDoneTrigger trigger activated when the sender has every byte acknowledged, or
 *        {@link #NO_TRIGGER}
 * @param recvDoneTrigger trigger activated when the receiver has every byte, or {@link #NO_TRIGGER}
 * @param priority traffic class (0 = the default class; larger values are carried through to the
 *        simulators' schedulers and to output)
 */
public record Flow(int id, int src, int dst, long sizeBytes, long startPs, int startTrigger, int sendDoneTrigger,
                   int recvDoneTrigger, int priority) {
    /** The value of a trigger field that names no trigger. */
    public static final int NO_TRIGGER = -1;

    /** Validates the fields. */
    public Flow {
        if (src == dst) {
            throw new IllegalArgumentException("flow " + id + ": src and dst are both host " + src);
        }
        if (src < 0 || dst < 0) {
            throw new IllegalArgumentException("flow " + id + ": hosts must be >= 0, got " + src + " -> " + dst);
        }
        if (sizeBytes <= 0) {
            throw new IllegalArgumentException("flow-size: must be > 0 bytes, got " + sizeBytes);
        }
        if (startPs < 0) {
            throw new IllegalArgumentException("start: must be >= 0 ps, got " + startPs);
        }
        if (startTrigger < NO_TRIGGER || sendDoneTrigger < NO_TRIGGER || recvDoneTrigger < NO_TRIGGER) {
            throw new IllegalArgumentException("flow " + id + ": trigger ids must be >= 0 (or NO_TRIGGER)");
        }
        if (startTrigger != NO_TRIGGER && startPs != 0) {
            throw new IllegalArgumentException("flow " + id + ": has both a start time and a start trigger");
        }
        if (priority < 0) {
            throw new IllegalArgumentException("flow " + id + ": priority must be >= 0, got " + priority);
        }
    }

    /** A flow that starts at {@code startPs} and triggers nothing, in the default class. */
    public Flow(int id, int src, int dst, long sizeBytes, long startPs) {
        this(id, src, dst, sizeBytes, startPs, NO_TRIGGER, NO_TRIGGER, NO_TRIGGER, 0);
    }

    /** True if this flow waits for a trigger rather than starting at a fixed time. */
    public boolean startsOnTrigger() {
        return startTrigger != NO_TRIGGER;
    }

    /** The same flow with another fixed start time (its start trigger, if any, removed). */
    public Flow withStart(long newStartPs) {
        return new Flow(id, src, dst, sizeBytes, newStartPs, NO_TRIGGER, sendDoneTrigger, recvDoneTrigger, priority);
    }

    /** The same flow under another id. */
    public Flow withId(int newId) {
        return new Flow(newId, src, dst, sizeBytes, startPs, startTrigger, sendDoneTrigger, recvDoneTrigger, priority);
    }

    /** One line: id, hosts, size, and what starts it (a time or a trigger) and what it triggers. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder().append("flow ").append(id).append(": host ").append(src).append(" -> ")
                .append(dst).append(", ").append(sizeBytes).append(" B, ");
        s.append(startTrigger == NO_TRIGGER ? "at " + org.primelab.core.units.Units.formatTime(startPs)
                : "on trigger " + startTrigger);
        if (sendDoneTrigger != NO_TRIGGER) {
            s.append(", sent -> trigger ").append(sendDoneTrigger);
        }
        if (recvDoneTrigger != NO_TRIGGER) {
            s.append(", received -> trigger ").append(recvDoneTrigger);
        }
        return priority == 0 ? s.toString() : s.append(", class ").append(priority).toString();
    }
}
