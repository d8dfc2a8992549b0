package org.primelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.tla.conformance.CoreConformance;
import org.primelab.tla.conformance.CoreSender;
import org.primelab.tla.conformance.Sender;
import picocli.CommandLine;

/**
 * {@code prime check-specs}: real TLC runs on small models (the full catalog runs in the tla module's
 * tests), the conformance of core's Java code to the specs (and a failure when a core component is
 * broken), the exit status on an unexpected verdict, and the bad-input contract (one line, exit 2).
 */
class CheckSpecsCommandTest {

    @Test
    void passingModelAndViolatedMutantAreBothAsExpected() {
        EvCommandTest.Run r = EvCommandTest.run("check-specs", "--model", "PrimeEntropy2x2", "--model",
                "PrimeHistoryMutantBlindPick", "--json", "--no-conformance");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("\"model\":\"PrimeEntropy2x2\",\"kind\":\"PRIME\""), r.out());
        assertTrue(r.out().contains("\"verdict\":\"PASSED\""), r.out());
        assertTrue(r.out().contains("\"verdict\":\"SAFETY_VIOLATED\",\"violated\":\"NoPenalizedPickWhileClean\""),
                r.out());
        assertTrue(r.out().contains("\"all_as_expected\":true"), r.out());
        assertTrue(!r.out().contains("\"conformance\""), r.out());
        assertEquals(1, r.out().strip().lines().count(), "one JSON object");
    }

    /** The text table's columns line up whatever the length of the model and property names. */
    @Test
    void textTableColumnsLineUpForLongNames() {
        EvCommandTest.Run r = EvCommandTest.run("check-specs", "--model", "PrimeHistoryMutantDecayUnfloored", "--model",
                "PrimeHistoryMutantFallbackLastDrawn", "--model", "PrimeEntropy2x2", "--no-conformance");
        assertEquals(0, r.code(), r.out() + r.err());
        List<String> rows = r.out().lines().filter(l -> l.startsWith("model ") || l.startsWith("Prime")).toList();
        assertEquals(4, rows.size(), r.out());
        for (String column : new String[] {"kind", "expected", "verdict", "violated", "as expected"}) {
            int at = rows.get(0).indexOf(column);
            for (String row : rows.subList(1, rows.size())) {
                assertEquals(' ', row.charAt(at - 1), column + " column of\n" + r.out());
                assertTrue(row.charAt(at) != ' ', column + " column of\n" + r.out());
            }
        }
    }

    @Test
    void coreConformsToTheSpecs() {
        EvCommandTest.Run r = EvCommandTest.run("check-specs", "--model", "PrimeEntropy2x2", "--traces", "100", "--json");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("\"conformance\":{\"subject\":\"core\",\"seed\":1000,\"history_traces\":100"),
                r.out());
        assertTrue(r.out().contains("\"check\":\"history 3x1\""), r.out());
        assertTrue(r.out().contains("\"check\":\"odometer 3x3\""), r.out());
        assertTrue(!r.out().contains("\"conforms\":false"), r.out());
        assertTrue(r.out().contains("\"failing\":0},\"all_as_expected\":true"), r.out());
    }

    /**
     * A core whose congestion history never hears an ECN mark (every ECN-marked ACK reaches it unmarked),
     * injected through the conformance seam with core's code untouched: every TLC verdict is still as
     * expected, but the history checks fail and the command exits 1.
     */
    @Test
    void brokenCoreComponentFailsTheCommand() {
        CoreConformance.Subject ecnIgnored = new CoreConformance.Subject("core with ECN lost before the history",
                (c, seed) -> ecnLost(new CoreSender(c, seed)), CoreConformance.Subject.core().generators());
        CommandLine cl = PrimeCommand.commandLine();
        ((CheckSpecsCommand) cl.getSubcommands().get("check-specs").getCommand()).subject = ecnIgnored;
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute("check-specs", "--model", "PrimeEntropy2x2", "--traces", "20");
        String text = out.toString();
        assertEquals(1, code, text + err);
        assertTrue(text.contains("PrimeEntropy2x2") && text.contains("yes"), text);
        assertTrue(text.contains("history 3x1") && text.contains("FAILS"), text);
        assertTrue(text.contains("after EcnAck("), text);
        assertTrue(text.contains("odometer 2x2") && text.contains("CONFORMS"), text);
        assertTrue(text.contains("1 models: every verdict as expected; core FAILS 6 of 14 conformance checks"), text);
    }

    private static Sender ecnLost(Sender core) {
        return new Sender() {
            @Override
            public int send(long nowPs) {
                return core.send(nowPs);
            }

            @Override
            public void ack(int path, long nowPs) {
                core.ack(path, nowPs);
            }

            @Override
            public void ecn(int path, long nowPs) {
                core.ack(path, nowPs);
            }

            @Override
            public void nack(int path, long nowPs) {
                core.nack(path, nowPs);
            }

            @Override
            public long[] penalties() {
                return core.penalties();
            }
        };
    }

    @Test
    void textTableWithTrace() {
        EvCommandTest.Run r = EvCommandTest.run("check-specs", "--model", "BitmapContrastBeforeScan", "--trace",
                "--no-conformance");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("BitmapContrastBeforeScan"), r.out());
        assertTrue(r.out().contains("counterexample:"), r.out());
        assertTrue(r.out().contains("1: <Initial predicate>"), r.out());
        assertTrue(r.out().contains("every verdict as expected; conformance not run"), r.out());
        // --json carries it too (--trace did nothing there)
        r = EvCommandTest.run("check-specs", "--model", "BitmapContrastBeforeScan", "--trace", "--no-conformance",
                "--json");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("\"counterexample\":[\"1: <Initial predicate>"), r.out());
    }

    @Test
    void unexpectedVerdictExitsOne() {
        // One second is far too short for this model: TLC is stopped, the verdict is ERROR, not PASSED.
        EvCommandTest.Run r = EvCommandTest.run("check-specs", "--model", "PrimeHistory", "--timeout", "1",
                "--no-conformance");
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("ERROR") && r.out().contains("timed out"), r.out());
        assertTrue(r.out().contains("1 UNEXPECTED"), r.out());
    }

    @Test
    void badInputIsOneLineAndExitTwo() {
        String[][] bad = {
            {"check-specs", "--model", "Nope"},
            {"check-specs", "--timeout", "0"},
            {"check-specs", "--timeout", "many"},
            {"check-specs", "--traces", "0"},
            {"check-specs", "--traces", "100001"},
            {"check-specs", "--traces", "500", "--no-conformance"},
            {"ev", "--k", "4", "--json", "--show", "5"},
        };
        for (String[] args : bad) {
            EvCommandTest.Run r = EvCommandTest.run(args);
            assertEquals(2, r.code(), String.join(" ", args));
            assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
            assertTrue(r.out().isEmpty(), "no output on error: " + r.out());
        }
    }
}
