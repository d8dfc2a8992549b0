package org.primelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;
import org.primelab.fluid.FluidConfig;
import org.primelab.fluid.SplitMode;
import org.primelab.core.cc.CcKind;
import org.primelab.packet.SimConfig;

/** {@code prime fluid}: same JSON fields as {@code prime sim}, output files, bad input; the bridge's fidelity. */
class FluidCommandTest {
    @Test
    void jsonHasExactlyTheFieldsOfPrimeSim() {
        EvCommandTest.Run r = EvCommandTest.run("fluid", "--k", "8", "--flow-size", "200KB", "--lb", "all", "--json");
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().strip().lines().toList();
        assertEquals(6, lines.size(), r.out());
        for (String line : lines) {
            StringBuilder keys = new StringBuilder();
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"([a-z0-9_]+)\":").matcher(line);
            while (m.find()) {
                keys.append(keys.length() == 0 ? "" : ",").append(m.group(1));
            }
            // prime sim's fields, then which fluid engine ran and why
            assertEquals(SimCommandTest.FIELDS + ",engine,engine_reason,caveats", keys.toString(), line);
            // the known one-sided errors (FluidCaveats): ECMP's at any rate, none for the others at 400G
            assertTrue(line.contains(line.startsWith("{\"scheme\":\"ecmp\"") ? "\"caveats\":[\"the max FCT runs low"
                    : "\"caveats\":[]"), line);
            // auto: the flow-level model for ECMP, PRIME and CO-PRIME; the quantum engine for AR (not covered)
            // and for RPS/REPS (outside its measured accuracy: no per-packet imbalance)
            boolean quantum = line.matches("\\{\"scheme\":\"(ar|rps|reps)\".*");
            assertTrue(line.contains(quantum ? "\"engine\":\"quantum\"" : "\"engine\":\"flow\""), line);
        }
        assertTrue(lines.get(3).startsWith("{\"scheme\":\"prime\",\"hosts\":32,\"tiers\":2,\"k\":8,\"rate_gbps\":400.0,"
                + "\"flow_size_bytes\":200000,\"flows\":32,"), lines.get(3));
    }

    /**
     * A run whose simulated time would pass what the fluid engines' double-picosecond clock resolves is refused
     * before it starts, naming the option that makes it long (it hung: at 10,000 s two events a few ps apart
     * fall on one double); one well inside runs. The quantum engine's estimate counts the idle steps before a
     * late start (it ran for hours through them).
     */
    @Test
    @org.junit.jupiter.api.Timeout(value = 120, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
    void runsPastTheFluidClocksResolutionOrThroughHoursOfIdleStepsAreRefusedFirst(@TempDir Path dir) {
        String[][] refused = {
            {"stagger", "fluid", "--k", "4", "--stagger", "700000s", "--flow-size", "1KB"},
            {"rto", "fluid", "--k", "4", "--rto", "10000s", "--fail", "leaf0-spine1@0s", "--cross-tor"},
            {"fail", "fluid", "--k", "4", "--fail", "leaf0-spine1@2000s", "--cross-tor"},
        };
        for (String[] c : refused) {
            Path out = dir.resolve(c[0]);
            String[] args = java.util.Arrays.copyOfRange(c, 1, c.length + 2);
            args[args.length - 2] = "--out";
            args[args.length - 1] = out.toString();
            EvCommandTest.Run r = EvCommandTest.run(args);
            assertEquals(2, r.code(), r.err());
            assertTrue(r.err().startsWith("prime: " + c[0] + ": the fluid model would run past "), r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertEquals("", r.out());
            assertFalse(Files.exists(out), "no output on a refusal");
        }
        EvCommandTest.Run idle = EvCommandTest.run("fluid", "--engine", "quantum", "--k", "4", "--flow-size", "1KB",
                "--stagger", "400s");
        assertEquals(2, idle.code(), idle.err());
        assertTrue(idle.err().startsWith("prime: stagger: the fluid simulation needs about"), idle.err());
        EvCommandTest.Run flowLevel = EvCommandTest.run("fluid", "--k", "4", "--flow-size", "1KB", "--stagger", "400s",
                "--json");
        assertEquals(0, flowLevel.code(), flowLevel.err());
        assertTrue(flowLevel.out().contains("\"engine\":\"flow\""), flowLevel.out());
        // the guard weighs the engine that runs: the flow-level model's cost does not grow with bytes
        EvCommandTest.Run huge = EvCommandTest.run("fluid", "--k", "4", "--flow-size", "4000GB", "--lb", "prime,rps");
        assertEquals(2, huge.code(), huge.err());
        assertTrue(huge.err().startsWith("prime: flow-size: the fluid simulation needs about"), huge.err());
        EvCommandTest.Run hugeFlowLevel = EvCommandTest.run("fluid", "--k", "4", "--flow-size", "4000GB", "--json");
        assertEquals(0, hugeFlowLevel.code(), hugeFlowLevel.err());
        assertTrue(hugeFlowLevel.out().contains("\"engine\":\"flow\""), hugeFlowLevel.out());
    }

    @Test
    void tablePrintsEachKnownBiasWithWhereItsRangesAre() {
        EvCommandTest.Run r = EvCommandTest.run("fluid", "--k", "8", "--flow-size", "200KB", "--rate", "100G", "--lb",
                "prime,ecmp");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("caveat prime: below 400G the tail runs low against packet-sim"), r.out());
        assertTrue(r.out().contains("caveat ecmp: the max FCT runs low and the mean high"), r.out());
        assertTrue(r.out().contains("How far to trust a fluid estimate"), r.out());
        EvCommandTest.Run none = EvCommandTest.run("fluid", "--k", "8", "--flow-size", "200KB", "--lb", "prime");
        assertEquals(0, none.code(), none.err());
        assertFalse(none.out().contains("caveat"), none.out());
    }

    @Test
    void outWritesSummaryFlowsQueuesAndTrajectories(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("run");
        EvCommandTest.Run r = EvCommandTest.run("fluid", "--k", "4", "--flow-size", "2MB", "--lb", "prime,ecmp",
                "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(1 + 2 * 8, Files.readAllLines(out.resolve("flows.csv")).size(), "header + 8 flows x 2 schemes");
        assertEquals(1 + 2 * 32, Files.readAllLines(out.resolve("queues.csv")).size(), "header + 32 links x 2 schemes");
        List<String> traj = Files.readAllLines(out.resolve("queue_trajectories.csv"));
        assertEquals("scheme,link,name,time_us,queue_bytes", traj.get(0));
        assertTrue(traj.size() > 1, "ecmp collides on k=4: some queue is non-zero");
        assertTrue(Files.readString(out.resolve("summary.json")).startsWith("[{\"scheme\":\"prime\""));
    }

    @Test
    void badInputIsOneLineExitTwoAndWritesNothing(@TempDir Path dir) {
        String[][] bad = {{"--lb", "magic"}, {"--k", "7"}, {"--split", "exact"}, {"--step", "0"}, {"--step", "65"}, {"--split", "expected", "--step", "2"},
            {"--flow-size", "0"}, {"--cc", "reno"}, {"--fct-at", "middle"}, {"--engine", "fast"}, {"--engine", "flow", "--lb", "ar"}};
        for (String[] args : bad) {
            Path out = dir.resolve("x" + args[0].replace("-", "") + args[1]);
            String[] full = new String[args.length + 3];
            full[0] = "fluid";
            System.arraycopy(args, 0, full, 1, args.length);
            full[args.length + 1] = "--out";
            full[args.length + 2] = out.toString();
            EvCommandTest.Run r = EvCommandTest.run(full);
            assertEquals(2, r.code(), String.join(" ", args) + ": " + r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.err().startsWith("prime: "), r.err());
            assertFalse(Files.exists(out), "no partial output");
        }
    }

    /**
     * A dependent workload gets the ideal completion line and a {@code cct_us} column, whose values are the
     * JSON's {@code cct_us}, as {@code prime sim} prints them; an independent one gets neither.
     */
    @Test
    void aDependentWorkloadHasItsCollectiveCompletionInTheTableAndJson() {
        String[] args = {"fluid", "--k", "4", "--traffic", "allreduce", "--flow-size", "64KB", "--lb", "prime,ecmp"};
        EvCommandTest.Run table = EvCommandTest.run(args);
        assertEquals(0, table.code(), table.err());
        String[] withJson = java.util.Arrays.copyOf(args, args.length + 1);
        withJson[args.length] = "--json";
        EvCommandTest.Run json = EvCommandTest.run(withJson);
        assertEquals(0, json.code(), json.err());
        List<String> lines = table.out().lines().toList();
        assertTrue(lines.stream().anyMatch(l -> l.contains("ideal completion time")), table.out());
        String header = lines.stream().filter(l -> l.startsWith("scheme")).findFirst().orElseThrow();
        assertTrue(header.strip().endsWith("cct_us"), header);
        List<String> objects = json.out().strip().lines().toList();
        for (int i = 0; i < 2; i++) {
            String row = lines.get(lines.indexOf(header) + 1 + i);
            String[] cells = row.strip().split("\\s+");
            java.util.regex.Matcher cct = java.util.regex.Pattern.compile("\"cct_us\":([0-9.]+)").matcher(objects.get(i));
            assertTrue(cct.find() && objects.get(i).contains("\"ideal_cct_us\":"), objects.get(i));
            assertEquals(Double.parseDouble(cct.group(1)), Double.parseDouble(cells[cells.length - 1]), 1e-3, row);
        }
        EvCommandTest.Run plain = EvCommandTest.run("fluid", "--k", "4", "--flow-size", "64KB");
        assertFalse(plain.out().contains("cct_us"), plain.out());
    }

    /**
     * {@code --fct-at sender}: every flow completes its last ACK's idle return later, {@code hops·(ser(64 B)
     * + 600 ns)} at 400G; on k=4 with one flow per host to a host under another ToR of its pod or another pod,
     * compared flow by flow in flows.csv (whose end_us and fct_us stay at the receiver, as prime sim's, with
     * acked_us the sender side); the JSON's FCTs follow --fct-at, its Ratio stays the receiver's.
     */
    @Test
    void fctAtSenderAddsTheLastAcksIdleReturn(@TempDir Path dir) throws Exception {
        List<List<String>> rows = new java.util.ArrayList<>();
        List<String> json = new java.util.ArrayList<>();
        for (String at : List.of("receiver", "sender")) {
            Path out = dir.resolve(at);
            EvCommandTest.Run r = EvCommandTest.run("fluid", "--k", "4", "--flow-size", "300KB", "--fct-at", at,
                    "--out", out.toString(), "--json");
            assertEquals(0, r.code(), r.err());
            assertTrue(r.out().contains("\"fct_at\":\"" + at + "\""), r.out());
            json.add(r.out());
            rows.add(Files.readAllLines(out.resolve("flows.csv")));
        }
        double hop = (Units.serializationPs(64, 400 * Units.GBPS) + 600_000) / 1e6;   // us per link
        List<String> columns = List.of(rows.get(0).get(0).split(",", -1));
        int end = columns.indexOf("end_us");
        int links = columns.indexOf("path_links");
        int acked = columns.indexOf("acked_us");
        assertTrue(end > 0 && links > 0 && acked > 0, rows.get(0).get(0));
        double maxSenderFct = 0;
        for (int i = 1; i < rows.get(0).size(); i++) {
            String[] receiver = rows.get(0).get(i).split(",", -1);
            String[] sender = rows.get(1).get(i).split(",", -1);
            double ack = Integer.parseInt(receiver[links]) * hop;
            assertEquals("", receiver[acked], rows.get(0).get(i));
            assertEquals(receiver[end], sender[end], rows.get(1).get(i));
            assertEquals(Double.parseDouble(receiver[end]) + ack, Double.parseDouble(sender[acked]), 2e-6, rows.get(1).get(i));
            maxSenderFct = Math.max(maxSenderFct, Double.parseDouble(sender[acked]) - Double.parseDouble(sender[columns.indexOf("start_us")]));
        }
        assertEquals(maxSenderFct, number(json.get(1), "max_fct_us"), maxSenderFct * 1e-5, json.get(1));   // 6 digits
        assertEquals(number(json.get(0), "ratio"), number(json.get(1), "ratio"), 0, "the Ratio stays receiver side");
        assertTrue(number(json.get(1), "max_fct_us") > number(json.get(0), "max_fct_us"), json.get(1));
    }

    private static double number(String json, String field) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"" + field + "\":([-0-9.eE]+)").matcher(json);
        assertTrue(m.find(), field + " in " + json);
        return Double.parseDouble(m.group(1));
    }

    /** The bridge maps every field, so both simulators derive the same BDP, thresholds and window. */
    @Test
    void bridgedConfigurationsDeriveTheSameSystem() {
        qt().withFixedSeed(0x42524944L).withExamples(100)
                .forAll(integers().between(0, 3), integers().between(1, 800), integers().between(1, 2000),
                        integers().between(1, 8))
                .checkAssert((tree, gbps, delayNs, ackEvery) -> {
                    FatTree t = FatTree.builder(tree < 2 ? 2 : 3, tree % 2 == 0 ? 4 : 8).build();
                    SimConfig c = SimConfig.builder(t).rate(gbps * 1_000_000_000L).delay(delayNs * 1000L)
                            .ackEvery(ackEvery).cc(tree == 3 ? CcKind.FIXED : CcKind.DCTCP).seed(delayNs).build();
                    FluidConfig f = FluidBridge.config(c, SplitMode.PACKET, 0.5);
                    assertEquals(c.baseRttPs(), f.baseRttPs());
                    assertEquals(c.bdpBytes(), f.bdpBytes());
                    assertEquals(c.kMinBytes(), f.kMinBytes());
                    assertEquals(c.kMaxBytes(), f.kMaxBytes());
                    assertEquals(c.trimBytes(), f.trimBytes());
                    assertEquals(c.lineRateWindowBytes(), f.lineRateWindowBytes());
                    assertEquals(c.effectiveEntropy(), f.effectiveEntropy());
                    assertEquals(c.cc().cliName(), f.cc().cliName());
                    assertEquals(c.seed(), f.seed());
                });
    }
}
