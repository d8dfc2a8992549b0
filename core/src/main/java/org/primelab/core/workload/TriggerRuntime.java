package org.primelab.core.workload;

import java.util.List;

/**
 * The run-time state of a workload's triggers, the one implementation of {@link Trigger}'s semantics
 * that both simulators call: a simulator reports each flow's send-done and receive-done moments, and
 * gets back the flows that start now. Allocation-free after construction: the flows to start are
 * written into a caller's buffer of at least {@link #maxStartedPerActivation()} entries.
 *
 * <p>Flows waiting on one trigger are kept in workload order, so a multi-shot trigger starts them in
 * that order (htsim starts its targets in the order the connection matrix lists them).
 */
public final class TriggerRuntime {
    private final Trigger[] triggers;
    private final int[][] waitingFlows;
    private final int[] activations;
    private final int[] nextMultiShotTarget;
    private final int[] sendDoneTrigger;
    private final int[] recvDoneTrigger;
    private final int maxStarted;

    /** Fresh state for {@code workload}: no trigger activated yet. */
    public TriggerRuntime(Workload workload) {
        List<Trigger> ts = workload.triggers();
        int t = ts.size();
        int n = workload.size();
        triggers = ts.toArray(new Trigger[0]);
        int[] counts = new int[t];
        sendDoneTrigger = new int[n];
        recvDoneTrigger = new int[n];
        for (Flow f : workload.flows()) {
            if (f.startsOnTrigger()) {
                counts[f.startTrigger()]++;
            }
            sendDoneTrigger[f.id()] = f.sendDoneTrigger();
            recvDoneTrigger[f.id()] = f.recvDoneTrigger();
        }
        waitingFlows = new int[t][];
        int max = 1;
        for (int i = 0; i < t; i++) {
            waitingFlows[i] = new int[counts[i]];
            max = Math.max(max, counts[i]);
            counts[i] = 0;
        }
        for (Flow f : workload.flows()) {
            if (f.startsOnTrigger()) {
                waitingFlows[f.startTrigger()][counts[f.startTrigger()]++] = f.id();
            }
        }
        maxStarted = max;
        activations = new int[t];
        nextMultiShotTarget = new int[t];
    }

    /** The size a buffer passed to {@link #onSendDone} and {@link #onRecvDone} needs. */
    public int maxStartedPerActivation() {
        return maxStarted;
    }

    /**
     * Flow {@code flow} has every byte acknowledged at its sender: activates its send-done trigger, if
     * any. Writes the flows that start now into {@code started} and returns how many.
     */
    public int onSendDone(int flow, int[] started) {
        return activate(sendDoneTrigger[flow], started);
    }

    /**
     * Flow {@code flow}'s receiver has every byte: activates its receive-done trigger, if any. Writes
     * the flows that start now into {@code started} and returns how many.
     */
    public int onRecvDone(int flow, int[] started) {
        return activate(recvDoneTrigger[flow], started);
    }

    /** Activates {@code trigger} (ignored if {@link Flow#NO_TRIGGER}); see {@link Trigger} for the kinds. */
    public int activate(int trigger, int[] started) {
        if (trigger == Flow.NO_TRIGGER) {
            return 0;
        }
        Trigger t = triggers[trigger];
        int[] waiting = waitingFlows[trigger];
        int done = ++activations[trigger];
        switch (t.kind()) {
            case ONE_SHOT, BARRIER -> {
                if (done != t.count()) {
                    return 0;   // not yet (barrier), or already fired
                }
                System.arraycopy(waiting, 0, started, 0, waiting.length);
                return waiting.length;
            }
            case MULTI_SHOT -> {
                if (nextMultiShotTarget[trigger] >= waiting.length) {
                    return 0;   // every waiting flow has started
                }
                started[0] = waiting[nextMultiShotTarget[trigger]++];
                return 1;
            }
            default -> throw new IllegalStateException("unknown trigger kind " + t.kind());
        }
    }

    /** Times trigger {@code trigger} has been activated so far. */
    public int activations(int trigger) {
        return activations[trigger];
    }
}
