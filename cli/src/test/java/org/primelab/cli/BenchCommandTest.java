package org.primelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code prime bench}'s cases are the runs their help names: each gives the events and max FCT of the
 * equivalent {@code prime sim} command line (small radix, same seed), and reports a positive peak heap and a
 * peak of packets alive no smaller than the flows' first packets.
 */
class BenchCommandTest {
    @Test
    void theDegradationCaseIsSimsDegradedPermutationOfFourMegabyteFlows() {
        assertSameRun(new String[] {"bench", "--case", "degradation", "--k", "8", "--json"},
                new String[] {"sim", "--k", "8", "--flow-size", "4MB", "--degrade-fraction", "0.25", "--degrade-to",
                    "100G", "--lb", "prime", "--json", "--no-progress"});
    }

    @Test
    void thePermutationCaseIsSimsPermutationOfTwoMegabyteFlows() {
        assertSameRun(new String[] {"bench", "--k", "8", "--lb", "reps", "--json"},
                new String[] {"sim", "--k", "8", "--flow-size", "2MB", "--lb", "reps", "--json", "--no-progress"});
    }

    /** The thread count used is printed: the default below 1024 hosts is 1, {@code --threads} is taken as given. */
    @Test
    void theThreadCountUsedIsPrinted() {
        EvCommandTest.Run auto = EvCommandTest.run("bench", "--k", "8", "--json");
        EvCommandTest.Run two = EvCommandTest.run("bench", "--k", "8", "--threads", "2", "--json");
        assertEquals("1", field(auto.out(), "threads"), auto.out());
        assertEquals("2", field(two.out(), "threads"), two.out());
        assertEquals(field(auto.out(), "events"), field(two.out(), "events"));
        assertEquals(field(auto.out(), "max_fct_us"), field(two.out(), "max_fct_us"));
        // parts: one per 8 ToRs by default (k = 8 has 8), as given with --parts, the same result
        EvCommandTest.Run four = EvCommandTest.run("bench", "--k", "8", "--parts", "4", "--json");
        assertEquals("1", field(auto.out(), "parts"), auto.out());
        assertEquals("2", field(two.out(), "parts"), two.out());
        assertEquals("4", field(four.out(), "parts"), four.out());
        assertEquals(field(auto.out(), "events"), field(four.out(), "events"));
        assertEquals(field(auto.out(), "max_fct_us"), field(four.out(), "max_fct_us"));
    }

    /**
     * {@code --repeat} runs the case again in the same JVM: the same result as a single run, one wall time per
     * run, and the warm runs' median between their least and greatest.
     */
    @Test
    void repeatedRunsGiveTheSameResultAndTheirWallTimes() {
        EvCommandTest.Run once = EvCommandTest.run("bench", "--k", "8", "--json");
        EvCommandTest.Run thrice = EvCommandTest.run("bench", "--k", "8", "--repeat", "3", "--json");
        assertEquals(0, thrice.code(), thrice.err());
        assertEquals(field(once.out(), "events"), field(thrice.out(), "events"));
        assertEquals(field(once.out(), "max_fct_us"), field(thrice.out(), "max_fct_us"));
        assertEquals("3", field(thrice.out(), "repeat"));
        Matcher walls = Pattern.compile("\"walls_s\":\\[([^\\]]*)\\]").matcher(thrice.out());
        assertTrue(walls.find(), thrice.out());
        String[] each = walls.group(1).split(",");
        assertEquals(3, each.length, thrice.out());
        assertEquals(Double.parseDouble(field(thrice.out(), "wall_s")), Double.parseDouble(each[0]));
        // the warm runs are runs 2 and 3: their least and greatest as printed (the JSON rounds alike)
        double lo = Math.min(Double.parseDouble(each[1]), Double.parseDouble(each[2]));
        double hi = Math.max(Double.parseDouble(each[1]), Double.parseDouble(each[2]));
        assertEquals(lo, Double.parseDouble(field(thrice.out(), "warm_wall_s_min")));
        assertEquals(hi, Double.parseDouble(field(thrice.out(), "warm_wall_s_max")));
        assertFalse(once.out().contains("repeat"), once.out());
    }

    /** The warm statistics leave the first run out: median, least and greatest of the others, exactly. */
    @Test
    void warmRunsAreEveryRunButTheFirst() {
        assertEquals(new BenchCommand.WarmRuns(2.0, 2.0, 2.0), BenchCommand.WarmRuns.of(new double[] {9, 2}));
        assertEquals(new BenchCommand.WarmRuns(3.0, 1.0, 5.0), BenchCommand.WarmRuns.of(new double[] {9, 5, 1, 3}));
        assertEquals(new BenchCommand.WarmRuns(3.0, 1.0, 5.0), BenchCommand.WarmRuns.of(new double[] {0.5, 5, 1, 2, 3}));
    }

    private static void assertSameRun(String[] bench, String[] sim) {
        EvCommandTest.Run b = EvCommandTest.run(bench);
        EvCommandTest.Run s = EvCommandTest.run(sim);
        assertEquals(0, b.code(), b.err());
        assertEquals(0, s.code(), s.err());
        assertEquals(field(s.out(), "events"), field(b.out(), "events"));
        assertEquals(field(s.out(), "max_fct_us"), field(b.out(), "max_fct_us"));
        assertTrue(Double.parseDouble(field(b.out(), "peak_heap_mib")) > 0, b.out());
        // k = 8 has 32 hosts, each the source of one flow starting at 0: 32 first packets are on the wires at once
        assertTrue(Long.parseLong(field(b.out(), "peak_packets")) >= 32, b.out());
    }

    /** The number printed for {@code key} in a one-line JSON object. */
    private static String field(String json, String key) {
        Matcher m = Pattern.compile("\"" + key + "\":(-?[0-9.eE+]+)").matcher(json);
        assertTrue(m.find(), key + " in " + json);
        return m.group(1);
    }
}
