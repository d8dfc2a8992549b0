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

    /**
     * A command line built for one subcommand (as {@code prime NAME ...} runs) holds that subcommand alone,
     * with the same usage, nested subcommands included, as the full command line gives it.
     */
    @Test
    void aCommandLineForOneSubcommandHasItAloneAndUnchanged() {
        CommandLine full = PrimeCommand.commandLine();
        assertEquals(PrimeCommand.SUBCOMMANDS.size(), full.getSubcommands().size(), "every subcommand registered");
        for (String name : full.getSubcommands().keySet()) {
            CommandLine one = PrimeCommand.commandLine(name);
            assertEquals(java.util.Set.of(name), one.getSubcommands().keySet(), name);
            assertEquals(full.getSubcommands().get(name).getUsageMessage(),
                    one.getSubcommands().get(name).getUsageMessage(), name);
            for (var nested : full.getSubcommands().get(name).getSubcommands().entrySet()) {
                assertEquals(nested.getValue().getUsageMessage(),
                        one.getSubcommands().get(name).getSubcommands().get(nested.getKey()).getUsageMessage(),
                        name + " " + nested.getKey());
            }
        }
        assertEquals(full.getSubcommands().keySet(), PrimeCommand.commandLine("simm").getSubcommands().keySet(),
                "an unknown first word sees every subcommand");
    }

    private static void assertHelp(String[] args) {
        EvCommandTest.Run r = EvCommandTest.run(args);
        assertEquals(0, r.code(), String.join(" ", args) + ": " + r.err());
        assertTrue(r.out().contains("Usage:"), String.join(" ", args));
    }
}
