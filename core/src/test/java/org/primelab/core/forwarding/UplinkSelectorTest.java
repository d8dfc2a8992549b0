package org.primelab.core.forwarding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.primelab.core.entropy.Forwarding;
import org.primelab.core.random.Seeds;
import org.primelab.core.topology.EvLayout;
import org.primelab.core.topology.FatTree;

class UplinkSelectorTest {
    private static final EvLayout LAYOUT = EvLayout.of(8, 4);
    private static final long SALT = Seeds.derive(7, Seeds.SWITCH_SALT, 3);

    @Test
    void healthyPortIndexReadsThePartOfTheTier() {
        for (int ev = 0; ev < 32; ev++) {
            assertEquals(LAYOUT.part(ev, 0), UplinkSelector.select(Forwarding.PORT_INDEX, LAYOUT, 5, 1, 8, 9, ev, SALT,
                    UplinkSelector.ALL, null, null));
            assertEquals(LAYOUT.part(ev, 1), UplinkSelector.select(Forwarding.PORT_INDEX, LAYOUT, 5, 2, 4, 9, ev, SALT,
                    UplinkSelector.ALL, null, null));
        }
    }

    @Test
    void healthyHashIsTheSaltedHash() {
        for (int ev = 0; ev < 100; ev++) {
            assertEquals(Seeds.hashPort(9, ev, SALT, 8), UplinkSelector.select(Forwarding.HASH, LAYOUT, 5, 1, 8, 9, ev,
                    SALT, UplinkSelector.ALL, null, null));
        }
    }

    @Test
    void validChoicesStayAndInvalidOnesSpreadOverTheValidPorts() {
        long valid = 0b1011_0110L;   // ports 1, 2, 4, 5, 7
        int[] remapped = new int[8];
        for (Forwarding kind : new Forwarding[] {Forwarding.PORT_INDEX, Forwarding.HASH}) {
            for (int ev = 0; ev < 4096; ev++) {
                int healthy = UplinkSelector.select(kind, LAYOUT, 5, 1, 8, 9, ev, SALT, UplinkSelector.ALL, null, null);
                int port = UplinkSelector.select(kind, LAYOUT, 5, 1, 8, 9, ev, SALT, valid, null, null);
                assertTrue((valid >>> port & 1) == 1, "lands on a valid port");
                if ((valid >>> healthy & 1) == 1) {
                    assertEquals(healthy, port, "a valid choice is kept");
                } else {
                    remapped[port]++;
                    assertEquals(port, UplinkSelector.select(kind, LAYOUT, 5, 1, 8, 9, ev, SALT, valid, null, null),
                            "stateless");
                }
            }
        }
        // PORT_INDEX: 3 of 8 ports dead, 4096 EVs -> 1536 remaps; HASH about as many. Each valid port gets
        // a fifth of them: far from "all on one neighbour".
        int total = 0;
        for (int p = 0; p < 8; p++) {
            total += remapped[p];
        }
        for (int p = 0; p < 8; p++) {
            if ((valid >>> p & 1) == 1) {
                assertTrue(Math.abs(remapped[p] - total / 5.0) < 0.15 * total / 5.0, "port " + p + ": " + remapped[p]);
            } else {
                assertEquals(0, remapped[p]);
            }
        }
    }

    @Test
    void emptyValidSetForwardsAsIfIntact() {
        for (int ev = 0; ev < 32; ev++) {
            assertEquals(UplinkSelector.select(Forwarding.PORT_INDEX, LAYOUT, 5, 1, 8, 9, ev, SALT, UplinkSelector.ALL,
                    null, null), UplinkSelector.select(Forwarding.PORT_INDEX, LAYOUT, 5, 1, 8, 9, ev, SALT, 0, null, null));
        }
    }

    @Test
    void adaptivePicksTheShortestValidQueueAndBreaksTiesUniformly() {
        long[] q = {50, 10, 10, 40, 10, 90, 10, 30};
        QueueDepths depths = (sw, up) -> q[up];
        long valid = 0b1111_1110L;   // port 0 dead
        SplittableRandom ties = new SplittableRandom(3);
        int[] hits = new int[8];
        for (int i = 0; i < 40_000; i++) {
            hits[UplinkSelector.select(Forwarding.ADAPTIVE, LAYOUT, 5, 1, 8, 9, 0, SALT, valid, depths, ties)]++;
        }
        for (int p : new int[] {1, 2, 4, 6}) {
            assertTrue(Math.abs(hits[p] - 10_000) < 600, "port " + p + ": " + hits[p]);
        }
        assertEquals(40_000, hits[1] + hits[2] + hits[4] + hits[6]);
        q[3] = 0;
        assertEquals(3, UplinkSelector.select(Forwarding.ADAPTIVE, LAYOUT, 5, 1, 8, 9, 0, SALT, valid, depths, ties));
        q[0] = -1;   // shorter but not valid
        assertEquals(3, UplinkSelector.select(Forwarding.ADAPTIVE, LAYOUT, 5, 1, 8, 9, 0, SALT, valid, depths, ties));
    }

    /**
     * The salts are the documented derivation, {@code Seeds.derive(seed, SWITCH_SALT, node)}, for every node
     * of the tree (hosts included, so a salt can be looked up by node id), and the hash choice of a switch
     * is the salted hash with its own salt.
     */
    @Test
    void saltsAreTheDerivedSeedOfEveryNode() {
        FatTree tree = FatTree.threeTier(4);
        long[] salts = UplinkSelector.salts(tree, 11);
        assertEquals(tree.nodeCount(), salts.length);
        for (int node = 0; node < tree.nodeCount(); node++) {
            assertEquals(Seeds.derive(11, Seeds.SWITCH_SALT, node), salts[node], tree.nodeName(node));
        }
        int edge = tree.torNode(3);
        for (int ev = 0; ev < 16; ev++) {
            assertEquals(Seeds.hashPort(9, ev, salts[edge], 2), UplinkSelector.select(Forwarding.HASH, tree.evLayout(),
                    edge, 1, 2, 9, ev, salts[edge], UplinkSelector.ALL, null, null));
        }
    }

    /**
     * Adaptive routing on an intact switch (valid = ALL, or the empty set treated as ALL) picks the unique
     * shortest queue wherever it is, the last uplink included, and reads only the switch's own uplinks
     * (the queue array here has exactly {@code uplinks} entries, so a read past them would throw).
     */
    @Test
    void adaptiveOnAnIntactSwitchReadsExactlyItsUplinks() {
        for (int shortest = 0; shortest < 8; shortest++) {
            long[] q = {50, 40, 30, 20, 25, 35, 45, 55};
            q[shortest] = 5;
            QueueDepths depths = (sw, up) -> q[up];
            for (long valid : new long[] {UplinkSelector.ALL, 0}) {
                assertEquals(shortest, UplinkSelector.select(Forwarding.ADAPTIVE, LAYOUT, 5, 1, 8, 9, 0, SALT, valid,
                        depths, new SplittableRandom(1)));
            }
        }
    }
}
