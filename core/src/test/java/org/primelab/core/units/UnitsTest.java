package org.primelab.core.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class UnitsTest {
    @Test
    void parsesTimes() {
        assertEquals(600_000, Units.parseTime("600ns"));
        assertEquals(1_500_000, Units.parseTime("1.5us"));
        assertEquals(2_000_000_000L, Units.parseTime("2ms"));
        assertEquals(7, Units.parseTime("7ps"));
        assertEquals(Units.PS_PER_S, Units.parseTime("1s"));
    }

    @Test
    void parsesSizesDecimalAndBinary() {
        assertEquals(2_000_000, Units.parseBytes("2MB"));
        assertEquals(2 * 1024 * 1024, Units.parseBytes("2MiB"));
        assertEquals(4160, Units.parseBytes("4160"));
        assertEquals(4160, Units.parseBytes("4160B"));
        assertEquals(8_000, Units.parseBytes("8KB"));
    }

    @Test
    void parsesRates() {
        assertEquals(400_000_000_000L, Units.parseRate("400G"));
        assertEquals(400_000_000_000L, Units.parseRate("400Gbps"));
        assertEquals(100_000_000L, Units.parseRate("100M"));
        assertEquals(1_600_000_000_000L, Units.parseRate("1.6T"));
    }

    @Test
    void badTextIsNamed() {
        for (String bad : new String[] {"", "fast", "-5ns", "5 parsecs", "1.5", "0.1ps"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Units.parseTime(bad));
            assertTrue(e.getMessage().startsWith("time:"), e.getMessage());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Units.parseBytes("2XB"));
        assertTrue(e.getMessage().contains("'2XB'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Units.parseRate("-400G"));
        assertTrue(e.getMessage().startsWith("rate:"), e.getMessage());
    }

    @Test
    void serializationIsExactOrRoundedUp() {
        assertEquals(83_200, Units.serializationPs(4160, Units.parseRate("400G")));
        assertEquals(332_800, Units.serializationPs(4160, Units.parseRate("100G")));
        assertEquals(41_600, Units.serializationPs(4160, Units.parseRate("800G")));
        assertEquals(8, Units.serializationPs(1, Units.parseRate("1T")));
        assertEquals(3, Units.serializationPs(1, 3_000_000_000_000L), "8/3 ps rounds up to 3");
        // 2 MB at 1 kbit/s: bits x 10^12 overflows a long, the result does not.
        assertEquals(16_000L * Units.PS_PER_S, Units.serializationPs(2_000_000, 1_000));
        assertEquals(4160, Units.bytesIn(83_200, Units.parseRate("400G")));
    }
}
