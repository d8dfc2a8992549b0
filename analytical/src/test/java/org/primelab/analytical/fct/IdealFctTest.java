package org.primelab.analytical.fct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class IdealFctTest {
    private static final long G400 = 400_000_000_000L;

    @Test
    void singlePacketIsHopsTimesSerializationPlusPropagation() {
        // 100 B payload + 64 B header = 164 B = 3280 ps at 400G; 4 hops of 600 ns.
        assertEquals(4 * 3_280 + 4 * 600_000, IdealFct.lonePathPs(100, 4160, 64, G400, 600_000, 4));
    }

    @Test
    void twoMegabytesOnTheTwoTierPath() {
        // 2,000,000 B = 488 full packets of 4096 B + 1152 B; last packet 1216 B = 24,320 ps. The short
        // last packet waits behind its predecessor at each of the 3 switches.
        long expected = 488L * 83_200 + 24_320 + 3L * 83_200 + 4L * 600_000;
        assertEquals(expected, IdealFct.lonePathPs(2_000_000, 4160, 64, G400, 600_000, 4));
        assertEquals(489, IdealFct.packets(2_000_000, 4160, 64));
    }

    @Test
    void theSenderIsBusyForTheOneHopFctLessItsPropagation() {
        // 2,000,000 B: 488 MTUs of 83,200 ps and a last packet of 1216 B (24,320 ps); on one link the FCT is
        // exactly that plus one propagation delay, for any size (one packet, whole packets, a remainder)
        assertEquals(1216, IdealFct.lastPacketWireBytes(2_000_000, 4160, 64));
        assertEquals(488L * 83_200 + 24_320, IdealFct.senderBusyPs(2_000_000, 4160, 64, G400));
        for (long bytes : new long[] {1, 100, 4096, 4097, 8192, 1_000_000, 2_000_000, 16_000_000}) {
            assertEquals(IdealFct.lonePathPs(bytes, 4160, 64, G400, 600_000, 1) - 600_000,
                    IdealFct.senderBusyPs(bytes, 4160, 64, G400), bytes + " B");
        }
    }

    @Test
    void rejectsBadInput() {
        assertThrows(IllegalArgumentException.class, () -> IdealFct.lonePathPs(0, 4160, 64, G400, 0, 4));
        assertThrows(IllegalArgumentException.class, () -> IdealFct.lonePathPs(10, 64, 64, G400, 0, 4));
    }
}
