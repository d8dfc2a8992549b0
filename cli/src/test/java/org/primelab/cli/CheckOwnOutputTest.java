package org.primelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code prime check} on PRIME lab's own output: {@code prime sim --out DIR} (and {@code prime fluid --out DIR})
 * write {@code DIR/flows.csv}, one row per flow and scheme, flows numbered from 0 in the workload's order; checked
 * with the options that ran it and {@code --lb} naming each scheme in turn, every run passes, its
 * {@code uplink_counts} held to the scheme's port-balance model where no link is faulty, and at the sender too, read
 * by its {@code acked_us}. A file of several schemes without {@code --lb} and rows whose endpoints are another
 * workload's are refused (exit 2,
 * one line, nothing on stdout); nanoseconds in its {@code _us} columns pass every bound but are warned about; and
 * its FCTs alone leave the last completion unknown, which the report says.
 */
class CheckOwnOutputTest {
    /** Every scheme, in the order {@code --lb all} runs them. */
    private static final List<String> SCHEMES = List.of("ecmp", "rps", "reps", "prime", "co-prime", "ar");

    private static EvCommandTest.Run run(List<String> command, String fabric, String... extra) {
        List<String> args = new ArrayList<>(command);
        args.addAll(List.of(fabric.split(" ")));
        args.addAll(List.of(extra));
        return EvCommandTest.run(args.toArray(new String[0]));
    }

    /** {@code prime sim FABRIC --lb LB --out DIR}'s flows.csv. */
    private static Path sim(Path dir, String fabric, String lb) {
        EvCommandTest.Run r = run(List.of("sim", "--no-progress"), fabric, "--lb", lb, "--out", dir.toString());
        assertEquals(0, r.code(), r.err());
        return dir.resolve("flows.csv");
    }

    private static EvCommandTest.Run check(Path results, String fabric, String... extra) {
        return run(List.of("check", "--no-estimate", "--results", results.toString()), fabric, extra);
    }

    /**
     * Every scheme of one {@code --lb all} run passes with the fabric options that ran it: a permutation, a cable
     * failed from the start and one failed at 20 us (port balance then n/a), a 3-tier tree, staggered starts, a ring
     * all-reduce whose triggered flows are placed by their reported starts.
     */
    @ParameterizedTest
    @ValueSource(strings = {"--k 8", "--k 8 --fail leaf0-spine3@0ns", "--k 8 --fail leaf1-spine0@20us",
        "--tiers 3 --k 4", "--k 8 --stagger 20us --seed 3",
        "--k 8 --traffic allreduce --group 8 --placement spread --flow-size 256KB"})
    void everySchemeOfAPrimeSimRunPassesWithItsOptions(String fabric, @TempDir Path dir) {
        Path flows = sim(dir, fabric, "all");
        boolean faults = fabric.contains("--fail");
        for (String lb : SCHEMES) {
            EvCommandTest.Run r = check(flows, fabric, "--lb", lb);
            assertEquals(0, r.code(), lb + ": " + r.out() + r.err());
            assertTrue(r.out().contains("verdict: consistent"), r.out());
            assertFalse(r.out().contains("warning"), r.out());
            Matcher ports = Pattern.compile("port_balance +uplink balance.*? +(\\d+) +0  (.*)").matcher(r.out());
            assertTrue(ports.find(), r.out());
            if (faults) {
                assertTrue(ports.group(2).startsWith("n/a: the fabric has failed or degraded links"), r.out());
            } else {
                assertTrue(Integer.parseInt(ports.group(1)) > 0 && ports.group(2).equals("ok"),
                        lb + ": the uplink_counts are read and held to the model: " + r.out());
            }
        }
    }

    /** prime fluid's flows.csv is in the same format (no uplink_counts) and passes as well. */
    @Test
    void aPrimeFluidRunPasses(@TempDir Path dir) {
        EvCommandTest.Run f = run(List.of("fluid"), "--k 8", "--lb", "prime,ecmp", "--out", dir.toString());
        assertEquals(0, f.code(), f.err());
        for (String lb : List.of("prime", "ecmp")) {
            EvCommandTest.Run r = check(dir.resolve("flows.csv"), "--k 8", "--lb", lb);
            assertEquals(0, r.code(), r.out() + r.err());
            assertTrue(r.out().contains("n/a: no per-port counts given"), r.out());
        }
    }

    /**
     * The port counts are checked, not just read: ECMP's counts relabelled as PRIME's or RPS's break those schemes'
     * models (whole flows hashed put one port of leaf0 at 1077 packets where spraying allows 666).
     */
    @Test
    void anotherSchemesPortCountsFailTheNamedSchemesModel(@TempDir Path dir) throws IOException {
        Path flows = sim(dir, "--k 8", "ecmp");
        for (String lb : List.of("prime", "rps")) {
            Path relabelled = dir.resolve(lb + ".csv");
            Files.writeString(relabelled, Files.readString(flows).replaceAll("(?m)^ecmp,", lb + ","));
            EvCommandTest.Run r = check(relabelled, "--k 8", "--lb", lb);
            assertEquals(1, r.code(), r.out() + r.err());
            assertTrue(r.out().contains("port_balance failed for"), r.out());
            assertFalse(r.out().contains("lone_path failed"), r.out());
        }
    }

    /**
     * A mixed-traffic run (some flows pinned to ECMP) passes: its flows.csv names each flow's traffic class, and the
     * uplink counts, which mix two load balancers' spreads, are withheld from port_balance, saying why. The same file
     * without the column is held to PRIME's model for every flow, and the ECMP flows' counts fail it.
     */
    @Test
    void flowsPinnedToEcmpWithholdThePortCounts(@TempDir Path dir) throws IOException {
        String fabric = "--k 8 --ecmp-fraction 0.25";
        EvCommandTest.Run sim = run(List.of("sim", "--no-progress"), fabric, "--lb", "prime", "--out", dir.toString());
        assertEquals(0, sim.code(), sim.err());
        Path flows = dir.resolve("flows.csv");
        List<String> rows = Files.readAllLines(flows);
        assertTrue(rows.get(0).endsWith(",traffic_class"), rows.get(0));
        long pinned = rows.stream().filter(row -> row.endsWith(",ecmp")).count();
        assertTrue(pinned > 0 && pinned < rows.size() - 1, "some flows pinned, some sprayed: " + pinned);
        EvCommandTest.Run r = check(flows, "--k 8");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("n/a: " + pinned + " of the " + (rows.size() - 1) + " flow rows are pinned to ECMP"),
                r.out());
        Path unlabelled = dir.resolve("unlabelled.csv");
        Files.write(unlabelled, rows.stream().map(row -> row.substring(0, row.lastIndexOf(','))).toList());
        r = check(unlabelled, "--k 8");
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("port_balance failed for"), r.out());
        Path misspelt = dir.resolve("misspelt.csv");
        Files.writeString(misspelt, Files.readString(flows).replaceFirst(",ecmp\n", ",hashed\n"));
        r = check(misspelt, "--k 8");
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().strip().matches("prime: results: misspelt.csv:\\d+: traffic_class must be sprayed or ecmp"
                + " \\(as prime sim --out writes it\\), got 'hashed'"), r.err());
    }

    /** Several schemes and no --lb: which to check is the user's to say, not the default's. */
    @Test
    void severalSchemesWithoutLbAreRefusedNamingThem(@TempDir Path dir) {
        Path flows = sim(dir, "--k 8", "prime,ecmp");
        EvCommandTest.Run r = check(flows, "--k 8");
        assertEquals(2, r.code(), r.out() + r.err());
        assertEquals("", r.out());
        assertEquals("prime: lb: flows.csv holds the results of 2 schemes in its scheme column (prime, ecmp); name the"
                + " one to check with --lb, accepted: prime, ecmp", r.err().strip());
        r = check(flows, "--k 8", "--lb", "reps");
        assertEquals(2, r.code(), r.out() + r.err());
        assertEquals("prime: lb: flows.csv holds no results of reps in its scheme column, which holds prime, ecmp;"
                + " accepted: --lb prime or --lb ecmp", r.err().strip());
    }

    /**
     * At the sender (htsim's convention) the flows.csv of prime sim --fct-at sender is read by its acked_us, and every
     * scheme passes (a run at the receiver, which stops before the last ACKs come back, is refused); the
     * same file with each flow's ACK back at the moment its last byte arrived (no way back) fails lone_path, whose
     * bound at the sender adds the last ACK's return.
     */
    @Test
    void atTheSenderTheLastAckIsChecked(@TempDir Path dir) throws IOException {
        Path receiverRun = sim(dir.resolve("receiver"), "--k 8", "prime");
        EvCommandTest.Run refused = check(receiverRun, "--k 8", "--fct-at", "sender");
        assertEquals(2, refused.code(), refused.out() + refused.err());
        assertTrue(refused.err().strip().matches("prime: fct-at: flows.csv:\\d+: flow \\d+ has no acked_us: the run"
                + " stopped before its last ACK came back, .*"), refused.err());
        Path flows = sim(dir, "--k 8 --fct-at sender", "all");
        for (String lb : SCHEMES) {
            EvCommandTest.Run r = check(flows, "--k 8", "--lb", lb, "--fct-at", "sender");
            assertEquals(0, r.code(), lb + ": " + r.out() + r.err());
            assertTrue(r.out().contains("verdict: consistent"), r.out());
        }
        List<String> rows = Files.readAllLines(flows);
        List<String> header = List.of(rows.get(0).split(","));
        int end = header.indexOf("end_us");
        int acked = header.indexOf("acked_us");
        List<String> instant = new ArrayList<>(List.of(rows.get(0)));
        for (String row : rows.subList(1, rows.size())) {
            String[] c = row.split(",", -1);
            c[acked] = c[end];
            instant.add(String.join(",", c));
        }
        Path noWayBack = dir.resolve("instant-acks.csv");
        Files.write(noWayBack, instant);
        EvCommandTest.Run r = check(noWayBack, "--k 8", "--lb", "prime", "--fct-at", "sender");
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("lone_path failed for 32"), r.out());
        r = check(noWayBack, "--k 8", "--lb", "prime");
        assertEquals(0, r.code(), "at the receiver acked_us is not read: " + r.out() + r.err());
    }

    /**
     * The run of another workload (the permutation of another seed; or the same .cm file with two connection lines
     * swapped, which renumbers them) is refused at its first row whose endpoints differ, before any check.
     */
    @Test
    void rowsOfAnotherWorkloadAreRefusedNamingTheFirst(@TempDir Path dir) throws IOException {
        Path flows = sim(dir.resolve("run"), "--k 8", "prime");
        EvCommandTest.Run r = check(flows, "--k 8 --seed 2");
        assertEquals(2, r.code(), r.out() + r.err());
        assertEquals("", r.out());
        assertTrue(r.err().strip().matches("prime: results: flows\\.csv:2: flow 0 is reported as 0->\\d+ but is 0->\\d+"
                + " in the workload \\(results of another connection matrix, or flows renumbered\\)"), r.err());

        Path cm = dir.resolve("w.cm");
        assertEquals(0, EvCommandTest.run("workload", "--k", "8", "--out", cm.toString()).code());
        Path cmFlows = sim(dir.resolve("cm"), "--k 8 --traffic " + cm, "prime");
        assertEquals(0, check(cmFlows, "--k 8 --traffic " + cm).code());
        List<String> lines = new ArrayList<>(Files.readAllLines(cm));
        int first = lines.indexOf(lines.stream().filter(l -> l.contains(" id 1 ")).findFirst().orElseThrow());
        String swap = lines.get(first);
        lines.set(first, lines.get(first + 1));
        lines.set(first + 1, swap);
        Path swapped = dir.resolve("swapped.cm");
        Files.write(swapped, lines);
        r = check(cmFlows, "--k 8 --traffic " + swapped);
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().startsWith("prime: results: flows.csv:2: flow 0 is reported as 0->"), r.err());
    }

    /**
     * Nanoseconds in the _us columns: every FCT a thousand times its true value, above every lower bound; the check
     * passes and warns once, in the text and in the JSON. prime sim's own run in microseconds has no warning.
     */
    @Test
    void nanosecondsInTheUsColumnsAreWarnedAbout(@TempDir Path dir) throws IOException {
        Path flows = sim(dir, "--k 8", "prime");
        StringBuilder ns = new StringBuilder();
        for (String line : Files.readAllLines(flows)) {
            String[] c = line.split(",", -1);
            if (!c[0].equals("scheme")) {
                for (int i = 5; i <= 7; i++) {     // start_us, end_us, fct_us
                    c[i] = String.format(Locale.ROOT, "%.3f", Double.parseDouble(c[i]) * 1000);
                }
            }
            ns.append(String.join(",", c)).append('\n');
        }
        Path nsFile = dir.resolve("ns.csv");
        Files.writeString(nsFile, ns);
        EvCommandTest.Run r = check(nsFile, "--k 8");
        assertEquals(0, r.code(), r.out() + r.err());
        assertEquals(1, r.out().lines().filter(l -> l.startsWith("warning, not a check: every reported FCT (32 flows)"
                + " is over 100x its flow's lone-path bound")).count(), r.out());
        assertTrue(r.out().contains("likely nanoseconds where microseconds belong"), r.out());
        EvCommandTest.Run json = check(nsFile, "--k 8", "--json");
        assertTrue(json.out().contains("\"warnings\":[\"every reported FCT (32 flows) is over 100x"), json.out());
        assertEquals(1, json.out().split("is over 100x", -1).length - 1, json.out());

        EvCommandTest.Run real = check(flows, "--k 8", "--json");
        assertEquals(0, real.code(), real.out() + real.err());
        assertTrue(real.out().contains("\"warnings\":[]"), real.out());
    }

    /**
     * A ring all-reduce's triggered flows reported by FCT alone have no completion moment: the header says the last
     * completion is unknown and why, and that the workload ideal is not checked (it printed the timed flows' latest
     * end, 2.6 us, under an ideal of 15 us it did not check); with their starts and ends it prints the last.
     */
    @Test
    void theHeaderSaysWhyTheLastCompletionIsUnknown(@TempDir Path dir) throws IOException {
        String fabric = "--k 8 --traffic allreduce --group 4 --flow-size 256KB";
        Path flows = sim(dir, fabric, "prime");
        StringBuilder fctOnly = new StringBuilder("flow,fct_us\n");
        List<String> rows = Files.readAllLines(flows);
        for (String line : rows.subList(1, rows.size())) {
            String[] c = line.split(",");
            fctOnly.append(c[1]).append(',').append(c[7]).append('\n');
        }
        Path fct = dir.resolve("fct.csv");
        Files.writeString(fct, fctOnly);
        EvCommandTest.Run r = check(fct, fabric);
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("; last completion unknown: the completion moment of 160 flows is unknown (an FCT"
                + " without a start, of flows that wait on a trigger); report start_us and end_us\n"), r.out());
        assertTrue(r.out().matches("(?s).*\nworkload ideal completion: [0-9.]+ us \\([^\n]*\\); not checked, the last"
                + " completion being unknown\n.*"), r.out());
        assertTrue(check(fct, fabric, "--json").out().contains("\"last_completion_us\":null"));
        r = check(flows, fabric);
        assertTrue(r.out().matches("(?s).*; last completion [0-9.]+ us\nworkload ideal completion: [0-9.]+ us \\([^\n]*"
                + "\\)\n.*"), r.out());
    }
}
