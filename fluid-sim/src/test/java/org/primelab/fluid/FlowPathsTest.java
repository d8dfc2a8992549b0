package org.primelab.fluid;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.primelab.core.entropy.Forwarding;
import org.primelab.core.forwarding.RoutingTable;
import org.primelab.core.forwarding.UplinkSelector;
import org.primelab.core.topology.FatTree;

/** The fluid model's path of an EV after failures is the packet simulator's hop-by-hop choice. */
class FlowPathsTest {

    @Test
    void livePathIsTheSwitchBySwitchChoiceOfTheRoutingTable() {
        FatTree tree = FatTree.threeTier(8);
        boolean[] down = new boolean[tree.linkCount()];
        int tor0 = tree.torOf(0);
        down[tree.uplink(tor0, 1)] = true;                                       // ToR uplink
        int agg = tree.linkTarget(tree.uplink(tor0, 2));
        down[tree.uplink(agg, 0)] = true;                                        // aggregation uplink
        down[tree.uplink(agg, 3)] = true;
        int farTor = tree.torOf(tree.hosts() - 1);
        int farAgg = tree.linkTarget(tree.uplink(farTor, 0));
        down[tree.linkBetween(tree.linkTarget(tree.uplink(farAgg, 1)), farAgg)] = true;   // core -> far pod
        RoutingTable routing = new RoutingTable(tree);
        routing.recompute(down);
        long[] salts = UplinkSelector.salts(tree, 5);
        int checked = 0;
        for (int dst : new int[] {1, 5, tree.hosts() / 2 + 3, tree.hosts() - 1}) {
            FlowPaths paths = new FlowPaths(tree, 0, dst);
            for (Forwarding kind : new Forwarding[] {Forwarding.PORT_INDEX, Forwarding.HASH}) {
                for (int ev = 0; ev < 1 << tree.evLayout().totalBits(); ev++) {
                    int walked = walk(tree, routing, salts, kind, 42, ev, 0, dst);
                    int fluid = paths.livePath(tree, kind, salts, 42, ev, 0, p -> alive(paths.forward(p), down));
                    assertEquals(walked, fluid, kind + " dst " + dst + " ev " + ev);
                    checked++;
                }
            }
        }
        assertEquals(4 * 2 * 16, checked);   // k = 8: two 2-bit parts, 16 EVs
    }

    /**
     * {@link FlowPaths#uses}, read from the tree's shape, names exactly the links some enumerated path of the pair
     * crosses: every link against every ordered host pair of a 2-tier, a 3-tier and an oversubscribed 3-tier tree.
     */
    @Test
    void usesNamesExactlyTheLinksOfTheEnumeratedPaths() {
        for (FatTree tree : new FatTree[] {FatTree.twoTier(8), FatTree.threeTier(8),
            FatTree.builder(3, 8).oversubscription(3).build()}) {
            for (int src = 0; src < tree.hosts(); src++) {
                for (int dst = 0; dst < tree.hosts(); dst++) {
                    if (src == dst) {
                        continue;
                    }
                    FlowPaths paths = new FlowPaths(tree, src, dst);
                    boolean[] onPath = new boolean[tree.linkCount()];
                    for (int p = 0; p < paths.count(); p++) {
                        for (int l : paths.forward(p)) {
                            onPath[l] = true;
                        }
                    }
                    for (int l = 0; l < tree.linkCount(); l++) {
                        assertEquals(onPath[l], paths.uses(l), "h" + src + " -> h" + dst + ": " + tree.linkName(l));
                    }
                }
            }
        }
    }

    /** The packet simulator's forwarding: at every switch that is not an ancestor of dst, the selector's uplink. */
    private static int walk(FatTree tree, RoutingTable routing, long[] salts, Forwarding kind, int flow, int ev,
                            int src, int dst) {
        int sw = tree.torOf(src);
        int index = 0;
        int radix = 1;
        while (!tree.isAncestor(sw, dst)) {
            int port = UplinkSelector.select(kind, tree.evLayout(), sw, tree.tierOf(sw), tree.uplinkCount(sw), flow, ev,
                    salts[sw], routing.validUplinks(sw, tree.torIndexOf(dst)), null, null);
            index += radix * port;
            radix *= tree.uplinkCount(sw);
            sw = tree.linkTarget(tree.uplink(sw, port));
        }
        return index;
    }

    private static boolean alive(int[] links, boolean[] down) {
        for (int l : links) {
            if (down[l]) {
                return false;
            }
        }
        return true;
    }
}
