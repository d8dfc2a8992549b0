package org.primelab.sweep;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.spark.api.java.JavaFutureAction;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * Runs validated points on Spark and keeps {@code DIR/results.parquet} and {@code DIR/results.csv}.
 *
 * <p>Each point is one Spark job of one task, all submitted at once: the scheduler runs as many at a
 * time as there are cores (or executors), and the driver learns of each point as soon as it ends. A
 * finished point's rows are appended at once to {@value #JOURNAL} in DIR, so a sweep stopped halfway
 * loses only the points still running. At the end (and after a failure) the results files are
 * rewritten from the previous results, the journal and the new rows, and the journal is removed.
 * Points whose key is already in DIR's results or journal are skipped: that is resuming.
 *
 * <p>Rows appear in spec order (rows of an earlier sweep that this spec does not name come first), so
 * the files depend only on the points, not on which finished first.
 */
public final class Sweep {
    /** The results files, in the output directory. */
    public static final String PARQUET = "results.parquet";
    /** CSV twin of {@link #PARQUET}. */
    public static final String CSV = "results.csv";
    /** Rows of finished points not yet merged into the results files (JSON lines). */
    public static final String JOURNAL = "results.journal.jsonl";
    /** How often the driver looks for finished points. */
    private static final long POLL_MILLIS = 50;

    /**
     * What a sweep did.
     *
     * @param total   points in the spec
     * @param skipped points already in the results
     * @param ran     points run now
     * @param table   every row now in the results files
     */
    public record Outcome(int total, int skipped, int ran, ResultTable table) {
    }

    private Sweep() {
    }

    /**
     * The rows of earlier runs in an output directory, read before anything runs.
     *
     * @param rows         the results file's rows, then the journal's
     * @param journalLines the journal's complete lines, to write back when {@code truncated}
     * @param truncated    the journal's last line was incomplete (a run stopped while writing it) and is left out
     */
    public record Previous(List<Map<String, Object>> rows, List<String> journalLines, boolean truncated) {
        public Previous {
            rows = List.copyOf(rows);
            journalLines = List.copyOf(journalLines);
        }
    }

    /** Runs the points of {@code points} missing from {@code dir}'s results. */
    public static Outcome run(JavaSparkContext sc, List<Point> points, Path dir, PointRunner runner, PrintWriter err) {
        return run(sc, points, dir, previous(dir, err), runner, err);
    }

    /**
     * Runs the points of {@code points} missing from {@code previous}, the rows {@link #previous} read from
     * {@code dir} (so that a caller can refuse unreadable results before Spark starts).
     */
    public static Outcome run(JavaSparkContext sc, List<Point> points, Path dir, Previous earlier, PointRunner runner,
                              PrintWriter err) {
        try {
            Files.createDirectories(dir);
            if (earlier.truncated()) {
                dropIncompleteLastLine(dir, earlier.journalLines());
            }
            List<Map<String, Object>> previous = earlier.rows();
            Set<String> done = new HashSet<>();
            previous.forEach(r -> done.add(String.valueOf(r.get(Rows.POINT))));
            List<Point> todo = new ArrayList<>();
            for (Point p : points) {
                if (!done.contains(p.key())) {
                    todo.add(p);
                }
            }
            Progress progress = new Progress(err, points.size(), points.size() - todo.size());
            progress.start();
            Map<String, List<Map<String, Object>>> fresh = new LinkedHashMap<>();
            RuntimeException failure = null;
            if (!todo.isEmpty()) {
                failure = runAll(sc, todo, runner, dir, progress, fresh);
            }
            ResultTable table = merge(previous, points, fresh);
            writeResults(dir, table);
            if (failure != null) {
                throw failure;
            }
            return new Outcome(points.size(), points.size() - todo.size(), todo.size(), table);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static RuntimeException runAll(JavaSparkContext sc, List<Point> todo, PointRunner runner, Path dir,
                                           Progress progress, Map<String, List<Map<String, Object>>> fresh)
            throws IOException {
        List<JavaFutureAction<List<List<Map<String, Object>>>>> jobs = new ArrayList<>();
        for (Point p : todo) {
            sc.setJobDescription(String.join(" ", p.commandLine(List.of())));
            jobs.add(sc.parallelize(List.of(p), 1).map(runner::run).collectAsync());
        }
        ObjectMapper json = new ObjectMapper();
        List<Integer> pending = new ArrayList<>();
        for (int i = 0; i < todo.size(); i++) {
            pending.add(i);
        }
        try (BufferedWriter journal = Files.newBufferedWriter(dir.resolve(JOURNAL), StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
            while (!pending.isEmpty()) {
                boolean any = false;
                for (Iterator<Integer> it = pending.iterator(); it.hasNext(); ) {
                    int i = it.next();
                    if (!jobs.get(i).isDone()) {
                        continue;
                    }
                    List<Map<String, Object>> rows;
                    try {
                        rows = jobs.get(i).get().get(0);
                    } catch (ExecutionException e) {
                        jobs.forEach(f -> f.cancel(true));
                        return new IllegalStateException("sweep: stopped, " + firstLine(e.getCause())
                                + " (finished points are kept; run the same sweep again to resume)", e.getCause());
                    }
                    for (Map<String, Object> r : rows) {
                        journal.write(json.writeValueAsString(r));
                        journal.write('\n');
                    }
                    journal.flush();
                    fresh.put(todo.get(i).key(), rows);
                    progress.pointDone(String.join(" ", todo.get(i).args()));
                    it.remove();
                    any = true;
                }
                if (!any) {
                    Thread.sleep(POLL_MILLIS);
                }
            }
        } catch (InterruptedException e) {
            jobs.forEach(f -> f.cancel(true));
            Thread.currentThread().interrupt();
            return new IllegalStateException("sweep: interrupted (finished points are kept; run again to resume)", e);
        }
        return null;
    }

    private static String firstLine(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String m = String.valueOf(root.getMessage());
        return m.lines().findFirst().orElse(m);
    }

    /** Rows of earlier runs: the results file, then the journal of an interrupted run. */
    static List<Map<String, Object>> existingRows(Path dir) {
        return previous(dir, new PrintWriter(java.io.Writer.nullWriter())).rows();
    }

    /**
     * Refuses, as {@link #previous} does, results in {@code dir} that a run there could not resume from: for a caller
     * that runs several sweeps into shared directories and must refuse before Spark starts ({@code prime figures}).
     */
    public static void requireReadable(Path dir) {
        existingRows(dir);
    }

    /**
     * Rows of earlier runs in {@code dir}: the results file, then the journal of an interrupted run. The journal's last
     * line is left out, with one line on {@code err}, if it is not a complete row: that is what a crash while writing it
     * leaves, and resuming after a crash is what the journal is for. Anything else unreadable (a results file that is
     * not Parquet, a bad journal line before the last) is refused in one line naming the file, since resuming over it
     * would drop or rerun results without a word.
     */
    public static Previous previous(Path dir, PrintWriter err) {
        List<Map<String, Object>> rows = new ArrayList<>();
        Path parquet = dir.resolve(PARQUET);
        if (Files.isRegularFile(parquet)) {
            try {
                rows.addAll(ParquetTable.read(parquet));
            } catch (IOException | RuntimeException e) {
                throw new IllegalArgumentException("out: " + parquet + ": not a readable Parquet results file ("
                        + SpecReader.oneLine(firstLine(e)) + "); move it away to start afresh, or give another --out");
            }
        }
        Path journal = dir.resolve(JOURNAL);
        if (!Files.isRegularFile(journal)) {
            return new Previous(rows, List.of(), false);
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(journal, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("out: " + journal + ": cannot read it (" + SpecReader.oneLine(firstLine(e))
                    + "); move it away to start afresh, or give another --out");
        }
        int last = lines.size() - 1;
        while (last >= 0 && lines.get(last).isBlank()) {
            last--;
        }
        List<String> complete = new ArrayList<>();
        for (int i = 0; i <= last; i++) {
            Map<String, Object> row = journalRow(lines.get(i));
            if (row != null) {
                rows.add(row);
                complete.add(lines.get(i));
            } else if (i < last) {
                throw new IllegalArgumentException("out: " + journal + ":" + (i + 1) + ": not a row of a sweep (a JSON object"
                        + " with a '" + Rows.POINT + "' field); move the file away to start afresh, or give another --out");
            } else {
                err.println("sweep: ignoring the incomplete last line " + (i + 1) + " of " + journal
                        + " (a run stopped while writing it); its point runs again");
                err.flush();
                return new Previous(rows, complete, true);
            }
        }
        return new Previous(rows, complete, false);
    }

    /** One journal line as a row, or null if it is not a complete JSON object naming its point. */
    private static Map<String, Object> journalRow(String line) {
        if (line.isBlank()) {
            return null;
        }
        try {
            List<Map<String, Object>> parsed = CliPointRunner.parseJsonLines(line);
            return parsed.size() == 1 && parsed.get(0).get(Rows.POINT) instanceof String ? parsed.get(0) : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Rewrites the journal with its complete lines only, before new rows are appended to it: appended after an
     * incomplete line, the first new row would join it and make a bad line in the middle of the journal.
     */
    private static void dropIncompleteLastLine(Path dir, List<String> complete) throws IOException {
        Path tmp = dir.resolve("." + JOURNAL + ".tmp");
        Files.write(tmp, complete, StandardCharsets.UTF_8);
        Files.move(tmp, dir.resolve(JOURNAL), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static ResultTable merge(List<Map<String, Object>> previous, List<Point> points,
                                     Map<String, List<Map<String, Object>>> fresh) {
        Map<String, List<Map<String, Object>>> byKey = new LinkedHashMap<>();
        for (Map<String, Object> r : previous) {
            byKey.computeIfAbsent(String.valueOf(r.get(Rows.POINT)), k -> new ArrayList<>()).add(r);
        }
        byKey.putAll(fresh);
        List<Map<String, Object>> ordered = new ArrayList<>();
        Set<String> inSpec = new HashSet<>();
        points.forEach(p -> inSpec.add(p.key()));
        byKey.forEach((k, rows) -> {
            if (!inSpec.contains(k)) {
                ordered.addAll(rows);
            }
        });
        for (Point p : points) {
            List<Map<String, Object>> rows = byKey.get(p.key());
            if (rows != null) {
                ordered.addAll(rows);
            }
        }
        return ResultTable.of(ordered);
    }

    private static void writeResults(Path dir, ResultTable table) throws IOException {
        Path parquetTmp = dir.resolve("." + PARQUET + ".tmp");
        Path csvTmp = dir.resolve("." + CSV + ".tmp");
        ParquetTable.write(parquetTmp, table);
        CsvTable.write(csvTmp, table);
        Files.move(parquetTmp, dir.resolve(PARQUET), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        Files.move(csvTmp, dir.resolve(CSV), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        Files.deleteIfExists(dir.resolve(JOURNAL));
    }
}
