package org.primelab.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code prime workload}'s output file: where it goes and what it holds. */
class WorkloadCommandTest {

    /**
     * The file goes into a directory that does not exist yet (created, as {@code --out} directories of the
     * other commands are), compressed exactly when its name ends in {@code .gz}, and nothing else is left
     * beside it (it is written to a temporary sibling and moved into place).
     */
    @Test
    void writesIntoANewDirectoryCompressedByNameAndLeavesNothingElse(@TempDir Path dir) throws IOException {
        Path plain = dir.resolve("new/sub/w.cm");
        Path gz = dir.resolve("new/sub/w.cm.gz");
        for (Path out : List.of(plain, gz)) {
            EvCommandTest.Run w = EvCommandTest.run("workload", "--k", "4", "--flow-size", "64KB", "--out", out.toString());
            assertEquals(0, w.code(), w.err());
            assertTrue(w.out().startsWith("wrote " + out + ": permutation"), w.out());
        }
        byte[] text = Files.readAllBytes(plain);
        assertTrue(new String(text, StandardCharsets.UTF_8).startsWith("Nodes 8"), new String(text, StandardCharsets.UTF_8));
        byte[] compressed = Files.readAllBytes(gz);
        assertEquals(0x1f, compressed[0] & 0xff);
        assertEquals(0x8b, compressed[1] & 0xff);
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
            assertArrayEquals(text, in.readAllBytes());
        }
        try (var files = Files.list(plain.getParent())) {
            assertEquals(List.of("w.cm", "w.cm.gz"), files.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }
}
