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
        // a time whose detection delay would overflow (and NEVER itself) is refused; the latest accepted builds
        assertMessage("fail:", () -> Faults.builder(tree).fail("leaf0-spine3", Faults.MAX_FAIL_TIME_PS + 1));
        assertMessage("fail:", () -> Faults.builder(tree).failRandom(1, 3, Faults.NEVER));
        assertEquals(Faults.MAX_FAIL_TIME_PS, Faults.builder(tree).fail("leaf0-spine3", Faults.MAX_FAIL_TIME_PS).build()
                .failTime(tree.linksByName("leaf0-spine3")[0]));
        assertMessage("fail:", () -> Faults.builder(tree).fail("leaf0-spine1", 0).fail("leaf0-spine1", 0));
        assertMessage("degrade:", () -> Faults.builder(tree).degrade("leaf0-spine1", 0));
        Faults.Builder all = Faults.builder(tree);
        for (int s = 0; s < 8; s++) {
            all.fail("leaf0-spine" + s, 0);
        }
        assertMessage("fail:", all::build);
    }

    @Test
    void noFaultsIsEmptyAndNeverFails() {
        Faults none = Faults.none(tree);
        assertTrue(none.isEmpty());
        assertEquals(tree, none.tree());
        for (int l = 0; l < tree.linkCount(); l++) {
            assertEquals(Faults.NEVER, none.failTime(l));
            assertTrue(!none.isFailed(l, Long.MAX_VALUE - 1));
        }
        Faults degraded = Faults.builder(tree).degrade("leaf0->spine0", 1).build();
        assertTrue(!degraded.isEmpty());
        assertEquals(0, degraded.failedLinks().length);
        Faults failed = Faults.builder(tree).fail("leaf0->spine0", 7).build();
        assertTrue(!failed.isEmpty());
        assertEquals(7, failed.failTime(tree.linksByName("leaf0->spine0")[0]));
    }

    @Test
    void randomCountsAndFractionsAtTheirLimits() {
        int switchCables = 16 * 8;
        assertEquals(0, Faults.builder(tree).failRandom(0, 1, 0).build().failedLinks().length);
        assertMessage("fail-random: count must be in [0, 128], got -1", () -> Faults.builder(tree).failRandom(-1, 1, 0));
        assertMessage("fail-random: count must be in [0, 128], got 129", () -> Faults.builder(tree).failRandom(switchCables + 1, 1, 0));
        // every cable is a legal count; failing them all is then refused as disconnecting
        assertMessage("fail-random: the failure set leaves no path",
                () -> Faults.builder(tree).failRandom(switchCables, 1, 0).build());
        assertEquals(0, Faults.builder(tree).degradeRandomFraction(0, 1, 1).build().degradedLinks().length);
        assertEquals(2 * switchCables, Faults.builder(tree).degradeRandomFraction(1, 1, 1).build().degradedLinks().length);
        assertMessage("degrade-fraction:", () -> Faults.builder(tree).degradeRandomFraction(1.01, 1, 1));
        assertMessage("degrade-fraction:", () -> Faults.builder(tree).degradeRandomFraction(-0.01, 1, 1));
        assertMessage("degrade-fraction:", () -> Faults.builder(tree).degradeRandomFraction(Double.NaN, 1, 1));
        // a fraction that rounds to no cable is refused; half a cable rounds to one
        assertMessage("degrade-fraction: 0.003 of the 128 switch-to-switch cables rounds to none",
                () -> Faults.builder(tree).degradeRandomFraction(0.003, 1, 1));
        assertEquals(2, Faults.builder(tree).degradeRandomFraction(0.5 / switchCables, 1, 1).build().degradedLinks().length);
    }

    @Test
    void disconnectionIsDetectedAtEveryToR() {
        FatTree small = FatTree.twoTier(8);
        for (int leaf = 0; leaf < small.tors(); leaf++) {
            Faults.Builder b = Faults.builder(small);
            for (int s = 0; s < small.torUplinks(); s++) {
                b.fail("leaf" + leaf + "-spine" + s, 0);
            }
            assertMessage("fail: the failure set leaves no path", b::build);
        }
        // failing one direction only cuts the leaf off as a sender (up) or as a receiver (down)
        for (String dir : new String[] {"leaf7->spine%d", "spine%d->leaf7"}) {
            Faults.Builder oneWay = Faults.builder(small);
            for (int s = 0; s < small.torUplinks(); s++) {
                oneWay.fail(String.format(dir, s), 0);
            }
            assertMessage("fail: the failure set leaves no path", oneWay::build);
        }
        // one uplink left keeps every pair connected
        Faults.Builder b = Faults.builder(small);
        for (int s = 1; s < small.torUplinks(); s++) {
            b.fail("leaf7-spine" + s, 0);
        }
        assertEquals(2 * 3, b.build().failedLinks().length);
    }

    @Test
    void aToRWithoutHostsMayBeCutOff() {
        // hosts fill leaves in order: 12 hosts fill leaf0..leaf2 exactly, leaf3..leaf7 carry no host
        FatTree partial = FatTree.builder(2, 8).hosts(12).build();
        for (int leaf : new int[] {3, 7}) {
            Faults.Builder b = Faults.builder(partial);
            for (int s = 0; s < partial.torUplinks(); s++) {
                b.fail("leaf" + leaf + "-spine" + s, 0);
            }
            assertEquals(2 * partial.torUplinks(), b.build().failedLinks().length, "leaf" + leaf + " has no host");
        }
        Faults.Builder b = Faults.builder(partial);
        for (int s = 0; s < partial.torUplinks(); s++) {
            b.fail("leaf2-spine" + s, 0);
        }
        assertMessage("fail: the failure set leaves no path", b::build);
    }
}
