package org.primelab.fluid;

import org.primelab.core.workload.Flow;
import org.primelab.core.workload.TriggerRuntime;
import org.primelab.core.workload.Workload;

/**
 * The starts of flows that wait on a trigger, in fluid time. Core's {@link TriggerRuntime} decides what an
 * activation starts; this class only says when activations happen: a flow's <b>receive-done</b> trigger
 * is activated when its last byte has been delivered ({@link FluidFlow#endPs}), its <b>send-done</b>
 * trigger when the ACK of that byte is back at the sender, one header's way back later (per hop of the
 * return path: propagation plus the header's serialization, {@link FluidFlow#ackReturnPs}).
 *
 * <p>An engine reports each completion as it computes it ({@link #completed}); completions come out of
 * a step in the order quanta land, not in time order, so activations wait in a queue and are applied
 * in time order ({@link #activateBefore}) once the engine has passed their time: a quantum emitted at
 * {@code t} arrives after {@code t}, so at the end of a step every activation before the step's end is
 * known. A started flow's start is its trigger's firing time; the engine lets it send from the next
 * step on, so a start is late by less than one step (the engines' stated tolerance for dependent flows).
 * Fast-forward treats a queued activation as an event ({@link #nextActivationPs}) and never leaps over it.
 */
final class FlowStarts {
    private final FluidFlow[] flows;
    private final TriggerRuntime runtime;
    private final int[] started;
    // queued activations, in the order reported: time and trigger
    private final double[] pendingAt;
    private final int[] pendingTrigger;
    private int pending;

    /** The trigger state of {@code workload}, whose flows are {@code flows} (same order). */
    FlowStarts(Workload workload, FluidFlow[] flows) {
        this.flows = flows;
        this.runtime = new TriggerRuntime(workload);
        this.started = new int[runtime.maxStartedPerActivation()];
        this.pendingAt = new double[2 * flows.length];
        this.pendingTrigger = new int[2 * flows.length];
    }

    /**
     * Flow {@code s} has just completed (its {@link FluidFlow#endPs} is set), its last byte's ACK path
     * being {@code ackPath}: queues its receive-done and send-done activations.
     */
    void completed(FluidFlow s, int ackPath) {
        Flow f = s.flow;
        if (f.recvDoneTrigger() != Flow.NO_TRIGGER) {
            queue(s.endPs, f.recvDoneTrigger());
        }
        if (f.sendDoneTrigger() != Flow.NO_TRIGGER) {
            queue(s.endPs + s.ackReturnPs[ackPath], f.sendDoneTrigger());
        }
    }

    private void queue(double at, int trigger) {
        pendingAt[pending] = at;
        pendingTrigger[pending] = trigger;
        pending++;
    }

    /** The earliest queued activation, or infinity if none. */
    double nextActivationPs() {
        double next = Double.POSITIVE_INFINITY;
        for (int i = 0; i < pending; i++) {
            next = Math.min(next, pendingAt[i]);
        }
        return next;
    }

    /**
     * Applies every queued activation before {@code t}, earliest first (equal times in the order
     * reported); each flow it starts gets the activation's time, rounded to the picosecond, as its start.
     */
    void activateBefore(double t) {
        while (pending > 0) {
            int first = 0;
            for (int i = 1; i < pending; i++) {
                if (pendingAt[i] < pendingAt[first]) {
                    first = i;
                }
            }
            double at = pendingAt[first];
            if (at >= t) {
                return;
            }
            int trigger = pendingTrigger[first];
            pending--;
            System.arraycopy(pendingAt, first + 1, pendingAt, first, pending - first);
            System.arraycopy(pendingTrigger, first + 1, pendingTrigger, first, pending - first);
            int count = runtime.activate(trigger, started);
            for (int i = 0; i < count; i++) {
                flows[started[i]].startPs = Math.round(at);
            }
        }
    }
}
