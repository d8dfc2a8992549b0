package org.primelab.core.workload.htsim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workload;

/**
 * {@link CmReader} at the edges of its grammar, each refusal as the exact one line {@code FILE[:LINE]: ...}
 * the class documents: every header after the body, a line starting with a space in the body, a header
 * of 0 given twice, {@code Nodes 0} and {@code Connections 0}, an unknown last token, a trigger's
 * {@code count} without value; accepted: Windows line ends and the largest start htsim holds. Also
 * {@link CmWriter#write(Workload, Faults, Path)} read back, and that messages name the file, not its
 * directory.
 */
class CmReaderEdgeCasesTest {
    private static final FatTree K16 = FatTree.twoTier(16);
    private static final String FLOW = "Nodes 4\nConnections 1\n0->1 id 1 start 0 size 5\n";

    private static String refusal(String text) {
        return assertThrows(IllegalArgumentException.class, () -> CmReader.parse("t.cm", text, K16)).getMessage();
    }

    /** Each of the four headers after the first connection line is refused on its line, by name. */
    @Test
    void everyHeaderAfterTheBodyIsRefusedByName() {
        for (String h : List.of("Nodes", "Connections", "Triggers", "Failures")) {
            assertEquals("t.cm:4: " + h + ": headers must come before the first connection, trigger or failure line",
                    refusal(FLOW + h + " 1\n"));
        }
    }

    /** In the body, an unknown first word is quoted; an empty one (leading space) also says why. */
    @Test
    void unknownBodyLinesQuoteTheirFirstToken() {
        assertEquals("t.cm:4: expected a connection 'SRC->DST ...', 'trigger ...' or 'failure ...' line, got 'link'",
                refusal(FLOW + "link 0 1\n"));
        assertEquals("t.cm:4: expected a connection 'SRC->DST ...', 'trigger ...' or 'failure ...' line, got ''"
                + " (lines must not start with a space)", refusal(FLOW + " 1->2 id 2 start 0 size 5\n"));
    }

    /** A header given twice is refused even when its first value was 0. */
    @Test
    void aHeaderOfZeroGivenTwiceIsRefused() {
        assertEquals("t.cm:3: Triggers: given twice", refusal("Nodes 4\nTriggers 0\nTriggers 0\nConnections 1\n"
                + "0->1 id 1 start 0 size 5\n"));
    }

    /** Nodes 0 is a present header (so the flow is beyond the nodes); Connections 0 means no flows. */
    @Test
    void zeroNodesAndZeroConnectionsArePresentHeaders() {
        assertEquals("t.cm:3: Nodes: flow 0->1 names a host beyond the 0 nodes",
                refusal("Nodes 0\nConnections 1\n0->1 id 1 start 0 size 5\n"));
        assertEquals("t.cm: traffic: the workload has no flows", refusal("Nodes 4\nConnections 0\n"));
    }

    /** An unknown token at the end of a connection line is an unknown token, not a missing value. */
    @Test
    void anUnknownLastTokenIsUnknown() {
        assertEquals("t.cm:3: unknown token 'colour'; a connection accepts id, start, trigger, size,"
                + " send_done_trigger, recv_done_trigger, prio", refusal(FLOW.replace("size 5", "size 5 colour")));
    }

    /** A trigger line ending in 'count' lacks the count's value. */
    @Test
    void aTriggerCountWithoutValueIsMissing() {
        assertEquals("t.cm:5: count: missing value", refusal("Nodes 4\nConnections 1\nTriggers 1\n"
                + "0->1 id 1 start 0 size 5\ntrigger id 1 multishot count\n"));
    }

    /** Windows line ends (CR LF) read as the same matrix as LF. */
    @Test
    void windowsLineEndsReadAsTheSameMatrix() {
        String text = "Nodes 4\nConnections 2\nTriggers 1\n0->1 id 1 start 0 size 5 send_done_trigger 1\n"
                + "1->2 id 2 trigger 1 size 7 prio 3\ntrigger id 1 oneshot\n";
        assertEquals(CmReader.parse("a.cm", text, K16), CmReader.parse("a.cm", text.replace("\n", "\r\n"), K16));
    }

    /** The largest start htsim holds, 2^32-1 us, is accepted as exactly {@link ConnectionMatrix#MAX_START_PS}. */
    @Test
    void theLargestStartIsAccepted() {
        ConnectionMatrix cm = CmReader.parse("t.cm", FLOW.replace("start 0", "start 4294967295"), K16);
        assertEquals(ConnectionMatrix.MAX_START_PS, cm.workload().flow(0).startPs());
        assertEquals(4_294_967_295_000_000L, ConnectionMatrix.MAX_START_PS);
    }

    /** A workload with faults written to a file reads back as the matrix of that workload and those faults. */
    @Test
    void aWorkloadWithFaultsWrittenToAFileReadsBack(@TempDir Path dir) {
        FatTree t = FatTree.threeTier(4);
        Workload w = Workload.of(List.of(new Flow(0, 0, 15, 100, 0), new Flow(1, 15, 0, 200, 2_500_000)));
        Faults faults = Faults.builder(t).fail("agg1.1-core3", 0).build();
        Path file = dir.resolve("w.cm");
        CmWriter.write(w, faults, file);
        ConnectionMatrix back = CmReader.read(file, t);
        assertEquals(ConnectionMatrix.of(w, faults), back);
        assertEquals(w, back.workload());
        assertEquals(List.of(new CmFailure(CmFailure.SwitchType.AGG, 3, 1)), back.failures());
    }

    /** Messages about a file name the file alone; a path without a file name (the root) is named whole. */
    @Test
    void messagesNameTheFileNotItsDirectory(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("bad.cm");
        Files.writeString(file, "Nodes 4\nConnections 1\n0->1 id 1 size 5\n");
        var e = assertThrows(IllegalArgumentException.class, () -> CmReader.read(file, K16));
        assertEquals("bad.cm:3: start: a connection needs 'start US' or 'trigger TID'", e.getMessage());
        assertEquals("bad.cm", TextInput.displayName(file));
        Path root = dir.getRoot();
        assertEquals(root.toString(), TextInput.displayName(root));
    }
}
