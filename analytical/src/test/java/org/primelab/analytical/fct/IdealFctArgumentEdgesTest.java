package org.primelab.analytical.fct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * {@link IdealFct#lonePathPs} at the edges of its documented domain: a header of 0 B, no propagation delay
 * and a single link are all valid inputs, where the formula reduces to pure serialization; the first
 * invalid value of each argument is refused with a message naming the option.
 */
class IdealFctArgumentEdgesTest {
    private static final long G400 = 400_000_000_000L;

    /**
     * 4096 B of MTU without header at 400G serializes in 81.92 ns. Two whole packets on one link with no
     * delay: {@code (n-1) T + T_last + 0 + 0 = 2 T}; one 100 B packet: {@code h T_last = 2 ns}.
     */
    @Test
    void headerlessDelaylessSingleLinkIsPureSerialization() {
        assertEquals(163_840, IdealFct.lonePathPs(8192, 4096, 0, G400, 0, 1));
        assertEquals(2_000, IdealFct.lonePathPs(100, 4096, 0, G400, 0, 1));
        // one more link adds one MTU serialization (the pipeline is paced by the largest packet)
        assertEquals(163_840 + 81_920, IdealFct.lonePathPs(8192, 4096, 0, G400, 0, 2));
    }

    @Test
    void theFirstInvalidValueOfEachArgumentIsRefusedByName() {
        assertEquals("mtu: must exceed the header (64 B), got 64", assertThrows(IllegalArgumentException.class,
                () -> IdealFct.lonePathPs(10, 64, 64, G400, 0, 4)).getMessage());
        assertEquals("mtu: must exceed the header (-1 B), got 4160", assertThrows(IllegalArgumentException.class,
                () -> IdealFct.lonePathPs(10, 4160, -1, G400, 0, 4)).getMessage());
        assertEquals("delay: must be >= 0 ps, got -1", assertThrows(IllegalArgumentException.class,
                () -> IdealFct.lonePathPs(10, 4160, 64, G400, -1, 4)).getMessage());
        assertEquals("hops: must be >= 1, got 0", assertThrows(IllegalArgumentException.class,
                () -> IdealFct.lonePathPs(10, 4160, 64, G400, 0, 0)).getMessage());
        assertEquals("rate: must be > 0 bit/s, got 0", assertThrows(IllegalArgumentException.class,
                () -> IdealFct.lonePathPs(10, 4160, 64, 0, 0, 4)).getMessage());
    }
}
