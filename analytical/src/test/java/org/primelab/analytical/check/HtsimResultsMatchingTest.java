package org.primelab.analytical.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.core.topology.FatTree;
import org.primelab.core.workload.htsim.CmReader;
import org.primelab.core.workload.htsim.ConnectionMatrix;
import org.primelab.core.workload.htsim.HtsimOutput;
import org.primelab.core.workload.htsim.HtsimOutputReader;

/**
 * {@link HtsimResults} on a hand-written htsim output against a hand-written connection matrix: every
 * completion is the exact value its class comment prescribes. A flow with a fixed start starts at the
 * matrix's start (whatever a {@code starting at} line says); a triggered flow at its first {@code starting
 * at} line, its rounding the larger of the two printed times'; a triggered flow without one has an unknown
 * start and duration. htsim prints 6 significant digits, so a time of order {@code 10^e} us is rounded to
 * half a unit of {@code 10^(e-5)} us.
 */
class HtsimResultsMatchingTest {
    private static final FatTree TREE = FatTree.twoTier(4);
    /** Flow 1 starts at 5 us and fires trigger 1 when sent; flows 2 and 3 wait on it. */
    private static final ConnectionMatrix CM = CmReader.parse("m.cm", """
            Nodes 8
            Connections 3
            Triggers 1
            0->2 id 1 start 5 size 4096 send_done_trigger 1
            2->4 id 2 trigger 1 size 4096
            1->3 id 3 trigger 1 size 4096
            trigger id 1 oneshot
            """, TREE);

    private static HtsimOutput output(String text) throws IOException {
        return HtsimOutputReader.parse("out.txt", new BufferedReader(new StringReader(text)));
    }

    @Test
    void completionsCarryTheMatrixStartOrTheFirstPrintedStartAndTheirRounding() throws IOException {
        HtsimOutput out = output("""
                Flow Uec_0_2 flowId 1 uecSrc 0 starting at 6
                Flow Uec_2_4 flowId 2 uecSrc 1 starting at 9.5
                Flow Uec_2_4 flowId 2 uecSrc 1 starting at 11
                Flow Uec_0_2 flowId 1 uecSrc 0 finished at 8.25 total messages 1
                Flow Uec_2_4 flowId 2 uecSrc 1 finished at 20.25 total messages 1
                Flow Uec_1_3 flowId 3 uecSrc 2 finished at 30 total messages 1
                """);
        ReportedResults r = HtsimResults.of(out, CM, "out.txt");
        assertEquals("out.txt", r.source());
        assertTrue(r.ports().isEmpty());
        List<Completion> c = r.completions();
        assertEquals(3, c.size());
        // fixed start: the matrix's 5 us, not the printed 6; only the end's rounding (8.25: 5 ps)
        assertEquals(new Completion(0, 5_000_000, 8_250_000, 3_250_000, 5, "out.txt:4"), c.get(0));
        // triggered, printed start 9.5 (the first of two; rounding 5 ps), end 20.25 (rounding 50 ps)
        assertEquals(new Completion(1, 9_500_000, 20_250_000, 10_750_000, 50, "out.txt:5"), c.get(1));
        // triggered without a printed start: start and FCT unknown, the end as printed (30: 50 ps)
        Completion third = c.get(2);
        assertEquals(2, third.flow());
        assertFalse(third.hasStart());
        assertFalse(third.hasFct());
        assertTrue(third.hasEnd());
        assertEquals(30_000_000, third.endPs());
        assertEquals(50, third.roundingPs());
        assertEquals("out.txt:6", third.where());
    }

    @Test
    void aFlowNotInTheMatrixIsRefusedNamingFileAndLine() throws IOException {
        HtsimOutput finished = output("""
                Flow Uec_0_2 flowId 1 uecSrc 0 finished at 8
                Flow Uec_5_6 flowId 9 uecSrc 3 finished at 9
                """);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HtsimResults.of(finished, CM, "run.out"));
        assertTrue(e.getMessage().startsWith("htsim: run.out: line 2: flowId 9 (Uec_5_6) is not a flow of the"
                + " connection matrix"), e.getMessage());
        HtsimOutput started = output("""
                Flow Uec_5_6 flowId 9 uecSrc 3 starting at 1
                Flow Uec_0_2 flowId 1 uecSrc 0 finished at 8
                """);
        IllegalArgumentException s = assertThrows(IllegalArgumentException.class,
                () -> HtsimResults.of(started, CM, "run.out"));
        assertTrue(s.getMessage().startsWith("htsim: run.out: line 1: flowId 9"), s.getMessage());
    }
}
