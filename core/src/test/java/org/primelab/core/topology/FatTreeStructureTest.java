package org.primelab.core.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.primelab.core.topology.FatTreeTest.assertMessage;

import java.util.ArrayDeque;
import java.util.Deque;
import org.junit.jupiter.api.Test;

/**
 * The wiring of a FatTree read back through its public accessors and checked against the definition in
 * the class javadoc: port counts per tier, node names, adjacency, ancestors, partial population and the
 * refusal of out-of-range hosts and radices.
 */
class FatTreeStructureTest {

    @Test
    void sizeAccessorsFollowTheDefinition() {
        FatTree two = FatTree.twoTier(8);
        assertEquals(2, two.tiers());
        assertEquals(8, two.radix());
        assertEquals(0, two.cores());
        assertEquals(0, two.aggUplinks());
        assertEquals(1, two.pods());
        assertEquals(8, two.torsPerPod());
        assertEquals(4, two.longestPathLinks());
        assertEquals("2-tier FatTree k=8 (32 hosts, 12 switches, 64 cables)", two.toString());
        FatTree three = FatTree.threeTier(8);
        assertEquals(3, three.tiers());
        assertEquals(8, three.radix());
        assertEquals(16, three.cores());
        assertEquals(4, three.aggUplinks());
        assertEquals(8, three.pods());
        assertEquals(4, three.torsPerPod());
        assertEquals(6, three.longestPathLinks());
        assertEquals("3-tier FatTree k=8 (128 hosts, 80 switches, 384 cables)", three.toString());
    }

    @Test
    void portCountsPerTier() {
        for (FatTree t : new FatTree[] {FatTree.twoTier(8), FatTree.threeTier(8), FatTree.builder(2, 12).oversubscription(2).build()}) {
            int k = t.radix();
            for (int h = 0; h < t.hosts(); h++) {
                assertEquals(1, t.uplinkCount(h));
                assertEquals(0, t.downlinkCount(h));
                assertEquals(t.hostUplink(h), t.uplink(h, 0));
            }
            for (int n = t.hosts(); n < t.nodeCount(); n++) {
                int up = t.uplinkCount(n);
                int down = t.downlinkCount(n);
                switch (t.tierOf(n)) {
                    case 1 -> {
                        assertEquals(t.torUplinks(), up, t.nodeName(n));
                        assertEquals(t.hostsPerTor(), down, t.nodeName(n));
                    }
                    case 2 -> {
                        assertEquals(t.tiers() == 2 ? 0 : k / 2, up, t.nodeName(n));
                        assertEquals(t.tiers() == 2 ? t.tors() : t.torsPerPod(), down, t.nodeName(n));
                    }
                    default -> {
                        assertEquals(0, up, t.nodeName(n));
                        assertEquals(k, down, t.nodeName(n));
                    }
                }
                for (int p = 0; p < up; p++) {
                    int l = t.uplink(n, p);
                    assertEquals(n, t.linkSource(l));
                    assertEquals(t.tierOf(n) + 1, t.tierOf(t.linkTarget(l)));
                }
                for (int p = 0; p < down; p++) {
                    int l = t.downlink(n, p);
                    assertEquals(n, t.linkSource(l));
                    assertEquals(t.tierOf(n) - 1, t.tierOf(t.linkTarget(l)));
                }
            }
        }
    }

    @Test
    void uplinksAreTheEvenDirectionsGoingUpATier() {
        FatTree t = FatTree.threeTier(4);
        for (int l = 0; l < t.linkCount(); l++) {
            boolean up = t.tierOf(t.linkTarget(l)) > t.tierOf(t.linkSource(l));
            assertEquals(up, t.isUplink(l), t.linkName(l));
            assertEquals(up, l % 2 == 0, t.linkName(l));
        }
    }

    @Test
    void namesFollowTheDocumentedScheme() {
        // 3-tier k=4: 2 hosts per edge, 2 edges and 2 aggregation switches per pod, 4 cores
        FatTree t = FatTree.threeTier(4);
        assertEquals("h5", t.nodeName(5));
        assertEquals("edge1.0", t.nodeName(t.torOf(5)));        // hosts 4..7 are pod 1, host 5 on its first edge
        assertEquals("edge3.1", t.nodeName(t.torOf(15)));
        assertEquals("agg2.1", t.nodeName(t.tier2Node(5)));
        assertEquals("core3", t.nodeName(t.coreNode(3)));
        assertEquals("edge1.0-agg1.1", t.cableName(t.linkBetween(t.torOf(5), t.tier2Node(3))));
        FatTree two = FatTree.twoTier(8);
        assertEquals("leaf7", two.nodeName(two.torOf(31)));
        assertEquals("spine3", two.nodeName(two.tier2Node(3)));
        for (FatTree tree : new FatTree[] {t, two}) {
            for (int n = 0; n < tree.nodeCount(); n++) {
                assertEquals(n, tree.nodeByName(tree.nodeName(n)));
            }
        }
    }

    @Test
    void unknownNamesListTheAcceptedRanges() {
        FatTree two = FatTree.twoTier(8);
        assertMessage("node: unknown name 'core0'; accepted: h<0..31>, leaf<0..7>, spine<0..3>", () -> two.nodeByName("core0"));
        FatTree three = FatTree.threeTier(4);
        assertMessage("node: unknown name 'core4'; accepted: h<0..15>, edge<pod>.<i>, agg<pod>.<i> (pod 0..3, i 0..1), core<0..3>",
                () -> three.nodeByName("core4"));
        assertMessage("link: cannot parse 'leaf0' ; expected".replace(" ;", ";"), () -> two.linksByName("leaf0"));
        assertMessage("link: no link between leaf0 and leaf1; e.g. leaf0-spine0", () -> two.linksByName("leaf0-leaf1"));
    }

    @Test
    void partialPopulationLeavesUnusedHostPortsEmptyAndUnnamed() {
        FatTree t = FatTree.builder(2, 8).hosts(10).build();     // leaf2 holds h8, h9 and two empty ports
        int leaf2 = t.torNode(2);
        assertEquals(4, t.downlinkCount(leaf2));
        assertEquals(FatTree.reverse(t.hostUplink(8)), t.downlink(leaf2, 0));
        assertEquals(FatTree.reverse(t.hostUplink(9)), t.downlink(leaf2, 1));
        assertEquals(-1, t.downlink(leaf2, 2));
        assertEquals(-1, t.downlink(leaf2, 3));
        assertEquals(0, t.uplinkCount(10), "an unpopulated host id has no link");
        assertEquals(0, t.downlinkCount(10));
        assertFalse(t.isHost(10));
        assertTrue(t.isHost(9));
        assertFalse(t.isHost(-1));
        assertMessage("node:", () -> t.nodeByName("h10"));
        assertEquals(-1, t.linkBetween(leaf2, 10));
        assertEquals(9, t.nodeByName("h9"));
        assertEquals(2, FatTree.builder(2, 8).hosts(2).build().hosts());
        assertEquals(32, FatTree.builder(2, 8).hosts(32).build().hosts());
        assertMessage("hosts: must be in [2, 32]", () -> FatTree.builder(2, 8).hosts(1).build());
        assertMessage("hosts: must be in [2, 32]", () -> FatTree.builder(2, 8).hosts(0).build());
    }

    @Test
    void linkBetweenFindsBothDirectionsAndRefusesOutOfRangeNodes() {
        FatTree t = FatTree.twoTier(4);
        assertEquals(t.hostUplink(0), t.linkBetween(0, t.torOf(0)));
        assertEquals(FatTree.reverse(t.hostUplink(0)), t.linkBetween(t.torOf(0), 0));
        assertEquals(t.uplink(t.torNode(1), 1), t.linkBetween(t.torNode(1), t.tier2Node(1)));
        assertEquals(-1, t.linkBetween(0, 1));
        int n = t.nodeCount();
        assertEquals(-1, t.linkBetween(-1, 0));
        assertEquals(-1, t.linkBetween(0, -1));
        assertEquals(-1, t.linkBetween(n, 0));
        assertEquals(-1, t.linkBetween(0, n));
        assertMessage("node:", () -> t.nodeByName("core0"));
    }

    @Test
    void isAncestorIsReachabilityGoingDownOnly() {
        for (FatTree t : new FatTree[] {FatTree.twoTier(4), FatTree.threeTier(4), FatTree.builder(3, 6).oversubscription(2).build()}) {
            for (int sw = t.hosts(); sw < t.nodeCount(); sw++) {
                if (t.tierOf(sw) == 0) {
                    continue;                              // unpopulated host ids
                }
                boolean[] below = reachableGoingDown(t, sw);
                for (int h = 0; h < t.hosts(); h++) {
                    assertEquals(below[h], t.isAncestor(sw, h), t.nodeName(sw) + " above h" + h);
                    if (below[h]) {
                        assertEquals(sw, t.linkSource(t.downlinkTowards(sw, h)));
                        int next = t.linkTarget(t.downlinkTowards(sw, h));
                        assertTrue(next == h || reachableGoingDown(t, next)[h], "the downward hop keeps h below");
                    }
                }
            }
            assertFalse(t.isAncestor(0, 0), "a host is no switch");
        }
    }

    private static boolean[] reachableGoingDown(FatTree t, int from) {
        boolean[] seen = new boolean[t.nodeCount()];
        Deque<Integer> todo = new ArrayDeque<>();
        todo.add(from);
        while (!todo.isEmpty()) {
            int n = todo.poll();
            for (int p = 0; p < t.downlinkCount(n); p++) {
                int l = t.downlink(n, p);
                if (l >= 0 && !seen[t.linkTarget(l)]) {
                    seen[t.linkTarget(l)] = true;
                    todo.add(t.linkTarget(l));
                }
            }
        }
        return seen;
    }

    @Test
    void hostArgumentsAreCheckedWithTheirName() {
        FatTree t = FatTree.twoTier(4);
        assertMessage("src: host must be in [0, 7], got -1", () -> t.pathCount(-1, 0));
        assertMessage("dst: host must be in [0, 7], got 8", () -> t.pathCount(0, 8));
        assertMessage("src: host must be in [0, 7], got 8", () -> t.route(8, 0, 0));
        assertMessage("dst: host must be in [0, 7], got -1", () -> t.route(0, -1, 0));
        assertMessage("node: h0 is not a switch", () -> t.downlinkTowards(0, 1));
    }

    @Test
    void radixAndOversubscriptionBoundaries() {
        assertEquals(8, FatTree.twoTier(FatTree.MIN_RADIX).hosts());
        FatTree.builder(2, FatTree.MAX_RADIX);                 // accepted (not built: 32768 hosts)
        assertMessage("k:", () -> FatTree.builder(2, FatTree.MAX_RADIX + 2));
        assertMessage("k:", () -> FatTree.builder(3, FatTree.MIN_RADIX - 2));
        assertEquals(1.0, FatTree.builder(2, 8).oversubscription(1).build().oversubscription());
        assertMessage("oversubscription:", () -> FatTree.builder(2, 8).oversubscription(0));
    }
}
