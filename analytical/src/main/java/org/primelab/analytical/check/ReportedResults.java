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
 * @param portsWithheld why the file's per-port counts cannot be held to one balance model (then {@code ports} is
 *        empty), or null
 */
public record ReportedResults(String source, List<Completion> completions, List<PortCount> ports,
                              String portsWithheld) {
    /** Copies the lists; counts withheld come with no counts. */
    public ReportedResults {
        completions = List.copyOf(completions);
        ports = List.copyOf(ports);
        if (portsWithheld != null && !ports.isEmpty()) {
            throw new IllegalArgumentException("per-port counts both given and withheld: " + portsWithheld);
        }
    }

    /** Results whose per-port counts, if any, are all usable. */
    public ReportedResults(String source, List<Completion> completions, List<PortCount> ports) {
        this(source, completions, ports, null);
    }
}
