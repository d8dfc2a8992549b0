package org.primelab.core.workload;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.primelab.core.topology.FatTree;

/**
 * AI collectives as workloads: each runs on disjoint groups of hosts ({@link Placement#groups}), all
 * groups at once, and is written with htsim's dependency model ({@link Trigger}) where its steps depend
 * on each other. Flows are numbered group by group in the order given below; every generator is a pure
 * function of its arguments. Their ideal completion times are in {@code analytical}
 * ({@code org.primelab.analytical.fct.CollectiveIdeal}).
 */
public final class Collectives {
    private Collectives() {
    }

    /** The collectives, with the names the command line uses. */
    public enum Kind {
        /** {@link Workloads#permutation} over the whole tree. */
        PERMUTATION("permutation"),
        /** {@link #ring}. */
        RING("ring"),
        /** {@link #incast}. */
        INCAST("incast"),
        /** {@link #allToAll}. */
        ALL_TO_ALL("all-to-all"),
        /** {@link #serialAllToAll}. */
        SERIAL_ALL_TO_ALL("serial-all-to-all"),
        /** {@link #ringAllReduce}. */
        RING_ALL_REDUCE("ring-allreduce");

        private final String cliName;

        Kind(String cliName) {
            this.cliName = cliName;
        }

        /** The name on the command line. */
        public String cliName() {
            return cliName;
        }
    }

    /**
     * The collective {@code kind} of {@code sizeBytes} on {@code groups} (for {@link Kind#PERMUTATION},
     * the groups are ignored and the permutation spans the tree's hosts, drawn with {@code seed}).
     */
    public static Workload generate(Kind kind, FatTree tree, int[][] groups,
                                    long sizeBytes, long seed) {
        return switch (kind) {
            case PERMUTATION -> Workload.of(Workloads.permutation(tree, sizeBytes, seed, false));
            case RING -> ring(groups, sizeBytes);
            case INCAST -> incast(groups, sizeBytes);
            case ALL_TO_ALL -> allToAll(groups, sizeBytes);
            case SERIAL_ALL_TO_ALL -> serialAllToAll(groups, sizeBytes);
            case RING_ALL_REDUCE -> ringAllReduce(groups, sizeBytes);
        };
    }

    /** In each group, every host sends {@code sizeBytes} to every other, all at time 0 (sender-major). */
    public static Workload allToAll(int[][] groups, long sizeBytes) {
        List<Flow> flows = new ArrayList<>();
        for (int[] g : check(groups)) {
            for (int s : g) {
                for (int d : g) {
                    if (s != d) {
                        flows.add(new Flow(flows.size(), s, d, sizeBytes, 0));
                    }
                }
            }
        }
        return Workload.of(flows);
    }

    /**
     * All-to-all serialized per sender, as htsim's {@code gen_serial_alltoall.py} writes it: in a group
     * {@code g[0..G-1]}, host {@code g[s]} sends {@code sizeBytes} to {@code g[(s+1)%G]}, then
     * {@code g[(s+2)%G]}, ..., {@code g[(s+G-1)%G]}; the first flow starts at 0 and each next one when
     * the previous has finished sending (a one-shot trigger activated by its send-done). Round {@code d}
     * of all senders together is the shift-by-{@code d} permutation of the group. Flows are ordered
     * group, sender, round; triggers in the order their waiting flows are.
     */
    public static Workload serialAllToAll(int[][] groups, long sizeBytes) {
        List<Flow> flows = new ArrayList<>();
        List<Trigger> triggers = new ArrayList<>();
        for (int[] g : check(groups)) {
            int size = g.length;
            for (int s = 0; s < size; s++) {
                int waitOn = Flow.NO_TRIGGER;
                for (int d = 1; d < size; d++) {
                    int sendDone = Flow.NO_TRIGGER;
                    if (d < size - 1) {
                        sendDone = triggers.size();
                        triggers.add(Trigger.oneShot(sendDone));
                    }
                    flows.add(new Flow(flows.size(), g[s], g[(s + d) % size], sizeBytes, 0, waitOn, sendDone,
                            Flow.NO_TRIGGER, 0));
                    waitOn = sendDone;
                }
            }
        }
        return new Workload(flows, triggers);
    }

    /**
     * Ring all-reduce of a {@code sizeBytes} buffer on each group, as reduce-scatter then all-gather
     * around the ring {@code g[0] -> g[1] -> ... -> g[G-1] -> g[0]}: the buffer is cut into {@code G}
     * chunks of {@code ceil(sizeBytes / G)} bytes; chunk {@code c} starts at {@code g[c]} and is forwarded
     * {@code 2(G-1)} times, step {@code j} from {@code g[(c+j)%G]} to {@code g[(c+j+1)%G]} (the first
     * {@code G-1} steps reduce it, the next {@code G-1} hand the result to every host). Step 0 starts at
     * time 0; step {@code j > 0} starts when step {@code j-1} has been received (a one-shot trigger
     * activated by its receive-done). At every step each host sends one chunk and receives one. Flows are
     * ordered group, chunk, step.
     */
    public static Workload ringAllReduce(int[][] groups, long sizeBytes) {
        List<Flow> flows = new ArrayList<>();
        List<Trigger> triggers = new ArrayList<>();
        for (int[] g : check(groups)) {
            int size = g.length;
            long chunk = (sizeBytes + size - 1) / size;
            int steps = 2 * (size - 1);
            for (int c = 0; c < size; c++) {
                int waitOn = Flow.NO_TRIGGER;
                for (int j = 0; j < steps; j++) {
                    int recvDone = Flow.NO_TRIGGER;
                    if (j < steps - 1) {
                        recvDone = triggers.size();
                        triggers.add(Trigger.oneShot(recvDone));
                    }
                    flows.add(new Flow(flows.size(), g[(c + j) % size], g[(c + j + 1) % size], chunk, 0, waitOn,
                            Flow.NO_TRIGGER, recvDone, 0));
                    waitOn = recvDone;
                }
            }
        }
        return new Workload(flows, triggers);
    }

    /** In each group, {@code g[1..G-1]} each send {@code sizeBytes} to {@code g[0]} (incast G-1:1), at 0. */
    public static Workload incast(int[][] groups, long sizeBytes) {
        List<Flow> flows = new ArrayList<>();
        for (int[] g : check(groups)) {
            for (int i = 1; i < g.length; i++) {
                flows.add(new Flow(flows.size(), g[i], g[0], sizeBytes, 0));
            }
        }
        return Workload.of(flows);
    }

    /** In each group, {@code g[i]} sends {@code sizeBytes} to {@code g[(i+1)%G]}, all at 0. */
    public static Workload ring(int[][] groups, long sizeBytes) {
        List<Flow> flows = new ArrayList<>();
        for (int[] g : check(groups)) {
            for (int i = 0; i < g.length; i++) {
                flows.add(new Flow(flows.size(), g[i], g[(i + 1) % g.length], sizeBytes, 0));
            }
        }
        return Workload.of(flows);
    }

    private static int[][] check(int[][] groups) {
        if (groups.length == 0) {
            throw new IllegalArgumentException("groups: at least one group required");
        }
        Set<Integer> seen = new HashSet<>();
        for (int[] g : groups) {
            if (g.length < 2) {
                throw new IllegalArgumentException("group: must be >= 2, got " + g.length);
            }
            for (int h : g) {
                if (!seen.add(h)) {
                    throw new IllegalArgumentException("groups: host " + h + " is in two groups (or twice in one)");
                }
            }
        }
        return groups;
    }
}
