package org.primelab.core.workload.htsim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.primelab.core.topology.FatTree;

/**
 * Inputs that cannot seek (a named pipe, {@code /dev/stdin}) are read front to back, plain or gzip:
 * the file system's stream would answer {@code available()} with a seek, which a pipe refuses
 * ("Illegal seek").
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)   // a pipe nobody feeds blocks in open(): fail, never hang
class TextInputStreamTest {
    private static final String CM = "Nodes 8\nConnections 2\n0->5 id 1 start 0 size 4096\n3->6 id 2 start 0 size 8192\n";

    /** A named pipe at {@code dir/name} fed {@code bytes} by a writer thread, or skipped where mkfifo is missing. */
    private static Path fifo(Path dir, String name, byte[] bytes) throws Exception {
        Path p = dir.resolve(name);
        Process mk;
        try {
            mk = new ProcessBuilder("mkfifo", p.toString()).start();
        } catch (IOException e) {
            assumeTrue(false, "no mkfifo here");
            return null;
        }
        assumeTrue(mk.waitFor() == 0, "mkfifo failed");
        Thread writer = new Thread(() -> {
            try (OutputStream out = Files.newOutputStream(p)) {
                out.write(bytes);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        writer.setDaemon(true);
        writer.start();
        return p;
    }

    private static byte[] gzip(String text) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(b)) {
            z.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return b.toByteArray();
    }

    @Test
    void aPlainConnectionMatrixReadsFromANamedPipeAsFromAFile(@TempDir Path dir) throws Exception {
        FatTree t = FatTree.twoTier(4);
        ConnectionMatrix fromFile = CmReader.read(Files.writeString(dir.resolve("a.cm"), CM), t);
        ConnectionMatrix fromPipe = CmReader.read(fifo(dir, "pipe.cm", CM.getBytes(StandardCharsets.UTF_8)), t);
        assertEquals(fromFile.workload().flows(), fromPipe.workload().flows());
        assertEquals(2, fromPipe.workload().size());
    }

    @Test
    void aGzipPipeIsDetectedByItsMagicBytesWithoutASeek(@TempDir Path dir) throws Exception {
        try (BufferedReader in = TextInput.open(fifo(dir, "pipe", gzip(CM)), "traffic")) {
            assertEquals(CM, in.lines().collect(Collectors.joining("\n", "", "\n")));
        }
    }
}
