package org.primelab.core.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.primelab.core.topology.FatTreeTest.assertMessage;

import org.junit.jupiter.api.Test;

/** Fault specifications: validation and random placement. */
class FaultsTest {
    private final FatTree tree = FatTree.twoTier(16);

    @Test
    void failAndDegradeByName() {
        Faults f = Faults.builder(tree).fail("leaf0-spine3", 5).degrade("leaf1->spine2", 100_000_000_000L).build();
        int[] failed = tree.linksByName("leaf0-spine3");
        assertArrayEquals(failed, f.failedLinks());
        assertTrue(f.isFailed(failed[0], 5));
        assertTrue(!f.isFailed(failed[0], 4));
        int deg = tree.linksByName("leaf1->spine2")[0];
        assertEquals(100_000_000_000L, f.rate(deg, 400_000_000_000L));
        assertEquals(400_000_000_000L, f.rate(deg ^ 1, 400_000_000_000L), "only one direction degraded");
    }

    @Test
    void randomPlacementIsSeededAndSized() {
        Faults a = Faults.builder(tree).degradeRandomFraction(0.25, 100_000_000_000L, 7).build();
        Faults b = Faults.builder(tree).degradeRandomFraction(0.25, 100_000_000_000L, 7).build();
        assertArrayEquals(a.degradedLinks(), b.degradedLinks());
        assertEquals(2 * 32, a.degradedLinks().length, "25% of 128 switch cables, both directions");
        Faults c = Faults.builder(tree).failRandom(2, 3, 0).build();
        assertEquals(4, c.failedLinks().length);
    }

    @Test
    void impossibleOrMalformedFaultsAreRejected() {
        assertMessage("link:", () -> Faults.builder(tree).fail("leaf0spine1", 0));
        assertMessage("node:", () -> Faults.builder(tree).fail("leaf0-spine99", 0));
        assertMessage("fail:", () -> Faults.builder(tree).fail("h0-leaf0", 0));
        assertMessage("fail:", () -> Faults.builder(tree).fail("leaf0-spine1", 0).fail("leaf0-spine1", 0));
        assertMessage("degrade:", () -> Faults.builder(tree).degrade("leaf0-spine1", 0));
        Faults.Builder all = Faults.builder(tree);
        for (int s = 0; s < 8; s++) {
            all.fail("leaf0-spine" + s, 0);
        }
        assertMessage("fail:", all::build);
    }
}
