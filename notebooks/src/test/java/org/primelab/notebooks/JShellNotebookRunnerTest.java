package org.primelab.notebooks;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The notebook runner fails on every kind of rot it promises to catch, and names the cell: an exception,
 * a declaration left unresolved, a cell ending in a value the kernel would print as
 * {@code Object.toString}, and a notebook that never finishes (stopped by the time limit).
 */
class JShellNotebookRunnerTest {
    private static final JShellNotebookRunner RUNNER = new JShellNotebookRunner(NotebooksRunInJShellTest.testClasspath(),
            List.of("-Djava.awt.headless=true"), Duration.ofSeconds(20));

    private static JShellNotebookRunner.Run run(String... cells) {
        return RUNNER.run(new NotebookFile(Path.of("synthetic.ipynb"), KernelSpec.NAME, List.of(cells), List.of(), 0));
    }

    @Test
    void aCleanNotebookPassesAndItsOutputIsCaptured() {
        JShellNotebookRunner.Run r = run("import java.util.*;\nint n = 3;", "System.out.println(List.of(n, n + 1));");
        assertTrue(r.ok(), r.failure());
        assertTrue(r.output().contains("[3, 4]"), r.output());
    }

    @Test
    void anExceptionFailsAtItsCell() {
        JShellNotebookRunner.Run r = run("int[] xs = new int[2];", "int y = xs[5];");
        assertFalse(r.ok());
        assertTrue(r.failure().startsWith("synthetic.ipynb code cell 2: exception java.lang.ArrayIndexOutOfBoundsException"),
                r.failure());
    }

    @Test
    void anUnresolvedDeclarationFails() {
        JShellNotebookRunner.Run r = run("int helper() { return NoSuchClass.value(); }");
        assertFalse(r.ok());
        assertTrue(r.failure().contains("code cell 1: unresolved: ") && r.failure().contains("NoSuchClass"), r.failure());
    }

    @Test
    void aCellEndingInAnIdentityToStringValueFails() {
        JShellNotebookRunner.Run r = run("System.out.printf(\"%d%n\", 3);");
        assertFalse(r.ok());
        assertTrue(r.failure().contains("code cell 1: ends with an expression whose value the kernel would show as "
                + "java.io.PrintStream@"), r.failure());
        assertTrue(run("Integer.valueOf(3)").ok(), "a value with a real toString is fine");
    }

    /** A runner whose time limit did not work would hang here: JUnit's own limit turns that into a failure. */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aNotebookThatNeverEndsIsStopped() {
        JShellNotebookRunner stopsEarly = new JShellNotebookRunner(NotebooksRunInJShellTest.testClasspath(),
                List.of(), Duration.ofSeconds(5));
        JShellNotebookRunner.Run r = stopsEarly.run(new NotebookFile(Path.of("loop.ipynb"), KernelSpec.NAME,
                List.of("int a = 1;", "while (true) { Thread.onSpinWait(); }"), List.of(), 0));
        assertFalse(r.ok());
        // cell 2 never ends; on a loaded machine the limit may already run out while the kernel starts in cell 1
        assertTrue(r.failure().matches("(?s)loop\\.ipynb code cell [12]: stopped after the time limit of 5 s.*"),
                r.failure());
    }
}
