package org.primelab.packet.metrics;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.primelab.core.metrics.FctConvention;
import org.primelab.core.metrics.RunResult;
import org.primelab.core.metrics.RunSummary;
import org.primelab.core.scenario.Scenario;
import org.primelab.core.units.Units;
import org.primelab.packet.SimConfig;

/**
 * The outcome of one packet-level run: the {@link RunResult} both simulators report (per-flow outcomes,
 * FCT statistics, Ratio, CCT, summary) plus the packet simulator's own measurements: per-queue
 * statistics, the per-uplink packet counts the balance theorems speak of, events and peak packets.
 *
 * @param config the run's configuration
 * @param flows per-flow outcomes, in flow-id order
 * @param queues per-queue statistics, in link-id order
 * @param flowUplinkCounts data packets per (flow, uplink of the flow's source ToR):
 *        {@code flowUplinkCounts[flow * torUplinks + port]}; includes retransmissions
 * @param idealMaxFctPs ideal max FCT of the workload (analytical, no queueing)
 * @param endPs simulated time when the last flow completed
 * @param events events processed
 * @param wallNanos wall-clock time of the run
 * @param peakPackets most packets alive at once
 */
public record SimResult(SimConfig config, List<FlowStats> flows, List<QueueStats> queues, int[] flowUplinkCounts,
                        long idealMaxFctPs, long endPs, long events, long wallNanos, int peakPackets)
        implements RunResult {

    /** The scenario that ran. */
    @Override
    public Scenario scenario() {
        return config.scenario();
    }

    /** Where the run measured completion ({@link SimConfig#fctAt()}). */
    @Override
    public FctConvention fctAt() {
        return config.fctAt();
    }

    /** Largest data-queue depth over all switch queues, packets. */
    public int maxQueuePackets() {
        return queues.stream().filter(q -> q.tier() > 0).mapToInt(QueueStats::maxPackets).max().orElse(0);
    }

    /** Time-averaged data-queue depth, averaged over the switch queues that carried data, packets. */
    public double meanQueuePackets() {
        return queues.stream().filter(q -> q.tier() > 0 && q.dataPackets() > 0).mapToDouble(QueueStats::meanPackets)
                .average().orElse(0);
    }

    /** Data packets trimmed. */
    public long trims() {
        return queues.stream().mapToLong(QueueStats::trims).sum();
    }

    /** NACKs received by senders. */
    public long nacks() {
        return flows.stream().mapToLong(FlowStats::nacks).sum();
    }

    /** Packets sent again. */
    public long retransmissions() {
        return flows.stream().mapToLong(FlowStats::retransmissions).sum();
    }

    /** Data packets ECN-marked by switches. */
    public long ecnMarks() {
        return queues.stream().mapToLong(QueueStats::ecnMarks).sum();
    }

    /** Retransmission timeouts. */
    public long timeouts() {
        return flows.stream().mapToLong(FlowStats::timeouts).sum();
    }

    /** Packets of any kind lost on failed links. */
    public long lost() {
        return queues.stream().mapToLong(QueueStats::lost).sum();
    }

    /** Data packets lost on failed links. */
    public long lostData() {
        return queues.stream().mapToLong(QueueStats::lostData).sum();
    }

    /** Control packets (trimmed headers, ACKs, NACKs) lost on failed links. */
    public long lostControl() {
        return queues.stream().mapToLong(QueueStats::lostControl).sum();
    }

    /** Largest FCT ({@link #fctAt()}) among the flows of traffic class {@code cls} (0 if it has none). */
    public long maxFctPs(int cls) {
        FctConvention at = fctAt();
        return flows.stream().filter(f -> f.trafficClass() == cls).mapToLong(f -> f.fctPs(at)).max().orElse(0);
    }

    /** Mean FCT ({@link #fctAt()}) among the flows of traffic class {@code cls} (0 if it has none). */
    public double meanFctPs(int cls) {
        FctConvention at = fctAt();
        return flows.stream().filter(f -> f.trafficClass() == cls).mapToLong(f -> f.fctPs(at)).average().orElse(0);
    }

    /** Flows of traffic class {@code cls}. */
    public long flowCount(int cls) {
        return flows.stream().filter(f -> f.trafficClass() == cls).count();
    }

    /** Wall-clock seconds. */
    @Override
    public double wallSeconds() {
        return wallNanos / 1e9;
    }

    /** Per-uplink data-packet counts of one flow at its source ToR. */
    public int[] uplinkCounts(int flow) {
        int u = config.tree().torUplinks();
        return Arrays.copyOfRange(flowUplinkCounts, flow * u, flow * u + u);
    }

    /**
     * The summary fields of {@code prime sim --json}: {@link RunSummary}'s (ending in {@code fct_at}, where
     * {@code max_fct_us, mean_fct_us, p99_fct_us} are measured: {@code receiver} or {@code sender};
     * {@code ratio} is the paper's, at the receiver, either way).
     * Runs with faults add {@code lost} (packets of any kind lost on failed links), {@code lost_data},
     * {@code lost_control} (trimmed headers, ACKs and NACKs) and {@code timeouts}; mixed-traffic runs add per-class fields
     * {@code sprayed_flows, sprayed_max_fct_us, sprayed_mean_fct_us, ecmp_flows, ecmp_max_fct_us,
     * ecmp_mean_fct_us}.
     */
    @Override
    public Map<String, Object> summary() {
        Map<String, Object> m = new RunSummary(config.scheme().cliName(), config.tree(), config.linkRateBps(),
                flows.isEmpty() ? 0 : flows.get(0).sizeBytes(), flows.size(), fctStatistics(), fctAt(), idealMaxFctPs,
                ratio(), maxQueuePackets(), meanQueuePackets(), trims(), nacks(), retransmissions(), ecnMarks(), events,
                wallSeconds()).toMap();
        if (!config.faults().isEmpty()) {
            m.put("lost", lost());
            m.put("lost_data", lostData());
            m.put("lost_control", lostControl());
            m.put("timeouts", timeouts());
        }
        if (config.ecmpFraction() > 0) {
            m.put("sprayed_flows", flowCount(0));
            m.put("sprayed_max_fct_us", Units.toMicros(maxFctPs(0)));
            m.put("sprayed_mean_fct_us", meanFctPs(0) / Units.PS_PER_US);
            m.put("ecmp_flows", flowCount(1));
            m.put("ecmp_max_fct_us", Units.toMicros(maxFctPs(1)));
            m.put("ecmp_mean_fct_us", meanFctPs(1) / Units.PS_PER_US);
        }
        return m;
    }

    /** One line: scheme, FCTs, Ratio, queues, trims, wall time (the flow, queue and count lists are left out). */
    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT,
                "%-8s max FCT %.3f us, mean %.3f us, p99 %.3f us, ratio %.4f, max queue %d packets, %d trims, wall %.2f s",
                config.scheme().cliName(), maxFctPs() / 1e6, meanFctPs() / 1e6, p99FctPs() / 1e6, ratio(),
                maxQueuePackets(), trims(), wallSeconds());
    }
}
