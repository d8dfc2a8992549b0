package org.primelab.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Output files of the commands: a file is written to a temporary sibling and moved into place only
 * once complete, so a failed or interrupted command never leaves a partial file; the directory is
 * checked before any work starts, so bad input never creates one ({@link #requireUsable}, also used by the
 * sweep and notebooks commands).
 */
public final class OutputDir {
    /** Writes the content of one file given its (temporary) path. */
    @FunctionalInterface
    interface Content {
        void writeTo(Path file) throws IOException;
    }

    private OutputDir() {
    }

    /**
     * Checks, before any work starts, that {@code dir} can hold the output (bad input: exit 2, no file left):
     * it is not empty, it is a directory or can become one, and its nearest existing ancestor accepts a
     * new file (probed by creating and deleting one, since permissions alone do not tell, e.g. for root
     * or a read-only file system). {@code null} means no output and passes.
     */
    public static void requireUsable(Path dir) {
        if (dir == null) {
            return;
        }
        if (dir.toString().isBlank()) {
            throw new IllegalArgumentException("out: must name a directory, got an empty path");
        }
        Path abs = dir.toAbsolutePath().normalize();
        Path existing = abs;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null || !Files.isDirectory(existing)) {
            throw new IllegalArgumentException("out: '" + dir + "' "
                    + (existing == abs ? "exists and is not a directory" : "cannot be created: '" + existing
                    + "' is not a directory"));
        }
        try {
            Files.delete(Files.createTempFile(existing, ".prime-probe", ".tmp"));
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            throw new IllegalArgumentException("out: '" + dir + "' is not writable (" + (existing == abs ? "the directory"
                    : "its parent '" + existing + "'") + " refuses new files)");
        }
    }

    /**
     * {@link #requireUsable(Path)}, and none of {@code files}, the names the command will write in {@code dir}, is
     * an existing directory (a file is moved into place over an existing file, never over a directory: checked
     * here, before any work, so no run ends with some of its files written and one refused).
     */
    public static void requireUsable(Path dir, String... files) {
        requireUsable(dir);
        if (dir == null) {
            return;
        }
        for (String name : files) {
            Path f = dir.resolve(name);
            if (Files.isDirectory(f)) {
                throw new IllegalArgumentException("out: '" + f + "' is a directory, where this command writes its "
                        + name + " (it writes " + String.join(", ", files) + " in '" + dir + "')");
            }
        }
    }

    /** A temporary sibling readable by all (temp files default to owner-only), where POSIX applies. */
    private static Path createTemp(Path dir, Path target) throws IOException {
        String prefix = "." + target.getFileName();
        if (dir.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            return Files.createTempFile(dir, prefix, ".tmp", java.nio.file.attribute.PosixFilePermissions
                    .asFileAttribute(java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--")));
        }
        return Files.createTempFile(dir, prefix, ".tmp");
    }

    /** Writes {@code target} atomically, creating its directory if needed. */
    static void write(Path target, Content content) {
        Path dir = target.toAbsolutePath().getParent();
        try {
            Files.createDirectories(dir);
            Path tmp = createTemp(dir, target);
            try {
                content.writeTo(tmp);
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("out: cannot write " + target + ": " + e.getClass().getSimpleName() + " "
                    + e.getMessage(), e);
        }
    }
}
