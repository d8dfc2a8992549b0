package org.primelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code prime sim}: JSON fields, output files, and the bad-input contract. */
class SimCommandTest {
    static final String FIELDS = "scheme,hosts,tiers,k,rate_gbps,flow_size_bytes,flows,max_fct_us,mean_fct_us,p99_fct_us,"
            + "ideal_max_fct_us,ratio,max_queue_pkts,mean_queue_pkts,trims,nacks,retransmissions,ecn_marks,events,wall_s,fct_at";

    @Test
    void jsonHasExactlyTheDocumentedFieldsPerScheme() {
        EvCommandTest.Run r = EvCommandTest.run("sim", "--k", "8", "--flow-size", "200KB", "--lb", "all", "--json");
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().strip().lines().toList();
        assertEquals(6, lines.size(), r.out());
        for (String line : lines) {
            StringBuilder keys = new StringBuilder();
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"([a-z0-9_]+)\":").matcher(line);
            while (m.find()) {
                keys.append(keys.length() == 0 ? "" : ",").append(m.group(1));
            }
            assertEquals(FIELDS, keys.toString(), line);
        }
        assertTrue(lines.get(3).startsWith("{\"scheme\":\"prime\",\"hosts\":32,\"tiers\":2,\"k\":8,\"rate_gbps\":400.0,"
                + "\"flow_size_bytes\":200000,\"flows\":32,"), lines.get(3));
    }

    /**
     * {@code --threads} changes only the wall time: on 1, 3 and 8 threads the JSON of every scheme and the
     * written flows.csv and queues.csv are the same, byte for byte.
     */
    @Test
    void everyThreadCountPrintsAndWritesTheSameResults(@TempDir Path dir) throws Exception {
        String reference = null;
        for (String threads : new String[] {"1", "3", "8"}) {
            Path out = dir.resolve("t" + threads);
            EvCommandTest.Run r = EvCommandTest.run("sim", "--k", "8", "--flow-size", "300KB", "--lb", "all",
                    "--fail", "leaf0-spine1@2us", "--detect", "3us", "--json", "--threads", threads, "--out", out.toString());
            assertEquals(0, r.code(), r.err());
            String result = r.out().replaceAll("\"wall_s\":[0-9.e+-]+", "") + Files.readString(out.resolve("flows.csv"))
                    + Files.readString(out.resolve("queues.csv"));
            if (reference == null) {
                reference = result;
            } else {
                assertEquals(reference, result, threads + " threads against 1");
            }
        }
    }

    @Test
    void outWritesSummaryFlowsAndQueues(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("run");
        EvCommandTest.Run r = EvCommandTest.run("sim", "--k", "4", "--flow-size", "100KB", "--lb", "prime,ecmp",
                "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("prime"), r.out());
        List<String> flows = Files.readAllLines(out.resolve("flows.csv"));
        assertEquals(1 + 2 * 8, flows.size(), "header + 8 flows x 2 schemes");
        List<String> queues = Files.readAllLines(out.resolve("queues.csv"));
        assertEquals(1 + 2 * 32, queues.size(), "header + 32 directed links (8 host + 8 leaf-spine cables) x 2 schemes");
        String summary = Files.readString(out.resolve("summary.json"));
        assertTrue(summary.startsWith("[{\"scheme\":\"prime\""), summary);
    }

    /** queues.csv names the links that swallowed packets, split into data and control, as the summary counts. */
    @Test
    void queuesCsvSaysWhereAFailedCableLostDataAndAcks(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("run");
        EvCommandTest.Run r = EvCommandTest.run("sim", "--k", "4", "--flow-size", "200KB", "--lb", "rps",
                "--fail", "leaf0-spine1@0ns", "--detect", "20us", "--json", "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        List<String> queues = Files.readAllLines(out.resolve("queues.csv"));
        List<String> header = List.of(queues.get(0).split(","));
        int name = header.indexOf("name");
        int data = header.indexOf("lost_data");
        int control = header.indexOf("lost_control");
        long lostData = 0;
        long lostControl = 0;
        for (String row : queues.subList(1, queues.size())) {
            String[] c = row.split(",");
            long d = Long.parseLong(c[data]);
            long k = Long.parseLong(c[control]);
            if (d + k > 0) {
                assertTrue(c[name].equals("leaf0->spine1") || c[name].equals("spine1->leaf0"),
                        "only the failed cable loses packets: " + row);
            }
            lostData += d;
            lostControl += k;
        }
        assertTrue(lostData > 0 && lostControl > 0, "sprayed data and ACKs both cross the hole: " + lostData + ", "
                + lostControl);
        assertEquals(lostData, (long) field(r.out(), "lost_data"));
        assertEquals(lostControl, (long) field(r.out(), "lost_control"));
        assertEquals(lostData + lostControl, (long) field(r.out(), "lost"));
    }

    @Test
    void fctAtSenderReportsTheLastAckAndSaysSo(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("run");
        EvCommandTest.Run receiver = EvCommandTest.run("sim", "--k", "4", "--flow-size", "100KB", "--json");
        EvCommandTest.Run sender = EvCommandTest.run("sim", "--k", "4", "--flow-size", "100KB", "--json",
                "--fct-at", "sender", "--out", out.toString());
        assertEquals(0, sender.code(), sender.err());
        assertTrue(receiver.out().contains("\"fct_at\":\"receiver\""), receiver.out());
        assertTrue(sender.out().contains("\"fct_at\":\"sender\""), sender.out());
        double maxReceiver = field(receiver.out(), "max_fct_us");
        double maxSender = field(sender.out(), "max_fct_us");
        assertTrue(maxSender > maxReceiver, maxSender + " vs " + maxReceiver);
        assertEquals(field(receiver.out(), "ratio"), field(sender.out(), "ratio"), "the Ratio stays receiver side");
        List<String> flows = Files.readAllLines(out.resolve("flows.csv"));
        int acked = List.of(flows.get(0).split(",")).indexOf("acked_us");
        assertTrue(acked > 0, flows.get(0));
        for (String row : flows.subList(1, flows.size())) {
            String[] c = row.split(",");
            assertTrue(Double.parseDouble(c[acked]) > Double.parseDouble(c[6]), "acked after the last byte: " + row);
        }
    }

    private static double field(String json, String name) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"" + name + "\":([0-9.eE+-]+)").matcher(json);
        assertTrue(m.find(), name + " in " + json);
        return Double.parseDouble(m.group(1));
    }

    @Test
    void badInputIsOneLineExitTwoAndWritesNothing(@TempDir Path dir) {
        String[][] bad = {
            {"--lb", "magic"},
            {"--k", "7"},
            {"--rate", "-400G"},
            {"--flow-size", "0"},
            {"--unknown-option"},
            {"--cc", "reno"},
            {"--fct-at", "middle"},
            {"--ack-every", "0"},
            {"--delay", "5 parsecs"},
            {"--traffic", "broadcast"},
            {"--rto", "1ns", "--flow-size", "8KB"},   // below the base RTT: a timeout storm, never a result
        };
        for (String[] b : bad) {
            Path out = dir.resolve("out" + b[0].replace("-", ""));
            String[] args = new String[b.length + 5];
            args[0] = "sim";
            System.arraycopy(b, 0, args, 1, b.length);
            args[b.length + 1] = "--out";
            args[b.length + 2] = out.toString();
            args[b.length + 3] = "--k";
            args[b.length + 4] = "4";
            if (b[0].equals("--k")) {
                args = new String[] {"sim", "--k", "7", "--out", out.toString()};
            }
            EvCommandTest.Run r = EvCommandTest.run(args);
            assertEquals(2, r.code(), String.join(" ", args) + " -> " + r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.out().isEmpty(), r.out());
            assertFalse(Files.exists(out), "no output on bad input: " + out);
        }
    }

    /**
     * An output name that is an existing directory inside {@code --out} is refused before the run, for every
     * command that writes several files there: none of them is written (it used to write summary.json and
     * flows.csv, then fail on queues.csv with exit 1).
     */
    @Test
    void anOutputNameThatIsADirectoryIsRefusedBeforeAnyFileIsWritten(@TempDir Path dir) throws java.io.IOException {
        for (String cmd : new String[] {"sim", "fluid"}) {
            Path out = dir.resolve(cmd);
            Files.createDirectories(out.resolve("queues.csv").resolve("inner"));
            EvCommandTest.Run r = EvCommandTest.run(cmd, "--k", "4", "--flow-size", "64KB", "--out", out.toString());
            assertEquals(2, r.code(), r.err());
            assertTrue(r.err().startsWith("prime: out: '" + out.resolve("queues.csv") + "' is a directory"), r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.out().isEmpty(), r.out());
            assertFalse(Files.exists(out.resolve("summary.json")), cmd);
            assertFalse(Files.exists(out.resolve("flows.csv")), cmd);
        }
    }
}
