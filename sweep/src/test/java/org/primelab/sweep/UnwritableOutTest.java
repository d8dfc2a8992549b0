package org.primelab.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An {@code --out} that cannot become a directory (below a regular file) is bad input for the Spark
 * commands too: exit 2, one line naming {@code out} and the path, nothing on stdout, nothing created, and
 * before any work (figures and sensitivity used to run their first points and then fail with exit 1).
 */
class UnwritableOutTest {
    @ParameterizedTest
    @ValueSource(strings = {"sweep", "figures", "sensitivity"})
    void anOutBelowAFileIsRefusedBeforeAnyWork(String command, @TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "not a directory");
        Path out = file.resolve("results");
        List<String> args = command.equals("sweep")
                ? List.of(command, "--grid", "k=4", "--out", out.toString())
                : List.of(command, "--out", out.toString());
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();
        int code = SweepMain.execute(args.toArray(String[]::new), new PrintWriter(stdout, true),
                new PrintWriter(stderr, true));
        assertEquals(2, code, stderr.toString());
        assertEquals(List.of("prime: out: '" + out + "' cannot be created: '" + file + "' is not a directory"),
                stderr.toString().lines().toList());
        assertEquals("", stdout.toString());
        assertFalse(Files.exists(out));
        try (var listing = Files.list(tmp)) {
            assertEquals(List.of(file), listing.toList(), "nothing else written");
        }
    }
}
