package org.primelab.core.workload.htsim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Trigger;
import org.primelab.core.workload.Workload;

/**
 * An htsim connection matrix ({@code .cm} file) in this project's terms: the {@link Workload} it
 * describes, the ids the file gives its flows and triggers (htsim prints a flow's id as {@code flowId},
 * so results are matched through them), its node count and its link failures. Read with
 * {@link CmReader}, written with {@link CmWriter}.
 *
 * <p>Flow {@code i} of the workload is the {@code i}-th connection line, and its file id is
 * {@code flowIds().get(i)} ({@link #NO_ID} if the line gave none: htsim then numbers the flow itself,
 * from {@code 1,000,000,000}); trigger {@code j} is the {@code j}-th trigger line, with file id
 * {@code triggerIds().get(j)}. File ids are 1-based, ours 0-based.
 *
 * <p>Construction refuses what htsim (commit 40ccb05) refuses or aborts on at run time, so that every
 * instance can be written as a file htsim runs: flow ids above {@value #MAX_FLOW_ID} (reserved for its
 * own numbering) or repeated; a flow started by a trigger without an id; a start time beyond its 32-bit
 * microsecond field; a size beyond its 32-bit field; a one-shot trigger activated more than once, a
 * barrier activated more often than its count, either activated with no flow waiting on it.
 *
 * @param nodes the file's {@code Nodes}: hosts {@code 0..nodes-1}
 * @param workload the flows and triggers
 * @param flowIds per flow, its id in the file, or {@link #NO_ID}
 * @param triggerIds per trigger, its id in the file ({@code >= 1})
 * @param failures the file's failure lines, in order
 */
public record ConnectionMatrix(int nodes, Workload workload, List<Integer> flowIds, List<Integer> triggerIds,
                               List<CmFailure> failures) {
    /** The file id of a connection line that gave none. */
    public static final int NO_ID = 0;
    /**
     * Largest flow id a file may give: htsim numbers flows without an id from 1,000,000,000 and asserts
     * that given ids stay below ({@code FLOW_ID_DYNAMIC_BASE} in its {@code network.cpp}).
     */
    public static final int MAX_FLOW_ID = 999_999_999;
    /** Largest start time htsim can hold: it converts the start to a 32-bit count of microseconds. */
    public static final long MAX_START_PS = 0xffff_ffffL * Units.PS_PER_US;

    /** Validates the fields against each other and against htsim's limits. */
    public ConnectionMatrix {
        if (workload == null) {
            throw new IllegalArgumentException("traffic: workload required");
        }
        flowIds = List.copyOf(flowIds);
        triggerIds = List.copyOf(triggerIds);
        failures = List.copyOf(failures);
        if (flowIds.size() != workload.size()) {
            throw new IllegalArgumentException("id: " + flowIds.size() + " flow ids for " + workload.size() + " flows");
        }
        if (triggerIds.size() != workload.triggers().size()) {
            throw new IllegalArgumentException("trigger: " + triggerIds.size() + " trigger ids for "
                    + workload.triggers().size() + " triggers");
        }
        if (nodes < 1) {
            throw new IllegalArgumentException("Nodes: must be >= 1, got " + nodes);
        }
        Set<Integer> seen = new HashSet<>();
        for (Flow f : workload.flows()) {
            int id = flowIds.get(f.id());
            String problem = flowProblem(f, id, nodes);
            if (problem != null) {
                throw new IllegalArgumentException(problem);
            }
            if (id != NO_ID && !seen.add(id)) {
                throw new IllegalArgumentException("id: flow id " + id + " is given to two flows");
            }
        }
        seen.clear();
        for (int t : triggerIds) {
            if (t < 1) {
                throw new IllegalArgumentException("trigger: ids must be >= 1, got " + t);
            }
            if (!seen.add(t)) {
                throw new IllegalArgumentException("trigger: trigger id " + t + " is declared twice");
            }
        }
        for (int t = 0; t < workload.triggers().size(); t++) {
            String problem = triggerProblem(workload, t);
            if (problem != null) {
                throw new IllegalArgumentException("trigger id " + triggerIds.get(t) + ": " + problem);
            }
        }
    }

    /**
     * {@code workload} as a connection matrix of {@code nodes} nodes: flow {@code i} gets file id
     * {@code i + 1}, trigger {@code j} file id {@code j + 1}, no failures.
     */
    public static ConnectionMatrix of(Workload workload, int nodes) {
        return new ConnectionMatrix(nodes, workload, oneBased(workload.size()), oneBased(workload.triggers().size()),
                List.of());
    }

    /**
     * {@code workload} on the fabric of {@code faults} ({@code Nodes} = its hosts), with every failed
     * cable as a failure line.
     *
     * @throws IllegalArgumentException if a fault cannot be written for htsim: a degraded link, a failure
     *         that starts after time 0 or fails one direction only, or a cable htsim cannot fail
     *         ({@link CmFailure#ofLink})
     */
    public static ConnectionMatrix of(Workload workload, Faults faults) {
        FatTree tree = faults.tree();
        if (faults.degradedLinks().length > 0) {
            throw new IllegalArgumentException("degrade: htsim's connection matrix has no degraded links ("
                    + tree.cableName(faults.degradedLinks()[0]) + ")");
        }
        List<CmFailure> failures = new ArrayList<>();
        for (int l : faults.failedLinks()) {
            if (faults.failTime(l) != 0 || faults.failTime(FatTree.reverse(l)) != 0) {
                throw new IllegalArgumentException("fail: htsim's connection matrix fails cables from time 0, in both"
                        + " directions; " + tree.linkName(l) + " fails at " + Units.formatTime(faults.failTime(l))
                        + " and its reverse at " + (faults.failTime(FatTree.reverse(l)) == Faults.NEVER ? "never"
                        : Units.formatTime(faults.failTime(FatTree.reverse(l)))));
            }
            if (tree.isUplink(l)) {
                failures.add(CmFailure.ofLink(tree, l));
            }
        }
        return new ConnectionMatrix(tree.hosts(), workload, oneBased(workload.size()),
                oneBased(workload.triggers().size()), failures);
    }

    /**
     * The failure lines as faults on {@code tree}, each cable failed in both directions from time 0.
     *
     * @throws IllegalArgumentException if a failure does not exist on {@code tree} or htsim would not run
     *         it, or the hosts do not fit the tree
     */
    public Faults faults(FatTree tree) {
        checkFits(tree);
        Faults.Builder b = Faults.builder(tree);
        for (CmFailure f : failures) {
            b.fail(f.cableName(tree), 0);
        }
        return b.build();
    }

    /** Refuses a tree with fewer hosts than the file's {@code Nodes}. */
    public void checkFits(FatTree tree) {
        if (nodes > tree.hosts()) {
            throw new IllegalArgumentException("Nodes: the connection matrix has " + nodes + " nodes but the tree ("
                    + tree + ") has only " + tree.hosts() + " hosts");
        }
    }

    /**
     * This matrix as htsim runs it: every fixed start truncated to whole microseconds, as htsim's
     * {@code main_uec} reads a start ({@link CmReader}, "Start times"). The same matrix if no start has a
     * fraction.
     */
    public ConnectionMatrix withHtsimStarts() {
        List<Flow> flows = new ArrayList<>(workload.size());
        boolean changed = false;
        for (Flow f : workload.flows()) {
            long truncated = f.startPs() - f.startPs() % Units.PS_PER_US;
            if (!f.startsOnTrigger() && truncated != f.startPs()) {
                flows.add(f.withStart(truncated));
                changed = true;
            } else {
                flows.add(f);
            }
        }
        return changed ? new ConnectionMatrix(nodes, new Workload(flows, workload.triggers()), flowIds, triggerIds,
                failures) : this;
    }

    /** How many fixed starts {@link #withHtsimStarts} moves. */
    public int fractionalStarts() {
        int n = 0;
        for (Flow f : workload.flows()) {
            n += !f.startsOnTrigger() && f.startPs() % Units.PS_PER_US != 0 ? 1 : 0;
        }
        return n;
    }

    /** Our flow id per file id, for the flows that have a file id. */
    public Map<Integer, Integer> flowIndexById() {
        Map<Integer, Integer> out = new HashMap<>(flowIds.size() * 2);
        for (int i = 0; i < flowIds.size(); i++) {
            if (flowIds.get(i) != NO_ID) {
                out.put(flowIds.get(i), i);
            }
        }
        return out;
    }

    /** The file id of our flow {@code flow} ({@link #NO_ID} if the file gave none). */
    public int flowId(int flow) {
        return flowIds.get(flow);
    }

    private static List<Integer> oneBased(int n) {
        List<Integer> ids = new ArrayList<>(n);
        for (int i = 1; i <= n; i++) {
            ids.add(i);
        }
        return ids;
    }

    /** What is wrong with flow {@code f} of file id {@code id} for htsim, or null. */
    static String flowProblem(Flow f, int id, int nodes) {
        if (id < 0 || id > MAX_FLOW_ID) {
            return "id: must be in [1, " + MAX_FLOW_ID + "] (htsim numbers flows above), got " + id;
        }
        if (id == NO_ID && f.startsOnTrigger()) {
            return "id: a flow that starts on a trigger needs an id (htsim asserts one)";
        }
        if (f.src() >= nodes || f.dst() >= nodes) {
            return "Nodes: flow " + f.src() + "->" + f.dst() + " names a host beyond the " + nodes + " nodes";
        }
        if (f.sizeBytes() > Integer.MAX_VALUE) {
            return "size: htsim holds sizes in 32 bits, at most " + Integer.MAX_VALUE + " bytes, got " + f.sizeBytes();
        }
        if (f.startPs() > MAX_START_PS) {
            return "start: htsim holds start times as 32-bit microseconds, at most " + 0xffff_ffffL + " us, got "
                    + Units.formatTime(f.startPs());
        }
        return null;
    }

    /**
     * What htsim aborts on about trigger {@code t} at run time, or null: a one-shot activated twice, a
     * barrier activated beyond its count, a one-shot or barrier activated with no flow waiting on it.
     * Every flow of a valid workload starts and completes, so every named activation happens.
     */
    static String triggerProblem(Workload w, int t) {
        int activations = 0;
        int waiting = 0;
        for (Flow f : w.flows()) {
            activations += (f.sendDoneTrigger() == t ? 1 : 0) + (f.recvDoneTrigger() == t ? 1 : 0);
            waiting += f.startTrigger() == t ? 1 : 0;
        }
        Trigger trigger = w.triggers().get(t);
        return switch (trigger.kind()) {
            case ONE_SHOT -> activations > 1
                    ? "a oneshot trigger activated by " + activations + " flow completions (htsim aborts on the"
                    + " second; use 'barrier count " + activations + "' or 'multishot')"
                    : activations == 1 && waiting == 0 ? "activated but no flow waits on it (htsim aborts)" : null;
            case BARRIER -> activations > trigger.count()
                    ? "a barrier of count " + trigger.count() + " activated by " + activations
                    + " flow completions (htsim aborts beyond the count)"
                    : activations > 0 && waiting == 0 ? "activated but no flow waits on it (htsim aborts)" : null;
            case MULTI_SHOT -> null;
        };
    }
}
