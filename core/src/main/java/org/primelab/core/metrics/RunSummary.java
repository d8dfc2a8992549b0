package org.primelab.core.metrics;

import java.util.LinkedHashMap;
import java.util.Map;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;

/**
 * The summary of one simulation run in the paper's metrics (§"Evaluation", "Metrics"): the fields
 * {@code prime sim --json} and {@code prime fluid --json} print, defined once so that the packet and
 * fluid simulators' summaries have the same names in the same order and can be diffed.
 *
 * @param scheme the load balancer's command-line name
 * @param tree the fabric
 * @param linkRateBps the link rate of links that are not degraded
 * @param flowSizeBytes the size of the first flow (0 for no flows)
 * @param flows number of flows
 * @param fct the flows' FCT statistics, measured where {@code fctAt} says
 * @param fctAt where the FCTs are measured ({@link RunResult#fctAt()})
 * @param idealMaxFctPs the analytical ideal max FCT
 * @param ratio the paper's Ratio ({@link RunResult#ratio()}: at the receiver whatever {@code fctAt} says)
 * @param maxQueuePackets largest switch data queue, packets (whole for the packet simulator, fractional for the fluid one)
 * @param meanQueuePackets time-averaged switch data queue, packets
 * @param trims trimmed data packets
 * @param nacks NACKs
 * @param retransmissions retransmitted data packets
 * @param ecnMarks ECN-marked data packets
 * @param events simulator events (the fluid simulator: integration steps)
 * @param wallSeconds wall-clock time of the run
 */
public record RunSummary(String scheme, FatTree tree, long linkRateBps, long flowSizeBytes, int flows,
                         FctStatistics fct, FctConvention fctAt, long idealMaxFctPs, double ratio,
                         Number maxQueuePackets, double meanQueuePackets,
                         long trims, long nacks, long retransmissions, long ecnMarks, long events,
                         double wallSeconds) {

    /**
     * The fields in order: scheme, hosts, tiers, k, rate_gbps, flow_size_bytes, flows, max_fct_us,
     * mean_fct_us, p99_fct_us, ideal_max_fct_us, ratio (max FCT over ideal max FCT), max_queue_pkts,
     * mean_queue_pkts, trims, nacks, retransmissions, ecn_marks, events, wall_s, fct_at. The map is mutable: a
     * simulator may append fields of its own.
     */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("scheme", scheme);
        m.put("hosts", tree.hosts());
        m.put("tiers", tree.tiers());
        m.put("k", tree.radix());
        m.put("rate_gbps", linkRateBps / (double) Units.GBPS);
        m.put("flow_size_bytes", flowSizeBytes);
        m.put("flows", flows);
        m.put("max_fct_us", Units.toMicros(fct.maxPs()));
        m.put("mean_fct_us", fct.meanPs() / Units.PS_PER_US);
        m.put("p99_fct_us", Units.toMicros(fct.p99Ps()));
        m.put("ideal_max_fct_us", Units.toMicros(idealMaxFctPs));
        m.put("ratio", ratio);
        m.put("max_queue_pkts", maxQueuePackets);
        m.put("mean_queue_pkts", meanQueuePackets);
        m.put("trims", trims);
        m.put("nacks", nacks);
        m.put("retransmissions", retransmissions);
        m.put("ecn_marks", ecnMarks);
        m.put("events", events);
        m.put("wall_s", wallSeconds);
        m.put("fct_at", fctAt.cliName());
        return m;
    }
}
