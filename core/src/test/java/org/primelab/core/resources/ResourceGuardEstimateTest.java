package org.primelab.core.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.primelab.core.topology.FatTree;

/**
 * The guard's estimates against values computed by hand from the documented per-item costs, on the two
 * smallest trees. Sizes by hand (k = 4, no oversubscription):
 * <ul>
 *   <li>2-tier: 8 hosts, 4 ToRs with 2 uplinks, 2 spines: 14 nodes, 8 + 4·2 = 16 cables, 32 directed
 *       links, longest path 4 links;</li>
 *   <li>3-tier: 16 hosts, 8 ToRs with 2 uplinks, 8 aggregation switches with 2 uplinks, 4 cores: 36 nodes,
 *       16 + 8·2 + 8·2 = 48 cables, 96 directed links, longest path 6 links.</li>
 * </ul>
 * The flow, packet and step counts are small and distinct, so each per-item cost enters with its own
 * weight and a wrong term changes the total.
 */
class ResourceGuardEstimateTest {
    private static final FatTree.Dimensions TWO = FatTree.builder(2, 4).dimensions();
    private static final FatTree.Dimensions THREE = FatTree.builder(3, 4).dimensions();

    /** The hand-derived sizes the estimates below rest on. */
    @Test
    void theSmallTreesHaveTheHandCountedSizes() {
        assertEquals(8, TWO.hosts());
        assertEquals(6, TWO.switches());
        assertEquals(32, TWO.directedLinks());
        assertEquals(4, TWO.longestPathHops());
        assertEquals(16, THREE.hosts());
        assertEquals(20, THREE.switches());
        assertEquals(96, THREE.directedLinks());
        assertEquals(6, THREE.longestPathHops());
    }

    /** Topology heap: 160 B per node, 120 B per directed link, 64 B per flow. */
    @Test
    void topologyBytesIsNodesLinksAndFlowsAtTheirStatedCosts() {
        assertEquals(14 * 160 + 32 * 120 + 3 * 64, ResourceGuard.topologyBytes(TWO, 3));   // 6272
        assertEquals(36 * 160 + 96 * 120, ResourceGuard.topologyBytes(THREE, 0));          // 17280
    }

    /** Building a tree: its heap plus the per-cable bytes of the command; one event per directed link. */
    @Test
    void topologyEstimateAddsThePerCableBytesAndCountsDirectedLinks() {
        ResourceGuard.Estimate e = ResourceGuard.topology(TWO, 5);
        assertEquals(new ResourceGuard.Estimate("the topology", "k", 14 * 160 + 32 * 120 + 16 * 5, "k", 32), e);
    }

    /**
     * Packet simulator: topology with the flows, 16 KiB per host, 2 KiB per directed link; events =
     * packets x (2 x hops + 1).
     */
    @Test
    void packetSimulationHeapAndEvents() {
        double heap = 14 * 160 + 32 * 120 + 3 * 64 + 8 * 16_384 + 32 * 2_048;   // 202,880 B
        assertEquals(new ResourceGuard.Estimate("the packet simulation", "k", heap, "flow-size", 10 * 9),
                ResourceGuard.packetSim(TWO, 3, 10));
        assertEquals(7 * 13, ResourceGuard.packetSim(THREE, 1, 7).events());
    }

    /** Fluid simulator: topology with the flows plus 64 B per flow and path; events = steps x flows x hops. */
    @Test
    void fluidSimulationHeapAndEvents() {
        double heap = 14 * 160 + 32 * 120 + 3 * 64 + 3 * 2 * 64;   // 6656 B
        assertEquals(new ResourceGuard.Estimate("the fluid simulation", "k", heap, "flow-size", 5 * 3 * 4),
                ResourceGuard.fluidSim(TWO, 3, 2, 5));
    }

    /**
     * Path variables: commodities = min(flows, tors (tors - 1)) ToR pairs, each with torUplinks x
     * max(1, aggUplinks) paths: 2 paths in the 2-tier tree, 4 in the 3-tier one.
     */
    @Test
    void pathVariablesAreCommoditiesTimesShortestPaths() {
        assertEquals(5 * 2, ResourceGuard.pathVariables(TWO, 5));
        assertEquals(4 * 3 * 2, ResourceGuard.pathVariables(TWO, 1_000));     // capped at 12 ToR pairs
        assertEquals(10 * 4, ResourceGuard.pathVariables(THREE, 10));
        assertEquals(8 * 7 * 4, ResourceGuard.pathVariables(THREE, 1_000));   // capped at 56 ToR pairs
        assertEquals(56 * 4, ResourceGuard.pathVariables(THREE, 56));         // exactly at the cap
    }

    /** Path LP: topology with the flows plus 96 B per variable; events = variables x hops x 10 sweeps. */
    @Test
    void pathLpHeapAndEvents() {
        double heap = 36 * 160 + 96 * 120 + 10 * 64 + 224 * 96;   // 39,424 B
        assertEquals(new ResourceGuard.Estimate("the LP", "k", heap, "k", 224 * 6 * 10),
                ResourceGuard.pathLp(THREE, 10, 224));
    }

    /** Dense LP: the tree with a flow per host plus 4 B per tableau entry; one event per entry. */
    @Test
    void denseLpHeapAndEventsAreTableauEntries() {
        double heap = 36 * 160 + 96 * 120 + 16 * 64 + 7 * 9 * 4;   // 18,556 B
        assertEquals(new ResourceGuard.Estimate("the downlink LP", "k", heap, "k", 63),
                ResourceGuard.denseLp(THREE, "the downlink LP", "k", 7, 9));
    }

    /** Packets per flow: ceil(size / (mtu - header)), exactly one payload fits one packet, one more byte needs two. */
    @Test
    void packetsRoundEachFlowUpToWholePayloads() {
        assertEquals(3, ResourceGuard.packets(3, 4096, 4160, 64));
        assertEquals(6, ResourceGuard.packets(3, 4097, 4160, 64));
        assertEquals(2 * 245, ResourceGuard.packets(2, 1_000_000, 4160, 64));   // 1e6 / 4096 = 244.1
    }

    /**
     * Runs in sequence: the larger heap with its option, events summed with the option of the larger
     * share; on a tie the first estimate's options are kept.
     */
    @Test
    void thenKeepsTheLargerHeapAndAddsEvents() {
        ResourceGuard.Estimate a = new ResourceGuard.Estimate("A", "ha", 10, "ta", 5);
        ResourceGuard.Estimate b = new ResourceGuard.Estimate("B", "hb", 20, "tb", 3);
        assertEquals(new ResourceGuard.Estimate("A", "hb", 20, "ta", 8), a.then(b));
        assertEquals(new ResourceGuard.Estimate("B", "hb", 20, "ta", 8), b.then(a));
        ResourceGuard.Estimate tie = new ResourceGuard.Estimate("C", "hc", 10, "tc", 5);
        assertEquals(new ResourceGuard.Estimate("A", "ha", 10, "ta", 10), a.then(tie));
        assertEquals(new ResourceGuard.Estimate("C", "hc", 10, "tc", 10), tie.then(a));
    }

    /** Repeating a run multiplies its events and leaves its heap. */
    @Test
    void timesMultipliesEventsOnly() {
        ResourceGuard.Estimate a = new ResourceGuard.Estimate("A", "ha", 10, "ta", 5);
        assertEquals(new ResourceGuard.Estimate("A", "ha", 10, "ta", 15), a.times(3));
        assertEquals(15 / 1e6, a.times(3).seconds());   // at the stated 1e6 events per second
    }

    /**
     * The overload without a heap size checks against this JVM's heap: an estimate of infinite heap (an
     * overflow of the sizes) is refused whatever the JVM, --force or not.
     */
    @Test
    void theJvmOverloadRefusesAnInfiniteHeap() {
        ResourceGuard.Estimate inf = new ResourceGuard.Estimate("the run", "k", Double.POSITIVE_INFINITY, "k", 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ResourceGuard.require(inf, true));
        assertEquals("k: the run needs about more than a long holds of heap",
                e.getMessage().substring(0, e.getMessage().indexOf(", more than")));
    }
}
