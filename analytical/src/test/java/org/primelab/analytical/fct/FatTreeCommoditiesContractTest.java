package org.primelab.analytical.fct;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.workload.Flow;

/**
 * {@link FatTreeCommodities} on a 2-tier {@code k = 4} tree (8 hosts; leaf {@code i} holds hosts
 * {@code 2i, 2i+1}; two spines) and a 3-tier {@code k = 4} tree, every expected value derived by hand from
 * the class comment: flows aggregate by (source ToR, destination ToR) in first-seen order with demand in
 * multiples of the largest flow; same-ToR flows are kept per ToR apart from the commodities; {@code phiCap}
 * is the minimum over hosts of host-link rate / normalised bytes sent (received); {@code torSendCap} /
 * {@code torRecvCap} sum the host-link rates of the hosts that send / receive.
 */
class FatTreeCommoditiesContractTest {
    private static final long G400 = 400_000_000_000L;
    private static final FatTree K4 = FatTree.twoTier(4);

    /** Six flows: three cross-ToR pairs (one with two flows), two same-ToR flows; largest 3000 B. */
    private static List<Flow> mixed() {
        return List.of(new Flow(0, 0, 2, 1000, 0), new Flow(1, 1, 3, 3000, 0), new Flow(2, 0, 1, 500, 0),
                new Flow(3, 4, 0, 2000, 0), new Flow(4, 5, 4, 1000, 0), new Flow(5, 2, 0, 1000, 0));
    }

    /**
     * Aggregation by hand: (leaf0, leaf1) holds 1000 + 3000 B = 4/3 of the largest flow, (leaf2, leaf0)
     * 2/3, (leaf1, leaf0) 1/3, each represented by its first flow's hosts; same-ToR demand is 500/3000 under
     * leaf0 and 1000/3000 under leaf2. With h1's uplink at half rate, h1 (one unit sent) bounds phi at 1/2;
     * every other host allows at least 1 (h0 sends 1/2, h3 and h0 receive 1 unit at full rate).
     */
    @Test
    void commoditiesAggregateByTorPairAndKeepSameTorDemandApart() {
        Faults f = Faults.builder(K4).degrade("h1->leaf0", G400 / 2).build();
        FatTreeCommodities c = FatTreeCommodities.of(f, mixed(), G400);
        assertEquals(3, c.commodities());
        assertArrayEquals(new double[] {4.0 / 3, 2.0 / 3, 1.0 / 3}, c.demand, 1e-15);
        assertArrayEquals(new int[] {0, 4, 2}, c.srcHost);
        assertArrayEquals(new int[] {2, 0, 0}, c.dstHost);
        assertArrayEquals(new double[] {1.0 / 6, 0, 1.0 / 3, 0}, c.sameTor, 1e-15);
        assertEquals(0.5, c.phiCap, 1e-15);
        // senders: leaf0 h0 (1) + h1 (1/2); leaf1 h2; leaf2 h4, h5; leaf3 none
        assertArrayEquals(new double[] {1.5, 1, 2, 0}, c.torSendCap, 1e-15);
        // receivers: leaf0 h0, h1; leaf1 h2, h3; leaf2 h4 only; leaf3 none
        assertArrayEquals(new double[] {2, 2, 1, 0}, c.torRecvCap, 1e-15);
    }

    /**
     * The receiving side bounds phi as well: leaf0's link to h0 at a quarter rate, h0 receiving one unit
     * (2000 + 1000 B of a 3000 B largest flow), gives phi = 1/4; leaf0's receive capacity is 1/4 + 1.
     */
    @Test
    void aSlowHostDownlinkBoundsPhiByTheBytesItReceives() {
        Faults f = Faults.builder(K4).degrade("leaf0->h0", G400 / 4).build();
        FatTreeCommodities c = FatTreeCommodities.of(f, mixed(), G400);
        assertEquals(0.25, c.phiCap, 1e-15);
        assertArrayEquals(new double[] {1.25, 2, 1, 0}, c.torRecvCap, 1e-15);
        assertArrayEquals(new double[] {2, 1, 2, 0}, c.torSendCap, 1e-15);
    }

    /** Input errors are named by their option, as the CLI reports them. */
    @Test
    void badRatesAndHostsAreRefusedWithTheirOption() {
        IllegalArgumentException rate = assertThrows(IllegalArgumentException.class,
                () -> FatTreeCommodities.of(Faults.none(K4), mixed(), 0));
        assertEquals("rate: must be > 0 bit/s, got 0", rate.getMessage());
        IllegalArgumentException host = assertThrows(IllegalArgumentException.class,
                () -> FatTreeCommodities.of(Faults.none(K4), List.of(new Flow(7, 0, 8, 10, 0)), G400));
        assertEquals("flows: flow 7 uses a host outside [0, 7]", host.getMessage());
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class,
                () -> FatTreeCommodities.of(Faults.none(K4), List.of(), G400));
        assertTrue(empty.getMessage().startsWith("flows:"), empty.getMessage());
    }

    /**
     * Path variables count the live up-down paths of every commodity once every failure has happened: two
     * per ToR pair on the healthy tree; with leaf0-spine0 failing (at any time), each of the three
     * commodities, all touching leaf0, keeps one. The single-phase instance has exactly those paths.
     */
    @Test
    void pathVariablesAreTheLivePathsOfTheSingleRoutingInstance() {
        FatTreeCommodities healthy = FatTreeCommodities.of(Faults.none(K4), mixed(), G400);
        assertEquals(6, healthy.pathVariables(Faults.none(K4)));
        Faults f = Faults.builder(K4).fail("leaf0-spine0", 5_000).build();
        FatTreeCommodities c = FatTreeCommodities.of(f, mixed(), G400);
        assertEquals(3, c.pathVariables(f));
        assertEquals(3, c.switchInstance(f, Faults.NEVER - 1).paths());
        // before the failure time all paths are live
        assertEquals(6, c.switchInstance(f, 4_999).paths());
    }

    /**
     * The switch instance has one edge per switch link in use (so a link shared by several paths is one
     * edge) and the cut groups of its comment: per switch, its uplinks in use and its downlinks in use. A
     * ToR-ring workload on 2-tier k = 4 uses all 16 switch links: 8 groups of 2.
     */
    @Test
    void twoTierSwitchInstanceHasOneEdgePerLinkAndOneGroupPerSwitchDirection() {
        List<Flow> ring = new ArrayList<>();
        for (int h = 0; h < 8; h++) {
            ring.add(new Flow(h, h, (h + 2) % 8, 1000, 0));
        }
        FatTreeCommodities c = FatTreeCommodities.of(Faults.none(K4), ring, G400);
        PathFlowInstance in = c.switchInstance(Faults.none(K4), 0);
        assertEquals(4, in.commodities());
        assertEquals(8, in.paths());
        assertEquals(16, in.edges());
        Set<Set<String>> expected = new java.util.HashSet<>();
        for (int leaf = 0; leaf < 4; leaf++) {
            expected.add(Set.of("leaf" + leaf + "->spine0", "leaf" + leaf + "->spine1"));
            expected.add(Set.of("spine0->leaf" + leaf, "spine1->leaf" + leaf));
        }
        assertEquals(expected, groupNames(c, in));
        assertEquals(8, in.groups.length, "no group twice");
    }

    /**
     * 3-tier k = 4 (pods of 2 edges and 2 aggregation switches, aggregation switch i of a pod reaching cores
     * 2i, 2i+1): h0 (pod 0) and h4 (pod 1) exchange a flow each way, 4 paths each over 24 switch links. The
     * groups are every switch's uplinks and downlinks in use (edge: 2 links, aggregation to cores: 2) plus,
     * per pod, all 4 of its links up to the cores and all 4 down from them: 12 + 4 = 16 groups.
     */
    @Test
    void threeTierSwitchInstanceAddsEachPodsCoreLinksAsACut() {
        FatTree t3 = FatTree.threeTier(4);
        List<Flow> flows = List.of(new Flow(0, 0, 4, 1000, 0), new Flow(1, 4, 0, 1000, 0));
        FatTreeCommodities c = FatTreeCommodities.of(Faults.none(t3), flows, G400);
        PathFlowInstance in = c.switchInstance(Faults.none(t3), 0);
        assertEquals(8, in.paths());
        assertEquals(24, in.edges());
        Set<Set<String>> expected = new java.util.HashSet<>();
        for (int[] pe : new int[][] {{0, 0}, {1, 0}}) {
            int pod = pe[0];
            String edge = "edge" + pod + ".0";
            expected.add(Set.of(edge + "->agg" + pod + ".0", edge + "->agg" + pod + ".1"));
            expected.add(Set.of("agg" + pod + ".0->" + edge, "agg" + pod + ".1->" + edge));
            Set<String> podUp = new TreeSet<>();
            Set<String> podDown = new TreeSet<>();
            for (int a = 0; a < 2; a++) {
                String agg = "agg" + pod + "." + a;
                Set<String> up = Set.of(agg + "->core" + 2 * a, agg + "->core" + (2 * a + 1));
                Set<String> down = Set.of("core" + 2 * a + "->" + agg, "core" + (2 * a + 1) + "->" + agg);
                expected.add(up);
                expected.add(down);
                podUp.addAll(up);
                podDown.addAll(down);
            }
            expected.add(podUp);
            expected.add(podDown);
        }
        assertEquals(expected, groupNames(c, in));
        assertEquals(16, in.groups.length, "no group twice");
    }

    /** The group edge sets translated back to link names through the instance's paths. */
    private static Set<Set<String>> groupNames(FatTreeCommodities c, PathFlowInstance in) {
        FatTree tree = c.tree;
        Map<Integer, String> nameOfEdge = new HashMap<>();
        int p = 0;
        for (int com = 0; com < c.commodities(); com++) {
            for (int[] path : tree.paths(c.srcHost[com], c.dstHost[com])) {
                for (int j = 1; j < path.length - 1; j++) {
                    String name = tree.linkName(path[j]);
                    String before = nameOfEdge.put(in.pathEdges[in.pathOff[p] + j - 1], name);
                    assertTrue(before == null || before.equals(name), "one edge per link: " + before + " / " + name);
                }
                p++;
            }
        }
        Set<Set<String>> out = new java.util.HashSet<>();
        for (int[] g : in.groups) {
            Set<String> names = new TreeSet<>();
            for (int e : g) {
                names.add(nameOfEdge.get(e));
            }
            assertEquals(g.length, names.size());
            out.add(names);
        }
        return out;
    }
}
