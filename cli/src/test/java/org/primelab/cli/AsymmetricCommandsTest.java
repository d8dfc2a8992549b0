package org.primelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Failure, degradation and mixed-traffic flags; {@code prime topo} and {@code prime motivation}. */
class AsymmetricCommandsTest {
    @Test
    void failureRunReportsLossesAndTimeouts() {
        EvCommandTest.Run r = EvCommandTest.run("sim", "--k", "8", "--flow-size", "500KB", "--lb", "prime",
                "--fail", "leaf0-spine1@2us", "--detect", "20us", "--json");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\"lost\":"), r.out());
        assertTrue(r.out().contains("\"timeouts\":"), r.out());
    }

    @Test
    void mixedRunReportsPerClassFields() {
        EvCommandTest.Run r = EvCommandTest.run("sim", "--k", "8", "--flow-size", "200KB", "--lb", "reps",
                "--ecmp-fraction", "0.1", "--sched", "wrr:0.66", "--json");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\"ecmp_flows\":3,"), r.out());
        assertTrue(r.out().contains("\"sprayed_max_fct_us\":"), r.out());
    }

    @Test
    void badLinksAndImpossibleFailureSetsAreRejected(@TempDir Path dir) {
        String[][] bad = {
            {"--fail", "leaf0-spine99@1us"},
            {"--fail", "leaf0-leaf1@1us"},
            {"--fail", "leaf0-spine1"},
            {"--fail", "h0-leaf0@0us"},
            {"--fail", "leaf0-spine0@0us", "--fail", "leaf0-spine1@0us", "--fail", "leaf0-spine2@0us",
                "--fail", "leaf0-spine3@0us"},
            {"--degrade", "leaf0-spine1"},
            {"--degrade", "leaf0-spine1=-5G"},
            {"--degrade-fraction", "1.5"},
            {"--fail-random", "1000"},
            {"--sched", "fifo"},
            {"--sched", "wrr:1.5"},
            {"--ecmp-fraction", "-0.1"},
        };
        for (String[] b : bad) {
            Path out = dir.resolve("o" + Math.abs(String.join("", b).hashCode()));
            String[] args = new String[b.length + 5];
            args[0] = "sim";
            args[1] = "--k";
            args[2] = "8";
            args[3] = "--out";
            args[4] = out.toString();
            System.arraycopy(b, 0, args, 5, b.length);
            EvCommandTest.Run r = EvCommandTest.run(args);
            assertEquals(2, r.code(), String.join(" ", b) + " -> " + r.err() + r.out());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertFalse(Files.exists(out));
        }
    }

    @Test
    void topoListsTheNamesFailAccepts() {
        EvCommandTest.Run r = EvCommandTest.run("topo", "--tiers", "3", "--k", "4");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("  edge0.0-agg0.1"), r.out());
        assertTrue(r.out().contains("  agg3.1-core3"), r.out());
        EvCommandTest.Run run = EvCommandTest.run("sim", "--tiers", "3", "--k", "4", "--flow-size", "100KB",
                "--fail", "agg3.1-core3@1us", "--json");
        assertEquals(0, run.code(), run.err());
    }

    @Test
    void motivationWritesPerFlowPerPortCounts(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("m");
        EvCommandTest.Run r = EvCommandTest.run("motivation", "--lb", "prime", "--degradations", "0,75",
                "--flow-size", "300KB", "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        List<String> rows = Files.readAllLines(out.resolve("motivation.csv"));
        assertEquals(1 + 2 * 18 * 8, rows.size(), "header + 2 runs x 18 flows x 8 ports");
        assertEquals("scheme,degradation_pct,flow,port,packets,degraded_port", rows.get(0));
    }
}
