package org.primelab.packet.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;

/**
 * How far a scheme steers a flow's packets off its slow paths, on a 2-tier fat tree with degraded
 * links: for every flow between two ToRs with both slow and full-rate paths, the packets it sent per
 * slow path over the packets per full-rate path ({@code slowToHealthy}). A path is the flow's ToR uplink
 * to a spine and that spine's downlink to the destination ToR; it is slow when either runs below the
 * fabric's rate. Round robin without feedback (CO-PRIME) gives 1; a split in proportion to capacity gives
 * the slow path's rate over the fabric's (0.25 for 100G in a 400G fabric); PRIME's history sits between,
 * and how far it gets depends on how many round-robin visits its penalties span (docs/design.md,
 * "Penalty lengths and the number of paths").
 *
 * @param flows every flow measured, in flow id order
 */
public record SlowPathShare(List<FlowShare> flows) {

    /**
     * One flow.
     *
     * @param flow          the flow's id
     * @param paths         its paths (the ToR's uplinks)
     * @param slowPaths     how many of them are slow, in [1, paths - 1]
     * @param slowToHealthy packets per slow path over packets per full-rate path
     * @param fctPs         its completion time
     */
    public record FlowShare(int flow, int paths, int slowPaths, double slowToHealthy, long fctPs) {
    }

    /**
     * The share of every flow of {@code r} that has both kinds of path.
     *
     * @throws IllegalArgumentException on a 3-tier tree (its paths are not its ToR's uplinks alone)
     */
    public static SlowPathShare of(SimResult r) {
        FatTree tree = r.config().tree();
        if (tree.tiers() != 2) {
            throw new IllegalArgumentException("tiers: the slow-path share is defined on 2-tier trees (a path is a ToR"
                    + " uplink and one spine's downlink), got " + tree.tiers());
        }
        Faults faults = r.config().faults();
        long rate = r.config().linkRateBps();
        List<FlowShare> out = new ArrayList<>();
        for (FlowStats f : r.flows()) {
            boolean[] slow = slowUplinks(tree, faults, rate, f.src(), f.dst());
            int nSlow = 0;
            for (boolean s : slow) {
                nSlow += s ? 1 : 0;
            }
            if (nSlow == 0 || nSlow == slow.length) {
                continue;
            }
            int[] counts = r.uplinkCounts(f.id());
            long onSlow = 0;
            long onHealthy = 0;
            for (int i = 0; i < slow.length; i++) {
                if (slow[i]) {
                    onSlow += counts[i];
                } else {
                    onHealthy += counts[i];
                }
            }
            double perSlow = (double) onSlow / nSlow;
            double perHealthy = (double) onHealthy / (slow.length - nSlow);
            out.add(new FlowShare(f.id(), slow.length, nSlow, perHealthy == 0 ? Double.NaN : perSlow / perHealthy, f.fctPs()));
        }
        return new SlowPathShare(List.copyOf(out));
    }

    /**
     * Which of the source ToR's uplinks start a slow path from {@code src} to {@code dst} (2-tier; all
     * false when both hosts share a ToR, whose flows use no uplink).
     */
    public static boolean[] slowUplinks(FatTree tree, Faults faults, long fabricRateBps, int src, int dst) {
        int up = tree.torUplinks();
        boolean[] slow = new boolean[up];
        int srcTor = tree.torOf(src);
        int dstTor = tree.torOf(dst);
        if (srcTor == dstTor) {
            return slow;
        }
        for (int port = 0; port < up; port++) {
            int uplink = tree.uplink(srcTor, port);
            int spine = tree.linkTarget(uplink);
            int downlink = tree.linkBetween(spine, dstTor);
            slow[port] = faults.rate(uplink, fabricRateBps) < fabricRateBps
                    || faults.rate(downlink, fabricRateBps) < fabricRateBps;
        }
        return slow;
    }

    /** The mean of {@code slowToHealthy} over the flows (NaN when there are none). */
    public double meanSlowToHealthy() {
        return flows.stream().mapToDouble(FlowShare::slowToHealthy).average().orElse(Double.NaN);
    }

    /** The mean fraction of a flow's paths that are slow (NaN when there are no flows). */
    public double meanSlowFraction() {
        return flows.stream().mapToDouble(s -> (double) s.slowPaths() / s.paths()).average().orElse(Double.NaN);
    }

    /** E.g. {@code "slow/healthy packets per path 0.765 (mean over 8132 flows; 44% of their paths slow)"}. */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "slow/healthy packets per path %.3f (mean over %d flows; %.0f%% of their paths slow)",
                meanSlowToHealthy(), flows.size(), 100 * meanSlowFraction());
    }
}
