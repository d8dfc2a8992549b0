package org.primelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
