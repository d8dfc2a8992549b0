package org.primelab.core.workload.htsim;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Trigger;
import org.primelab.core.workload.Workload;

/**
 * Random valid connection matrices for property tests: flows with random hosts, sizes, start times
 * (at picosecond, nanosecond or microsecond grain), priorities and file ids, and triggers of every kind
 * built so that htsim accepts them (each waiting flow's trigger is activated by earlier flows only; a
 * one-shot by exactly one completion, a barrier by exactly its count, a multi-shot by at least as many
 * completions as it has waiting flows), plus now and then a declared trigger nobody uses.
 */
final class RandomMatrices {
    private RandomMatrices() {
    }

    static ConnectionMatrix draw(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int nodes = 2 + rnd.nextInt(40);
        int n = 1 + rnd.nextInt(25);
        List<Trigger> triggers = new ArrayList<>();
        List<int[]> flowFields = new ArrayList<>();   // src, dst, startTrigger, sendDone, recvDone
        List<int[]> freeSlots = new ArrayList<>();    // {flow, 0 = send-done / 1 = recv-done}
        List<Integer> multiShotWithSpareActivation = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int src = rnd.nextInt(nodes);
            int dst = (src + 1 + rnd.nextInt(nodes - 1)) % nodes;
            int[] f = {src, dst, Flow.NO_TRIGGER, Flow.NO_TRIGGER, Flow.NO_TRIGGER};
            if (i > 0 && !freeSlots.isEmpty() && rnd.nextInt(3) > 0) {
                int choice = rnd.nextInt(3);
                int t = triggers.size();
                if (choice == 0) {
                    triggers.add(Trigger.oneShot(t));
                    activate(flowFields, take(freeSlots, rnd), t);
                } else if (choice == 1) {
                    int count = 1 + rnd.nextInt(Math.min(3, freeSlots.size()));
                    triggers.add(Trigger.barrier(t, count));
                    for (int c = 0; c < count; c++) {
                        activate(flowFields, take(freeSlots, rnd), t);
                    }
                } else if (!multiShotWithSpareActivation.isEmpty() && rnd.nextBoolean()) {
                    t = multiShotWithSpareActivation.remove(rnd.nextInt(multiShotWithSpareActivation.size()));
                } else {
                    triggers.add(Trigger.multiShot(t));
                    activate(flowFields, take(freeSlots, rnd), t);
                    if (!freeSlots.isEmpty() && rnd.nextBoolean()) {
                        activate(flowFields, take(freeSlots, rnd), t);
                        multiShotWithSpareActivation.add(t);
                    }
                }
                f[2] = t;
            }
            flowFields.add(f);
            freeSlots.add(new int[] {i, 0});
            freeSlots.add(new int[] {i, 1});
        }
        if (rnd.nextInt(4) == 0) {
            triggers.add(Trigger.oneShot(triggers.size()));   // declared, never used
        }
        List<Flow> flows = new ArrayList<>(n);
        List<Integer> flowIds = new ArrayList<>(n);
        Set<Integer> usedIds = new HashSet<>();
        boolean sequentialIds = rnd.nextBoolean();
        for (int i = 0; i < n; i++) {
            int[] f = flowFields.get(i);
            long start = 0;
            if (f[2] == Flow.NO_TRIGGER && rnd.nextBoolean()) {
                long grain = switch (rnd.nextInt(3)) {
                    case 0 -> 1;
                    case 1 -> Units.PS_PER_NS;
                    default -> Units.PS_PER_US;
                };
                start = rnd.nextLong(ConnectionMatrix.MAX_START_PS / grain + 1) * grain;
            }
            long size = rnd.nextBoolean() ? 1 + rnd.nextInt(10_000_000) : 1 + rnd.nextInt(Integer.MAX_VALUE);
            int prio = rnd.nextInt(4) == 0 ? rnd.nextInt(3_000_000) : 0;
            flows.add(new Flow(i, f[0], f[1], size, start, f[2], f[3], f[4], prio));
            int id;
            if (sequentialIds) {
                id = i + 1;
            } else if (f[2] == Flow.NO_TRIGGER && rnd.nextInt(5) == 0) {
                id = ConnectionMatrix.NO_ID;
            } else {
                do {
                    id = 1 + rnd.nextInt(ConnectionMatrix.MAX_FLOW_ID);
                } while (!usedIds.add(id));
            }
            flowIds.add(id);
        }
        List<Integer> triggerIds = new ArrayList<>();
        Set<Integer> usedTriggerIds = new HashSet<>();
        for (int t = 0; t < triggers.size(); t++) {
            int id;
            do {
                id = sequentialIds ? t + 1 : 1 + rnd.nextInt(Integer.MAX_VALUE - 1);
            } while (!usedTriggerIds.add(id));
            triggerIds.add(id);
        }
        return new ConnectionMatrix(nodes, new Workload(flows, triggers), flowIds, triggerIds, List.of());
    }

    private static int[] take(List<int[]> slots, SplittableRandom rnd) {
        return slots.remove(rnd.nextInt(slots.size()));
    }

    private static void activate(List<int[]> flows, int[] slot, int trigger) {
        flows.get(slot[0])[3 + slot[1]] = trigger;
    }
}
