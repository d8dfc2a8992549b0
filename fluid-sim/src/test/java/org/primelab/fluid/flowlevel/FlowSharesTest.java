package org.primelab.fluid.flowlevel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;
import org.primelab.core.entropy.EntropyConfig;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.fluid.FlowPaths;

/**
 * On a fabric without faults, the shares {@link FlowShares} maps from its class's first flow, on {@link LinkGroups}
 * and spread back over the groups' members, are exactly the ones {@link FlowSplits} computes from the flow's own
 * paths: the same links in the same order and the same weights, bit for bit (the trees' uplink counts are powers of
 * two), for every ordered pair of hosts under different ToRs, in 2-tier and 3-tier trees (within and across pods),
 * with and without oversubscription, for every scheme that splits by paths.
 */
class FlowSharesTest {
    private static final LoadBalancingScheme[] SPLITTING = {LoadBalancingScheme.PRIME, LoadBalancingScheme.CO_PRIME,
        LoadBalancingScheme.RPS, LoadBalancingScheme.REPS};

    @Test
    void mappedSharesAreFlowSplitsSharesForEveryHostPair() {
        FatTree[] trees = {FatTree.builder(2, 8).build(), FatTree.builder(3, 8).build(),
            FatTree.builder(2, 8).oversubscription(3).build(), FatTree.builder(3, 8).oversubscription(3).build()};
        for (FatTree tree : trees) {
            for (LoadBalancingScheme scheme : SPLITTING) {
                FlowSplits splits = new FlowSplits(tree, Faults.none(tree), scheme, 400 * Units.GBPS, 1,
                        EntropyConfig.defaults(1_000_000, 100), 0, 0);
                FlowShares shares = new FlowShares(tree, splits, scheme, true);
                FlowSplits direct = new FlowSplits(tree, Faults.none(tree), scheme, 400 * Units.GBPS, 1,
                        EntropyConfig.defaults(1_000_000, 100), 0, 0);
                int id = 0;
                for (int src = 0; src < tree.hosts(); src++) {
                    for (int dst = 0; dst < tree.hosts(); dst++) {
                        if (tree.upHops(src, dst) == 0) {
                            continue;
                        }
                        Flow flow = new Flow(id++, src, dst, 1_000_000, 0);
                        assertFalse(shares.needsPaths(flow), "a flow between ToRs needs no paths");
                        LinkShares grouped = shares.of(flow, null, 0);
                        assertEquals(tree.upHops(src, dst) == 1 ? 4 : 6, grouped.links().length,
                                "two host links and a group per direction and tier crossed");
                        LinkShares mapped = expand(tree, shares.groups(), grouped);
                        LinkShares expected = direct.shares(flow, new FlowPaths(tree, src, dst), 0);
                        String what = tree.tiers() + "-tier x" + tree.oversubscription() + " " + scheme + " h" + src
                                + " -> h" + dst;
                        assertArrayEquals(expected.links(), mapped.links(), what + ": links");
                        assertArrayEquals(expected.weights(), mapped.weights(), 0.0, what + ": weights");
                        assertEquals(expected.hops(), mapped.hops(), what + ": hops");
                        assertEquals(0, mapped.lostFraction(), what + ": nothing lost");
                    }
                }
            }
        }
    }

    /** Shares on groups spread back over their members, a group's weight split evenly, sorted by link. */
    private static LinkShares expand(FatTree tree, LinkGroups groups, LinkShares s) {
        java.util.List<Integer> ls = new java.util.ArrayList<>();
        java.util.List<Double> ws = new java.util.ArrayList<>();
        for (int j = 0; j < s.links().length; j++) {
            int id = s.links()[j];
            if (!groups.isGroup(id)) {
                ls.add(id);
                ws.add(s.weights()[j]);
                continue;
            }
            for (int l = 0; l < tree.linkCount(); l++) {
                if (groups.groupOf(l) == id) {
                    ls.add(l);
                    ws.add(s.weights()[j] / groups.memberCount(id));
                }
            }
        }
        int[] links = ls.stream().mapToInt(Integer::intValue).toArray();
        double[] weights = ws.stream().mapToDouble(Double::doubleValue).toArray();
        LinkGroups.sortByLink(links, weights);
        return new LinkShares(links, weights, s.lostFraction(), s.hops());
    }
}
