package org.primelab.analytical.check;

import java.util.ArrayList;
import java.util.List;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.htsim.ConnectionMatrix;
import org.primelab.core.workload.htsim.HtsimFlowEvent;
import org.primelab.core.workload.htsim.HtsimOutput;

/**
 * htsim's standard output as {@link ReportedResults}: one completion per {@code finished at} line,
 * matched to the connection matrix's flows by {@code flowId}. A flow that starts at a fixed time starts
 * at the matrix's start (exact); a flow that waits on a trigger starts at its {@code starting at} line,
 * if the output has one (the binary these fixtures come from prints it), else its start is unknown.
 * htsim reports completions at the sender (last byte acknowledged).
 */
public final class HtsimResults {
    private HtsimResults() {
    }

    /**
     * The completions of {@code output}, read from {@code source}, against {@code cm}.
     *
     * @throws IllegalArgumentException naming the file and line of a flow that is not in {@code cm}
     */
    public static ReportedResults of(HtsimOutput output, ConnectionMatrix cm, String source) {
        int[] finishedFlows = indices(output.finished(), cm, source);
        int[] startedFlows = indices(output.started(), cm, source);
        HtsimFlowEvent[] start = new HtsimFlowEvent[cm.workload().size()];
        for (int e = 0; e < startedFlows.length; e++) {
            if (start[startedFlows[e]] == null) {
                start[startedFlows[e]] = output.started().get(e);
            }
        }
        List<Completion> out = new ArrayList<>(finishedFlows.length);
        for (int e = 0; e < finishedFlows.length; e++) {
            HtsimFlowEvent ev = output.finished().get(e);
            Flow f = cm.workload().flow(finishedFlows[e]);
            long startPs = Completion.UNKNOWN;
            long rounding = ev.roundingPs();
            if (!f.startsOnTrigger()) {
                startPs = f.startPs();
            } else if (start[f.id()] != null) {
                startPs = start[f.id()].timePs();
                rounding = Math.max(rounding, start[f.id()].roundingPs());
            }
            long fct = startPs == Completion.UNKNOWN ? Completion.UNKNOWN : ev.timePs() - startPs;
            out.add(new Completion(f.id(), startPs, ev.timePs(), fct, rounding, source + ":" + ev.line()));
        }
        return new ReportedResults(source, out, List.of());
    }

    private static int[] indices(List<HtsimFlowEvent> events, ConnectionMatrix cm, String source) {
        try {
            return HtsimOutput.flowIndices(events, cm);
        } catch (IllegalArgumentException e) {
            String m = e.getMessage();
            throw new IllegalArgumentException(m.startsWith("htsim: ") ? "htsim: " + source + ": " + m.substring(7)
                    : "htsim: " + source + ": " + m);
        }
    }
}
