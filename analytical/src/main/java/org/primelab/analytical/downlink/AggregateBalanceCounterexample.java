package org.primelab.analytical.downlink;

import java.util.List;
import org.primelab.core.topology.FatTree;

/**
 * The executable counterexample: perfectly balanced <i>aggregate</i> uplinks do not keep downlinks
 * within capacity (docs/references.md "Uplink-to-downlink theorem"), which is why PRIME balances each flow
 * (per-flow, per-destination generator state; docs/design.md "PRIME generator") and not just each uplink.
 *
 * <p>On the 2-tier {@code k = 4} tree (4 leaves of 2 hosts, 2 spines, all links capacity 1) leaf 0 hosts
 * {@code h0 -> h4, h1 -> h6}, leaf 1 hosts {@code h2 -> h5, h3 -> h7}, every flow at rate 1 (hose traffic).
 * Route {@code h0 -> h4} and {@code h2 -> h5} through spine 0 and the other two through spine 1: each
 * leaf puts exactly one flow on each uplink (every uplink carries 1, perfectly balanced), yet
 * {@code spine0 -> leaf2} carries 2 (twice its capacity) while {@code spine1 -> leaf2} carries 0. Splitting
 * every flow evenly puts 1 on every link instead.
 *
 * @param tree the 2-tier k=4 tree
 * @param demands the four flows
 * @param aggregateBalancedLoads per directed link, the loads of the one-spine-per-flow routing
 * @param evenSplitLoads per directed link, the loads of the per-flow even split
 * @param overloadedLink the downlink that carries 2
 */
public record AggregateBalanceCounterexample(FatTree tree, List<Demand> demands, double[] aggregateBalancedLoads,
                                             double[] evenSplitLoads, int overloadedLink) {

    /** Builds the scenario and computes both routings' loads. */
    public static AggregateBalanceCounterexample build() {
        FatTree tree = FatTree.twoTier(4);
        List<Demand> demands = List.of(new Demand(0, 4, 1), new Demand(1, 6, 1), new Demand(2, 5, 1),
                new Demand(3, 7, 1));
        int[] spineOf = {0, 1, 0, 1};
        double[] loads = new double[tree.linkCount()];
        for (int i = 0; i < demands.size(); i++) {
            Demand d = demands.get(i);
            int ev = tree.evLayout().pack(spineOf[i]);
            for (int l : tree.route(d.src(), d.dst(), ev)) {
                loads[l] += d.rate();
            }
        }
        int overloaded = tree.linkBetween(tree.nodeByName("spine0"), tree.nodeByName("leaf2"));
        return new AggregateBalanceCounterexample(tree, demands, loads, EvenSplitLinkLoads.compute(tree, demands),
                overloaded);
    }

    /** Largest load on any ToR uplink (leaf -> spine) under the aggregate-balanced routing. */
    public double maxUplinkLoad() {
        return maxOver(aggregateBalancedLoads, true);
    }

    /** Smallest load on a used ToR uplink under the aggregate-balanced routing. */
    public double minUplinkLoadOfSendingLeaves() {
        double min = Double.MAX_VALUE;
        for (int leaf = 0; leaf < 2; leaf++) {
            for (int s = 0; s < tree.torUplinks(); s++) {
                min = Math.min(min, aggregateBalancedLoads[tree.uplink(tree.torNode(leaf), s)]);
            }
        }
        return min;
    }

    /** Largest load on any spine -> leaf downlink under the aggregate-balanced routing. */
    public double maxDownlinkLoad() {
        return maxOver(aggregateBalancedLoads, false);
    }

    /** Largest load on any spine -> leaf downlink under the even split. */
    public double maxDownlinkLoadEvenSplit() {
        return maxOver(evenSplitLoads, false);
    }

    private double maxOver(double[] loads, boolean up) {
        double max = 0;
        for (int l = 0; l < tree.linkCount(); l++) {
            int a = tree.tierOf(tree.linkSource(l));
            int b = tree.tierOf(tree.linkTarget(l));
            if (a >= 1 && b >= 1 && tree.isUplink(l) == up) {
                max = Math.max(max, loads[l]);
            }
        }
        return max;
    }
}
