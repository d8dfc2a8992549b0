package org.primelab.notebooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The notebooks cannot rot: every code cell of every {@code notebooks/*.ipynb} runs through
 * {@code jdk.jshell} (no Jupyter, no Python) on the module's test class path at
 * {@link NotebookScale#SMALL}, and any compile error, exception or unresolved name fails the build, as
 * does a notebook that runs longer than {@link #LIMIT}.
 */
class NotebooksRunInJShellTest {
    /** Longest one notebook may run at reduced scale. */
    static final Duration LIMIT = Duration.ofSeconds(60);
    /** The notebooks issue 13 asks for now; more may be added. */
    static final List<String> REQUIRED = List.of("01-tour.ipynb", "02-balls-and-round-robin.ipynb",
            "03-uplink-to-downlink.ipynb", "04-figures-motivation-and-permutation.ipynb",
            "05-figures-fct-buffers-failure-degradation-mixed.ipynb", "06-fluid-vs-packet.ipynb",
            "07-check-your-simulator.ipynb");

    static List<String> testClasspath() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(s -> !s.isBlank()).toList();
    }

    static JShellNotebookRunner smallScaleRunner() {
        return new JShellNotebookRunner(testClasspath(),
                List.of("-D" + NotebookScale.PROPERTY + "=small", "-Djava.awt.headless=true"), LIMIT);
    }

    @Test
    void everyRequiredNotebookIsThereAndNamesTheProjectKernel() throws IOException {
        List<Path> all = NotebookFile.all(Path.of(""));
        List<String> names = all.stream().map(p -> p.getFileName().toString()).toList();
        assertTrue(names.containsAll(REQUIRED), "notebooks/ holds " + names + ", needs " + REQUIRED);
        for (Path p : all) {
            NotebookFile nb = NotebookFile.read(p);
            assertEquals(KernelSpec.NAME, nb.kernelName(), nb.name() + ": metadata.kernelspec.name");
            assertTrue(nb.codeCells().size() >= 3, nb.name() + ": only " + nb.codeCells().size() + " code cells");
        }
    }

    @TestFactory
    Stream<DynamicTest> everyNotebookRunsInJShellAtReducedScale() throws IOException {
        JShellNotebookRunner runner = smallScaleRunner();
        return NotebookFile.all(Path.of("")).stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
            NotebookFile nb = NotebookFile.read(p);
            JShellNotebookRunner.Run run = runner.run(nb);
            System.out.printf(Locale.ROOT, "%s: %d code cells in %.1f s (jshell, small scale)%n", nb.name(),
                    nb.codeCells().size(), run.elapsed().toMillis() / 1000.0);
            if (!run.ok()) {
                String out = run.output();
                fail(run.failure() + "\n--- output (tail) ---\n"
                        + out.substring(Math.max(0, out.length() - JShellNotebookRunner.OUTPUT_TAIL)));
            }
        }));
    }
}
