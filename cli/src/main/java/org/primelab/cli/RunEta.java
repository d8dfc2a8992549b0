package org.primelab.cli;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;

/**
 * The remaining wall time a progress bar shows for a simulation run.
 *
 * <p>Counting finished flows alone says nothing for most of a synchronized run: in a permutation every
 * flow ends near the same moment, so after 12 s of a 22 s run 60 of 8192 flows were done and the count's
 * linear extrapolation said 27 minutes. Simulated time says more. No flow can end before the ideal
 * (the Ratio's denominator, a lower bound on the max FCT: {@code IdealMaxFct}) has passed since the
 * earliest start, nor before the last fixed start, nor before the busiest host has sent or received all its
 * bytes at line rate from the earliest start (an all-to-all or an incast ends there, far beyond the ideal).
 * The latest of these is a lower bound on the run's end in simulated time, and the share of it already
 * simulated is a share of the run already done.
 *
 * <p>The rule: while the clock is short of that bound, the larger of the time's share and the finished
 * flows' share; past it (a degraded fabric, ECMP collisions, a collective's later steps), the flows' share
 * once at least {@link #FLOWS_TO_EXTRAPOLATE} of the flows have finished, and no estimate before that
 * (a handful of early finishers extrapolated linearly gave 20 minutes for a run that had 5 s left).
 * The estimate assumes the share advances at a steady rate in wall time, so before the bound it is at best
 * the time left to the bound.
 */
final class RunEta {
    /** The share of finished flows from which, past the bound, their count is extrapolated. */
    static final double FLOWS_TO_EXTRAPOLATE = 0.1;

    private final int flowCount;
    private final long firstStartPs;
    private final long endBoundPs;

    /**
     * @param flowCount how many flows the run has
     * @param firstStartPs the earliest fixed start
     * @param endBoundPs a lower bound on the run's end in simulated time ({@link #of})
     */
    RunEta(int flowCount, long firstStartPs, long endBoundPs) {
        this.flowCount = flowCount;
        this.firstStartPs = firstStartPs;
        this.endBoundPs = Math.max(firstStartPs, endBoundPs);
    }

    /**
     * The estimate for a run of {@code flows} whose ideal max FCT is {@code idealMaxFctPs} (0 or less when
     * unknown) on hosts whose links run at {@code hostLinkBps}: the end is bounded below by the earliest fixed
     * start plus the ideal, by the last fixed start, and by the earliest start plus the time the busiest host
     * needs to send or receive its flows' bytes at that rate.
     */
    static RunEta of(List<Flow> flows, long idealMaxFctPs, long hostLinkBps) {
        long first = Long.MAX_VALUE;
        long last = 0;
        Map<Integer, Long> sent = new HashMap<>();
        Map<Integer, Long> received = new HashMap<>();
        long busiestHostBytes = 0;
        for (Flow f : flows) {
            if (!f.startsOnTrigger()) {
                first = Math.min(first, f.startPs());
                last = Math.max(last, f.startPs());
            }
            busiestHostBytes = Math.max(busiestHostBytes, Math.max(
                    sent.merge(f.src(), f.sizeBytes(), Long::sum), received.merge(f.dst(), f.sizeBytes(), Long::sum)));
        }
        if (first == Long.MAX_VALUE) {
            first = 0;
        }
        double hostBoundPs = hostLinkBps > 0
                ? busiestHostBytes * (double) Units.BITS_PER_BYTE * Units.PS_PER_S / hostLinkBps : 0;
        long span = Math.max(Math.max(0, idealMaxFctPs), (long) Math.min(hostBoundPs, Long.MAX_VALUE));
        long end = first > Long.MAX_VALUE - span ? Long.MAX_VALUE : first + span;   // saturates, never wraps
        return new RunEta(flows.size(), first, Math.max(last, end));
    }

    /**
     * The share of the run done when {@code completedFlows} have finished and the clock reads {@code nowPs}:
     * in [0, 1], 0 when it cannot be told yet.
     */
    double fraction(int completedFlows, long nowPs) {
        double byFlows = flowCount <= 0 ? 0.0 : Math.min(1.0, (double) completedFlows / flowCount);
        if (nowPs < endBoundPs) {
            double byTime = nowPs <= firstStartPs ? 0.0
                    : (double) (nowPs - firstStartPs) / (endBoundPs - firstStartPs);
            return Math.max(byFlows, byTime);
        }
        return byFlows >= FLOWS_TO_EXTRAPOLATE ? byFlows : 0.0;
    }

    /** The remaining wall time after {@code elapsed} at {@code fraction} done, or empty when unknown. */
    static Optional<Duration> remaining(Duration elapsed, double fraction) {
        if (!(fraction > 0) || elapsed.isNegative()) {
            return Optional.empty();
        }
        if (fraction >= 1.0) {
            return Optional.of(Duration.ZERO);
        }
        double nanos = elapsed.toNanos() * (1.0 - fraction) / fraction;
        return Optional.of(Duration.ofNanos((long) Math.min(nanos, Long.MAX_VALUE)));
    }
}
