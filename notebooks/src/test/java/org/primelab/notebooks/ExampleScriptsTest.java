package org.primelab.notebooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import jdk.jshell.EvalException;
import jdk.jshell.JShell;
import jdk.jshell.Snippet;
import jdk.jshell.SnippetEvent;
import jdk.jshell.SourceCodeAnalysis;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The jshell scripts under {@code examples/} cannot rot: each runs here, at a small radix, through
 * {@code jdk.jshell} on this module's class path (what {@code ./prime jshell SCRIPT} puts on it), every
 * snippet must be accepted and none may throw, and what it prints must hold the properties its rows claim.
 */
class ExampleScriptsTest {

    /** {@code examples/penalties/penalties-and-paths.jsh} at k=8: one row per run, CO-PRIME's share even within one packet per flow. */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void penaltiesAndPathsRunsAndPrintsItsTable() throws IOException {
        String out = run(ReadmeWhatIfsTest.repositoryRoot().resolve("examples/penalties/penalties-and-paths.jsh"),
                "-Dks=8", "-Dseeds=1");
        List<String> rows = out.lines().filter(l -> l.startsWith("   8 ")).toList();
        // PRIME at the defaults, PRIME scaled (4 uplinks: 0.5 and 2 RTT), REPS, CO-PRIME
        assertEquals(4, rows.size(), out);
        assertTrue(rows.get(1).contains("P_ECN 0.5 RTT, P_NACK 2 RTT, time decay"), rows.get(1));
        // round robin without feedback: each flow's count on a path is within one packet of even
        // (RoundRobinDeviationTheorem), 978 packets of 4 MB over 4 uplinks, so its slow/healthy ratio is within
        // 1/244 of 1 (at 1.000 until stop 41; 1.001 since ACKs carry a cumulative point, which moves the order of
        // resends after trims)
        String coPrime = rows.get(3);
        double coPrimeShare = Double.parseDouble(coPrime.substring(coPrime.lastIndexOf(' ') + 1));
        assertTrue(coPrime.contains("co-prime") && Math.abs(coPrimeShare - 1) <= 1.0 / 244,
                "round robin without feedback: " + coPrime);
        double primeShare = Double.parseDouble(rows.get(0).substring(rows.get(0).lastIndexOf(' ') + 1));
        assertTrue(primeShare > 0.25 && primeShare < 1, "PRIME's history steers some packets off slow paths: " + rows.get(0));
    }

    /**
     * {@code examples/ev-space/ev-space.jsh} on a 2-tier k=8 tree (4 uplinks per ToR): PRIME once, REPS and RPS at
     * 2^16 EVs and at one. With one EV a sprayed flow is pinned to one path, so some uplink carries two
     * flows (8 ToRs of 4 flows over 4 uplinks each) and the Ratio is far above the wide space's.
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void evSpaceRunsAndPinsFlowsWithOneEv() throws IOException {
        String out = run(ReadmeWhatIfsTest.repositoryRoot().resolve("examples/ev-space/ev-space.jsh"),
                "-Dtiers=2", "-Dk=8", "-Dsize=200KB", "-Dseeds=1", "-Devs=65536,1");
        List<String[]> rows = out.lines().filter(l -> l.startsWith("   1 ")).map(l -> l.trim().split("\\s+")).toList();
        assertEquals(5, rows.size(), out);
        assertEquals("prime", rows.get(0)[1], out);
        for (int i : new int[] {1, 3}) {
            String[] wide = rows.get(i);
            String[] one = rows.get(i + 1);
            assertEquals("65536", wide[2], out);
            assertEquals("1", one[2], out);
            double wideRatio = Double.parseDouble(wide[5]);
            double oneRatio = Double.parseDouble(one[5]);
            assertTrue(oneRatio > 1.5 && oneRatio > wideRatio + 0.3, one[1] + ": one EV pins each flow: " + out);
        }
    }

    /** Runs every snippet of {@code script} (jshell commands such as {@code /exit} skipped); returns what it printed. */
    private static String run(Path script, String... remoteOptions) throws IOException {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream sink = new PrintStream(captured, true, StandardCharsets.UTF_8);
        List<String> options = new ArrayList<>(List.of(remoteOptions));
        options.add("-Djava.awt.headless=true");
        options.add("-Duser.dir=" + ReadmeWhatIfsTest.repositoryRoot());
        String source = Files.readString(script, StandardCharsets.UTF_8).lines()
                .filter(l -> !l.startsWith("/")).collect(Collectors.joining("\n"));
        try (JShell shell = JShell.builder().out(sink).err(sink).remoteVMOptions(options.toArray(String[]::new)).build()) {
            NotebooksRunInJShellTest.testClasspath().forEach(shell::addToClasspath);
            SourceCodeAnalysis analysis = shell.sourceCodeAnalysis();
            String rest = source;
            while (!rest.isBlank()) {
                SourceCodeAnalysis.CompletionInfo info = analysis.analyzeCompletion(rest);
                if (info.completeness() == SourceCodeAnalysis.Completeness.EMPTY) {
                    break;
                }
                assertTrue(info.completeness().isComplete(), "incomplete snippet in " + script + ": " + rest.lines().findFirst().orElse(""));
                for (SnippetEvent e : shell.eval(info.source())) {
                    if (e.causeSnippet() != null) {
                        continue;
                    }
                    if (e.status() != Snippet.Status.VALID) {
                        fail(script + ": " + e.status() + ": " + shell.diagnostics(e.snippet())
                                .map(d -> d.getMessage(Locale.ROOT)).collect(Collectors.joining("; ")) + " in " + info.source());
                    }
                    if (e.exception() != null) {
                        Throwable t = e.exception();
                        String type = t instanceof EvalException ee ? ee.getExceptionClassName() : t.getClass().getName();
                        fail(script + " threw " + type + ": " + t.getMessage() + "\n" + captured.toString(StandardCharsets.UTF_8));
                    }
                }
                rest = info.remaining();
            }
        }
        sink.flush();
        return captured.toString(StandardCharsets.UTF_8);
    }
}
