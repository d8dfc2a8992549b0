package org.primelab.core.workload.htsim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.core.units.Units;

/** {@link HtsimHeader}: the settings main_uec prints before its first flow event, and nothing after it. */
class HtsimHeaderTest {
    private static HtsimHeader parse(String text) throws IOException {
        return HtsimHeader.parse("out.txt", new BufferedReader(new StringReader(text)));
    }

    @Test
    void readsTheRateTheLatencyTheMtuAndTheTiers() throws IOException {
        HtsimHeader h = parse("""
                no_of_nodes 128
                tiers 3
                Hop latency set to 0.25
                Packet size (MTU) is 9000
                Linkspeed set to 800Gbps
                """);
        assertEquals(800 * Units.GBPS, h.linkRateBps());
        assertEquals(250_000, h.hopLatencyPs());
        assertEquals(9000, h.mtuBytes());
        assertEquals(3, h.tiers());
        assertEquals(List.of(5, 3, 4, 2), h.lines());
        assertNull(h.contradiction(800 * Units.GBPS, 250_000, 9000, 3));
        // htsim prints whole Gbps (integer division) and 6 significant digits of the latency (review 42)
        HtsimHeader fractional = parse("Linkspeed set to 12Gbps\nHop latency set to 1.23457\n");
        assertNull(fractional.contradiction(12_500_000_000L, 1_234_567, 4160, 2), "12.5G prints as 12Gbps");
        assertEquals("rate: the options give 13G, but out.txt ran at 12G ('Linkspeed set to', line 1, whole Gbps);"
                + " give the --rate it ran", fractional.contradiction(13 * Units.GBPS, 1_234_567, 4160, 2));
        assertEquals("tiers: the options give 2, but out.txt ran a 3-tier tree ('tiers', line 2); give --tiers 3",
                h.contradiction(800 * Units.GBPS, 250_000, 9000, 2));
    }

    @Test
    void settingsAfterTheFirstFlowEventOrMissingAreNotChecked() throws IOException {
        HtsimHeader h = parse("""
                Flow Uec_0_1 flowId 1 uecSrc 0 starting at 0
                Linkspeed set to 400Gbps
                Hop latency set to 99999999999999999999
                """);
        assertEquals(HtsimHeader.ABSENT, h.linkRateBps());
        assertEquals(HtsimHeader.ABSENT, h.hopLatencyPs());
        assertNull(h.contradiction(100 * Units.GBPS, 1, 1500, 2), "nothing printed, nothing contradicted");
        HtsimHeader huge = parse("Hop latency set to 99999999999999999999\n");
        assertEquals(HtsimHeader.ABSENT, huge.hopLatencyPs(), "a value no run has is left unchecked, not overflowed");
    }
}
