package org.primelab.core.workload.htsim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.core.topology.FatTree;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workload;

class HtsimOutputReaderTest {
    private static final FatTree K16 = FatTree.twoTier(16);

    @Test
    void everyFixtureRunReportsEveryFlowOfItsMatrixOnceStartedAndOnceFinished() {
        for (Fixtures.Run run : Fixtures.RUNS) {
            ConnectionMatrix cm = CmReader.read(Fixtures.path(run.matrix()), K16);
            HtsimOutput out = HtsimOutputReader.read(Fixtures.path(run.output()));
            int n = cm.workload().size();
            assertEquals(n, out.finished().size(), run.output() + ": finished lines = connections");
            assertEquals(n, out.started().size(), run.output() + ": starting lines = connections");
            int[] seen = new int[n];
            for (int flow : HtsimOutput.flowIndices(out.finished(), cm)) {
                seen[flow]++;
            }
            for (int f = 0; f < n; f++) {
                assertEquals(1, seen[f], run.output() + ": flow " + f + " reported once");
            }
            long max = out.finished().stream().mapToLong(HtsimFlowEvent::timePs).max().orElseThrow();
            assertEquals(new BigDecimal(run.maxFinishUs()).movePointRight(6).longValueExact(), max, run.output());
            assertEquals(List.of("New", "Rtx", "RTS", "Bounced", "ACKs", "NACKs", "Pulls", "sleek_pkts"),
                    List.copyOf(out.summary().keySet()), run.output());
        }
    }

    @Test
    void triggeredFlowsStartWhenTheirPredecessorFinishesSending() {
        ConnectionMatrix cm = CmReader.read(Fixtures.path("a2a128.cm"), K16);
        HtsimOutput out = HtsimOutputReader.read(Fixtures.path("htsim_a2a128_400g_reps.txt.gz"));
        long[] start = new long[cm.workload().size()];
        long[] finish = new long[cm.workload().size()];
        int[] s = HtsimOutput.flowIndices(out.started(), cm);
        for (int i = 0; i < s.length; i++) {
            start[s[i]] = out.started().get(i).timePs();
        }
        int[] f = HtsimOutput.flowIndices(out.finished(), cm);
        for (int i = 0; i < f.length; i++) {
            finish[f[i]] = out.finished().get(i).timePs();
        }
        Workload w = cm.workload();
        int chained = 0;
        for (Flow next : w.flows()) {
            if (!next.startsOnTrigger()) {
                assertEquals(0, start[next.id()]);
                continue;
            }
            for (Flow prev : w.flows()) {
                if (prev.sendDoneTrigger() == next.startTrigger()) {
                    assertEquals(finish[prev.id()], start[next.id()], "flow " + next.id() + " starts as "
                            + prev.id() + " finishes sending (both printed with the same rounding)");
                    chained++;
                }
            }
        }
        assertEquals(768, chained);
    }

    @Test
    void timesAreReadExactlyAsPrintedWithTheirRounding() throws IOException {
        String text = """
                Flow Uec_3_7 flowId 12 uecSrc 11 starting at 0
                Trigger 1 fired, 1 targets
                Flow Uec_3_7 flowId 12 uecSrc 11 finished at 54.569 total messages 1 total packets 489
                Flow Uec_7_3 flowId 13 uecSrc 12 finished at 1.23457e+06 total messages 1
                .Done
                New: 10 Rtx: 2 RTS: 0 Bounced: 0 ACKs: 5 NACKs: 1 Pulls: 0 sleek_pkts: 0
                """;
        HtsimOutput out = HtsimOutputReader.parse("x.txt", new BufferedReader(new StringReader(text)));
        assertEquals(List.of(new HtsimFlowEvent(12, "Uec_3_7", 3, 7, 0, 0, 1)), out.started());
        assertEquals(new HtsimFlowEvent(12, "Uec_3_7", 3, 7, 54_569_000, 50, 3), out.finished().get(0),
                "6 significant digits of 54.5690 us: a unit of 100 ps, half is 50");
        assertEquals(new HtsimFlowEvent(13, "Uec_7_3", 7, 3, 1_234_570_000_000L, 5_000_000, 4), out.finished().get(1));
        assertEquals(2L, out.summary().get("Rtx"));
        assertEquals(1L, out.summary().get("NACKs"));
    }

    /** A file without a single flow line or summary (a connection matrix given by mistake) is refused. */
    @Test
    void textWithoutAnyHtsimLineIsRefused() throws IOException {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HtsimOutputReader.parse("w.cm",
                new BufferedReader(new StringReader("Nodes 8\nConnections 1\n0->1 id 1 start 0 size 4096\n"))));
        assertEquals("htsim: w.cm holds no 'Flow NAME flowId N ... starting|finished at T' line and no closing"
                + " 'New: ...' summary; expected htsim's standard output", e.getMessage());
        // a run cut short before any flow finished still reads: its start lines are there
        HtsimOutput cut = HtsimOutputReader.parse("o", new BufferedReader(new StringReader(
                "Flow Uec_1_2 flowId 1 uecSrc 0 starting at 0\n")));
        assertEquals(1, cut.started().size());
        assertEquals(0, cut.finished().size());
    }

    @Test
    void resultsThatDoNotMatchTheWorkloadAreRefusedNamingTheLine() throws IOException {
        ConnectionMatrix cm = CmReader.parse("m.cm", "Nodes 8\nConnections 2\n1->2 id 1 start 0 size 5\n"
                + "2->3 start 0 size 5\n", K16);
        HtsimOutput ok = HtsimOutputReader.parse("o", new BufferedReader(new StringReader(
                "Flow Uec_2_3 flowId 1000000001 uecSrc 2 finished at 3\nFlow Uec_1_2 flowId 1 uecSrc 0 finished at 2\n")));
        assertEquals(List.of(1, 0), List.of(HtsimOutput.flowIndices(ok.finished(), cm)[0],
                HtsimOutput.flowIndices(ok.finished(), cm)[1]), "by id, and by name for a flow without one");
        HtsimOutput unknown = HtsimOutputReader.parse("o", new BufferedReader(new StringReader(
                "Flow Uec_5_6 flowId 9 uecSrc 2 finished at 3\n")));
        var e = assertThrows(IllegalArgumentException.class, () -> HtsimOutput.flowIndices(unknown.finished(), cm));
        assertTrue(e.getMessage().startsWith("htsim: line 1: flowId 9 (Uec_5_6) is not a flow of the connection"
                + " matrix"), e.getMessage());
        HtsimOutput swapped = HtsimOutputReader.parse("o", new BufferedReader(new StringReader(
                "Flow Uec_2_1 flowId 1 uecSrc 2 finished at 3\n")));
        var e2 = assertThrows(IllegalArgumentException.class, () -> HtsimOutput.flowIndices(swapped.finished(), cm));
        assertTrue(e2.getMessage().startsWith("htsim: line 1: flowId 1 is Uec_2_1 but the connection matrix has it"
                + " 1->2"), e2.getMessage());
    }
}
