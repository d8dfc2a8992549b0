package org.primelab.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Comma-separated list options of {@code prime figures} and {@code prime sensitivity} with nothing (or a name twice) in
 * them are refused in one line, exit 2, before anything is created: picocli splits {@code ,} into an empty list, which
 * ran every figure, or no sensitivity point and a Parquet stack trace over an empty output directory.
 */
class ListOptionsTest {
    private static void refused(Path out, String fragment, String... args) {
        StringWriter stdout = new StringWriter();
        StringWriter err = new StringWriter();
        int code = SweepMain.execute(args, new PrintWriter(stdout, true), new PrintWriter(err, true));
        assertEquals(2, code, err.toString());
        assertEquals(1, err.toString().lines().count(), "one line: " + err);
        assertTrue(err.toString().contains(fragment), "'" + fragment + "' in: " + err);
        assertEquals("", stdout.toString());
        assertFalse(Files.exists(out), "no output directory");
    }

    @Test
    void sensitivityRefusesAnEmptySeedList(@TempDir Path tmp) {
        Path out = tmp.resolve("out");
        refused(out, "prime: seeds: no seed given; accepted: distinct integers", "sensitivity", "--seeds", ",", "--out",
                out.toString());
    }

    @Test
    void figuresRefusesAFigureNamedTwiceOrAnEmptyName(@TempDir Path tmp) {
        Path out = tmp.resolve("out");
        refused(out, "prime: only: 'motivation' given twice; accepted: distinct figure names", "figures", "--only",
                "motivation,motivation", "--out", out.toString());
        refused(out, "prime: only: empty figure name in 'motivation,'", "figures", "--only", "motivation,", "--out",
                out.toString());
        refused(out, "prime: only: unknown figure ''", "figures", "--only", "", "--out", out.toString());
    }

    /** {@code --only ,} names no figure; it ran every one (48 s at the small scale). */
    @Test
    void figuresRefusesAnOnlyListOfCommasAlone(@TempDir Path tmp) {
        Path out = tmp.resolve("out");
        refused(out, "prime: only: empty figure name in ','", "figures", "--only", ",", "--out", out.toString());
    }
}
