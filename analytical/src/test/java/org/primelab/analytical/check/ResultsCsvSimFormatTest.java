package org.primelab.analytical.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.metrics.FctConvention;

/**
 * {@link ResultsCsv} on files in the format of {@code prime sim --out}'s {@code flows.csv} (and {@code prime fluid}'s,
 * which has no {@code uplink_counts}): the {@code flow} column names a flow by its place in the workload from 0, not
 * by its file id; the {@code scheme} column is read through {@link SchemeSelection}; {@code uplink_counts} become the
 * source ToRs' port counts; the receiver-side times of such a file are refused in the sender convention. The matrix
 * is {@link ResultsCsvContractTest#CM}: ids 3, 4, 9 for flows 0 (0->2), 1 (1->4) and 2 (2->6, triggered), on a
 * 2-tier k = 4 tree (2 hosts and 2 uplinks per ToR: hosts 0 and 1 under leaf0, 2 under leaf1).
 */
class ResultsCsvSimFormatTest {
    private static final String HEADER = "scheme,flow,src,dst,size_bytes,start_us,end_us,fct_us,packets,uplink_counts,"
            + "acked_us\n";
    private static final String PRIME_ROWS = """
            prime,2,2,6,4096,20.000000,23.000000,3.000000,1,1;0,
            prime,0,0,2,4096,5.000000,9.000000,4.000000,1,3;4,
            prime,1,1,4,4096,0.000000,6.000000,6.000000,1,5;6,
            """;
    private static final String ECMP_ROWS = """
            ecmp,0,0,2,4096,5.000000,9.500000,4.500000,1,7;0,
            ecmp,1,1,4,4096,0.000000,6.500000,6.500000,1,0;7,
            ecmp,2,2,6,4096,20.000000,23.500000,3.500000,1,1;0,
            """;

    private static ReportedResults parse(String text, FctConvention at, SchemeSelection lb) throws IOException {
        return ResultsCsv.parse("flows.csv", new BufferedReader(new StringReader(text)), ResultsCsvContractTest.CM,
                ResultsCsvContractTest.TREE, at, lb);
    }

    private static ReportedResults parse(String text, SchemeSelection lb) throws IOException {
        return parse(text, FctConvention.RECEIVER, lb);
    }

    private static String refusal(String text, FctConvention at, SchemeSelection lb) {
        return assertThrows(IllegalArgumentException.class, () -> parse(text, at, lb)).getMessage();
    }

    private static SchemeSelection named(LoadBalancingScheme s) {
        return new SchemeSelection(s, true);
    }

    /** flow 2 is the third flow (file id 9), flow 0 the first (file id 3): by place, whatever the ids. */
    @Test
    void theFlowColumnNamesAFlowByItsPlaceFromZero() throws IOException {
        ReportedResults r = parse(HEADER + PRIME_ROWS, ResultsCsvContractTest.DEFAULT_LB);
        assertEquals(List.of(
                new Completion(2, 20_000_000, 23_000_000, 3_000_000, 1, "flows.csv:2"),
                new Completion(0, 5_000_000, 9_000_000, 4_000_000, 1, "flows.csv:3"),
                new Completion(1, 0, 6_000_000, 6_000_000, 1, "flows.csv:4")), r.completions());
        // flow 3 would be a file id (flow 0's): as a place it is past the last flow
        assertEquals("results: flows.csv:2: flow 3 is not a flow of the workload (flows 0..2, numbered from 0 in the"
                + " workload's order as prime sim --out writes them; the results do not match the workload)",
                refusal("flow,fct_us\n3,1\n", FctConvention.RECEIVER, ResultsCsvContractTest.DEFAULT_LB));
        // flow_id, when given too, names the flow (by file id) and flow is ignored
        assertEquals(0, parse("flow_id,flow,fct_us\n3,2,4\n", ResultsCsvContractTest.DEFAULT_LB).completions().get(0)
                .flow());
    }

    /** Several schemes: --lb must name one; a scheme the file lacks, named or the default, is refused. */
    @Test
    void severalSchemesNeedLbNamedAndOnlyItsRowsAreRead() throws IOException {
        String both = HEADER + PRIME_ROWS + ECMP_ROWS;
        assertEquals("lb: flows.csv holds the results of 2 schemes in its scheme column (prime, ecmp); name the one to"
                + " check with --lb, accepted: prime, ecmp", refusal(both, FctConvention.RECEIVER,
                ResultsCsvContractTest.DEFAULT_LB));
        ReportedResults ecmp = parse(both, named(LoadBalancingScheme.ECMP));
        assertEquals(List.of("flows.csv:5", "flows.csv:6", "flows.csv:7"),
                ecmp.completions().stream().map(Completion::where).toList());
        assertEquals(List.of(0, 1, 2), ecmp.completions().stream().map(Completion::flow).toList());
        assertEquals(3, parse(both, named(LoadBalancingScheme.PRIME)).completions().size());
        assertEquals("lb: flows.csv holds no results of reps in its scheme column, which holds prime, ecmp; accepted:"
                + " --lb prime or --lb ecmp", refusal(both, FctConvention.RECEIVER, named(LoadBalancingScheme.REPS)));
        // one scheme: read when it is the one checked, named or by default; refused otherwise
        assertEquals(3, parse(HEADER + PRIME_ROWS, named(LoadBalancingScheme.PRIME)).completions().size());
        assertEquals("lb: flows.csv holds no results of prime (the default of --lb) in its scheme column, which holds"
                + " ecmp; accepted: --lb ecmp", refusal(HEADER + ECMP_ROWS, FctConvention.RECEIVER,
                ResultsCsvContractTest.DEFAULT_LB));
        // the cells are read as --lb reads a name; a name --lb does not know is listed as written
        assertEquals(1, parse("scheme,flow,fct_us\n CO_PRIME ,1,6\n", named(LoadBalancingScheme.CO_PRIME))
                .completions().size());
        assertEquals("lb: flows.csv's scheme column holds oblivious, none of them a scheme --lb names (accepted: ecmp,"
                + " rps, reps, prime, co-prime, ar)", refusal("scheme,flow,fct_us\noblivious,1,6\n",
                FctConvention.RECEIVER, named(LoadBalancingScheme.RPS)));
    }

    /** Per flow, its source ToR's uplinks: leaf0 sends flows 0 and 1, leaf1 flow 2. */
    @Test
    void uplinkCountsAreSummedPerSourceTorAndPort() throws IOException {
        ReportedResults r = parse(HEADER + PRIME_ROWS, ResultsCsvContractTest.DEFAULT_LB);
        assertEquals(List.of(
                new PortCount("leaf1", 0, 1, "flows.csv:2 (uplink_counts)"),
                new PortCount("leaf1", 1, 0, "flows.csv:2 (uplink_counts)"),
                new PortCount("leaf0", 0, 8, "flows.csv:3 (uplink_counts)"),
                new PortCount("leaf0", 1, 10, "flows.csv:3 (uplink_counts)")), r.ports());
        String three = HEADER + PRIME_ROWS.replace("3;4", "3;4;0");
        assertEquals("results: flows.csv:3: uplink_counts must hold 2 packet counts separated by ';', one per uplink"
                + " port of the flow's source ToR leaf0 (as prime sim --out writes it), got '3;4;0'",
                refusal(three, FctConvention.RECEIVER, ResultsCsvContractTest.DEFAULT_LB));
        assertEquals("results: flows.csv:4: uplink_counts must hold integers in [0, 9223372036854775807] separated by"
                + " ';', got '5;-6'", refusal(HEADER + PRIME_ROWS.replace("5;6", "5;-6"), FctConvention.RECEIVER,
                ResultsCsvContractTest.DEFAULT_LB));
        assertEquals("results: flows.csv:5: per-port counts given twice, in the flow section's uplink_counts column and"
                + " in this switch,port,packets section; keep one", refusal(HEADER + PRIME_ROWS
                + "switch,port,packets\nleaf0,0,8\n", FctConvention.RECEIVER, ResultsCsvContractTest.DEFAULT_LB));
    }

    /**
     * prime sim's and prime fluid's end_us and fct_us are at the receiver, whatever their --fct-at: at the sender a
     * file keyed by flow is read by its acked_us (prime sim's: the last ACK back at the sender); a row without one (a
     * run that stopped at the last byte received) and a file without the column (prime fluid's) are refused.
     */
    @Test
    void atTheSenderAFileKeyedByFlowIsReadByItsAckedColumn() throws IOException {
        String acked = HEADER + PRIME_ROWS.replace("1;0,\n", "1;0,24.500000\n").replace("3;4,\n", "3;4,10.250000\n");
        assertEquals("fct-at: flows.csv:4: flow 1 has no acked_us: the run stopped before its last ACK came back, as"
                + " prime sim does in its default --fct-at receiver; check it with --fct-at receiver, or run prime sim"
                + " --fct-at sender, got sender", refusal(acked, FctConvention.SENDER, ResultsCsvContractTest.DEFAULT_LB));
        acked = acked.replace("5;6,\n", "5;6,6.750000\n");
        ReportedResults r = parse(acked, FctConvention.SENDER, ResultsCsvContractTest.DEFAULT_LB);
        assertEquals(3, r.completions().size());
        Completion first = r.completions().get(0);
        assertEquals(List.of(2, 20_000_000L, 24_500_000L, 4_500_000L), List.of(first.flow(), first.startPs(),
                first.endPs(), first.fctPs()));
        assertEquals(10_250_000L, r.completions().get(1).endPs());
        assertEquals(23_000_000L, parse(acked, FctConvention.RECEIVER, ResultsCsvContractTest.DEFAULT_LB)
                .completions().get(0).endPs(), "at the receiver end_us is read");
        String fluid = "scheme,flow,src,dst,size_bytes,start_us,end_us,fct_us\nprime,0,0,2,4096,5.0,9.0,4.0\n";
        assertEquals("fct-at: flows.csv numbers its flows in a flow column, as prime sim --out and prime fluid --out"
                + " write flows.csv, whose end_us and fct_us are at the receiver whatever their --fct-at, and it has no"
                + " start_us and acked_us columns (prime sim's) to check at the sender; check it with --fct-at receiver,"
                + " got sender", refusal(fluid, FctConvention.SENDER, ResultsCsvContractTest.DEFAULT_LB));
        assertEquals(1, parse("flow_id,fct_us\n4,6\n", FctConvention.SENDER, ResultsCsvContractTest.DEFAULT_LB)
                .completions().size());
    }
}
