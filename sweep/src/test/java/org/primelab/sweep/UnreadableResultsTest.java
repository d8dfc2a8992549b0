package org.primelab.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code prime sensitivity} and {@code prime figures} refuse results in their output directory that they could not
 * resume from in one line naming the file, exit 2, before Spark starts, and leave the file as it was, as
 * {@code prime sweep} does ({@link BadSpecTest}): they read them only inside the sweep, after Spark's start.
 */
class UnreadableResultsTest {
    private static void refused(Path bad, String... args) throws Exception {
        String before = Files.readString(bad);
        StringWriter stdout = new StringWriter();
        StringWriter err = new StringWriter();
        int code = SweepMain.execute(args, new PrintWriter(stdout, true), new PrintWriter(err, true));
        assertEquals(2, code, err.toString());
        assertEquals(1, err.toString().lines().count(), "one line: " + err);
        assertTrue(err.toString().startsWith("prime: out: " + bad + ": not a readable Parquet results file"),
                err.toString());
        assertEquals("", stdout.toString());
        assertEquals(before, Files.readString(bad), "left as it was");
    }

    /**
     * A context is held open while the command runs: Spark allows one per JVM, so the command can only give the
     * refusal if it comes before it opens its own (after it, the second context's start failed with a stack trace).
     */
    @Test
    void sensitivityRefusesUnreadableResultsBeforeSparkStarts(@TempDir Path tmp) throws Exception {
        Path out = Files.createDirectories(tmp.resolve("out"));
        Path bad = Files.writeString(out.resolve(Sweep.PARQUET), "not parquet\n");
        try (JavaSparkContext held = SparkContexts.open("local[1]", "held by the test")) {
            refused(bad, "sensitivity", "--seeds", "1", "--out", out.toString());
        }
    }

    @Test
    void figuresRefusesUnreadableResultsOfAnyFigure(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("out");
        Path bad = Files.writeString(Files.createDirectories(out.resolve("motivation")).resolve(Sweep.PARQUET),
                "not parquet\n");
        refused(bad, "figures", "--only", "motivation", "--out", out.toString());
    }
}
