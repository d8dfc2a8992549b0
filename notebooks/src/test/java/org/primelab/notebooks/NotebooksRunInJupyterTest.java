package org.primelab.notebooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Where Jupyter is installed, every notebook also runs for real: {@code jupyter nbconvert --execute}
 * with the project's kernel (the Maven-provided jar, the test class path), at reduced scale. The kernel
 * spec goes into a private folder named by {@code JUPYTER_PATH}, so the user's Jupyter is left alone.
 * Each executed notebook must have no error output and show at least one plot (an {@code image/png}
 * displayed through the kernel by {@link Plots#show}). Without Jupyter the test is skipped and says why.
 */
class NotebooksRunInJupyterTest {

    @TestFactory
    Stream<DynamicTest> everyNotebookRunsThroughNbconvertWithTheKernel() throws IOException {
        Path target = Path.of("target").toAbsolutePath();
        Path kernelsHome = Files.createDirectories(target.resolve("jupyter-test/share"));
        Path outDir = Files.createDirectories(target.resolve("jupyter-test/executed"));
        Jupyter jupyter = new Jupyter("jupyter", Map.of("JUPYTER_PATH", kernelsHome.toString(),
                NotebookScale.ENVIRONMENT, "small"));
        if (!Boolean.getBoolean("notebooks.jupyter")) {
            // Opt-in (mvn -B verify -Dnotebooks.jupyter=true): the kernel start-up workaround
            // (KernelLauncher) is young, and ./prime notebooks runs the same path for users.
            String reason = "skipped: set -Dnotebooks.jupyter=true to run the notebooks through nbconvert";
            System.out.println(NotebooksRunInJupyterTest.class.getSimpleName() + " " + reason);
            Assumptions.abort(reason);
        }
        if (!jupyter.canExecuteNotebooks()) {
            String reason = "skipped: `jupyter nbconvert` is not available on this machine (" + Jupyter.MISSING + ")";
            System.out.println(NotebooksRunInJupyterTest.class.getSimpleName() + " " + reason);
            Assumptions.abort(reason);
        }
        Path kernelJar = target.resolve(KernelSpec.KERNEL_JAR);
        assertTrue(Files.isRegularFile(kernelJar), "the build copies the kernel to " + kernelJar);
        new KernelSpec(KernelSpec.currentJava(), kernelJar, KernelSpec.launcherJar(kernelJar.getParent()),
                NotebooksRunInJShellTest.testClasspath())
                .writeTo(kernelsHome.resolve("kernels"));
        return NotebookFile.all(Path.of("")).stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
            long start = System.nanoTime();
            Jupyter.Outcome outcome = jupyter.execute(p.toAbsolutePath(), outDir);
            assertEquals(0, outcome.exitCode(), p.getFileName() + ": nbconvert failed:\n" + outcome.output());
            NotebookFile executed = NotebookFile.read(outDir.resolve(p.getFileName()));
            System.out.printf(Locale.ROOT, "%s: %d code cells in %.1f s (nbconvert, small scale), %d plots%n",
                    executed.name(), executed.codeCells().size(), (System.nanoTime() - start) / 1e9, executed.pngOutputs());
            for (int c = 0; c < executed.outputTypes().size(); c++) {
                List<String> types = executed.outputTypes().get(c);
                assertTrue(!types.contains("error"), executed.name() + " code cell " + (c + 1) + ": error output");
            }
            assertTrue(executed.pngOutputs() >= 1, executed.name() + ": no plot was displayed");
        }));
    }
}
