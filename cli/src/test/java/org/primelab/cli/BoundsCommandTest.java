package org.primelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code prime bounds ...}: real numbers from the analytical module and the bad-input contract. */
class BoundsCommandTest {

    @Test
    void ballsJsonCarriesTheExactDistribution() {
        EvCommandTest.Run r = EvCommandTest.run("bounds", "balls", "--balls", "8", "--bins", "8", "--json");
        assertEquals(0, r.code(), r.err());
        String o = r.out();
        assertTrue(o.startsWith("{\"balls\":8,\"bins\":8,"), o);
        assertTrue(o.contains("\"expected_max\":2.59723"), o);
        assertTrue(o.contains("\"p50\":2,\"p99\":4"), o);
        assertTrue(o.contains("\"p_max_le\":{\"1\":0.00240326,\"2\":0.500779,"), o);
    }

    @Test
    void ballsTextAndLargeCase() {
        EvCommandTest.Run r = EvCommandTest.run("bounds", "balls", "--balls", "100000", "--bins", "1024");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("E[max] = 131.31"), r.out());
    }

    @Test
    void rrJsonComparesTheSchemes() {
        EvCommandTest.Run r = EvCommandTest.run("bounds", "rr", "--flows", "8", "--ports", "8", "--window", "12",
                "--trials", "500", "--json");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\"shuffled_rr\":{\"per_flow_deviation_bound\":2.0,\"base\":8,\"remainder\":4,"
                + "\"excess_method\":\"exact DP over column histograms\",\"exact\":true"), r.out());
        assertTrue(r.out().contains("\"worst_case\":16"), r.out());
        assertTrue(r.out().contains("\"random_spraying\":{"), r.out());
        assertTrue(r.out().contains("\"hashed_evs\":{"), r.out());
    }

    @Test
    void downlinkLpMatchesClosedForm() {
        EvCommandTest.Run r = EvCommandTest.run("bounds", "downlink", "--tiers", "2", "--k", "8", "--delta", "2",
                "--window", "100", "--json");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\"fair_share\":100.0"), r.out());
        assertTrue(r.out().contains("\"integral_bound\":108.0,\"lp_worst_case\":108.0,\"closed_form_worst_case\":108.0"),
                r.out());
        assertTrue(r.out().contains("\"max_downlink_load\":2.0"), r.out());
    }

    @Test
    void idealFctHealthyEqualsLonePathAndFailureStretches() {
        EvCommandTest.Run ok = EvCommandTest.run("bounds", "ideal-fct", "--tiers", "2", "--k", "8", "--rate", "400G",
                "--flow-size", "2MB", "--json");
        assertEquals(0, ok.code(), ok.err());
        // 488 x 83,200 + 24,320 + 3 x 83,200 + 4 x 600,000 ps (IdealFctTest)
        assertTrue(ok.out().contains("\"phi\":1.0,\"ideal_max_fct_ps\":43275520,"), ok.out());
        assertTrue(ok.out().contains("\"lone_path_fct_ps\":43275520"), ok.out());
        EvCommandTest.Run f = EvCommandTest.run("bounds", "ideal-fct", "--tiers", "2", "--k", "8", "--rate", "400G",
                "--flow-size", "2MB", "--fail", "leaf0-spine0", "--degrade", "leaf1-spine1=100G", "--json");
        assertEquals(0, f.code(), f.err());
        assertTrue(f.out().contains("\"phi\":0.75,"), f.out());
    }

    @Test
    void badInputIsOneLineAndExitTwo() {
        String[][] bad = {
            {"bounds", "balls", "--balls", "-1", "--bins", "4"},
            {"bounds", "balls", "--balls", "4", "--bins", "0"},
            {"bounds", "balls", "--balls", "4", "--bins", "4", "--method", "guess"},
            {"bounds", "rr", "--flows", "0", "--ports", "4", "--window", "4"},
            {"bounds", "rr", "--flows", "4", "--ports", "4", "--window", "0"},
            {"bounds", "downlink", "--delta", "-1"},
            {"bounds", "downlink", "--k", "7", "--delta", "1"},
            {"bounds", "ideal-fct", "--rate", "fast", "--flow-size", "2MB"},
            {"bounds", "ideal-fct", "--rate", "400G", "--flow-size", "2MB", "--fail", "leaf0-spine99"},
            {"bounds", "ideal-fct", "--rate", "400G", "--flow-size", "2MB", "--degrade", "leaf0-spine0"},
            {"bounds", "ideal-fct", "--tiers", "2", "--k", "64", "--rate", "400G", "--flow-size", "2MB"},
        };
        for (String[] args : bad) {
            EvCommandTest.Run r = EvCommandTest.run(args);
            assertEquals(2, r.code(), String.join(" ", args) + " -> " + r.err());
            assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
            assertTrue(r.out().isEmpty(), "no output on error: " + r.out());
        }
    }
}
