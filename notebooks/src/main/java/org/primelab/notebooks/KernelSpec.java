package org.primelab.notebooks;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.primelab.cli.Json;
import org.primelab.notebooks.kernel.KernelLauncher;

/**
 * The Jupyter kernel spec ({@code kernel.json}) that runs the notebooks: the Java kernel jar the build
 * copied from Maven Central, started by this JDK's {@code java}, with the project's classes and
 * dependencies on the notebook class path.
 *
 * <p>The kernel (rapaio-jupyter-kernel) reads its configuration from environment variables named in the
 * spec: {@code RJK_CLASSPATH} holds class path entries separated by {@code ;} (globs allowed, e.g.
 * {@code lib/*.jar}), {@code RJK_TIMEOUT_MILLIS} a per-cell time limit ({@code -1}: none),
 * {@code RJK_COMPILER_OPTIONS} extra JShell compiler options and {@code RJK_INIT_SCRIPT} a script run at
 * start (none). The kernel JVM is headless, so charts render without a display. It starts through
 * {@link org.primelab.notebooks.kernel.KernelLauncher}, which avoids a start-up race of the kernel; the
 * launcher sits in a jar of its own so that the notebook classes are loaded only through
 * {@code RJK_CLASSPATH}, together with their dependencies.
 *
 * @param java the {@code java} launcher that runs the kernel
 * @param kernelJar the kernel's self-contained jar
 * @param launcherJar the jar holding only {@link org.primelab.notebooks.kernel.KernelLauncher}
 * @param classpath the notebooks' class path entries (directories, jars or globs)
 */
public record KernelSpec(Path java, Path kernelJar, Path launcherJar, List<String> classpath) {
    /** The kernel's name; every notebook's metadata names it. */
    public static final String NAME = "prime-lab-java";
    /** What Jupyter's kernel menu shows. */
    public static final String DISPLAY_NAME = "Java (PRIME lab)";
    /** Where the build puts the kernel jar, relative to {@code notebooks/target}. */
    public static final String KERNEL_JAR = "kernel/rapaio-jupyter-kernel.jar";
    /** How the name of the launcher's jar, in the kernel jar's folder, ends. */
    public static final String LAUNCHER_JAR_SUFFIX = "-kernel-launcher.jar";
    /** Where the build puts the project's jars and dependencies, relative to {@code notebooks/target}. */
    public static final String LIB_DIR = "notebook-lib";

    /** Validates and copies the fields. */
    public KernelSpec {
        if (classpath.isEmpty()) {
            throw new IllegalArgumentException("classpath: must name at least one entry");
        }
        for (String entry : classpath) {
            if (entry.contains(";")) {
                throw new IllegalArgumentException("classpath: entries must not contain ';', got " + entry);
            }
        }
        classpath = List.copyOf(classpath);
    }

    /**
     * The spec for a built {@code notebooks} module: the kernel jar and the library folder under
     * {@code target}, plus the module's own classes.
     *
     * @param moduleDir the {@code notebooks} module folder
     * @throws IllegalArgumentException if the build has not produced them (the message says how to)
     */
    public static KernelSpec forBuiltModule(Path moduleDir) {
        Path target = moduleDir.toAbsolutePath().normalize().resolve("target");
        Path jar = target.resolve(KERNEL_JAR);
        Path lib = target.resolve(LIB_DIR);
        Path classes = target.resolve("classes");
        for (Path p : List.of(jar, lib, classes)) {
            if (!Files.exists(p)) {
                throw new IllegalArgumentException("notebooks: " + p + " is missing; build first with "
                        + "mvn -B -DskipTests package");
            }
        }
        return new KernelSpec(currentJava(), jar, launcherJar(jar.getParent()),
                List.of(classes.toString(), lib.resolve("*.jar").toString()));
    }

    /** The launcher's jar in {@code kernelDir} (the build names it after the module's version). */
    public static Path launcherJar(Path kernelDir) {
        try (var files = Files.list(kernelDir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(LAUNCHER_JAR_SUFFIX)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("notebooks: no *" + LAUNCHER_JAR_SUFFIX + " in "
                            + kernelDir + "; build first with mvn -B -DskipTests package"));
        } catch (IOException e) {
            throw new IllegalArgumentException("notebooks: cannot list " + kernelDir + ": " + e.getMessage());
        }
    }

    /** The {@code java} launcher of the running JVM. */
    public static Path currentJava() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    /** The environment the kernel starts with. */
    public Map<String, String> environment() {
        Map<String, String> env = new TreeMap<>();
        env.put("RJK_CLASSPATH", String.join(";", classpath));
        env.put("RJK_COMPILER_OPTIONS", "");
        env.put("RJK_INIT_SCRIPT", "");
        env.put("RJK_TIMEOUT_MILLIS", "-1");
        return env;
    }

    /** The command Jupyter runs, {@code {connection_file}} standing for the file it passes. */
    public List<String> argv() {
        return List.of(java.toString(), "-Djava.awt.headless=true", "-cp",
                kernelJar + File.pathSeparator + launcherJar, KernelLauncher.class.getName(), "{connection_file}");
    }

    /** The {@code kernel.json} text (one line, written by the command line's one JSON writer). */
    public String json() {
        Map<String, Object> spec = new java.util.LinkedHashMap<>();
        spec.put("argv", argv());
        spec.put("display_name", DISPLAY_NAME);
        spec.put("language", "java");
        spec.put("interrupt_mode", "message");
        spec.put("env", environment());
        return Json.write(spec) + "\n";
    }

    /**
     * Writes {@code <kernelsDir>/<NAME>/kernel.json} (a Jupyter data folder's {@code kernels} folder, or
     * a staging folder for {@code jupyter kernelspec install}).
     *
     * @return the folder holding {@code kernel.json}
     */
    public Path writeTo(Path kernelsDir) throws IOException {
        Path dir = Files.createDirectories(kernelsDir.resolve(NAME));
        Files.writeString(dir.resolve("kernel.json"), json());
        return dir;
    }

}
