package org.primelab.core.forwarding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.primelab.core.topology.FatTree;

/**
 * The routing table's valid-uplink masks against a brute-force reachability search (class javadoc of
 * {@link RoutingTable}: uplink {@code j} of a switch is valid for a ToR iff it is up and some path from its
 * far end to the ToR, going up any number of hops and then down, uses only links that are up).
 */
class RoutingTableReachabilityTest {

    /**
     * Brute force, independent of the table's tier-by-tier recursion: a search over (node, going down)
     * states that may take any live uplink while still going up and any live downlink at any time, and
     * never goes up again once it went down (valley-free forwarding).
     */
    private static boolean reaches(FatTree tree, boolean[] down, int from, int torNode) {
        Deque<int[]> todo = new ArrayDeque<>();
        boolean[][] seen = new boolean[tree.nodeCount()][2];
        todo.add(new int[] {from, 0});
        seen[from][0] = true;
        while (!todo.isEmpty()) {
            int[] s = todo.poll();
            int node = s[0];
            if (node == torNode) {
                return true;
            }
            if (s[1] == 0) {
                for (int p = 0; p < tree.uplinkCount(node); p++) {
                    int l = tree.uplink(node, p);
                    int next = tree.linkTarget(l);
                    if (!down[l] && !seen[next][0]) {
                        seen[next][0] = true;
                        todo.add(new int[] {next, 0});
                    }
                }
            }
            if (tree.tierOf(node) >= 2) {   // a ToR's downlinks lead to hosts, never to another ToR
                for (int p = 0; p < tree.downlinkCount(node); p++) {
                    int l = tree.downlink(node, p);
                    int next = tree.linkTarget(l);
                    if (!down[l] && !seen[next][1]) {
                        seen[next][1] = true;
                        todo.add(new int[] {next, 1});
                    }
                }
            }
        }
        return false;
    }

    /** The brute-force mask of switch {@code sw} towards ToR index {@code t}; {@code memo[node][t]} caches searches. */
    private static long bruteMask(FatTree tree, boolean[] down, int sw, int t, Boolean[][] memo) {
        long mask = 0;
        for (int j = 0; j < tree.uplinkCount(sw); j++) {
            int up = tree.uplink(sw, j);
            if (down[up]) {
                continue;
            }
            int next = tree.linkTarget(up);
            if (memo[next][t] == null) {
                memo[next][t] = reaches(tree, down, next, tree.torNode(t));
            }
            if (memo[next][t]) {
                mask |= 1L << j;
            }
        }
        return mask;
    }

    /** Every directed switch-to-switch link fails independently with probability {@code p}. */
    private static boolean[] randomFailures(FatTree tree, double p, SplittableRandom rnd) {
        boolean[] down = new boolean[tree.linkCount()];
        for (int l = 0; l < tree.linkCount(); l++) {
            if (tree.tierOf(tree.linkSource(l)) >= 1 && tree.tierOf(tree.linkTarget(l)) >= 1) {
                down[l] = rnd.nextDouble() < p;
            }
        }
        return down;
    }

    private static void assertAgreesWithBruteForce(FatTree tree, boolean[] down, String what) {
        RoutingTable table = new RoutingTable(tree);
        table.recompute(down);
        assertFalse(table.intact(), "a recomputed table is no longer intact");
        Boolean[][] memo = new Boolean[tree.nodeCount()][tree.tors()];
        for (int sw = tree.torNode(0); sw < tree.nodeCount(); sw++) {
            for (int t = 0; t < tree.tors(); t++) {
                int s = sw;
                int d = t;
                assertEquals(bruteMask(tree, down, sw, t, memo), table.validUplinks(sw, t),
                        () -> what + ": " + tree.nodeName(s) + " towards " + tree.nodeName(tree.torNode(d)));
            }
        }
    }

    /**
     * 2- and 3-tier trees (non-blocking, oversubscribed, partially populated), 30 random failure sets each
     * at several densities from a fixed seed: every switch's mask towards every ToR is the brute-force one.
     */
    @Test
    void masksEqualBruteForceReachabilityUnderRandomFailures() {
        FatTree[] trees = {
            FatTree.twoTier(4), FatTree.twoTier(8), FatTree.builder(2, 8).oversubscription(3).hosts(13).build(),
            FatTree.threeTier(4), FatTree.threeTier(6), FatTree.builder(3, 8).oversubscription(3).build(),
        };
        SplittableRandom rnd = new SplittableRandom(20_261_123L);
        double[] densities = {0.05, 0.2, 0.5};
        for (FatTree tree : trees) {
            for (int trial = 0; trial < 30; trial++) {
                double p = densities[trial % densities.length];
                assertAgreesWithBruteForce(tree, randomFailures(tree, p, rnd), tree + " trial " + trial + " p=" + p);
            }
        }
    }

    /**
     * With nothing failed every uplink of every switch is valid towards every ToR (the mask of all of its
     * uplinks; none for a spine or core); before any recompute the table is intact and answers {@link
     * RoutingTable#ALL}.
     */
    @Test
    void noFailureValidatesEveryUplinkAndIntactAnswersAll() {
        for (FatTree tree : new FatTree[] {FatTree.twoTier(8), FatTree.threeTier(4)}) {
            RoutingTable table = new RoutingTable(tree);
            assertTrue(table.intact());
            for (int sw = tree.torNode(0); sw < tree.nodeCount(); sw++) {
                assertEquals(RoutingTable.ALL, table.validUplinks(sw, tree.tors() - 1));
            }
            table.recompute(new boolean[tree.linkCount()]);
            for (int sw = tree.torNode(0); sw < tree.nodeCount(); sw++) {
                for (int t = 0; t < tree.tors(); t++) {
                    assertEquals((1L << tree.uplinkCount(sw)) - 1, table.validUplinks(sw, t), tree.nodeName(sw));
                }
            }
        }
    }

    /**
     * A hand-derived 3-tier case (k=4): cutting core0's link down into pod 1 invalidates agg0.0's uplink 0
     * towards pod 1's edges only, and nothing of edge0.0 (its agg0.0 still has uplink 1, via core1); cutting
     * agg0.0's uplink 1 as well leaves agg0.0 only core0, which reaches every pod but pod 1, so edge0.0's
     * uplink 0 becomes invalid towards pod 1 only (within pod 0 agg0.0 turns down without its uplinks).
     */
    @Test
    void coreAndAggregationFailuresPropagateDownTheTiers() {
        FatTree tree = FatTree.threeTier(4);
        int agg00 = tree.nodeByName("agg0.0");
        int edge00 = tree.nodeByName("edge0.0");
        boolean[] down = new boolean[tree.linkCount()];
        down[tree.linksByName("core0->agg1.0")[0]] = true;
        RoutingTable table = new RoutingTable(tree);
        table.recompute(down);
        for (int t = 0; t < tree.tors(); t++) {
            int pod = t / tree.torsPerPod();
            assertEquals(pod == 1 ? 0b10 : 0b11, table.validUplinks(agg00, t), "agg0.0 towards tor " + t);
            assertEquals(0b11, table.validUplinks(edge00, t), "edge0.0 towards tor " + t);
        }
        down[tree.linksByName("agg0.0->core1")[0]] = true;
        table.recompute(down);
        for (int t = 0; t < tree.tors(); t++) {
            int pod = t / tree.torsPerPod();
            long expectAgg = pod == 1 ? 0 : 0b01;
            assertEquals(expectAgg, table.validUplinks(agg00, t), "agg0.0 towards tor " + t);
            assertEquals(pod == 1 ? 0b10 : 0b11, table.validUplinks(edge00, t), "edge0.0 towards tor " + t);
        }
    }

    /**
     * Masks are 64-bit sets: a leaf with exactly 64 uplinks (2-tier k=128) is accepted and its top uplink
     * is bit 63; one more uplink (k=130) is refused with the one-line message naming the switch.
     */
    @Test
    void sixtyFourUplinksFitTheMaskAndSixtyFiveAreRefused() {
        FatTree big = FatTree.twoTier(128);
        boolean[] down = new boolean[big.linkCount()];
        down[big.linksByName("leaf0->spine63")[0]] = true;
        RoutingTable table = new RoutingTable(big);
        table.recompute(down);
        assertEquals(Long.MAX_VALUE, table.validUplinks(big.torNode(0), 5), "all but bit 63");
        assertEquals(-1L, table.validUplinks(big.torNode(1), 0), "all 64 bits");
        assertEquals(0L, table.validUplinks(big.tier2Node(63), 0), "a spine has no uplink");
        FatTree tooBig = FatTree.twoTier(130);
        RoutingTable refused = new RoutingTable(tooBig);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> refused.recompute(new boolean[tooBig.linkCount()]));
        assertEquals("fail: link failures need at most 64 uplinks per switch, leaf0 has 65", e.getMessage());
        assertTrue(refused.intact(), "a refused recompute leaves the table as it was");
    }
}
