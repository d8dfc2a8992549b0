package org.primelab.notebooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code prime notebooks --out} below a regular file is refused as bad input before the kernel is
 * installed or any notebook runs: exit 2, one line naming {@code out}; it used to install the kernel, then
 * fail with exit 1. The Jupyter given here does not exist, so reaching it would fail differently.
 */
class NotebooksOutOptionTest {
    @Test
    void anOutBelowAFileIsRefusedFirst(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "not a directory");
        Path out = file.resolve("executed");
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int code = NotebooksCommand.run(new String[] {"--out", out.toString()},
                new Jupyter(tmp.resolve("no-jupyter").toString(), Map.of()), tmp,
                new PrintStream(stdout, true, StandardCharsets.UTF_8), new PrintStream(stderr, true, StandardCharsets.UTF_8));
        assertEquals(2, code);
        assertEquals(List.of("out: '" + out + "' cannot be created: '" + file + "' is not a directory"),
                stderr.toString(StandardCharsets.UTF_8).lines().toList());
        assertEquals("", stdout.toString(StandardCharsets.UTF_8));
        assertFalse(Files.exists(out));
    }
}
