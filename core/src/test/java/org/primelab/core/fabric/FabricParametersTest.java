package org.primelab.core.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.primelab.core.topology.FatTreeTest.assertMessage;

import org.junit.jupiter.api.Test;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;

class FabricParametersTest {
    @Test
    void paperDefaultsOnTheTwoTierTree() {
        FabricParameters p = FabricParameters.paperDefaults(FatTree.twoTier(16));
        // 4 x (600 ns + 83.2 ns) out + 4 x (600 ns + 1.28 ns) back
        assertEquals(5_137_920, p.baseRttPs());
        assertEquals(256_896, p.bdpBytes());
        assertEquals(62, p.bdpPackets());
        assertEquals(64_224, p.kMinBytes());
        assertEquals(192_672, p.kMaxBytes());
        assertEquals(256_896, p.trimBytes());
        assertEquals(256_896 + 4 * 4160, p.lineRateWindowBytes());
    }

    @Test
    void threeTierUsesSixLinks() {
        FabricParameters p = new FabricParameters(FatTree.threeTier(16), 800_000_000_000L, 600_000, 4160, 64, 4,
                0.25, 0.75, 1.0);
        // 6 x (600 ns + 41.6 ns) + 6 x (600 ns + 0.64 ns) = 7,453,440 ps -> 745,344 B at 800G
        assertEquals(7_453_440, p.baseRttPs());
        assertEquals(745_344, p.bdpBytes());
    }

    @Test
    void badValuesNameTheOption() {
        FatTree t = FatTree.twoTier(4);
        assertMessage("rate:", () -> new FabricParameters(t, 0, 1, 4160, 64, 4, 0.25, 0.75, 1));
        assertMessage("mtu:", () -> new FabricParameters(t, 1, 1, 64, 64, 4, 0.25, 0.75, 1));
        assertMessage("ack-every:", () -> new FabricParameters(t, 1, 1, 4160, 64, 0, 0.25, 0.75, 1));
        assertMessage("kmax:", () -> new FabricParameters(t, 1, 1, 4160, 64, 4, 0.75, 0.25, 1));
        assertMessage("trim:", () -> new FabricParameters(t, 1, 1, 4160, 64, 4, 0.25, 0.75, 0));
    }

    @Test
    void bdpPacketsIsTheBdpInWholePacketsRoundedUp() {
        FatTree t = FatTree.twoTier(4);
        int mtu = 128;
        for (long propagation = 0; propagation < 4_000; propagation += 7) {
            FabricParameters p = new FabricParameters(t, 100 * org.primelab.core.units.Units.GBPS, propagation, mtu, 64, 4,
                    0.25, 0.75, 1.0);
            long bdp = p.bdpBytes();
            int packets = p.bdpPackets();
            // ceil: the fewest whole packets that hold the BDP
            org.junit.jupiter.api.Assertions.assertTrue((long) packets * mtu >= bdp && (long) (packets - 1) * mtu < bdp,
                    "BDP " + bdp + " B gave " + packets + " packets of " + mtu);
        }
    }

    /**
     * One MTU's serialization in whole picoseconds, rounded up: 4160 B at 400 Gb/s is exactly 83.2 ns;
     * at 300 Gb/s it is 110,933.3 ps, so 110,934; and it is the data term of the base RTT
     * ({@code 4 x (2 x 600 ns + t_MTU + 1.28 ns)} on the 2-tier tree).
     */
    @Test
    void mtuSerializationIsTheCeilingOfBitsOverRate() {
        FabricParameters p = FabricParameters.paperDefaults(FatTree.twoTier(16));
        assertEquals(83_200, p.mtuSerializationPs());
        assertEquals(p.baseRttPs(), 4 * (2 * 600_000 + p.mtuSerializationPs() + 1_280));
        FabricParameters slow = new FabricParameters(FatTree.twoTier(4), 300_000_000_000L, 600_000, 4160, 64, 4,
                0.25, 0.75, 1.0);
        assertEquals(110_934, slow.mtuSerializationPs());
    }

    /**
     * A round trip beyond the clock's room for derived timers is refused under the option that makes most
     * of it: 1 bit/s makes a 4160 B MTU take 33,280 s per hop (the serialization dominates: rate), 10^6 s
     * wires at 400G make the delay dominate (delay).
     */
    @Test
    void anOverlongRoundTripNamesTheOptionThatMakesIt() {
        FatTree tree = FatTree.twoTier(8);
        IllegalArgumentException slow = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new FabricParameters(tree, 1, FabricParameters.DEFAULT_PROPAGATION_PS,
                        FabricParameters.DEFAULT_MTU_BYTES, FabricParameters.DEFAULT_HEADER_BYTES,
                        FabricParameters.DEFAULT_ACK_EVERY, FabricParameters.DEFAULT_KMIN_BDP,
                        FabricParameters.DEFAULT_KMAX_BDP, FabricParameters.DEFAULT_TRIM_BDP));
        // 4 x (600 ns + 4160 x 8 s) + 4 x (600 ns + 64 x 8 s) = 135,168 s + 4.8 us
        assertEquals("rate: the base round trip of 135168000.005ms (4 links of 600ns each way at 1bps) is beyond"
                + " the largest of 9007199.255ms whose derived timers fit a run's clock", slow.getMessage());
        IllegalArgumentException far = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new FabricParameters(tree, FabricParameters.DEFAULT_RATE_BPS, 1_000_000L * Units.PS_PER_S,
                        FabricParameters.DEFAULT_MTU_BYTES, FabricParameters.DEFAULT_HEADER_BYTES,
                        FabricParameters.DEFAULT_ACK_EVERY, FabricParameters.DEFAULT_KMIN_BDP,
                        FabricParameters.DEFAULT_KMAX_BDP, FabricParameters.DEFAULT_TRIM_BDP));
        assertTrue(far.getMessage().startsWith("delay: the base round trip of "), far.getMessage());
        assertTrue(far.getMessage().contains("each way at 400G)"), far.getMessage());
    }
}
