package org.primelab.notebooks;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.primelab.cli.OutputDir;

/**
 * {@code prime notebooks [--out DIR]}: installs the project's Java kernel for the user's Jupyter and
 * executes every {@code notebooks/*.ipynb} headless with {@code jupyter nbconvert --execute}, writing the
 * executed notebook and its HTML into {@code DIR} (default {@value #DEFAULT_OUT}).
 *
 * <p>Exit status: 0 when every notebook ran, 1 when one failed (its output is printed), 2 for bad options,
 * a missing build or a missing Jupyter (one line saying how to get it). The project's root is the system
 * property {@value #HOME_PROPERTY} (the {@code prime} launcher sets it), else the working folder. The
 * scale follows {@link NotebookScale} ({@code PRIME_NOTEBOOK_SCALE=small} for a quick run).
 */
public final class NotebooksCommand {
    /** Default output folder, relative to the working folder. */
    public static final String DEFAULT_OUT = "notebooks-out";
    /** System property holding the project's root folder. */
    public static final String HOME_PROPERTY = "prime.home";
    /** Characters of a failed run's output to print. */
    static final int FAILURE_TAIL = 4000;

    private static final String USAGE = "usage: prime notebooks [--out DIR]\n"
            + "Installs the Java kernel for your Jupyter (user level) and executes every notebook in notebooks/\n"
            + "with jupyter nbconvert, writing executed .ipynb and .html files into DIR (default " + DEFAULT_OUT + ").\n"
            + "PRIME_NOTEBOOK_SCALE=small runs them at reduced scale.";

    private NotebooksCommand() {
    }

    /** Runs the command and exits with its status. */
    public static void main(String[] args) {
        System.exit(run(args, Jupyter.onPath(), home(), System.out, System.err));
    }

    private static Path home() {
        String h = System.getProperty(HOME_PROPERTY);
        return Path.of(h == null ? "" : h).toAbsolutePath().normalize();
    }

    /** The options: where to write. */
    record Options(Path out, boolean help) {
        static Options parse(String[] args) {
            Path out = Path.of(DEFAULT_OUT);
            boolean help = false;
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "-h", "--help" -> help = true;
                    case "--out" -> {
                        if (i + 1 >= args.length || args[i + 1].isBlank()) {
                            throw new IllegalArgumentException("out: needs a folder, e.g. --out notebooks-out");
                        }
                        out = Path.of(args[++i]);
                    }
                    default -> throw new IllegalArgumentException("notebooks: unknown option '" + args[i]
                            + "'; accepted: --out DIR, --help");
                }
            }
            return new Options(out, help);
        }
    }

    /** The command with its collaborators given: returns the exit status. */
    static int run(String[] args, Jupyter jupyter, Path home, PrintStream out, PrintStream err) {
        Options options;
        List<Path> notebooks;
        KernelSpec spec;
        try {
            options = Options.parse(args);
            if (options.help()) {
                out.println(USAGE);
                return 0;
            }
            OutputDir.requireUsable(options.out());
            NotebookScale.current();
            notebooks = notebooks(home.resolve("notebooks"));
            spec = KernelSpec.forBuiltModule(home.resolve("notebooks"));
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage());
            return 2;
        }
        if (!jupyter.canExecuteNotebooks()) {
            err.println(Jupyter.MISSING);
            return 2;
        }
        try {
            Path staging = Files.createTempDirectory("prime-kernel");
            Jupyter.Outcome installed = jupyter.installUserKernel(spec.writeTo(staging));
            if (!installed.ok()) {
                err.println("notebooks: jupyter kernelspec install failed:\n" + tail(installed.output()));
                return 1;
            }
            out.println("kernel '" + KernelSpec.NAME + "' installed for this user (" + spec.kernelJar() + ")");
            Path outDir = Files.createDirectories(options.out().toAbsolutePath().normalize());
            int failed = 0;
            for (Path nb : notebooks) {
                long start = System.nanoTime();
                Jupyter.Outcome executed = jupyter.execute(nb, outDir);
                Path result = outDir.resolve(nb.getFileName());
                if (!executed.ok()) {
                    failed++;
                    err.println(nb.getFileName() + ": FAILED\n" + tail(executed.output()));
                    continue;
                }
                Jupyter.Outcome html = jupyter.toHtml(result);
                if (!html.ok()) {
                    failed++;
                    err.println(nb.getFileName() + ": executed, but the HTML conversion failed\n" + tail(html.output()));
                    continue;
                }
                out.printf(Locale.ROOT, "%s: ok in %.1f s -> %s (+ .html)%n", nb.getFileName(),
                        (System.nanoTime() - start) / 1e9, result);
            }
            out.printf(Locale.ROOT, "%d of %d notebooks executed (scale %s) into %s%n", notebooks.size() - failed,
                    notebooks.size(), NotebookScale.current(), outDir);
            return failed == 0 ? 0 : 1;
        } catch (IOException e) {
            err.println("notebooks: " + e.getMessage());
            return 1;
        }
    }

    /** The {@code .ipynb} files of a folder, by name. */
    static List<Path> notebooks(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("notebooks: no folder " + dir + " (set -D" + HOME_PROPERTY
                    + " to the project's root)");
        }
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> found = s.filter(p -> p.getFileName().toString().endsWith(".ipynb")).sorted().toList();
            if (found.isEmpty()) {
                throw new IllegalArgumentException("notebooks: no .ipynb file in " + dir);
            }
            return found;
        } catch (IOException e) {
            throw new IllegalArgumentException("notebooks: cannot list " + dir + ": " + e.getMessage());
        }
    }

    private static String tail(String s) {
        return s.length() <= FAILURE_TAIL ? s : "..." + s.substring(s.length() - FAILURE_TAIL);
    }
}
