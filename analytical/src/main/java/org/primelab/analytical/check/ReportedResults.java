package org.primelab.analytical.check;

import java.util.List;

/**
 * What another simulator reported about one run, matched to the workload's flows: per-flow completions
 * (a flow may appear several times or not at all; checking that is the point) and, optionally,
 * per-port packet counts.
 *
 * @param source the file the results came from, for messages
 * @param completions one entry per reported completion, in report order
 * @param ports per-port packet counts, possibly empty
 */
public record ReportedResults(String source, List<Completion> completions, List<PortCount> ports) {
    /** Copies the lists. */
    public ReportedResults {
        completions = List.copyOf(completions);
        ports = List.copyOf(ports);
    }
}
