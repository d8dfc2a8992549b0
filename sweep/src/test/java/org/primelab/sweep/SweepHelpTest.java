package org.primelab.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The help of the commands only {@link SweepMain} registers renders cleanly: picocli formats descriptions
 * with {@code String.format} and, on an unescaped '%' (say "25%-degraded"), prints a WARN line on stderr and
 * the raw text. The CLI module's help test cannot see these commands.
 */
class SweepHelpTest {
    @ParameterizedTest
    @ValueSource(strings = {"sweep", "figures", "sweep-bench", "sensitivity"})
    void helpRendersWithoutWarnings(String command) {
        PrintStream saved = System.err;
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code;
        System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
        try {
            code = SweepMain.execute(new String[] {command, "--help"}, new PrintWriter(out, true), new PrintWriter(err, true));
        } finally {
            System.setErr(saved);
        }
        String warnings = stderr.toString(StandardCharsets.UTF_8) + err;
        assertEquals(0, code, warnings);
        assertTrue(out.toString().contains("Usage: prime " + command), out.toString());
        assertFalse(warnings.contains("WARN"), warnings);
    }
}
