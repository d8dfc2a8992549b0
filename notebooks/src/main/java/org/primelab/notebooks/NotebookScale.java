package org.primelab.notebooks;

import java.util.Locale;

/**
 * How big a notebook's computations are. {@link #FULL} is what the committed outputs show;
 * {@link #SMALL} is the reduced scale the build's notebook test uses, so every notebook runs in seconds
 * and still exercises every cell.
 *
 * <p>The scale is read from the system property {@value #PROPERTY}, else from the environment variable
 * {@value #ENVIRONMENT}, else it is {@link #FULL}. A notebook asks once, {@code var scale =
 * NotebookScale.current();}, and sizes its loops with {@link #pick(int, int)}.
 */
public enum NotebookScale {
    /** Reduced sizes, for the build's test: seconds per notebook. */
    SMALL,
    /** The sizes the committed notebooks show. */
    FULL;

    /** System property naming the scale ({@code small} or {@code full}); wins over the environment. */
    public static final String PROPERTY = "prime.notebook.scale";
    /** Environment variable naming the scale ({@code small} or {@code full}). */
    public static final String ENVIRONMENT = "PRIME_NOTEBOOK_SCALE";

    /** The scale this JVM runs at (property, then environment, then {@link #FULL}). */
    public static NotebookScale current() {
        String property = System.getProperty(PROPERTY);
        if (property != null) {
            return parse(property, PROPERTY);
        }
        String environment = System.getenv(ENVIRONMENT);
        return environment == null ? FULL : parse(environment, ENVIRONMENT);
    }

    /**
     * Parses {@code small} or {@code full} (case-insensitive, surrounding blanks ignored).
     *
     * @param value the text
     * @param source the property or variable it came from, for the error message
     */
    public static NotebookScale parse(String value, String source) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        return switch (v) {
            case "small" -> SMALL;
            case "full" -> FULL;
            default -> throw new IllegalArgumentException(source + ": must be small or full, got '" + value + "'");
        };
    }

    /** {@code small} at {@link #SMALL}, {@code full} at {@link #FULL}. */
    public int pick(int small, int full) {
        return this == SMALL ? small : full;
    }

    /** {@code small} at {@link #SMALL}, {@code full} at {@link #FULL}. */
    public <T> T pick(T small, T full) {
        return this == SMALL ? small : full;
    }

    /** A note for plot titles: {@code " (reduced scale)"} at {@link #SMALL}, empty at {@link #FULL}. */
    public String titleNote() {
        return this == SMALL ? " (reduced scale)" : "";
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
