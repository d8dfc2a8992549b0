package org.primelab.core.metrics;

import java.util.List;
import java.util.Map;
import org.primelab.core.scenario.Scenario;
import org.primelab.core.units.Units;

/**
 * The outcome of one simulation run, whichever simulator produced it: the scenario it ran, per-flow
 * outcomes, the FCT statistics, the Ratio against the ideal the caller computed, the collective
 * completion time, and the summary fields of {@code --json}. The packet simulator's {@code SimResult}
 * and the fluid simulator's {@code FluidResult} implement it and hang their own measurements off it
 * (queues and uplink counts; link statistics and queue trajectories), so every metric both report is
 * defined once, here.
 */
public interface RunResult {
    /** The scenario that ran (with its workload). */
    Scenario scenario();

    /** Per-flow outcomes in flow-id order. */
    List<? extends FlowOutcome> flows();

    /** The Ratio's denominator: the ideal max FCT, computed by the caller ({@code IdealMaxFct}). */
    long idealMaxFctPs();

    /** Simulated time when the last flow completed. */
    long endPs();

    /** Wall-clock seconds the run took. */
    double wallSeconds();

    /** The summary fields of {@code --json}: {@link RunSummary}'s, then the simulator's own. */
    Map<String, Object> summary();

    /**
     * Where this run's FCTs are measured ({@code --fct-at}): the receiver (the paper's definition, the
     * default) unless the simulator ran to the senders' last acknowledgements and was asked for them.
     */
    default FctConvention fctAt() {
        return FctConvention.RECEIVER;
    }

    /** Max, mean and p99 FCT of all flows, measured where {@link #fctAt()} says. */
    default FctStatistics fctStatistics() {
        return fctStatistics(fctAt());
    }

    /** Max, mean and p99 FCT of all flows under {@code convention}. */
    default FctStatistics fctStatistics(FctConvention convention) {
        List<? extends FlowOutcome> fs = flows();
        long[] fcts = new long[fs.size()];
        for (int i = 0; i < fcts.length; i++) {
            fcts[i] = fs.get(i).fctPs(convention);
        }
        return FctStatistics.of(fcts);
    }

    /** Largest FCT. */
    default long maxFctPs() {
        return fctStatistics().maxPs();
    }

    /** Mean FCT. */
    default double meanFctPs() {
        return fctStatistics().meanPs();
    }

    /** 99th percentile FCT (nearest rank). */
    default long p99FctPs() {
        return fctStatistics().p99Ps();
    }

    /**
     * The paper's Ratio (§"Evaluation", "Metrics"): max FCT over ideal max FCT, both at the receiver
     * whatever {@link #fctAt()} says (the ideal is a receiver-side bound).
     */
    default double ratio() {
        return fctStatistics(FctConvention.RECEIVER).maxPs() / (double) idealMaxFctPs();
    }

    /**
     * Collective completion time: the last flow's completion (where {@link #fctAt()} measures it) minus
     * the first flow's start, the time a collective of dependent flows takes as a whole.
     */
    default long collectiveCompletionPs() {
        long first = Long.MAX_VALUE;
        for (FlowOutcome f : flows()) {
            first = Math.min(first, f.startPs());
        }
        return lastCompletionPs() - first;
    }

    /** When the last flow completed, where {@link #fctAt()} measures it. */
    default long lastCompletionPs() {
        FctConvention at = fctAt();
        long last = Long.MIN_VALUE;
        for (FlowOutcome f : flows()) {
            last = Math.max(last, f.completionPs(at));
        }
        return last;
    }

    /**
     * Appends the workload fields to a summary when the workload has dependencies (flows started by
     * triggers): {@code cct_us} ({@link #collectiveCompletionPs}) and {@code ideal_cct_us}, the
     * workload's ideal completion time computed by the caller ({@code CollectiveIdeal}). Workloads
     * without dependencies get nothing, so their summaries keep their fields.
     */
    default Map<String, Object> withWorkloadFields(Map<String, Object> summary, long idealCompletionPs) {
        if (scenario().workload() != null && scenario().workload().hasDependencies()) {
            summary.put("cct_us", Units.toMicros(collectiveCompletionPs()));
            summary.put("ideal_cct_us", Units.toMicros(idealCompletionPs));
        }
        return summary;
    }
}
