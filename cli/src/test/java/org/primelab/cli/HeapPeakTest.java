package org.primelab.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@link HeapPeak}: an array held across a collection and then dropped counts in the peak although the heap in use at
 * the end no longer holds it (the collection's notification carries the heap used before it), and the peak never
 * exceeds the heap's limit.
 */
class HeapPeakTest {
    private static final int ARRAY_BYTES = 64 << 20;

    @Test
    void aDroppedArrayCountsInThePeakWhichStaysUnderTheLimit() {
        try (HeapPeak peak = HeapPeak.start()) {
            byte[] held = new byte[ARRAY_BYTES];
            held[held.length - 1] = 1;
            System.gc();                            // a collection while the array is held: its notification counts it
            long whileHeld = Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory();
            assertTrue(held[held.length - 1] == 1 && whileHeld >= ARRAY_BYTES, "held: " + whileHeld);
            held = null;
            System.gc();                            // and one after it was dropped
            long atEnd = Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory();
            long bytes = peak.peakBytes();
            assertTrue(bytes >= ARRAY_BYTES, "peak " + bytes + " B, the array alone " + ARRAY_BYTES + " B");
            assertTrue(bytes > atEnd, "peak " + bytes + " B, in use at the end " + atEnd + " B");
            assertTrue(bytes <= Runtime.getRuntime().maxMemory(), "peak " + bytes + " B over the limit "
                    + Runtime.getRuntime().maxMemory() + " B");
        }
    }
}
