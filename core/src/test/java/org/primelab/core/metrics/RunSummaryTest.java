package org.primelab.core.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;

/** The run summary's fields, their order and their units. */
class RunSummaryTest {

    @Test
    void fieldsInOrderWithUnitsConverted() {
        FatTree tree = FatTree.twoTier(8);
        FctStatistics fct = FctStatistics.of(new long[] {3 * Units.PS_PER_US, 5 * Units.PS_PER_US});
        // the Ratio is the run's (RunResult.ratio: at the receiver), not recomputed from the FCTs given
        RunSummary s = new RunSummary("prime", tree, 400 * Units.GBPS, 2_000_000, 2, fct, FctConvention.SENDER,
                4 * Units.PS_PER_US, 1.125, 12, 1.5, 7, 6, 5, 4, 1_000, 0.25);
        Map<String, Object> m = s.toMap();
        assertEquals(List.of("scheme", "hosts", "tiers", "k", "rate_gbps", "flow_size_bytes", "flows", "max_fct_us",
                "mean_fct_us", "p99_fct_us", "ideal_max_fct_us", "ratio", "max_queue_pkts", "mean_queue_pkts", "trims",
                "nacks", "retransmissions", "ecn_marks", "events", "wall_s", "fct_at"), List.copyOf(m.keySet()));
        assertEquals("prime", m.get("scheme"));
        assertEquals(32, m.get("hosts"));
        assertEquals(2, m.get("tiers"));
        assertEquals(8, m.get("k"));
        assertEquals(400.0, m.get("rate_gbps"));
        assertEquals(2_000_000L, m.get("flow_size_bytes"));
        assertEquals(2, m.get("flows"));
        assertEquals(5.0, m.get("max_fct_us"));
        assertEquals(4.0, m.get("mean_fct_us"));
        assertEquals(5.0, m.get("p99_fct_us"));
        assertEquals(4.0, m.get("ideal_max_fct_us"));
        assertEquals(1.125, m.get("ratio"));
        assertEquals(12, m.get("max_queue_pkts"));
        assertEquals(1.5, m.get("mean_queue_pkts"));
        assertEquals(7L, m.get("trims"));
        assertEquals(6L, m.get("nacks"));
        assertEquals(5L, m.get("retransmissions"));
        assertEquals(4L, m.get("ecn_marks"));
        assertEquals(1_000L, m.get("events"));
        assertEquals(0.25, m.get("wall_s"));
        assertEquals("sender", m.get("fct_at"));
    }
}
