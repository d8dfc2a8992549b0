package org.primelab.core.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Sizes, wiring and paths of the paper's FatTrees (paper Table "Simulation topologies"). */
public class FatTreeTest {

    @ParameterizedTest
    @CsvSource({
        // tiers, k, hosts, switches, cables
        "2, 16, 128, 24, 256",
        "2, 64, 2048, 96, 4096",
        "2, 128, 8192, 192, 16384",
        "3, 16, 1024, 320, 3072",
        "3, 4, 16, 20, 48",
    })
    void paperTopologySizes(int tiers, int k, int hosts, int switches, int cables) {
        FatTree t = FatTree.builder(tiers, k).build();
        assertEquals(hosts, t.hosts());
        assertEquals(switches, t.switches());
        assertEquals(cables, t.cableCount());
        assertEquals(2 * cables, t.linkCount());
        for (int n = t.hosts(); n < t.nodeCount(); n++) {
            int ports = t.uplinkCount(n) + t.downlinkCount(n);
            assertTrue(ports <= k, t.nodeName(n) + " uses " + ports + " ports > radix " + k);
        }
    }

    @Test
    void threeTierHasKHalfSquaredPathsAcrossPodsAllDistinct() {
        FatTree t = FatTree.threeTier(16);
        int src = 0;
        int dst = t.hosts() - 1;
        assertTrue(t.podOf(src) != t.podOf(dst));
        assertEquals(64, t.pathCount(src, dst));
        List<int[]> paths = t.paths(src, dst);
        Set<String> distinct = new HashSet<>();
        for (int[] p : paths) {
            assertEquals(6, p.length);
            assertPathConnects(t, p, src, dst);
            distinct.add(java.util.Arrays.toString(p));
        }
        assertEquals(64, distinct.size());
        assertEquals(8, t.pathCount(0, t.hostsPerTor()), "same pod, other edge");
        assertEquals(1, t.pathCount(0, 1), "same edge");
    }

    @Test
    void twoTierRoutesByPart1AndDownDeterministically() {
        FatTree t = FatTree.twoTier(16);
        EvLayout l = t.evLayout();
        assertEquals(1, l.parts());
        assertEquals(8, l.uplinks(0));
        assertEquals(3, l.bits(0));
        for (int ev = 0; ev < 8; ev++) {
            int[] p = t.route(3, 100, ev);
            assertPathConnects(t, p, 3, 100);
            assertEquals(t.tier2Node(ev), t.linkTarget(p[1]), "EV part is the spine index");
        }
    }

    @Test
    void threeTierLayoutAndRouting() {
        FatTree t = FatTree.threeTier(16);
        EvLayout l = t.evLayout();
        assertEquals(2, l.parts());
        assertEquals(6, l.totalBits());
        int ev = l.pack(5, 2);
        int[] p = t.route(0, t.hosts() - 1, ev);
        assertEquals("agg0.5", t.nodeName(t.linkTarget(p[1])));
        assertEquals("core" + (5 * 8 + 2), t.nodeName(t.linkTarget(p[2])));
    }

    @Test
    void namesRoundTripAndCablesHaveBothDirections() {
        FatTree t = FatTree.threeTier(8);
        for (int l = 0; l < t.linkCount(); l++) {
            int[] both = t.linksByName(t.cableName(l));
            assertArrayEquals(new int[] {l & ~1, l | 1}, both);
            assertArrayEquals(new int[] {l}, t.linksByName(t.linkName(l)));
            assertEquals(l, FatTree.reverse(FatTree.reverse(l)));
            assertEquals(t.linkSource(l), t.linkTarget(FatTree.reverse(l)));
        }
    }

    @Test
    void oversubscriptionAndPartialPopulation() {
        FatTree t = FatTree.builder(2, 16).oversubscription(3).build();
        assertEquals(4, t.torUplinks());
        assertEquals(12, t.hostsPerTor());
        assertEquals(4, t.tier2Switches());
        assertEquals(3.0, t.oversubscription());
        FatTree p = FatTree.builder(2, 8).hosts(10).build();
        assertEquals(10, p.hosts());
        assertPathConnects(p, p.route(0, 9, 1), 0, 9);
    }

    @Test
    void invalidShapesNameTheField() {
        assertMessage("k:", () -> FatTree.twoTier(15));
        assertMessage("k:", () -> FatTree.twoTier(2));
        assertMessage("tiers:", () -> FatTree.builder(4, 16));
        assertMessage("oversubscription:", () -> FatTree.builder(2, 16).oversubscription(2));
        assertMessage("hosts:", () -> FatTree.builder(2, 8).hosts(33).build());
        FatTree t = FatTree.twoTier(8);
        assertMessage("link:", () -> t.linksByName("leaf0-leaf1"));
        assertMessage("node:", () -> t.linksByName("leaf0-spine9"));
        assertMessage("link:", () -> t.linksByName("garbage"));
    }

    public static void assertMessage(String prefix, org.junit.jupiter.api.function.Executable e) {
        IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, e);
        assertTrue(ex.getMessage().startsWith(prefix), "message '" + ex.getMessage() + "' should start with " + prefix);
    }

    static void assertPathConnects(FatTree t, int[] path, int src, int dst) {
        assertEquals(src, t.linkSource(path[0]));
        for (int i = 1; i < path.length; i++) {
            assertEquals(t.linkTarget(path[i - 1]), t.linkSource(path[i]), "hop " + i);
        }
        assertEquals(dst, t.linkTarget(path[path.length - 1]));
    }
}
