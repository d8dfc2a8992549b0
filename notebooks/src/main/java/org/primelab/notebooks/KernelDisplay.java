package org.primelab.notebooks;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Optional;

/**
 * The Java Jupyter kernel's display function, when this code runs inside the kernel.
 *
 * <p>The kernel (rapaio-jupyter-kernel) evaluates cells with JShell in its own JVM, so a notebook's
 * classes see the kernel's classes through their class loader's parent. Its public static
 * {@code org.rapaio.jupyter.kernel.global.Global.display(String mime, Object value)} sends a display
 * message (here a PNG) to the notebook. The kernel is found by reflection, so this module compiles and
 * runs without it: outside the kernel (plain JShell, tests) {@link #find} is empty. A kernel class that is
 * on the class path while no kernel is running (its static {@code MainApp.kernel} field null) counts as
 * absent too.
 */
final class KernelDisplay {
    static final String GLOBAL = "org.rapaio.jupyter.kernel.global.Global";
    static final String MAIN_APP = "org.rapaio.jupyter.kernel.MainApp";

    private final Method display;

    private KernelDisplay(Method display) {
        this.display = display;
    }

    /** The running kernel's display function, seen from {@code loader}, if there is one. */
    static Optional<KernelDisplay> find(ClassLoader loader) {
        try {
            Class<?> mainApp = Class.forName(MAIN_APP, true, loader);
            if (mainApp.getField("kernel").get(null) == null) {
                return Optional.empty();
            }
            Class<?> global = Class.forName(GLOBAL, true, loader);
            return Optional.of(new KernelDisplay(global.getMethod("display", String.class, Object.class)));
        } catch (ReflectiveOperationException | LinkageError absent) {
            return Optional.empty();
        }
    }

    /** Displays {@code value} in the cell's output with the given MIME type (e.g. {@code image/png}). */
    void show(String mime, Object value) {
        try {
            display.invoke(null, mime, value);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("kernel display failed: " + e.getCause(), e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("kernel display not accessible: " + e.getMessage(), e);
        }
    }
}
