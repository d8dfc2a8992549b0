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
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import jdk.jshell.EvalException;
import jdk.jshell.JShell;
import jdk.jshell.Snippet;
import jdk.jshell.SnippetEvent;
import jdk.jshell.SourceCodeAnalysis;
import jdk.jshell.VarSnippet;
import org.junit.jupiter.api.Test;

/**
 * The README's "What-ifs from jshell" cannot rot: every {@code jshell>} line of the {@code jshell} code
 * blocks between {@link #START} and {@link #END} in the top-level README.md is evaluated, in order,
 * through {@code jdk.jshell} on this module's class path (which holds the facade {@code org.primelab.Prime}
 * and everything under it), from the repository root as working directory, and what it prints must
 * equal the lines the README shows under it: the snippet's own output, then jshell's value feedback
 * ({@code $2 ==> value}). Only wall-clock times ({@code wall 0.37 s}) may differ.
 */
class ReadmeWhatIfsTest {
    /** Marks the start of the checked part of README.md. */
    static final String START = "<!-- jshell-whatifs:start -->";
    /** Marks its end. */
    static final String END = "<!-- jshell-whatifs:end -->";
    /** The prompt before each input line, as jshell prints it. */
    static final String PROMPT = "jshell> ";
    /** Wall-clock times: the only values allowed to differ from run to run. */
    static final Pattern TIMING = Pattern.compile("wall \\d+\\.\\d+ s");

    /** One input line and the output the README shows under it. */
    record Step(String input, String expected) {
    }

    /** The repository root (this module's parent). */
    static Path repositoryRoot() {
        return Path.of("").toAbsolutePath().getParent();
    }

    /** The steps of every {@code jshell} block between the markers. */
    static List<Step> steps(String readme) {
        int from = readme.indexOf(START);
        int to = readme.indexOf(END);
        assertTrue(from >= 0 && to > from, "README.md has no " + START + " ... " + END + " section");
        List<Step> steps = new ArrayList<>();
        boolean inBlock = false;
        String input = null;
        List<String> output = new ArrayList<>();
        for (String line : readme.substring(from, to).split("\n", -1)) {
            if (!inBlock && line.strip().equals("```jshell")) {
                inBlock = true;
            } else if (inBlock && line.strip().equals("```")) {
                inBlock = false;
                if (input != null) {
                    steps.add(new Step(input, String.join("\n", output)));
                }
                input = null;
                output.clear();
            } else if (inBlock && line.startsWith(PROMPT)) {
                if (input != null) {
                    steps.add(new Step(input, String.join("\n", output)));
                }
                input = line.substring(PROMPT.length());
                output.clear();
            } else if (inBlock && input != null) {
                output.add(line);
            }
        }
        return steps;
    }

    /** Lines without trailing blanks, no blank lines at the end, wall-clock times blanked. */
    static String normalize(String s) {
        String t = s.lines().map(String::stripTrailing).collect(Collectors.joining("\n")).strip();
        return TIMING.matcher(t).replaceAll("wall _ s");
    }

    @Test
    void everyWhatIfInTheReadmePrintsWhatTheReadmeShows() throws IOException {
        Path root = repositoryRoot();
        List<Step> steps = steps(Files.readString(root.resolve("README.md"), StandardCharsets.UTF_8));
        assertTrue(steps.size() >= 6, "the section shows " + steps.size() + " jshell lines, expected an import and 5-8 what-ifs");
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream sink = new PrintStream(captured, true, StandardCharsets.UTF_8);
        StringBuilder transcript = new StringBuilder();
        List<String> mismatches = new ArrayList<>();
        // jshell (the tool) names a value after its snippet's number: the 2nd input's value is $2
        AtomicInteger evaluated = new AtomicInteger();
        try (JShell shell = JShell.builder().out(sink).err(sink)
                .tempVariableNameGenerator(() -> "$" + (evaluated.get() + 1))
                .remoteVMOptions("-Djava.awt.headless=true", "-Duser.dir=" + root).build()) {
            NotebooksRunInJShellTest.testClasspath().forEach(shell::addToClasspath);
            for (Step step : steps) {
                captured.reset();
                String feedback = evaluate(shell, step.input());
                evaluated.incrementAndGet();
                sink.flush();
                String actual = captured.toString(StandardCharsets.UTF_8) + feedback;
                transcript.append(PROMPT).append(step.input()).append('\n').append(actual.stripTrailing()).append("\n\n");
                if (!normalize(actual).equals(normalize(step.expected()))) {
                    mismatches.add(step.input());
                }
            }
        }
        if (!mismatches.isEmpty()) {
            fail("README.md's jshell what-ifs differ from what they print for " + mismatches
                    + "\n--- actual transcript ---\n" + transcript);
        }
        assertEquals(List.of(), mismatches);
    }

    /**
     * How much of a value jshell's normal feedback mode shows (JDK 17: {@code "x".repeat(2000)} displays 1001 of its
     * 2002 characters).
     */
    static final int JSHELL_VALUE_DISPLAY_CHARS = 1000;

    /**
     * Evaluates one input line; returns jshell's feedback for it ({@code name ==> value} per value), or
     * fails on a rejected snippet, an exception or an unresolved name.
     */
    private static String evaluate(JShell shell, String input) {
        SourceCodeAnalysis analysis = shell.sourceCodeAnalysis();
        StringBuilder feedback = new StringBuilder();
        String rest = input;
        while (!rest.isBlank()) {
            SourceCodeAnalysis.CompletionInfo info = analysis.analyzeCompletion(rest);
            if (info.completeness() == SourceCodeAnalysis.Completeness.EMPTY) {
                break;
            }
            assertTrue(info.completeness().isComplete(), "incomplete README line: " + input);
            for (SnippetEvent e : shell.eval(info.source())) {
                if (e.causeSnippet() != null) {
                    continue;
                }
                Snippet s = e.snippet();
                if (e.status() != Snippet.Status.VALID) {
                    fail("README line '" + input + "': " + e.status() + ": " + shell.diagnostics(s)
                            .map(d -> d.getMessage(Locale.ROOT)).collect(Collectors.joining("; ")));
                }
                if (e.exception() != null) {
                    Throwable t = e.exception();
                    String type = t instanceof EvalException ee ? ee.getExceptionClassName() : t.getClass().getName();
                    fail("README line '" + input + "' threw " + type + ": " + t.getMessage());
                }
                if (s instanceof VarSnippet v && e.value() != null) {
                    // jshell (the tool) shows a value cut at about 1000 characters: a longer one would not print as
                    // the README shows it (review 38 D5: Prime.check's report lost its last rows)
                    assertTrue(e.value().length() <= JSHELL_VALUE_DISPLAY_CHARS, "README line '" + input + "': its"
                            + " value has " + e.value().length() + " characters, which jshell cuts; print it instead");
                    feedback.append(v.name()).append(" ==> ").append(e.value()).append('\n');
                }
            }
            rest = info.remaining();
        }
        return feedback.toString();
    }
}
