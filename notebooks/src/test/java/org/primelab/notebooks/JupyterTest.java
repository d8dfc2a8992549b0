package org.primelab.notebooks;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Jupyter#canExecuteNotebooks()}: true only when both {@code jupyter nbconvert} and
 * {@code jupyter kernelspec} run (Debian ships them in two packages), tried on stand-in {@code jupyter}
 * scripts.
 */
class JupyterTest {

    /** A stand-in {@code jupyter} that succeeds for the given subcommands and fails for any other. */
    private static String fakeJupyter(Path dir, String... subcommands) throws IOException {
        StringBuilder sh = new StringBuilder("#!/bin/sh\ncase \"$1\" in\n");
        for (String s : subcommands) {
            sh.append("  ").append(s).append(") exit 0 ;;\n");
        }
        sh.append("esac\necho \"Jupyter command \\`jupyter-$1\\` not found.\" >&2\nexit 1\n");
        Path f = dir.resolve("jupyter-" + String.join("-", subcommands));
        Files.writeString(f, sh);
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
        return f.toString();
    }

    @Test
    void needsNbconvertAndKernelspec(@TempDir Path dir) throws IOException {
        assertTrue(new Jupyter(fakeJupyter(dir, "nbconvert", "kernelspec"), Map.of()).canExecuteNotebooks());
        assertFalse(new Jupyter(fakeJupyter(dir, "nbconvert"), Map.of()).canExecuteNotebooks(), "no kernelspec");
        assertFalse(new Jupyter(fakeJupyter(dir, "kernelspec"), Map.of()).canExecuteNotebooks(), "no nbconvert");
        assertFalse(new Jupyter(dir.resolve("no-such-jupyter").toString(), Map.of()).canExecuteNotebooks(), "no jupyter");
    }
}
