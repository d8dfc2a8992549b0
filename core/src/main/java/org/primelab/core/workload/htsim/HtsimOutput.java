package org.primelab.core.workload.htsim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@link HtsimOutputReader} takes from one htsim run's standard output: when each flow started and
 * finished, and the closing summary of packet counters. htsim's UEC sender reports a flow finished when
 * its last byte is acknowledged (the sender-side convention), at the absolute simulated time.
 *
 * @param started one event per {@code starting at} line, in output order
 * @param finished one event per {@code finished at} line, in output order
 * @param summary the counters of the closing {@code New: ... Rtx: ... ACKs: ... NACKs: ...} line, in
 *        printed order (empty if the run printed none, e.g. it was cut short)
 */
public record HtsimOutput(List<HtsimFlowEvent> started, List<HtsimFlowEvent> finished, Map<String, Long> summary) {
    /** Copies the lists. */
    public HtsimOutput {
        started = List.copyOf(started);
        finished = List.copyOf(finished);
        summary = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(summary));
    }

    /**
     * For each of {@code events}, the id of the workload flow it reports: by {@code flowId} for flows the
     * matrix gave an id, else by the {@code Uec_SRC_DST} name among the flows without one (which must
     * then be unique per source and destination).
     *
     * @throws IllegalArgumentException naming the output line, if an event names no flow of {@code cm}
     */
    public static int[] flowIndices(List<HtsimFlowEvent> events, ConnectionMatrix cm) {
        Map<Integer, Integer> byId = cm.flowIndexById();
        Map<Long, Integer> byEndpoints = new HashMap<>();
        for (int i = 0; i < cm.workload().size(); i++) {
            if (cm.flowId(i) == ConnectionMatrix.NO_ID) {
                var f = cm.workload().flow(i);
                long key = endpoints(f.src(), f.dst());
                byEndpoints.put(key, byEndpoints.containsKey(key) ? -1 : i);
            }
        }
        int[] out = new int[events.size()];
        List<String> problems = new ArrayList<>();
        for (int e = 0; e < events.size(); e++) {
            HtsimFlowEvent ev = events.get(e);
            Integer flow = byId.get(ev.flowId());
            if (flow == null && ev.src() >= 0) {
                flow = byEndpoints.get(endpoints(ev.src(), ev.dst()));
                if (flow != null && flow < 0) {
                    problems.add("line " + ev.line() + ": " + ev.name() + " matches several flows without an id");
                    continue;
                }
            }
            if (flow == null) {
                throw new IllegalArgumentException("htsim: line " + ev.line() + ": flowId " + ev.flowId() + " ("
                        + ev.name() + ") is not a flow of the connection matrix (the results do not match the"
                        + " workload)");
            }
            var f = cm.workload().flow(flow);
            if (ev.src() >= 0 && (ev.src() != f.src() || ev.dst() != f.dst())) {
                throw new IllegalArgumentException("htsim: line " + ev.line() + ": flowId " + ev.flowId() + " is "
                        + ev.name() + " but the connection matrix has it " + f.src() + "->" + f.dst()
                        + " (the results do not match the workload)");
            }
            out[e] = flow;
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("htsim: " + problems.get(0));
        }
        return out;
    }

    private static long endpoints(int src, int dst) {
        return ((long) src << 32) | (dst & 0xffffffffL);
    }
}
