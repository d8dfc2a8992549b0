package org.primelab.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.primelab.cli.PrimeCommand;

/**
 * The sweep on an embedded Spark {@code local[2]}: its rows are exactly those of the same runs made one
 * by one through the CLI (timing aside), and a second sweep runs only the points not yet in the results.
 */
class SweepTest {
    /** Runs of {@link CountingRunner} in this JVM (Spark local mode runs tasks in the test's JVM). */
    static final AtomicInteger RUNS = new AtomicInteger();

    /** The CLI runner, counting its runs. */
    static final class CountingRunner implements PointRunner {
        private static final long serialVersionUID = 1L;

        @Override
        public List<Map<String, Object>> run(Point point) {
            RUNS.incrementAndGet();
            return new CliPointRunner().run(point);
        }
    }

    static JavaSparkContext sc;

    @BeforeAll
    static void startSpark() {
        sc = SparkContexts.open("local[2]", "SweepTest");
    }

    @AfterAll
    static void stopSpark() {
        sc.close();
    }

    private static SweepSpec grid(String... axes) {
        Map<String, List<String>> grid = new LinkedHashMap<>();
        for (String a : axes) {
            int eq = a.indexOf('=');
            grid.put(a.substring(0, eq), List.of(a.substring(eq + 1).split(",")));
        }
        return new SweepSpec(Simulator.SIM, grid, List.of());
    }

    /**
     * One run made alone through the CLI, its JSON objects as maps read by Jackson's own binding
     * (independent of the sweep's parser: integers come back as Integer or Long, reals as Double).
     */
    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> alone(String... args) throws Exception {
        StringWriter out = new StringWriter();
        List<String> all = new ArrayList<>(List.of("sim"));
        all.addAll(List.of(args));
        all.addAll(List.of("--json", "--no-progress"));
        int code = PrimeCommand.execute(all.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(new StringWriter(), true));
        assertEquals(0, code);
        List<Map<String, Object>> objects = new ArrayList<>();
        for (String line : out.toString().split("\n")) {
            if (!line.isBlank()) {
                objects.add(new ObjectMapper().readValue(line, LinkedHashMap.class));
            }
        }
        return objects;
    }

    /** JSON integers must be stored as long, reals as double, strings as themselves. */
    private static Object stored(Object json) {
        return json instanceof Integer || json instanceof Long ? (Object) ((Number) json).longValue() : json;
    }

    @Test
    void fourPointSweepGivesExactlyTheRowsOfTheRunsMadeOneByOne(@TempDir Path dir) throws Exception {
        List<Point> points = PointPlanner.plan(grid("k=4", "lb=prime,reps", "seed=1,2"));
        assertEquals(4, points.size());
        Sweep.Outcome o = Sweep.run(sc, points, dir, new CliPointRunner(), new PrintWriter(new StringWriter()));
        assertEquals(4, o.ran());
        List<Map<String, Object>> parquet = ParquetTable.read(dir.resolve(Sweep.PARQUET));
        List<String> csv = Files.readAllLines(dir.resolve(Sweep.CSV));
        assertEquals(4, parquet.size());
        assertEquals(5, csv.size());
        assertFalse(Files.exists(dir.resolve(Sweep.JOURNAL)));
        int i = 0;
        for (String lb : List.of("prime", "reps")) {
            for (String seed : List.of("1", "2")) {
                List<Map<String, Object>> expected = alone("--k", "4", "--lb", lb, "--seed", seed);
                assertEquals(1, expected.size());
                Map<String, Object> row = parquet.get(i++);
                assertEquals(lb, row.get("opt_lb"));
                assertEquals(Long.parseLong(seed), row.get("opt_seed"));
                assertEquals(4L, row.get("opt_k"));
                for (Map.Entry<String, Object> e : Rows.withoutTiming(expected.get(0)).entrySet()) {
                    assertEquals(stored(e.getValue()), row.get(e.getKey()), "point " + lb + "/" + seed + " column " + e.getKey());
                }
            }
        }
    }

    @Test
    void resumingRunsOnlyThePointsNotYetInTheResults(@TempDir Path dir) {
        PrintWriter quiet = new PrintWriter(new StringWriter());
        RUNS.set(0);
        Sweep.Outcome first = Sweep.run(sc, PointPlanner.plan(grid("k=4", "lb=prime", "seed=1,2")), dir, new CountingRunner(), quiet);
        assertEquals(2, RUNS.get());
        assertEquals(2, first.ran());
        List<Point> four = PointPlanner.plan(grid("k=4", "lb=prime,reps", "seed=1,2"));
        Sweep.Outcome second = Sweep.run(sc, four, dir, new CountingRunner(), quiet);
        assertEquals(4, RUNS.get(), "only the two new points run");
        assertEquals(2, second.skipped());
        assertEquals(4, second.table().rows().size());
        Sweep.Outcome third = Sweep.run(sc, four, dir, new CountingRunner(), quiet);
        assertEquals(4, RUNS.get(), "nothing left to run");
        assertEquals(0, third.ran());
        // rows in spec order, whatever ran first
        List<Object> order = third.table().rows().stream().map(r -> r.get(Rows.POINT)).toList();
        assertEquals(four.stream().map(Point::key).toList(), order);
    }

    @Test
    void aStoppedSweepKeepsItsFinishedPointsForTheNextRun(@TempDir Path dir) throws Exception {
        PrintWriter quiet = new PrintWriter(new StringWriter());
        List<Point> points = PointPlanner.plan(grid("k=4", "lb=prime", "seed=1,2,3"));
        String bad = points.get(2).key();
        PointRunner failing = p -> {
            if (p.key().equals(bad)) {
                throw new IllegalStateException("injected failure");
            }
            return new CountingRunner().run(p);
        };
        RUNS.set(0);
        try {
            Sweep.run(sc, points, dir, failing, quiet);
            throw new AssertionError("the sweep should have stopped");
        } catch (IllegalStateException expected) {
            assertTrue(expected.getMessage().contains("injected failure"), expected.getMessage());
        }
        // Points run concurrently: one may have started (and been counted) but been cancelled unsaved.
        // What the next sweep must skip is exactly what the stopped one kept on disk.
        int kept = Sweep.existingRows(dir).size();
        int runsBefore = RUNS.get();
        assertTrue(kept <= 2, "the failed point is not kept");
        Sweep.Outcome resumed = Sweep.run(sc, points, dir, new CountingRunner(), quiet);
        assertEquals(kept, resumed.skipped(), "the kept points are skipped");
        assertEquals(3 - kept, resumed.ran(), "only the missing points run");
        assertEquals(runsBefore + resumed.ran(), RUNS.get());
        assertEquals(3, resumed.table().rows().size());
    }

    /**
     * A journal whose last line a crash cut short still resumes: that line is left out, with one line on stderr, and
     * its point runs again (the sweep failed with a raw JsonEOFException, exit 1, so a crash lost the whole resume).
     */
    @Test
    void aJournalWithAnIncompleteLastLineResumes(@TempDir Path dir) throws Exception {
        PrintWriter quiet = new PrintWriter(new StringWriter());
        List<Point> points = PointPlanner.plan(grid("k=4", "lb=prime", "seed=1,2"));
        Sweep.run(sc, points, dir, new CliPointRunner(), quiet);
        ObjectMapper json = new ObjectMapper();
        List<Map<String, Object>> rows = Sweep.existingRows(dir);
        String whole = json.writeValueAsString(rows.get(0));
        String cut = json.writeValueAsString(rows.get(1));
        Files.delete(dir.resolve(Sweep.PARQUET));
        Files.delete(dir.resolve(Sweep.CSV));
        Files.writeString(dir.resolve(Sweep.JOURNAL), whole + "\n" + cut.substring(0, cut.length() / 2));
        StringWriter err = new StringWriter();
        RUNS.set(0);
        Sweep.Outcome resumed = Sweep.run(sc, points, dir, new CountingRunner(), new PrintWriter(err, true));
        assertTrue(err.toString().contains("sweep: ignoring the incomplete last line 2 of "), err.toString());
        assertEquals(1, resumed.skipped());
        assertEquals(1, resumed.ran());
        assertEquals(1, RUNS.get());
        assertEquals(points.stream().map(Point::key).toList(), resumed.table().rows().stream().map(r -> r.get(Rows.POINT))
                .toList());
        assertFalse(Files.exists(dir.resolve(Sweep.JOURNAL)));
    }
}
