package org.primelab.core.workload;

import java.util.ArrayList;
import java.util.List;

/**
 * A whole workload: flows and the triggers that chain them. Flows are numbered {@code 0..n-1} in list
 * order and triggers {@code 0..t-1}. Construction refuses a workload some flow of which can never start
 * (it waits on a trigger that too few startable flows activate, or on a cycle of triggers), so that no
 * simulator can hang on it.
 *
 * @param flows the flows, ids {@code 0..n-1} in order, at least one
 * @param triggers the triggers, ids {@code 0..t-1} in order
 */
public record Workload(List<Flow> flows, List<Trigger> triggers) {
    /** Validates ids, references and that every flow can start. */
    public Workload {
        flows = List.copyOf(flows);
        triggers = List.copyOf(triggers);
        if (flows.isEmpty()) {
            throw new IllegalArgumentException("traffic: the workload has no flows");
        }
        for (int i = 0; i < flows.size(); i++) {
            if (flows.get(i).id() != i) {
                throw new IllegalArgumentException("traffic: flow ids must be 0..n-1 in order; flow " + i
                        + " has id " + flows.get(i).id());
            }
        }
        for (int i = 0; i < triggers.size(); i++) {
            if (triggers.get(i).id() != i) {
                throw new IllegalArgumentException("traffic: trigger ids must be 0..t-1 in order; trigger " + i
                        + " has id " + triggers.get(i).id());
            }
        }
        for (Flow f : flows) {
            for (int t : new int[] {f.startTrigger(), f.sendDoneTrigger(), f.recvDoneTrigger()}) {
                if (t >= triggers.size()) {
                    throw new IllegalArgumentException("traffic: flow " + f.id() + " names trigger " + t
                            + ", but the workload has " + triggers.size() + " triggers");
                }
            }
        }
        int stuck = firstFlowThatCannotStart(flows, triggers);
        if (stuck >= 0) {
            throw new IllegalArgumentException("traffic: flow " + stuck + " can never start: its trigger "
                    + flows.get(stuck).startTrigger() + " is activated by too few flows that can start");
        }
    }

    /** A workload of flows that start at fixed times. */
    public static Workload of(List<Flow> flows) {
        return new Workload(flows, List.of());
    }

    /** Number of flows. */
    public int size() {
        return flows.size();
    }

    /** Flow {@code id}. */
    public Flow flow(int id) {
        return flows.get(id);
    }

    /** True if some flow starts on a trigger. */
    public boolean hasDependencies() {
        for (Flow f : flows) {
            if (f.startsOnTrigger()) {
                return true;
            }
        }
        return false;
    }

    /** The flows that start at a fixed time, in id order. */
    public List<Flow> timedFlows() {
        List<Flow> out = new ArrayList<>();
        for (Flow f : flows) {
            if (!f.startsOnTrigger()) {
                out.add(f);
            }
        }
        return out;
    }

    /** Largest flow size in bytes. */
    public long maxFlowBytes() {
        long max = 0;
        for (Flow f : flows) {
            max = Math.max(max, f.sizeBytes());
        }
        return max;
    }

    /**
     * Fixed point of "a flow can start if it is timed, or if its trigger can fire given the flows that
     * can start": returns the first flow that cannot, or -1. Each completion activates at most once per
     * named trigger, so a one-shot trigger needs one startable activator, a barrier {@code count}, and
     * a multi-shot trigger starts as many of its waiting flows (in order) as it has startable activators.
     */
    private static int firstFlowThatCannotStart(List<Flow> flows, List<Trigger> triggers) {
        int n = flows.size();
        boolean[] can = new boolean[n];
        int[] targetIndex = new int[n];          // position among the flows waiting on the same trigger
        int[] waiting = new int[triggers.size()];
        for (int i = 0; i < n; i++) {
            Flow f = flows.get(i);
            can[i] = !f.startsOnTrigger();
            if (f.startsOnTrigger()) {
                targetIndex[i] = waiting[f.startTrigger()]++;
            }
        }
        boolean changed = !triggers.isEmpty();
        while (changed) {
            changed = false;
            int[] activations = new int[triggers.size()];
            for (int i = 0; i < n; i++) {
                if (can[i]) {
                    Flow f = flows.get(i);
                    if (f.sendDoneTrigger() >= 0) {
                        activations[f.sendDoneTrigger()]++;
                    }
                    if (f.recvDoneTrigger() >= 0) {
                        activations[f.recvDoneTrigger()]++;
                    }
                }
            }
            for (int i = 0; i < n; i++) {
                Flow f = flows.get(i);
                if (can[i] || !f.startsOnTrigger()) {
                    continue;
                }
                Trigger t = triggers.get(f.startTrigger());
                boolean fires = switch (t.kind()) {
                    case ONE_SHOT -> activations[t.id()] >= 1;
                    case BARRIER -> activations[t.id()] >= t.count();
                    case MULTI_SHOT -> targetIndex[i] < activations[t.id()];
                };
                if (fires) {
                    can[i] = true;
                    changed = true;
                }
            }
        }
        for (int i = 0; i < n; i++) {
            if (!can[i]) {
                return i;
            }
        }
        return -1;
    }

    /** One line: flows, their sizes and total, triggers (the flow list is left out: {@link #flows()}). */
    @Override
    public String toString() {
        long min = Long.MAX_VALUE;
        long max = 0;
        long total = 0;
        for (Flow f : flows) {
            min = Math.min(min, f.sizeBytes());
            max = Math.max(max, f.sizeBytes());
            total += f.sizeBytes();
        }
        String sizes = flows.isEmpty() ? "" : min == max ? " of " + min + " B" : " of " + min + ".." + max + " B";
        return flows.size() + " flows" + sizes + " (" + total + " B in all), " + triggers.size() + " triggers";
    }
}
