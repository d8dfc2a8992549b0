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
}
