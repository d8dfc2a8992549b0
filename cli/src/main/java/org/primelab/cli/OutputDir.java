package org.primelab.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Output files of the commands: a file is written to a temporary sibling and moved into place only
 * once complete, so a failed or interrupted command never leaves a partial file; the directory is
 * checked before any work starts, so bad input never creates one.
 */
final class OutputDir {
    /** Writes the content of one file given its (temporary) path. */
    @FunctionalInterface
    interface Content {
        void writeTo(Path file) throws IOException;
    }

    private OutputDir() {
    }

    /** Rejects an output path that exists and is not a directory (bad input: exit 2). */
    static void requireUsable(Path dir) {
        if (dir != null && Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new IllegalArgumentException("out: '" + dir + "' exists and is not a directory");
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
            throw new UncheckedIOException("out: cannot write " + target + ": " + e.getMessage(), e);
        }
    }
}
