package org.primelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every command's help renders cleanly (picocli warns on stderr about unescaped '%' in descriptions). */
class HelpTest {
    @Test
    void everyCommandsHelpRendersWithoutWarnings() {
        CommandLine root = PrimeCommand.commandLine();
        PrintStream saved = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            assertHelp(new String[] {"--help"});
            for (String name : root.getSubcommands().keySet()) {
                assertHelp(new String[] {name, "--help"});
            }
        } finally {
            System.setErr(saved);
        }
        String warnings = captured.toString(StandardCharsets.UTF_8);
        assertFalse(warnings.contains("WARN"), warnings);
    }

    private static void assertHelp(String[] args) {
        EvCommandTest.Run r = EvCommandTest.run(args);
        assertEquals(0, r.code(), String.join(" ", args) + ": " + r.err());
        assertTrue(r.out().contains("Usage:"), String.join(" ", args));
    }
}
