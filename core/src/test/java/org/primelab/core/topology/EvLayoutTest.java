package org.primelab.core.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class EvLayoutTest {
    @Test
    void packUnpackAndPathIndexAreInverse() {
        EvLayout l = EvLayout.of(12, 5);
        assertEquals(4, l.bits(0));
        assertEquals(3, l.bits(1));
        assertEquals(60, l.pathCount());
        for (int a = 0; a < 12; a++) {
            for (int b = 0; b < 5; b++) {
                int ev = l.pack(a, b);
                assertEquals(a, l.part(ev, 0));
                assertEquals(b, l.part(ev, 1));
                assertEquals(a + 12 * b, l.pathIndex(ev));
                assertEquals(ev, l.evOfPath(l.pathIndex(ev)));
            }
        }
        assertEquals(0, EvLayout.of(1).bits(0));
    }

    @Test
    void rejectsOutOfRangePorts() {
        FatTreeTest.assertMessage("ports[1]", () -> EvLayout.of(4, 4).pack(0, 4));
        FatTreeTest.assertMessage("uplinks[0]", () -> EvLayout.of(0));
    }

    @Test
    void valueSemanticsAndDescription() {
        EvLayout a = EvLayout.of(12, 5);
        assertEquals(EvLayout.of(12, 5), a);
        assertEquals(EvLayout.of(12, 5).hashCode(), a.hashCode());
        org.junit.jupiter.api.Assertions.assertNotEquals(EvLayout.of(5, 12), a);
        org.junit.jupiter.api.Assertions.assertNotEquals(EvLayout.of(12), a);
        org.junit.jupiter.api.Assertions.assertNotEquals(a, "EvLayout");
        assertEquals("EvLayout[part1=12 ports/4 bits, part2=5 ports/3 bits]", a.toString());
        assertEquals("EvLayout[part1=1 ports/0 bits]", EvLayout.of(1).toString());
        int[] copy = a.uplinks();
        copy[0] = 99;
        assertEquals(12, a.uplinks(0), "the record hands out copies");
    }

    @Test
    void widthsAreCeilLog2() {
        int[] expected = {0, 0, 1, 2, 2, 3, 3, 3, 3, 4};
        for (int n = 1; n < expected.length; n++) {
            assertEquals(expected[n], EvLayout.of(n).bits(0), "bits for " + n);
        }
        assertEquals(15, EvLayout.of(1 << 15).bits(0));
    }

    @Test
    void outOfRangeValuesNameTheRange() {
        EvLayout l = EvLayout.of(4, 3);
        FatTreeTest.assertMessage("ports[1]: must be in [0, 2], got 3", () -> l.pack(0, 3));
        FatTreeTest.assertMessage("ports[0]: must be in [0, 3], got -1", () -> l.pack(-1, 0));
        FatTreeTest.assertMessage("pathIndex: must be in [0, 11], got 12", () -> l.evOfPath(12));
        FatTreeTest.assertMessage("pathIndex: must be in [0, 11], got -1", () -> l.evOfPath(-1));
        assertEquals(l.pack(3, 2), l.evOfPath(11));
        assertEquals(l.pack(0, 0), l.evOfPath(0));
    }
}
