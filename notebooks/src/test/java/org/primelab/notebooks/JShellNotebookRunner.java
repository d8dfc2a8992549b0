package org.primelab.notebooks;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import jdk.jshell.DeclarationSnippet;
import jdk.jshell.EvalException;
import jdk.jshell.JShell;
import jdk.jshell.Snippet;
import jdk.jshell.SnippetEvent;
import jdk.jshell.SourceCodeAnalysis;

/**
 * Executes a notebook's code cells with {@code jdk.jshell} in a fresh JVM (JShell's remote agent), the
 * same engine the Java kernel uses, without Jupyter or Python.
 *
 * <p>Each cell is cut into snippets by JShell's own source analysis and evaluated in order. The first
 * problem stops the run and is reported with its cell: a snippet JShell rejects (compile error), an
 * exception thrown by a snippet, a declaration left unresolved (it names something that does not exist),
 * incomplete source at the end of a cell, a run longer than the time limit (the evaluation is stopped), or
 * a cell whose last snippet is an expression whose value prints as {@code Object.toString}
 * ({@code java.io.PrintStream@1b6d3586}, e.g. a trailing {@code printf}): the kernel shows the value of a
 * cell's last expression, so that would put a meaningless, run-dependent line into the notebook.
 * No import is implicit: a notebook imports what it uses, so it runs the same under any Java kernel.
 */
final class JShellNotebookRunner {
    /** Characters of the notebook's printed output shown with a failure. */
    static final int OUTPUT_TAIL = 3000;
    /** What {@code Object.toString} prints: a class name, {@code @}, a hexadecimal hash. */
    static final Pattern IDENTITY_TO_STRING = Pattern.compile("[\\w.$]+@\\p{XDigit}+");

    private final List<String> classpath;
    private final List<String> vmOptions;
    private final Duration limit;

    /**
     * @param classpath entries put on the snippets' class path
     * @param vmOptions options of the JVM that runs the snippets (e.g. {@code -Dprime.notebook.scale=small})
     * @param limit longest a whole notebook may run
     */
    JShellNotebookRunner(List<String> classpath, List<String> vmOptions, Duration limit) {
        this.classpath = List.copyOf(classpath);
        this.vmOptions = List.copyOf(vmOptions);
        this.limit = limit;
    }

    /** The result of a run: empty {@code failure} when every cell ran. */
    record Run(String failure, String output, Duration elapsed) {
        boolean ok() {
            return failure.isEmpty();
        }
    }

    /** Runs every code cell of {@code notebook}. */
    Run run(NotebookFile notebook) {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream sink = new PrintStream(captured, true, StandardCharsets.UTF_8);
        long start = System.nanoTime();
        AtomicBoolean timedOut = new AtomicBoolean();
        ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "notebook-watchdog");
            t.setDaemon(true);
            return t;
        });
        String failure;
        try (JShell shell = JShell.builder().out(sink).err(sink)
                .remoteVMOptions(vmOptions.toArray(String[]::new)).build()) {
            classpath.forEach(shell::addToClasspath);
            watchdog.schedule(() -> {
                timedOut.set(true);
                shell.stop();
            }, limit.toMillis(), TimeUnit.MILLISECONDS);
            failure = runCells(shell, notebook, timedOut);
        } finally {
            watchdog.shutdownNow();
        }
        sink.flush();
        String out = captured.toString(StandardCharsets.UTF_8);
        return new Run(failure, out, Duration.ofNanos(System.nanoTime() - start));
    }

    private String runCells(JShell shell, NotebookFile notebook, AtomicBoolean timedOut) {
        SourceCodeAnalysis analysis = shell.sourceCodeAnalysis();
        List<String> cells = notebook.codeCells();
        for (int c = 0; c < cells.size(); c++) {
            String where = notebook.name() + " code cell " + (c + 1);
            String rest = cells.get(c);
            SnippetEvent last = null;
            while (!rest.isBlank()) {
                SourceCodeAnalysis.CompletionInfo info = analysis.analyzeCompletion(rest);
                if (info.completeness() == SourceCodeAnalysis.Completeness.EMPTY) {
                    break;
                }
                if (!info.completeness().isComplete()) {
                    return where + ": incomplete source: " + rest.strip();
                }
                List<SnippetEvent> events = shell.eval(info.source());
                if (timedOut.get()) {
                    return where + ": stopped after the time limit of " + limit.toSeconds() + " s";
                }
                for (SnippetEvent e : events) {
                    String problem = problem(shell, e);
                    if (problem != null) {
                        return where + ": " + problem + "\n  in: " + info.source().strip();
                    }
                    if (e.causeSnippet() == null) {
                        last = e;
                    }
                }
                rest = info.remaining();
            }
            if (last != null && last.value() != null && IDENTITY_TO_STRING.matcher(last.value()).matches()
                    && last.snippet().kind() == Snippet.Kind.VAR
                    && last.snippet().subKind() == Snippet.SubKind.TEMP_VAR_EXPRESSION_SUBKIND) {
                return where + ": ends with an expression whose value the kernel would show as " + last.value()
                        + "; end the cell with a statement (e.g. println instead of printf)\n  in: "
                        + last.snippet().source().strip();
            }
        }
        return "";
    }

    /** What is wrong with one evaluation, or null. */
    private static String problem(JShell shell, SnippetEvent e) {
        if (e.causeSnippet() != null) {
            return null; // an update of an earlier snippet caused by this one; its own event is checked
        }
        Snippet s = e.snippet();
        if (e.status() == Snippet.Status.REJECTED) {
            return "compile error: " + shell.diagnostics(s)
                    .map(d -> d.getMessage(java.util.Locale.ROOT)).collect(Collectors.joining("; "));
        }
        if (e.exception() != null) {
            Throwable t = e.exception();
            String type = t instanceof EvalException ee ? ee.getExceptionClassName() : t.getClass().getName();
            return "exception " + type + ": " + t.getMessage();
        }
        if (e.status() == Snippet.Status.RECOVERABLE_DEFINED || e.status() == Snippet.Status.RECOVERABLE_NOT_DEFINED) {
            String unresolved = s instanceof DeclarationSnippet d
                    ? shell.unresolvedDependencies(d).collect(Collectors.joining(", ")) : "?";
            return "unresolved: " + unresolved;
        }
        return null;
    }
}
