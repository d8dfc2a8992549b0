package org.primelab.notebooks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The {@code jupyter} command line: finding it, installing a kernel spec and executing a notebook with
 * {@code jupyter nbconvert --execute}. Each call runs one process and waits for it.
 *
 * @param command the {@code jupyter} executable (a name looked up on {@code PATH}, or a path)
 * @param environment variables added to each process's inherited environment (e.g. {@code JUPYTER_PATH}
 *                    for a private kernel folder, {@code PRIME_NOTEBOOK_SCALE})
 */
public record Jupyter(String command, Map<String, String> environment) {
    /** The one line printed when Jupyter is missing. */
    public static final String MISSING = "notebooks: needs Jupyter with nbconvert and kernelspec; install it with "
            + "`apt-get install jupyter-nbconvert jupyter-client python3-ipykernel` (Debian/Ubuntu) or "
            + "`pip install nbconvert ipykernel`, then run again";
    /** Longest a cell may run under nbconvert, seconds. */
    public static final int CELL_TIMEOUT_SECONDS = 900;
    /** Longest the kernel may take to start (a JVM and JShell; slow on a loaded machine), seconds. */
    public static final int STARTUP_TIMEOUT_SECONDS = 300;

    /** Copies the environment. */
    public Jupyter {
        environment = Map.copyOf(environment);
    }

    /** {@code jupyter} from {@code PATH}, with the inherited environment. */
    public static Jupyter onPath() {
        return new Jupyter("jupyter", Map.of());
    }

    /** The result of one process: its exit status and its merged stdout and stderr. */
    public record Outcome(int exitCode, String output) {
        /** True on exit status 0. */
        public boolean ok() {
            return exitCode == 0;
        }
    }

    /**
     * True if both subcommands the notebooks need run and succeed: {@code jupyter nbconvert --version} and
     * {@code jupyter kernelspec --version}. Debian packages them apart ({@code jupyter-nbconvert} and
     * {@code jupyter-client}), so one can be there without the other.
     */
    public boolean canExecuteNotebooks() {
        try {
            return run(List.of("nbconvert", "--version")).ok() && run(List.of("kernelspec", "--version")).ok();
        } catch (IOException e) {
            return false;
        }
    }

    /** {@code jupyter kernelspec install --user --replace --name NAME dir}: installs for the current user. */
    public Outcome installUserKernel(Path specDir) throws IOException {
        return run(List.of("kernelspec", "install", "--user", "--replace", "--name", KernelSpec.NAME,
                specDir.toString()));
    }

    /**
     * Executes {@code notebook} with the project's kernel, writing the executed notebook as
     * {@code outDir/<same name>}.
     */
    public Outcome execute(Path notebook, Path outDir) throws IOException {
        return run(List.of("nbconvert", "--to", "notebook", "--execute",
                "--ExecutePreprocessor.kernel_name=" + KernelSpec.NAME,
                "--ExecutePreprocessor.timeout=" + CELL_TIMEOUT_SECONDS,
                "--ExecutePreprocessor.startup_timeout=" + STARTUP_TIMEOUT_SECONDS,
                "--ExecutePreprocessor.record_timing=False",
                "--output-dir", outDir.toString(), "--output", notebook.getFileName().toString(),
                notebook.toString()));
    }

    /** Converts an (executed) notebook to HTML beside it, without executing it again. */
    public Outcome toHtml(Path notebook) throws IOException {
        return run(List.of("nbconvert", "--to", "html", "--output-dir", notebook.toAbsolutePath().getParent().toString(),
                notebook.toString()));
    }

    /** Runs {@code jupyter <args>} and waits; an {@link IOException} if it cannot be started. */
    public Outcome run(List<String> args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(command);
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putAll(environment);
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        try {
            if (!p.waitFor(1, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", cmd) + ": did not exit after closing its output");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for " + String.join(" ", cmd), e);
        }
        return new Outcome(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }
}
