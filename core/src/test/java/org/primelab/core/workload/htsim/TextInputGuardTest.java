package org.primelab.core.workload.htsim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.primelab.core.topology.FatTree;

/**
 * What a file of lines cannot be is refused as one line naming the option and the file: a line longer than
 * {@link TextInput#MAX_LINE_BYTES} (a file without line breaks would otherwise grow one string until the heap ran
 * out) and a gzip stream that is cut short or corrupt; a long file of short lines reads in full.
 */
class TextInputGuardTest {
    private static final String CM = "Nodes 8\nConnections 2\n0->5 id 1 start 0 size 4096\n3->6 id 2 start 0 size 8192\n";

    private static byte[] gzip(byte[] plain) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(bytes)) {
            out.write(plain);
        }
        return bytes.toByteArray();
    }

    private static long lines(Path file) throws IOException {
        try (BufferedReader in = TextInput.open(file, "traffic")) {
            return in.lines().count();
        }
    }

    @Test
    void aLineOverTheLimitIsRefusedNamingTheOptionTheFileAndTheLine() throws IOException {
        byte[] text = new byte[TextInput.MAX_LINE_BYTES + 10];
        Arrays.fill(text, (byte) 'x');
        text[0] = '\n';
        text[1] = '\n';
        for (String name : new String[] {"long.cm", "long.cm.gz"}) {
            Path file = Files.createTempDirectory("guard").resolve(name);
            Files.write(file, name.endsWith(".gz") ? gzip(text) : text);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> lines(file));
            assertTrue(e.getMessage().startsWith("traffic: '" + file + "' line 3 is over 1048576 bytes long"),
                    e.getMessage());
            IllegalArgumentException viaCm = assertThrows(IllegalArgumentException.class,
                    () -> CmReader.read(file, FatTree.twoTier(4)));
            assertTrue(viaCm.getMessage().startsWith("traffic: "), viaCm.getMessage());
        }
    }

    @Test
    void aLineAtTheLimitAndManyShortLinesReadInFull(@TempDir Path dir) throws IOException {
        byte[] atLimit = new byte[TextInput.MAX_LINE_BYTES + 1];
        Arrays.fill(atLimit, (byte) 'y');
        atLimit[atLimit.length - 1] = '\n';
        Path one = dir.resolve("one.txt");
        Files.write(one, atLimit);
        assertEquals(1, lines(one));
        StringBuilder many = new StringBuilder();
        for (int i = 0; i < 40_000; i++) {
            many.append("0->5 id ").append(i).append(" start 0 size 4096 padding to make the file long\n");
        }
        Path big = dir.resolve("many.txt.gz");
        Files.write(big, gzip(many.toString().getBytes(StandardCharsets.US_ASCII)));
        assertTrue(Files.size(big) < many.length(), "compressed");
        assertEquals(40_000, lines(big));
    }

    @Test
    void aTruncatedOrCorruptGzipIsRefusedNamingTheOptionAndTheFile(@TempDir Path dir) throws IOException {
        StringBuilder cm = new StringBuilder("Nodes 8\nConnections 300\n");
        for (int i = 1; i <= 300; i++) {
            cm.append(i % 8).append("->").append((i + 3) % 8).append(" id ").append(i).append(" start 0 size 4096\n");
        }
        byte[] whole = gzip(cm.toString().getBytes(StandardCharsets.US_ASCII));
        Path intact = dir.resolve("intact.cm.gz");
        Files.write(intact, whole);
        assertEquals(300, CmReader.read(intact, FatTree.twoTier(4)).workload().flows().size());
        Path cut = dir.resolve("cut.cm.gz");
        Files.write(cut, Arrays.copyOf(whole, whole.length / 2));
        byte[] corrupt = whole.clone();
        corrupt[corrupt.length - 6] ^= 0x55;   // the CRC in the trailer
        Path bad = dir.resolve("bad.cm.gz");
        Files.write(bad, corrupt);
        for (Path file : new Path[] {cut, bad}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> CmReader.read(file, FatTree.twoTier(4)));
            assertTrue(e.getMessage().startsWith("traffic: cannot read '" + file + "', a truncated or corrupt gzip file: "),
                    e.getMessage());
        }
        Path fine = dir.resolve("fine.cm.gz");
        Files.write(fine, gzip(CM.getBytes(StandardCharsets.US_ASCII)));
        assertEquals(2, CmReader.read(fine, FatTree.twoTier(4)).workload().flows().size());
    }

    /** A directory or an empty path is named as such; a device is named by its whole path, not its last element. */
    @Test
    void aDirectoryAnEmptyPathAndADeviceAreNamedForWhatTheyAre(@TempDir Path dir) {
        var e = assertThrows(IllegalArgumentException.class, () -> TextInput.open(dir, "htsim"));
        assertEquals("htsim: '" + dir + "' is a directory; expected a file", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> TextInput.open(Path.of(""), "htsim"));
        assertEquals("htsim: an empty path; expected a file", e.getMessage());
        Path devNull = Path.of("/dev/null");
        if (Files.exists(devNull)) {
            e = assertThrows(IllegalArgumentException.class, () -> HtsimOutputReader.read(devNull));
            assertTrue(e.getMessage().startsWith("htsim: /dev/null holds no 'Flow NAME"), e.getMessage());
        }
    }

    @Test
    void aRegularFileIsNamedByItsLastElement(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("f.cm"), CM);
        assertEquals("f.cm", TextInput.displayName(file));
    }
}
