package org.primelab.core.resources;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * The guard's refusals are one line naming the driving option, the estimate and the limit; the byte and
 * duration texts in them switch units exactly at the unit's size.
 */
class ResourceGuardMessageTest {
    private static final long GIB = 1L << 30;

    /** Heap refusal, in full: option, run, estimate, limit (80% of the max heap) and the way out. */
    @Test
    void heapRefusalNamesOptionEstimateAndLimit() {
        ResourceGuard.Estimate e = new ResourceGuard.Estimate("the packet simulation", "k", 9.0 * GIB, "flow-size", 1);
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class,
                () -> ResourceGuard.require(e, true, 10 * GIB));
        assertEquals("k: the packet simulation needs about 9.0 GiB of heap, more than the limit of 8.0 GiB (80% of"
                + " the JVM's max heap 10.0 GiB; raise -Xmx through PRIME_JAVA_OPTS, or choose a smaller scenario)",
                x.getMessage());
    }

    /** Time refusal, in full: option, run, events, wall time at the stated speed, both budgets, --force. */
    @Test
    void timeRefusalNamesOptionEventsDurationAndBudgets() {
        ResourceGuard.Estimate e = new ResourceGuard.Estimate("the fluid simulation", "k", 1, "flow-size", 7.2e9);
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class,
                () -> ResourceGuard.require(e, false, GIB));
        assertEquals("flow-size: the fluid simulation needs about 7.2e+09 events, about 2.0 h at 1e+06 events/s,"
                + " beyond the budget of 3600 s and 1e+10 events (--force runs it anyway)", x.getMessage());
        assertDoesNotThrow(() -> ResourceGuard.require(e, true, GIB));
    }

    /** --force lifts the event cap too, but never the heap limit, however small the events. */
    @Test
    void forceLiftsTheEventCapButNotTheHeap() {
        ResourceGuard.Estimate many = new ResourceGuard.Estimate("the run", "k", 1, "flow-size", 1e12);
        assertThrows(IllegalArgumentException.class, () -> ResourceGuard.require(many, false, GIB));
        assertDoesNotThrow(() -> ResourceGuard.require(many, true, GIB));
        ResourceGuard.Estimate fat = new ResourceGuard.Estimate("the run", "k", GIB, "flow-size", 0);
        assertThrows(IllegalArgumentException.class, () -> ResourceGuard.require(fat, true, GIB));
    }

    /** Bytes switch to the next binary unit exactly at 1024 of the current one; the largest unit is EiB. */
    @Test
    void bytesSwitchUnitsAtExactly1024() {
        assertEquals("1023.0 B", ResourceGuard.bytes(1023));
        assertEquals("1.0 KiB", ResourceGuard.bytes(1024));
        assertEquals("1.5 MiB", ResourceGuard.bytes(1.5 * (1 << 20)));
        assertEquals("3.0 GiB", ResourceGuard.bytes(3.0 * GIB));
        assertEquals("1.0 EiB", ResourceGuard.bytes(Math.pow(2, 60)));
        assertEquals("1024.0 EiB", ResourceGuard.bytes(Math.pow(2, 70)));   // no unit beyond EiB
        assertEquals("more than a long holds", ResourceGuard.bytes(Double.POSITIVE_INFINITY));
    }

    /** Durations in the largest unit they reach: s below a minute, then min, h, days, years at exactly one unit. */
    @Test
    void durationSwitchesUnitsAtExactlyOneUnit() {
        assertEquals("59.9 s", ResourceGuard.duration(59.9));
        assertEquals("1.0 min", ResourceGuard.duration(60));
        assertEquals("2.5 min", ResourceGuard.duration(150));
        assertEquals("59.5 min", ResourceGuard.duration(3570));
        assertEquals("1.0 h", ResourceGuard.duration(3600));
        assertEquals("2.5 h", ResourceGuard.duration(9000));
        assertEquals("1.0 days", ResourceGuard.duration(86_400));
        assertEquals("2.5 days", ResourceGuard.duration(216_000));
        assertEquals("1.0 years", ResourceGuard.duration(86_400 * 365.0));
        assertEquals("2.5 years", ResourceGuard.duration(2.5 * 86_400 * 365.0));
        assertEquals("forever", ResourceGuard.duration(Double.POSITIVE_INFINITY));
        assertEquals("forever", ResourceGuard.duration(Double.NaN));
    }
}
