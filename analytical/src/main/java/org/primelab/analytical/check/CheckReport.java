package org.primelab.analytical.check;

import java.util.List;
import org.primelab.core.metrics.FctConvention;

/**
 * The verdicts of {@link ResultChecker} on one set of reported results, with the reported figures they
 * were formed from.
 *
 * @param convention where the results measure completions
 * @param outcomes one per check, in {@link Check} order
 * @param workloadIdealPs the workload's ideal completion time in the results' convention (absolute ps)
 * @param workloadIdealSource which bound gave it, e.g. {@code CollectiveIdeal (dependencies)}
 * @param lastCompletionPs the latest reported completion (absolute ps), or {@link Completion#UNKNOWN} when none is
 *        reported or some reported flow's completion moment is unknown (a triggered flow reported by its FCT
 *        alone may end later; {@link Check#WORKLOAD_IDEAL} is then not checked, and its note says why)
 * @param maxFctPs the largest reported FCT among flows whose duration is known, or {@link Completion#UNKNOWN}
 * @param meanFctPs their mean FCT, or NaN
 * @param flowsWithFct how many flows the FCT statistics cover
 * @param warnings what makes the results implausible without breaking a bound, one line each (e.g. times likely
 *        in the wrong unit, {@link UnitPlausibility}); they never change the verdict
 */
public record CheckReport(FctConvention convention, List<CheckOutcome> outcomes, long workloadIdealPs,
                          String workloadIdealSource, long lastCompletionPs, long maxFctPs, double meanFctPs,
                          int flowsWithFct, List<String> warnings) {
    /** Copies the lists. */
    public CheckReport {
        outcomes = List.copyOf(outcomes);
        warnings = List.copyOf(warnings);
    }

    /** True when every check passed. */
    public boolean consistent() {
        return outcomes.stream().allMatch(CheckOutcome::passed);
    }

    /** The outcome of {@code check}. */
    public CheckOutcome outcome(Check check) {
        return outcomes.stream().filter(o -> o.check() == check).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("check: no outcome for " + check));
    }
}
