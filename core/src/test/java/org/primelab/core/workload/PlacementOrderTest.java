package org.primelab.core.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.primelab.core.topology.FatTree;

/**
 * {@link Placement} orders and names, and the chunk size of {@link Collectives#ringAllReduce}: hand-derived
 * orders on small (also partly populated) trees, every order a permutation of the hosts, the command-line
 * names, and {@code ceil(size / G)} when G divides the size exactly.
 */
class PlacementOrderTest {
    /**
     * On a 2-tier k = 4 tree with only 4 of 8 host ports used (ToRs {0,1} and {2,3}), SPREAD takes slot 0
     * of each populated ToR, then slot 1: 0, 2, 1, 3; never a host that does not exist.
     */
    @Test
    void spreadOnAPartlyPopulatedTreeIsAPermutationOfItsHosts() {
        FatTree partial = FatTree.builder(2, 4).hosts(4).build();
        assertArrayEquals(new int[] {0, 2, 1, 3}, Placement.SPREAD.order(partial, 0));
        FatTree five = FatTree.builder(2, 4).hosts(5).build();
        assertArrayEquals(new int[] {0, 2, 4, 1, 3}, Placement.SPREAD.order(five, 0));
    }

    /** Every placement's order is a permutation of 0..n-1 (full and partial trees, several seeds). */
    @Test
    void everyOrderIsAPermutation() {
        for (FatTree t : new FatTree[] {FatTree.twoTier(4), FatTree.builder(3, 4).hosts(11).build(),
                FatTree.threeTier(4)}) {
            for (Placement p : Placement.values()) {
                for (long seed = 0; seed < 5; seed++) {
                    int[] o = p.order(t, seed).clone();
                    Arrays.sort(o);
                    int[] identity = new int[t.hosts()];
                    Arrays.setAll(identity, i -> i);
                    assertArrayEquals(identity, o, p + " on " + t);
                }
            }
        }
    }

    /** The command-line names of the placements and of the collectives. */
    @Test
    void cliNames() {
        assertEquals("packed", Placement.PACKED.cliName());
        assertEquals("spread", Placement.SPREAD.cliName());
        assertEquals("random", Placement.RANDOM.cliName());
        assertEquals("ring-allreduce", Collectives.Kind.RING_ALL_REDUCE.cliName());
        assertEquals("serial-all-to-all", Collectives.Kind.SERIAL_ALL_TO_ALL.cliName());
    }

    /** Chunks are ceil(size / G): exactly size / G when G divides it (10 B on 5 hosts: 2 B), else one more. */
    @Test
    void ringAllReduceChunkIsTheCeilingOfSizeOverGroup() {
        int[][] groups = {{0, 1, 2, 3, 4}};
        assertEquals(2, Collectives.ringAllReduce(groups, 10).flow(0).sizeBytes());
        assertEquals(3, Collectives.ringAllReduce(groups, 11).flow(0).sizeBytes());
        assertEquals(1, Collectives.ringAllReduce(groups, 1).flow(0).sizeBytes());
    }
}
