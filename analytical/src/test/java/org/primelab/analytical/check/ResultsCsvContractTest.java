package org.primelab.analytical.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.metrics.FctConvention;
import org.primelab.core.topology.FatTree;
import org.primelab.core.workload.htsim.CmReader;
import org.primelab.core.workload.htsim.ConnectionMatrix;

/**
 * {@link ResultsCsv} on tiny hand-written files, each completion the exact value of the class comment:
 * {@code fct_us} of a fixed-start flow also gives its end (start + FCT), of a triggered flow only the
 * duration; {@code start_us,end_us} give both and FCT = end - start; a printed time's rounding is half a
 * unit of its last printed digit ({@code 5 x 10^(5 - scale)} ps, at least 1 ps); refusals are one line
 * naming the file, the line and the column.
 */
class ResultsCsvContractTest {
    static final FatTree TREE = FatTree.twoTier(4);
    /** Ids 3, 4, 9: flow 0 starts at 5 us, flow 1 at 0, flow 2 waits on trigger 1 (flow 0's send-done). */
    static final ConnectionMatrix CM = CmReader.parse("m.cm", """
            Nodes 8
            Connections 3
            Triggers 1
            0->2 id 3 start 5 size 4096 send_done_trigger 1
            1->4 id 4 start 0 size 4096
            2->6 id 9 trigger 1 size 4096
            trigger id 1 oneshot
            """, TREE);

    /** prime check's default: --lb prime, not named on the command line. */
    static final SchemeSelection DEFAULT_LB = new SchemeSelection(LoadBalancingScheme.PRIME, false);

    private static ReportedResults parse(String text) throws IOException {
        return parse("r.csv", text, CM);
    }

    /** {@code text} as the file {@code name} of results of {@code cm} on {@link #TREE}, at the receiver, default --lb. */
    static ReportedResults parse(String name, String text, ConnectionMatrix cm) throws IOException {
        return ResultsCsv.parse(name, new BufferedReader(new StringReader(text)), cm, TREE, FctConvention.RECEIVER,
                DEFAULT_LB);
    }

    private static String refusal(String text) {
        return assertThrows(IllegalArgumentException.class, () -> parse(text)).getMessage();
    }

    @Test
    void fctOfAFixedStartFlowGivesItsEndAndOfATriggeredFlowOnlyItsDuration() throws IOException {
        ReportedResults r = parse("""
                # a comment, then a blank line

                flow_id,fct_us
                3,2.5
                9,7
                """);
        assertEquals("r.csv", r.source());
        assertEquals(List.of(
                new Completion(0, 5_000_000, 7_500_000, 2_500_000, 50_000, "r.csv:4"),
                new Completion(2, Completion.UNKNOWN, Completion.UNKNOWN, 7_000_000, 500_000, "r.csv:5")),
                r.completions());
    }

    @Test
    void startAndEndGiveTheDurationAndTheLargerRounding() throws IOException {
        ReportedResults r = parse("""
                end_us,flow_id,start_us,fct_us
                10.125,4,3,999
                """);
        // both given: start and end are used (the fct column is ignored); roundings 0.5 us and 0.0005 us
        assertEquals(List.of(new Completion(1, 3_000_000, 10_125_000, 7_125_000, 500_000, "r.csv:2")), r.completions());
    }

    /** Half a unit of the last printed digit: 5 x 10^(5 - scale) ps, 1 ps below a picosecond, capped at 5e18. */
    @Test
    void theRoundingIsHalfAUnitOfTheLastPrintedDigit() throws IOException {
        String[] text = {"1", "1.0", "0.00001", "0.000001", "0.0000001", "1E+3", "0E+20"};
        long[] rounding = {500_000, 50_000, 5, 1, 1, 500_000_000, 5_000_000_000_000_000_000L};
        long[] value = {1_000_000, 1_000_000, 10, 1, 0, 1_000_000_000, 0};
        for (int i = 0; i < text.length; i++) {
            Completion c = parse("flow_id,fct_us\n4," + text[i] + "\n").completions().get(0);
            assertEquals(rounding[i], c.roundingPs(), text[i]);
            assertEquals(value[i], c.fctPs(), text[i]);
        }
    }

    /** The largest time a run holds, Long.MAX_VALUE ps, is accepted; one picosecond more is refused. */
    @Test
    void timesUpToTheLargestClockValueAreAccepted() throws IOException {
        Completion c = parse("flow_id,start_us,end_us\n4,0.000000,9223372036854.775807\n").completions().get(0);
        assertEquals(Long.MAX_VALUE, c.endPs());
        assertEquals(1, c.roundingPs());
        String m = refusal("flow_id,start_us,end_us\n4,0,9223372036854.775808\n");
        assertTrue(m.startsWith("results: r.csv:2: end_us must be at most 9223372036854.775807 us"), m);
    }

    @Test
    void portCountsAreReadWithTheirLimits() throws IOException {
        ReportedResults r = parse("""
                flow_id,fct_us
                4,1
                switch,port,packets
                leaf0,0,9223372036854775807
                leaf1,2147483647,0
                """);
        assertEquals(List.of(new PortCount("leaf0", 0, Long.MAX_VALUE, "r.csv:4"),
                new PortCount("leaf1", Integer.MAX_VALUE, 0, "r.csv:5")), r.ports());
        String m = refusal("flow_id,fct_us\n4,1\nswitch,port,packets\nleaf0,-1,3\n");
        assertEquals("results: r.csv:4: port must be an integer in [0, 2147483647], got '-1'", m);
        String big = refusal("flow_id,fct_us\n4,1\nswitch,port,packets\nleaf0,2147483648,3\n");
        assertEquals("results: r.csv:4: port must be an integer in [0, 2147483647], got '2147483648'", big);
    }

    /** Refusals: one line, the file and line, and the column; the ids the workload has, as a range or one id. */
    @Test
    void refusalsNameTheLineAndTheColumn() {
        assertEquals("results: r.csv:4: column packets is empty (expected a value)",
                refusal("flow_id,fct_us\n4,1\nswitch,port,packets\nleaf0,1, \n"));
        assertEquals("results: r.csv:2: column fct_us is empty (expected microseconds)", refusal("flow_id,fct_us\n4\n"));
        assertEquals("results: r.csv:3: flow_id 5 is not a flow id of the workload (ids 3..9; the results do not match"
                + " the workload)", refusal("flow_id,fct_us\n4,1\n5,1\n"));
        assertEquals("results: r.csv:2: end_us must be >= start_us", refusal("flow_id,start_us,end_us\n4,2,1\n"));
        ConnectionMatrix one = CmReader.parse("one.cm", "Nodes 8\nConnections 1\n0->2 id 7 start 0 size 10\n", TREE);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> parse("x.csv", "flow_id,fct_us\n8,1\n", one));
        assertEquals("results: x.csv:2: flow_id 8 is not a flow id of the workload (ids 7; the results do not match"
                + " the workload)", e.getMessage());
        // a line without an id has none a results row could name: the message lists only the explicit ids
        ConnectionMatrix mixed = CmReader.parse("mixed.cm", "Nodes 8\nConnections 2\n0->2 start 0 size 10\n"
                + "1->3 id 4 start 0 size 10\n", TREE);
        assertEquals("results: x.csv:2: flow_id 8 is not a flow id of the workload (ids 4; the results do not match"
                + " the workload)", assertThrows(IllegalArgumentException.class,
                () -> parse("x.csv", "flow_id,fct_us\n8,1\n", mixed)).getMessage());
        ConnectionMatrix noIds = CmReader.parse("none.cm", "Nodes 8\nConnections 1\n0->2 start 0 size 10\n", TREE);
        assertEquals("results: x.csv:2: flow_id 1 is not a flow id of the workload (ids none; the results do not"
                + " match the workload)", assertThrows(IllegalArgumentException.class,
                () -> parse("x.csv", "flow_id,fct_us\n1,1\n", noIds)).getMessage());
    }

    /**
     * With {@code src} and {@code dst} columns each row's endpoints must be its flow's in the workload, whichever
     * column names the flow: other endpoints mean the results of another matrix, or renumbered flows.
     */
    @Test
    void endpointsOtherThanTheFlowsAreRefused() throws IOException {
        assertEquals(2, parse("flow_id,src,dst,fct_us\n4,1,4,1\n3,0,2,1\n").completions().size());
        assertEquals("results: r.csv:3: flow_id 3 is reported as 0->3 but is 0->2 in the workload (results of another"
                + " connection matrix, or flows renumbered)", refusal("flow_id,src,dst,fct_us\n4,1,4,1\n3,0,3,1\n"));
        assertEquals("results: r.csv:2: flow 0 is reported as 1->4 but is 0->2 in the workload (results of another"
                + " connection matrix, or flows renumbered)", refusal("dst,flow,fct_us,src\n4,0,1,1\n"));
        assertEquals("results: r.csv:2: column dst is empty (expected a value)", refusal("flow_id,src,dst,fct_us\n4,1,,1\n"));
        assertEquals("results: r.csv:2: src must be an integer in [0, 2147483647], got 'h1'",
                refusal("flow_id,src,dst,fct_us\n4,h1,4,1\n"));
        // one of the two alone says nothing checkable about the flow
        assertEquals(1, parse("flow_id,src,fct_us\n4,7,1\n").completions().size());
    }

    /** {@code read} names the file by its name alone, in the results and in messages. */
    @Test
    void readNamesTheFileByItsName(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("res.csv");
        Files.writeString(f, "flow_id,fct_us\n4,1\n3,1\n9,1\n");
        ReportedResults r = ResultsCsv.read(f, CM, TREE, FctConvention.RECEIVER, DEFAULT_LB);
        assertEquals("res.csv", r.source());
        assertEquals("res.csv:2", r.completions().get(0).where());
        assertEquals(3, r.completions().size());
        assertFalse(r.completions().get(2).hasEnd());
    }
}
