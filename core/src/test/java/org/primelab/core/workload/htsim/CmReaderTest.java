package org.primelab.core.workload.htsim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Trigger;
import org.primelab.core.workload.Workload;

class CmReaderTest {
    private static final FatTree K16 = FatTree.twoTier(16);
    private static final int NONE = Flow.NO_TRIGGER;

    @Test
    void everyFixtureReadsWritesAndRereadsIdentically() throws IOException {
        for (String name : Fixtures.MATRICES) {
            Path file = Fixtures.path(name);
            ConnectionMatrix cm = CmReader.read(file, K16);
            String written = CmWriter.format(cm);
            assertEquals(Files.readString(file), written, name + ": htsim's generator output is written back byte for byte");
            assertEquals(cm, CmReader.parse(name, written, K16), name);
        }
    }

    @Test
    void thePermutationFixtureIsAPermutationOf2MbFlowsAtTimeZero() {
        ConnectionMatrix cm = CmReader.read(Fixtures.path("perm_128.cm"), K16);
        Workload w = cm.workload();
        assertEquals(128, cm.nodes());
        assertEquals(128, w.size());
        assertEquals(List.of(), w.triggers());
        boolean[] sends = new boolean[128];
        boolean[] receives = new boolean[128];
        for (Flow f : w.flows()) {
            assertEquals(2_000_000, f.sizeBytes());
            assertEquals(0, f.startPs());
            assertEquals(f.id() + 1, cm.flowId(f.id()), "file ids are 1-based in line order");
            sends[f.src()] = true;
            receives[f.dst()] = true;
        }
        for (int h = 0; h < 128; h++) {
            assertTrue(sends[h] && receives[h], "host " + h);
        }
        assertEquals(new Flow(0, 14, 127, 2_000_000, 0), w.flow(0));
    }

    @Test
    void theSerialAllToAllFixtureChainsEachSendersSevenFlowsByOneShotTriggers() {
        ConnectionMatrix cm = CmReader.read(Fixtures.path("a2a128.cm"), K16);
        Workload w = cm.workload();
        assertEquals(896, w.size());
        assertEquals(768, w.triggers().size());
        for (Trigger t : w.triggers()) {
            assertEquals(Trigger.Kind.ONE_SHOT, t.kind());
        }
        // 15->90 id 1 start 0 size 500000 send_done_trigger 1; 15->127 id 2 trigger 1 ... send_done_trigger 2
        assertEquals(new Flow(0, 15, 90, 500_000, 0, NONE, 0, NONE, 0), w.flow(0));
        assertEquals(new Flow(1, 15, 127, 500_000, 0, 0, 1, NONE, 0), w.flow(1));
        assertEquals(new Flow(6, 15, 29, 500_000, 0, 5, NONE, NONE, 0), w.flow(6));
        assertEquals(new Flow(7, 90, 127, 500_000, 0, NONE, 6, NONE, 0), w.flow(7));
        assertEquals(128, w.timedFlows().size(), "one timed flow per sender");
    }

    @Test
    void gzipInputIsReadTransparently(@TempDir Path dir) throws IOException {
        ConnectionMatrix cm = CmReader.read(Fixtures.path("a2a128.cm"), K16);
        Path gz = dir.resolve("a2a.cm.gz");
        CmWriter.write(cm, gz);
        byte[] head = Files.readAllBytes(gz);
        assertEquals(0x1f, head[0] & 0xff, "written compressed");
        assertEquals(cm, CmReader.read(gz, K16));
        Path renamed = dir.resolve("a2a-no-suffix.cm");
        Files.copy(gz, renamed);
        assertEquals(cm, CmReader.read(renamed, K16), "gzip is recognised by content, not name");
    }

    @Test
    void everyTokenOfTheGrammarIsRead() {
        String text = """
                # a comment in the header
                Nodes 6
                Connections 4
                Triggers 3

                0->1 id 10 start 1.5 size 1000 recv_done_trigger 7 prio 2
                1->2 id 20 trigger 7 size 2000 send_done_trigger 8 recv_done_trigger 8
                2->3 start 0.000001 size 3000
                3->4 id 40 trigger 8 size 4000 send_done_trigger 9
                trigger id 7 oneshot
                trigger id 8 barrier count 2
                trigger id 9 multishot
                """;
        ConnectionMatrix cm = CmReader.parse("all.cm", text, K16);
        Workload w = cm.workload();
        assertEquals(List.of(Trigger.oneShot(0), Trigger.barrier(1, 2), Trigger.multiShot(2)), w.triggers());
        assertEquals(new Flow(0, 0, 1, 1000, 1_500_000, NONE, NONE, 0, 2), w.flow(0));
        assertEquals(new Flow(1, 1, 2, 2000, 0, 0, 1, 1, 0), w.flow(1));
        assertEquals(new Flow(2, 2, 3, 3000, 1), w.flow(2), "1e-6 us is 1 ps");
        assertEquals(new Flow(3, 3, 4, 4000, 0, 1, 2, NONE, 0), w.flow(3));
        assertEquals(List.of(10, 20, ConnectionMatrix.NO_ID, 40), cm.flowIds());
        assertEquals(List.of(7, 8, 9), cm.triggerIds());
        assertEquals(cm, CmReader.parse("again.cm", CmWriter.format(cm), K16));
    }

    @Test
    void aFailureLineIsTheAggregationSwitchsUplinkAtItsPodPosition() {
        FatTree t = FatTree.threeTier(4);   // 2 aggregation switches per pod, 2 uplinks each, 4 cores
        String text = "Nodes 16\nConnections 1\nFailures 1\n0->15 id 1 start 0 size 100\n"
                + "failure switch_type AGG switch_id 3 link_id 1\n";
        ConnectionMatrix cm = CmReader.parse("f.cm", text, t);
        assertEquals(List.of(new CmFailure(CmFailure.SwitchType.AGG, 3, 1)), cm.failures());
        // switch 3 = pod 1, position 1; htsim wires its uplink 1 to core 1 + 2*1 = 3
        assertEquals("agg1.1-core3", cm.failures().get(0).cableName(t));
        Faults faults = cm.faults(t);
        int up = t.linksByName("agg1.1-core3")[0];
        assertArrayEquals(new int[] {up, up + 1}, faults.failedLinks());
        assertEquals(0, faults.failTime(up));
        assertEquals(cm.failures().get(0), CmFailure.ofLink(t, up + 1), "the reverse mapping");
        ConnectionMatrix back = ConnectionMatrix.of(cm.workload(), faults);
        assertEquals(cm, CmReader.parse("f.cm", CmWriter.format(back), t));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            value missing 2   | Nodes 4\\nConnections 1\\nFailures 1\\n0->1 id 1 start 0 size 5\\nfailure switch_type | t.cm:5: switch_type: missing value
            bad size          | Nodes 4\\nConnections 1\\n0->1 id 1 start 0 size abc                 | t.cm:3: size: expected a positive integer number of bytes
            size 0            | Nodes 4\\nConnections 1\\n0->1 id 1 start 0 size 0                   | t.cm:3: size: expected a positive integer number of bytes, got '0'
            size too large    | Nodes 4\\nConnections 1\\n0->1 start 0 size 2147483648               | t.cm:3: size: expected a positive integer number of bytes (at most 2147483647), got '2147483648'
            stoi prefix       | Nodes 4\\nConnections 1\\n0->1 id 1 start 0 size 12abc               | t.cm:3: size: expected
            size missing      | Nodes 4\\nConnections 1\\n0->1 id 1 start 0                          | t.cm:3: size: missing
            value missing     | Nodes 4\\nConnections 1\\n0->1 id 1 start 0 size                     | t.cm:3: size: missing value
            unknown token     | Nodes 4\\nConnections 1\\n0->1 id 1 start 0 size 5 colour blue       | t.cm:3: unknown token 'colour'; a connection accepts id, start
            double space      | Nodes 4\\nConnections 1\\n0->1 id 1  start 0 size 5                  | t.cm:3: empty token
            no start          | Nodes 4\\nConnections 1\\n0->1 id 1 size 5                           | t.cm:3: start: a connection needs 'start US' or 'trigger TID'
            start and trigger | Nodes 4\\nConnections 1\\nTriggers 1\\n0->1 id 1 start 0 trigger 1 size 5\\ntrigger id 1 oneshot | t.cm:4: start: a connection takes one of
            trigger before id | Nodes 4\\nConnections 2\\nTriggers 1\\n0->1 id 1 start 0 size 5 send_done_trigger 1\\n1->2 trigger 1 id 2 size 5\\ntrigger id 1 oneshot | t.cm:5: trigger: a flow that starts on a trigger needs 'id I' before 'trigger'
            flow id 0         | Nodes 4\\nConnections 1\\n0->1 id 0 start 0 size 5                   | t.cm:3: id: expected a positive integer flow id, got '0'
            flow id too big   | Nodes 4\\nConnections 1\\n0->1 id 1000000000 start 0 size 5          | t.cm:3: id: must be in [1, 999999999]
            duplicate id      | Nodes 4\\nConnections 2\\n0->1 id 5 start 0 size 5\\n1->2 id 5 start 0 size 5 | t.cm:4: id: flow id 5 is already used on line 3
            same host         | Nodes 4\\nConnections 1\\n2->2 id 1 start 0 size 5                   | t.cm:3: connection: source and destination are both host 2
            host beyond Nodes | Nodes 4\\nConnections 1\\n0->4 id 1 start 0 size 5                   | t.cm:3: Nodes: flow 0->4 names a host beyond the 4 nodes
            bad endpoints     | Nodes 4\\nConnections 1\\n0->x id 1 start 0 size 5                   | t.cm:3: connection: expected 'SRC->DST' with two host numbers, got '0->x'
            negative start    | Nodes 4\\nConnections 1\\n0->1 id 1 start -1 size 5                  | t.cm:3: start: expected a non-negative number of microseconds
            sub-ps start      | Nodes 4\\nConnections 1\\n0->1 id 1 start 0.0000001 size 5           | t.cm:3: start: must be a whole number of picoseconds
            start beyond htsim| Nodes 4\\nConnections 1\\n0->1 id 1 start 4294967296 size 5          | t.cm:3: start: must be a whole number of picoseconds (at most 6 decimals of a microsecond) and at most 4294967295 us
            msg               | Nodes 4\\nConnections 1\\n0->1 id 1 msg start 0 size 5               | t.cm:3: msg: several messages on one connection need htsim's -conn_reuse mode
            count mismatch    | Nodes 4\\nConnections 2\\n0->1 id 1 start 0 size 5                   | t.cm: Connections: the header says 2 but the file has 1
            trigger count     | Nodes 4\\nConnections 1\\nTriggers 1\\n0->1 id 1 start 0 size 5       | t.cm: Triggers: the header says 1 but the file has 0
            failure count     | Nodes 4\\nConnections 1\\n0->1 id 1 start 0 size 5\\nfailure switch_type AGG switch_id 0 link_id 0 | t.cm: Failures: the header says 0 but the file has 1
            no Nodes          | Connections 1\\n0->1 id 1 start 0 size 5                             | t.cm: Nodes: missing header 'Nodes N'
            bad Nodes         | Nodes many\\nConnections 1\\n0->1 id 1 start 0 size 5                | t.cm:1: Nodes: expected a non-negative integer, got 'many'
            Nodes twice       | Nodes 4\\nNodes 4\\nConnections 1\\n0->1 id 1 start 0 size 5         | t.cm:2: Nodes: given twice
            unknown header    | Nodes 4\\nLinks 3\\nConnections 1\\n0->1 id 1 start 0 size 5         | t.cm:2: expected a header line
            late comment      | Nodes 4\\nConnections 1\\n0->1 id 1 start 0 size 5\\n# late           | t.cm:4: a # comment is allowed only before the first connection
            late header       | Nodes 4\\nConnections 1\\n0->1 id 1 start 0 size 5\\nTriggers 0      | t.cm:4: Triggers: headers must come before
            leading space     | Nodes 4\\nConnections 1\\n 0->1 id 1 start 0 size 5                  | t.cm:3: expected a header line
            undeclared trigger| Nodes 4\\nConnections 2\\n0->1 id 1 start 0 size 5 send_done_trigger 3\\n1->2 id 2 start 0 size 5 | t.cm:3: send_done_trigger: trigger id 3 has no 'trigger id 3 ...' line
            trigger twice     | Nodes 4\\nConnections 1\\nTriggers 2\\n0->1 id 1 start 0 size 5\\ntrigger id 1 oneshot\\ntrigger id 1 multishot | t.cm:6: trigger: id 1 is declared twice (first on line 5)
            two kinds         | Nodes 4\\nConnections 1\\nTriggers 1\\n0->1 id 1 start 0 size 5\\ntrigger id 1 oneshot barrier count 2 | t.cm:5: trigger: one kind only
            no kind           | Nodes 4\\nConnections 1\\nTriggers 1\\n0->1 id 1 start 0 size 5\\ntrigger id 1  | t.cm:5: trigger: missing kind
            trigger id 0      | Nodes 4\\nConnections 1\\nTriggers 1\\n0->1 id 1 start 0 size 5\\ntrigger id 0 oneshot | t.cm:5: id: expected a positive integer trigger id, got '0'
            barrier no count  | Nodes 4\\nConnections 1\\nTriggers 1\\n0->1 id 1 start 0 size 5\\ntrigger id 1 barrier | t.cm:5: count: a barrier needs 'count K'
            oneshot twice     | Nodes 4\\nConnections 3\\nTriggers 1\\n0->1 id 1 start 0 size 5 send_done_trigger 1\\n1->2 id 2 start 0 size 5 send_done_trigger 1\\n2->3 id 3 trigger 1 size 5\\ntrigger id 1 oneshot | t.cm:7: trigger id 1: a oneshot trigger activated by 2 flow completions
            barrier overrun   | Nodes 4\\nConnections 2\\nTriggers 1\\n0->1 id 1 start 0 size 5 send_done_trigger 1 recv_done_trigger 1\\n2->3 id 3 trigger 1 size 5\\ntrigger id 1 barrier count 1 | t.cm:6: trigger id 1: a barrier of count 1 activated by 2
            nobody waits      | Nodes 4\\nConnections 1\\nTriggers 1\\n0->1 id 1 start 0 size 5 send_done_trigger 1\\ntrigger id 1 oneshot | t.cm:5: trigger id 1: activated but no flow waits on it
            never starts      | Nodes 4\\nConnections 2\\nTriggers 1\\n0->1 id 1 start 0 size 5 send_done_trigger 1\\n1->2 id 2 trigger 1 size 5\\ntrigger id 1 barrier count 2 | t.cm:5: traffic: flow id 2 can never start: its trigger id 1 is activated
            failure TOR       | Nodes 4\\nConnections 1\\nFailures 1\\n0->1 id 1 start 0 size 5\\nfailure switch_type TOR switch_id 0 link_id 0 | t.cm:5: switch_type: htsim can fail only switch_type AGG
            failure 2-tier    | Nodes 4\\nConnections 1\\nFailures 1\\n0->1 id 1 start 0 size 5\\nfailure switch_type AGG switch_id 0 link_id 0 | t.cm:5: switch_type: AGG failures need a 3-tier tree
            failure bad type  | Nodes 4\\nConnections 1\\nFailures 1\\n0->1 id 1 start 0 size 5\\nfailure switch_type SPINE switch_id 0 link_id 0 | t.cm:5: switch_type: expected one of TOR, AGG or CORE, got 'SPINE'
            failure partial   | Nodes 4\\nConnections 1\\nFailures 1\\n0->1 id 1 start 0 size 5\\nfailure switch_type AGG | t.cm:5: failure: needs switch_type, switch_id and link_id
            Nodes beyond tree | Nodes 200\\nConnections 1\\n0->1 id 1 start 0 size 5                 | t.cm:1: Nodes: the connection matrix has 200 nodes but the tree
            """)
    void whatHtsimRefusesIsRefusedWithFileLineAndWhatIsAccepted(String why, String text, String expected) {
        var e = assertThrows(IllegalArgumentException.class,
                () -> CmReader.parse("t.cm", text.replace("\\n", "\n"), K16));
        assertTrue(e.getMessage().startsWith(expected), why + ": got " + e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "one line");
    }

    @Test
    void failuresHtsimCannotRunAreRefusedOnAThreeTierTree() {
        FatTree t = FatTree.threeTier(4);
        String head = "Nodes 16\nConnections 1\nFailures 1\n0->15 id 1 start 0 size 100\n";
        var wrongPort = assertThrows(IllegalArgumentException.class,
                () -> CmReader.parse("f.cm", head + "failure switch_type AGG switch_id 3 link_id 0\n", t));
        assertTrue(wrongPort.getMessage().startsWith("f.cm:5: link_id: htsim can fail only link_id 1 of AGG switch 3"),
                wrongPort.getMessage());
        var noSwitch = assertThrows(IllegalArgumentException.class,
                () -> CmReader.parse("f.cm", head + "failure switch_type AGG switch_id 8 link_id 0\n", t));
        assertTrue(noSwitch.getMessage().startsWith("f.cm:5: switch_id: must be in [0, 7]"), noSwitch.getMessage());
        var twice = assertThrows(IllegalArgumentException.class, () -> CmReader.parse("f.cm",
                head.replace("Failures 1", "Failures 2") + "failure switch_type AGG switch_id 3 link_id 1\n"
                        + "failure switch_type AGG switch_id 3 link_id 1\n", t));
        assertTrue(twice.getMessage().startsWith("f.cm:6: failure: cable agg1.1-core3 already failed on line 5"),
                twice.getMessage());
    }

    @Test
    void aCountOnAOneShotIsIgnoredAsHtsimIgnoresIt() {
        ConnectionMatrix cm = CmReader.parse("c.cm", "Nodes 3\nConnections 2\nTriggers 1\n"
                + "0->1 id 1 start 0 size 5 send_done_trigger 1\n1->2 id 2 trigger 1 size 5\n"
                + "trigger id 1 oneshot count 4\n", K16);
        assertEquals(List.of(Trigger.oneShot(0)), cm.workload().triggers());
    }

    @Test
    void writingAWorkloadWithFaultsHtsimCannotExpressIsRefused() {
        Workload w = Workload.of(List.of(new Flow(0, 0, 1, 100, 0)));
        var degraded = assertThrows(IllegalArgumentException.class, () -> ConnectionMatrix.of(w,
                Faults.builder(K16).degrade("leaf0-spine0", 100_000_000_000L).build()));
        assertTrue(degraded.getMessage().startsWith("degrade: "), degraded.getMessage());
        var leafSpine = assertThrows(IllegalArgumentException.class, () -> ConnectionMatrix.of(w,
                Faults.builder(K16).fail("leaf0-spine0", 0).build()));
        assertTrue(leafSpine.getMessage().startsWith("fail: htsim's connection matrix can fail only"),
                leafSpine.getMessage());
        FatTree t = FatTree.threeTier(4);
        var late = assertThrows(IllegalArgumentException.class, () -> ConnectionMatrix.of(w,
                Faults.builder(t).fail("agg1.1-core3", 5).build()));
        assertTrue(late.getMessage().startsWith("fail: htsim's connection matrix fails cables from time 0"),
                late.getMessage());
    }
}
