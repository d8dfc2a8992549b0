package org.primelab.fluid;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.primelab.core.metrics.FctConvention;
import org.primelab.core.metrics.RunResult;
import org.primelab.core.metrics.RunSummary;
import org.primelab.core.scenario.Scenario;

/**
 * The outcome of one fluid run: the {@link RunResult} both simulators report (per-flow outcomes, FCT
 * statistics, Ratio, CCT, summary under the packet simulator's names, so the two can be diffed) plus the
 * fluid model's own measurements: per-link statistics, queue trajectories, steps and fast-forward.
 *
 * @param config the run's configuration
 * @param flows per-flow outcomes in flow-id order
 * @param links per-link statistics in link-id order
 * @param trajectories sampled queue occupancies
 * @param idealMaxFctPs the Ratio's denominator, handed in by the caller ({@code IdealMaxFct}, as the packet
 *        simulator's); {@link FluidSimulator#run} sets it with {@link #withIdealMaxFctPs}
 * @param endPs when the last flow's last byte arrived (at the receiver; {@link #lastCompletionPs} follows
 *        {@code fctAt})
 * @param steps integration steps taken
 * @param fastForwardPs simulated time leapt over by fast-forward instead of integrated (0 if none)
 * @param wallNanos wall-clock time of the run
 * @param fctAt where FCTs are measured ({@link #withFctAt}; the engines measure at the receiver)
 */
public record FluidResult(FluidConfig config, List<FluidFlowStats> flows, List<FluidLinkStats> links,
                          QueueTrajectories trajectories, long idealMaxFctPs, long endPs, long steps,
                          long fastForwardPs, long wallNanos, FctConvention fctAt) implements RunResult {

    /** A result measured at the receiver (what the engines return). */
    public FluidResult(FluidConfig config, List<FluidFlowStats> flows, List<FluidLinkStats> links,
                       QueueTrajectories trajectories, long idealMaxFctPs, long endPs, long steps, long fastForwardPs,
                       long wallNanos) {
        this(config, flows, links, trajectories, idealMaxFctPs, endPs, steps, fastForwardPs, wallNanos,
                FctConvention.RECEIVER);
    }

    /** The same result divided by another ideal (the caller's, {@code IdealMaxFct}). */
    public FluidResult withIdealMaxFctPs(long ideal) {
        return new FluidResult(config, flows, links, trajectories, ideal, endPs, steps, fastForwardPs, wallNanos, fctAt);
    }

    /**
     * The same result with completions measured in {@code convention}. The engines measure at the
     * receiver (the arrival of a flow's last byte, the paper's definition). At the sender the fluid model
     * adds the last byte's ACK return over the flow's path on an idle fabric,
     * {@code hops·(ser(header) + propagation)} at the line rate ({@link FctConvention#completionPs}): the
     * receiver ACKs a flow's last packet at once and ACKs have strict priority, so what the fluid ACK clock
     * adds beyond that (half an MTU per busy port on the way back) is left out. Each flow keeps its
     * receiver-side end and gains its sender-side {@link FluidFlowStats#ackedPs}; FCTs, their statistics,
     * the last and the collective completion follow {@code convention}, and the Ratio stays the paper's,
     * at the receiver, as {@code prime sim}'s ({@link RunResult#ratio}).
     */
    public FluidResult withFctAt(FctConvention convention) {
        if (convention == fctAt) {
            return this;
        }
        if (convention == FctConvention.RECEIVER) {
            throw new IllegalArgumentException("fct-at: a result measured at the sender stays at the sender");
        }
        List<FluidFlowStats> measured = new ArrayList<>(flows.size());
        for (FluidFlowStats f : flows) {
            long acked = FctConvention.SENDER.completionPs(f.endPs(), config.fabric(), f.pathLinks());
            measured.add(new FluidFlowStats(f.id(), f.src(), f.dst(), f.sizeBytes(), f.startPs(), f.endPs(),
                    f.pathLinks(), f.wireBytes(), f.trimmedBytes(), f.markedBytes(), acked));
        }
        return new FluidResult(config, List.copyOf(measured), links, trajectories, idealMaxFctPs, endPs, steps,
                fastForwardPs, wallNanos, convention);
    }

    /** The scenario that ran. */
    @Override
    public Scenario scenario() {
        return config.scenario();
    }

    /** Largest queue over the switch queues, in MTU packets (fractional: queues are fluid). */
    public double maxQueuePackets() {
        return links.stream().filter(l -> l.tier() > 0).mapToDouble(FluidLinkStats::maxBytes).max().orElse(0)
                / config.mtuBytes();
    }

    /** Time-averaged queue, averaged over the switch queues that carried data, in MTU packets. */
    public double meanQueuePackets() {
        return links.stream().filter(l -> l.tier() > 0 && l.dataBytes() > 0).mapToDouble(FluidLinkStats::meanPackets)
                .average().orElse(0);
    }

    /** Trimmed data, in MTU packets (rounded). */
    public long trims() {
        return Math.round(links.stream().mapToDouble(FluidLinkStats::trimmedBytes).sum() / config.mtuBytes());
    }

    /** Expected ECN-marked data packets (rounded). */
    public long ecnMarks() {
        return Math.round(links.stream().mapToDouble(FluidLinkStats::markedBytes).sum() / config.mtuBytes());
    }

    /** Wall-clock seconds. */
    @Override
    public double wallSeconds() {
        return wallNanos / 1e9;
    }

    /**
     * The fields of {@code prime sim --json}, same names and order ({@link RunSummary}). In the fluid model queues
     * are fractional packets; trims, NACKs and retransmissions are all the trimmed bytes in MTU packets
     * (every trim is NACKed and sent again); ECN marks are the expected number of marked packets; and
     * {@code events} is the number of integration steps.
     */
    @Override
    public Map<String, Object> summary() {
        return new RunSummary(config.scheme().cliName(), config.tree(), config.linkRateBps(),
                flows.isEmpty() ? 0 : flows.get(0).sizeBytes(), flows.size(), fctStatistics(), fctAt, idealMaxFctPs,
                ratio(), maxQueuePackets(), meanQueuePackets(), trims(), trims(), trims(), ecnMarks(), steps,
                wallSeconds())
                .toMap();
    }

    /** One line: scheme, FCTs, Ratio, queues, trims, wall time (the flow and link lists are left out). */
    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT,
                "%-8s max FCT %.3f us, mean %.3f us, p99 %.3f us, ratio %.4f, max queue %.2f packets, %d trims,"
                        + " wall %.2f s (fluid)",
                config.scheme().cliName(), maxFctPs() / 1e6, meanFctPs() / 1e6, p99FctPs() / 1e6, ratio(),
                maxQueuePackets(), trims(), wallSeconds());
    }
}
