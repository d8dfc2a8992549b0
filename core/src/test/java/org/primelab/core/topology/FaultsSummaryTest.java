package org.primelab.core.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * {@link Faults#toString()}: the one-line summary a run prints of its fault set. Its content is derived by
 * hand from the 2-tier k=8 tree's wiring (hosts 0..31 own links 0..63; cable leaf{@code t}-spine{@code s}
 * is links {@code 64 + 2(4t+s)} up and {@code +1} down): the count of failed (degraded) directed links, then
 * the first four of them in increasing link id with their failure time (rate), then ", ..." if more remain.
 */
class FaultsSummaryTest {
    private static final long G = 1_000_000_000L;
    private final FatTree tree = FatTree.twoTier(8);

    /** An empty fault set names the tree it applies to. */
    @Test
    void noFaultsNamesTheTree() {
        assertEquals("no faults on 2-tier FatTree k=8 (32 hosts, 12 switches, 64 cables)", Faults.none(tree).toString());
    }

    /** Exactly four failed links are all listed (ordered by link id, not by call order) without an ellipsis. */
    @Test
    void fourFailedLinksAreListedInLinkOrder() {
        Faults f = Faults.builder(tree).fail("leaf2-spine0", 1_500_000).fail("leaf0-spine0", 0).build();
        assertEquals("4 failed directed links (leaf0->spine0 from 0ps, spine0->leaf0 from 0ps,"
                + " leaf2->spine0 from 1.5us, spine0->leaf2 from 1.5us)", f.toString());
    }

    /** A fifth failed link is counted but elided. */
    @Test
    void aFifthFailedLinkIsCountedAndElided() {
        Faults f = Faults.builder(tree).fail("leaf0-spine0", 0).fail("leaf2-spine0", 1_500_000)
                .fail("leaf3->spine1", 2_000).build();
        assertEquals("5 failed directed links (leaf0->spine0 from 0ps, spine0->leaf0 from 0ps,"
                + " leaf2->spine0 from 1.5us, spine0->leaf2 from 1.5us, ...)", f.toString());
    }

    /** Degraded links alone: no failed-links part; fewer than four are all listed with their rates. */
    @Test
    void degradedLinksOnlyListTheirRates() {
        Faults f = Faults.builder(tree).degrade("spine3->leaf1", 12_500_000_000L).degrade("leaf1->spine2", 100 * G)
                .build();
        assertEquals("2 degraded directed links (leaf1->spine2 at 100G, spine3->leaf1 at 12.5G)", f.toString());
    }

    /** Both kinds: failed part first, then the degraded part, each elided after four links. */
    @Test
    void failedThenDegradedEachElidedAfterFour() {
        Faults f = Faults.builder(tree).fail("leaf5->spine3", 7_000_000_000L)
                .degrade("leaf1-spine2", 100 * G).degrade("leaf4-spine0", 100 * G).degrade("leaf7->spine3", 100 * G)
                .build();
        assertEquals("1 failed directed links (leaf5->spine3 from 7ms), 5 degraded directed links"
                + " (leaf1->spine2 at 100G, spine2->leaf1 at 100G, leaf4->spine0 at 100G, spine0->leaf4 at 100G, ...)",
                f.toString());
        Faults four = Faults.builder(tree).degrade("leaf1-spine2", 100 * G).degrade("leaf4-spine0", 100 * G).build();
        assertEquals("4 degraded directed links (leaf1->spine2 at 100G, spine2->leaf1 at 100G, leaf4->spine0 at 100G,"
                + " spine0->leaf4 at 100G)", four.toString());
    }
}
