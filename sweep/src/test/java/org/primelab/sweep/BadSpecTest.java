package org.primelab.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bad spec is refused before anything runs: one line on stderr naming the key (and the value),
 * exit status 2, no output directory. No Spark context is started, so these tests need none.
 */
class BadSpecTest {
    private record Result(int code, String out, String err) {
    }

    private static Result sweep(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>(List.of("sweep"));
        all.addAll(List.of(args));
        int code = SweepMain.execute(all.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(code, out.toString(), err.toString());
    }

    private static void refused(Path outDir, Result r, String... fragments) {
        assertEquals(2, r.code(), r.err());
        List<String> lines = r.err().lines().toList();
        assertEquals(1, lines.size(), "one line: " + r.err());
        for (String f : fragments) {
            assertTrue(lines.get(0).contains(f), "'" + f + "' in: " + lines.get(0));
        }
        assertFalse(Files.exists(outDir), "no output directory");
        assertEquals("", r.out());
    }

    private static Path spec(Path dir, String name, String text) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    /** A master URL Spark cannot use is one line before anything starts (Spark printed 35 lines and a trace). */
    @Test
    void aBadSparkMasterIsNamed(@TempDir Path tmp) {
        Path out = tmp.resolve("out");
        for (String master : new String[] {"foo://x", "local[0]", "spark://host"}) {
            refused(out, sweep("--grid", "k=4", "--master", master, "--out", out.toString()), "prime: master: unknown '"
                    + master + "'", "accepted: local");
        }
    }

    /** A standalone master nobody listens at is refused at once (Spark retried for a minute, then waited forever). */
    @Test
    void anUnreachableStandaloneMasterIsRefusedAtOnce(@TempDir Path tmp) throws java.io.IOException {
        Path out = tmp.resolve("out");
        int closed;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        String master = "spark://127.0.0.1:" + closed;
        refused(out, sweep("--grid", "k=4", "--master", master, "--out", out.toString()), "prime: master: cannot reach '"
                + master + "'", "local[*]");
        refused(out, sweep("--grid", "k=4", "--master", "spark://127.0.0.1:70000", "--out", out.toString()),
                "prime: master: port 70000");
        // one listening address of a list is enough
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            String two = "spark://127.0.0.1:" + closed + ",127.0.0.1:" + s.getLocalPort();
            org.junit.jupiter.api.Assertions.assertEquals(two, SparkContexts.checked(two));
        }
    }

    /** A point over the command's time or memory budget is refused as the command refuses it (it ran for hours). */
    @Test
    void aPointOverTheBudgetIsRefusedAsTheCommandRefusesIt(@TempDir Path tmp) {
        Path out = tmp.resolve("out");
        refused(out, sweep("--grid", "k=4", "--grid", "flow-size=100GB", "--out", out.toString()),
                "prime: grid.flow-size: bad value '100GB': flow-size: the packet simulation needs about", "--force");
        refused(out, sweep("--simulator", "fluid", "--grid", "k=8", "--grid", "flow-size=1e15", "--out", out.toString()),
                "prime: grid.flow-size: bad value '1e15': flow-size: ");
    }

    /** A grid axis every point's run ignores is refused (it was dropped in silence); one some point reads is kept. */
    @Test
    void anAxisNoPointReadsIsRefused(@TempDir Path tmp) {
        Path out = tmp.resolve("out");
        refused(out, sweep("--simulator", "fluid", "--grid", "spray-order=random", "--grid", "k=4", "--out",
                out.toString()), "prime: grid.spray-order: no point's run reads it");
        refused(out, sweep("--grid", "k=4", "--grid", "detect=50us,100us", "--out", out.toString()),
                "prime: grid.detect: no point's run reads it");
        List<Point> kept = PointPlanner.plan(SweepSpec.fromGridFlags(Simulator.SIM, List.of("k=4", "lb=prime,rps",
                "spray-order=random,cycle", "cross-tor=false")));
        assertEquals(3, kept.size(), "PRIME once, RPS with each order: " + kept);
    }

    @Test
    void unknownOptionKeyIsNamed(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("out");
        refused(out, sweep("--grid", "kk=8,16", "--out", out.toString()), "grid.kk", "unknown option");
        Path yaml = spec(tmp, "s.yaml", "grid:\n  k: [8]\n  flowsize: [2MB]\n");
        refused(out, sweep(yaml.toString(), "--out", out.toString()), "grid.flowsize", "unknown option", "flow-size");
    }

    @Test
    void unknownTopLevelKeyAndReservedKeyAreNamed(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("out");
        refused(out, sweep(spec(tmp, "s.json", "{\"grid\": {\"k\": [8]}, \"seeds\": [1]}").toString(), "--out", out.toString()),
                "seeds", "unknown key");
        refused(out, sweep("--grid", "json=true", "--out", out.toString()), "grid.json", "set by the sweep");
    }

    @Test
    void emptyGridIsNamed(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("out");
        refused(out, sweep(spec(tmp, "s.yaml", "grid:\n  k: []\n").toString(), "--out", out.toString()), "grid.k", "empty");
        refused(out, sweep("--grid", "k=", "--out", out.toString()), "grid.k", "empty");
        refused(out, sweep(spec(tmp, "e.yaml", "simulator: sim\n").toString(), "--out", out.toString()), "no points");
    }

    @Test
    void badValuesAreNamedWithKeyAndValue(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("out");
        // picocli's own type check
        refused(out, sweep("--grid", "k=8,abc", "--out", out.toString()), "grid.k", "'abc'");
        // the CLI's scenario checks: rate, scheme, flow size, fluid split mode
        refused(out, sweep("--grid", "rate=400G,fast", "--out", out.toString()), "grid.rate", "'fast'");
        refused(out, sweep("--grid", "lb=prime,nope", "--out", out.toString()), "grid.lb", "'nope'");
        refused(out, sweep("--grid", "flow-size=0", "--out", out.toString()), "grid.flow-size", "'0'");
        refused(out, sweep("--simulator", "fluid", "--grid", "split=sideways", "--out", out.toString()), "grid.split", "'sideways'");
        refused(out, sweep(spec(tmp, "p.yaml", "points:\n  - {k: 8, cross-tor: maybe}\n").toString(), "--out", out.toString()),
                "points[0].cross-tor", "'maybe'");
    }

    @Test
    void aValueOnlyACombinationRefusesNamesThePoint(@TempDir Path tmp) {
        Path out = tmp.resolve("out");
        // spine7 exists at the default k=16 but not at k=4
        refused(out, sweep("--grid", "k=4", "--grid", "fail=leaf0-spine7@20us", "--out", out.toString()),
                "point {k=4, fail=leaf0-spine7@20us}");
    }

    /**
     * The command's own options outside the shared scenario options are checked too: they passed validation and
     * failed inside Spark with a stack trace, exit 1 and an output directory.
     */
    @Test
    void theCommandsOwnOptionsAreCheckedBeforeSparkStarts(@TempDir Path tmp) {
        Path out = tmp.resolve("out");
        refused(out, sweep("--grid", "k=4", "--grid", "fct-at=foo", "--out", out.toString()), "prime: grid.fct-at: bad value 'foo'",
                "fct-at: expected receiver or sender, got 'foo'");
        refused(out, sweep("--simulator", "fluid", "--grid", "k=4", "--grid", "fct-at=foo", "--out", out.toString()),
                "grid.fct-at", "expected receiver or sender");
        refused(out, sweep("--grid", "k=4", "--grid", "threads=99", "--out", out.toString()), "grid.threads", "threads: must be in [1, ");
        // 8 threads are fine alone (the default fabric has enough ToRs), not with k=4: one ToR per thread at least
        refused(out, sweep("--grid", "k=4", "--grid", "threads=2,8", "--out", out.toString()), "point {k=4, threads=8}",
                "threads: must be in [1, ");
    }

    /**
     * Every value {@code prime motivation} refuses is refused by a motivation sweep before Spark starts, with the
     * command's own message (they ran into Spark and failed with a stack trace). The command refuses them before it
     * runs anything, so its message is taken from the command itself: the sweep's check cannot drift from it.
     */
    @Test
    void motivationValuesAreCheckedWithTheCommandsOwnMessage(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("out");
        String[][] bad = {{"link", "x"}, {"link", "leaf1->spine0"}, {"flow-size", "0"}, {"flow-size", "2XB"}, {"lb", "x"},
            {"lb", "prime,prime"}, {"degradations", "0,0"}, {"degradations", "100"}, {"degradations", "x"}};
        for (String[] kv : bad) {
            StringWriter cmdErr = new StringWriter();
            int code = org.primelab.cli.PrimeCommand.execute(new String[] {"motivation", "--" + kv[0], kv[1], "--out",
                tmp.resolve("m").toString()}, new PrintWriter(new StringWriter(), true), new PrintWriter(cmdErr, true));
            assertEquals(2, code, cmdErr.toString());
            String own = cmdErr.toString().strip().replaceFirst("^prime: ", "");
            Path yaml = spec(tmp, "m.yaml", "simulator: motivation\ngrid:\n  " + kv[0] + ": ['" + kv[1] + "']\n");
            refused(out, sweep(yaml.toString(), "--out", out.toString()), "prime: grid." + kv[0] + ": bad value '" + kv[1]
                    + "': " + own);
        }
        assertFalse(Files.exists(tmp.resolve("m")));
    }

    /**
     * A grid of more than {@link SweepSpec#MAX_POINTS} points is refused at once, with the exact count: five 100-value
     * axes (10^10 points, more than an int holds) were expanded in memory until OutOfMemoryError.
     */
    @Test
    void aGridOfTooManyPointsIsRefusedWithItsCount(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("out");
        String hundred = java.util.stream.IntStream.rangeClosed(1, 100).mapToObj(String::valueOf)
                .collect(java.util.stream.Collectors.joining(","));
        String ms = java.util.stream.IntStream.rangeClosed(1000, 1099).mapToObj(String::valueOf)
                .collect(java.util.stream.Collectors.joining(","));
        String us = java.util.stream.IntStream.rangeClosed(1, 100).mapToObj(i -> i + "us")
                .collect(java.util.stream.Collectors.joining(","));
        String rto = java.util.stream.IntStream.rangeClosed(10, 109).mapToObj(i -> i + "us")
                .collect(java.util.stream.Collectors.joining(","));
        String kb = java.util.stream.IntStream.rangeClosed(1, 100).mapToObj(i -> i + "KB")
                .collect(java.util.stream.Collectors.joining(","));
        long start = System.nanoTime();
        refused(out, sweep("--grid", "seed=" + hundred, "--grid", "flow-size=" + kb, "--grid", "rto=" + rto, "--grid",
                "stagger=" + us, "--grid", "mtu=" + ms, "--out", out.toString()), "prime: grid: the spec has 10000000000 points",
                "100 x 100 x 100 x 100 x 100", "at most " + SweepSpec.MAX_POINTS);
        assertTrue(System.nanoTime() - start < 5_000_000_000L, "refused at once");
        // explicit points count too: 2 points crossed with 50,001 seeds
        StringBuilder seeds = new StringBuilder();
        for (int i = 1; i <= 50_001; i++) {
            seeds.append(i == 1 ? "" : ",").append(i);
        }
        Path yaml = spec(tmp, "p.yaml", "grid:\n  seed: [" + seeds + "]\npoints:\n  - {k: 4}\n  - {k: 8}\n");
        refused(out, sweep(yaml.toString(), "--out", out.toString()), "grid: the spec has 100002 points (2 points x 50001)");
    }

    /**
     * A key given twice in a YAML or JSON mapping is refused naming it, as {@code --grid k=4 --grid k=8} is: the
     * parsed tree kept the last, so the run silently used k=8 and seed=2 and dropped 4 and 1.
     */
    @Test
    void aKeyGivenTwiceInASpecIsRefused(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("out");
        refused(out, sweep(spec(tmp, "d.yaml", "grid:\n  k: [4]\n  k: [8]\n").toString(), "--out", out.toString()),
                "prime: grid.k: given twice (line 3)");
        refused(out, sweep(spec(tmp, "d.json", "{\"grid\": {\"k\": [4], \"k\": [8]}}").toString(), "--out", out.toString()),
                "prime: grid.k: given twice");
        refused(out, sweep(spec(tmp, "p.yaml", "grid:\n  k: [4]\npoints:\n  - {seed: 1, seed: 2}\n").toString(), "--out",
                out.toString()), "prime: points[0].seed: given twice");
        refused(out, sweep(spec(tmp, "p.json", "{\"points\": [{\"k\": 4}, {\"seed\": 1, \"seed\": 2}]}").toString(),
                "--out", out.toString()), "prime: points[1].seed: given twice");
        refused(out, sweep(spec(tmp, "t.yaml", "grid: {k: 4}\ngrid: {k: 8}\n").toString(), "--out", out.toString()),
                "prime: grid: given twice");
    }

    /**
     * Results in --out that cannot be read (a results file that is not Parquet, a bad journal line before the last)
     * are refused in one line naming the file, exit 2, before Spark starts, and left as they were: they gave a raw
     * exception name or a stack trace, exit 1, after Spark's start.
     */
    @Test
    void unreadableResultsInOutAreRefusedNamingTheFile(@TempDir Path tmp) throws Exception {
        Path out = Files.createDirectories(tmp.resolve("out"));
        Files.writeString(out.resolve(Sweep.PARQUET), "not parquet\n");
        List<String> before = contents(out);
        refusedLeaving(out, before, sweep("--grid", "k=4", "--out", out.toString()), "prime: out: "
                + out.resolve(Sweep.PARQUET) + ": not a readable Parquet results file");
        Files.delete(out.resolve(Sweep.PARQUET));
        Files.writeString(out.resolve(Sweep.JOURNAL), "{\"bad json\n{\"point\": \"sim k=4\"}\n");
        before = contents(out);
        refusedLeaving(out, before, sweep("--grid", "k=4", "--out", out.toString()), "prime: out: "
                + out.resolve(Sweep.JOURNAL) + ":1: not a row of a sweep");
    }

    /** {@link #refused} for an --out that exists: its files are left as they were ({@code before}). */
    private static void refusedLeaving(Path outDir, List<String> before, Result r, String... fragments) throws Exception {
        assertEquals(2, r.code(), r.err());
        List<String> lines = r.err().lines().toList();
        assertEquals(1, lines.size(), "one line: " + r.err());
        for (String f : fragments) {
            assertTrue(lines.get(0).contains(f), "'" + f + "' in: " + lines.get(0));
        }
        assertEquals("", r.out());
        assertEquals(before, contents(outDir));
    }

    /** Every file of {@code dir} with its contents, sorted. */
    private static List<String> contents(Path dir) throws java.io.IOException {
        try (var files = Files.list(dir)) {
            return files.map(f -> f.getFileName() + ":" + readQuietly(f)).sorted().toList();
        }
    }

    private static String readQuietly(Path f) {
        try {
            return Files.readString(f);
        } catch (java.io.IOException e) {
            return "?";
        }
    }

    /** --simulator with a SPEC file is refused: the file chooses, and --simulator fluid silently ran the packet simulator. */
    @Test
    void simulatorWithASpecFileIsRefused(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("out");
        Path ok = spec(tmp, "ok.yaml", "grid:\n  k: [4]\n");
        refused(out, sweep(ok.toString(), "--simulator", "fluid", "--out", out.toString()), "prime: simulator: 'fluid' with a"
                + " SPEC file", "--grid flags only");
        refused(out, sweep(ok.toString(), "--simulator", "sim", "--out", out.toString()), "prime: simulator: 'sim'");
    }

    /** An empty entry of a --grid list is refused (k=4,,8 was silently k=4,8), as sensitivity refuses --seeds 1,,2. */
    @Test
    void anEmptyGridEntryIsRefused(@TempDir Path tmp) {
        Path out = tmp.resolve("out");
        for (String list : new String[] {"4,,8", "4,", ",4", ","}) {
            refused(out, sweep("--grid", "k=" + list, "--out", out.toString()), "prime: grid.k: empty value in '" + list + "'");
        }
    }
}
