package org.primelab.analytical.check;

import java.util.List;

/**
 * The outcome of one {@link Check} over all flows (or ports) it applies to.
 *
 * @param check the check
 * @param checked how many flows (ports) it was applied to
 * @param failures the flows (ports) that break it, in workload order
 * @param note what the check used or why it did not apply, one sentence
 */
public record CheckOutcome(Check check, int checked, List<Finding> failures, String note) {
    /** Copies the list. */
    public CheckOutcome {
        failures = List.copyOf(failures);
    }

    /** True when nothing breaks the bound (a check that applied to nothing passes). */
    public boolean passed() {
        return failures.isEmpty();
    }
}
