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
        assertEquals(1_500L, Units.parseRate("1.5k"));
        assertEquals(400L, Units.parseRate("400bps"));
    }

    /** A bare number is no rate, as a bare number is no time: 400 could mean 400G as easily as 400 bit/s. */
    @Test
    void aRateWithoutAUnitIsRefusedListingTheUnits() {
        for (String bare : new String[] {"400", "1.5", "0"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Units.parseRate("degrade-to",
                    bare));
            assertEquals("degrade-to: cannot parse '" + bare + "'; expected a unit, a bare number is ambiguous: a number"
                    + " with T, G, Gbps, M, Mbps, k or bps (e.g. 400G)", e.getMessage());
        }
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

    @Test
    void conversionsToAndFromPicoseconds() {
        assertEquals(1_500, Units.ns(1.5));
        assertEquals(2_500_000, Units.us(2.5));
        assertEquals(1.5, Units.toMicros(1_500_000));
        assertEquals(3.0, Units.toSeconds(3 * Units.PS_PER_S));
        assertEquals(400_000_000_000L, Units.gbps(400));
        assertEquals(500_000_000L, Units.gbps(0.5));
    }

    @Test
    void formatsTimeWithTheLargestReadableUnit() {
        assertEquals("999ps", Units.formatTime(999));
        assertEquals("1ns", Units.formatTime(1_000));
        assertEquals("1.5ns", Units.formatTime(1_500));
        assertEquals("-1.5ns", Units.formatTime(-1_500));
        assertEquals("999.999ns", Units.formatTime(999_999));
        assertEquals("1us", Units.formatTime(Units.PS_PER_US));
        assertEquals("2.25us", Units.formatTime(2_250_000));
        assertEquals("1ms", Units.formatTime(Units.PS_PER_MS));
        assertEquals("2500ms", Units.formatTime(2_500 * Units.PS_PER_MS));
        for (String t : new String[] {"7ps", "600ns", "1.5us", "2ms"}) {
            assertEquals(Units.parseTime(t), Units.parseTime(Units.formatTime(Units.parseTime(t))), t + " round trip");
        }
    }

    @Test
    void formatsRatesInGigabits() {
        assertEquals("400G", Units.formatRate(400_000_000_000L));
        assertEquals("1600G", Units.formatRate(Units.parseRate("1.6T")));
        assertEquals("1.5G", Units.formatRate(1_500_000_000L));
        assertEquals("0.1G", Units.formatRate(100_000_000L));
        assertEquals("0G", Units.formatRate(0));
    }

    @Test
    void serializationBoundaries() {
        assertEquals(0, Units.serializationPs(0, 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Units.serializationPs(1, 0));
        assertTrue(e.getMessage().startsWith("rate:"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Units.serializationPs(-1, 1));
        assertTrue(e.getMessage().startsWith("bytes:"), e.getMessage());
        // exact division needs no rounding; one bit more rounds up by one picosecond
        assertEquals(Units.PS_PER_S, Units.serializationPs(1, 8));
        assertEquals(Units.PS_PER_S / 8 * 9, Units.serializationPs(9, 64));
    }
}
