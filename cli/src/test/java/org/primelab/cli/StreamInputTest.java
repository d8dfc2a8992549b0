package org.primelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --traffic} and {@code --results} from a named pipe (as {@code /dev/stdin} or a process
 * substitution is), with or without a {@code .cm} name: read front to back, the same output as from a
 * file (it failed with "Illegal seek").
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)   // a pipe opened twice blocks in open(), which no interrupt ends: fail instead of hanging the build
class StreamInputTest {
    /** A named pipe fed the bytes of {@code source} once, or the test is skipped where mkfifo is missing. */
    private static Path pipe(Path dir, String name, Path source) throws Exception {
        Path p = dir.resolve(name);
        Process mk;
        try {
            mk = new ProcessBuilder("mkfifo", p.toString()).start();
        } catch (IOException e) {
            assumeTrue(false, "no mkfifo here");
            return null;
        }
        assumeTrue(mk.waitFor() == 0, "mkfifo failed");
        byte[] bytes = Files.readAllBytes(source);
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

    @Test
    void aConnectionMatrixFromAPipeRunsAsFromAFile(@TempDir Path dir) throws Exception {
        for (String out : new String[] {"w.cm", "w.cm.gz"}) {
            Path cm = dir.resolve(out);
            EvCommandTest.Run w = EvCommandTest.run("workload", "--k", "4", "--flow-size", "64KB", "--out", cm.toString());
            assertEquals(0, w.code(), w.err());
            EvCommandTest.Run fromFile = EvCommandTest.run("sim", "--k", "4", "--traffic", cm.toString(), "--json");
            assertEquals(0, fromFile.code(), fromFile.err());
            // a pipe named like /dev/stdin: no .cm suffix, so it is read because it exists
            EvCommandTest.Run fromPipe = EvCommandTest.run("sim", "--k", "4", "--traffic",
                    pipe(dir, "stdin-" + out.replace('.', '-'), cm).toString(), "--json");
            assertEquals(0, fromPipe.code(), fromPipe.err());
            assertEquals(fromFile.out().replaceAll("\"wall_s\":[0-9.eE-]+", ""),
                    fromPipe.out().replaceAll("\"wall_s\":[0-9.eE-]+", ""));
        }
    }

    /** prime check reads its --traffic pipe once (its configuration and its workload share the one read). */
    @Test
    void checkReadsATrafficPipeOnce(@TempDir Path dir) throws Exception {
        Path cm = dir.resolve("w.cm");
        EvCommandTest.Run w = EvCommandTest.run("workload", "--k", "4", "--flow-size", "64KB", "--out", cm.toString());
        assertEquals(0, w.code(), w.err());
        StringBuilder csv = new StringBuilder("flow_id,fct_us\n");
        for (int id = 1; id <= 8; id++) {   // k=4: 8 hosts, a permutation of 8 flows
            csv.append(id).append(",1000\n");
        }
        Path results = Files.writeString(dir.resolve("results.csv"), csv);
        EvCommandTest.Run fromFile = EvCommandTest.run("check", "--k", "4", "--lb", "prime", "--traffic", cm.toString(),
                "--results", results.toString(), "--no-estimate");
        EvCommandTest.Run fromPipe = EvCommandTest.run("check", "--k", "4", "--lb", "prime", "--traffic",
                pipe(dir, "traffic-pipe", cm).toString(), "--results", results.toString(), "--no-estimate");
        assertEquals(0, fromFile.code(), fromFile.out() + fromFile.err());
        assertEquals(fromFile.code(), fromPipe.code(), fromPipe.err());
        assertEquals(fromFile.out().replace("w.cm", "traffic-pipe"), fromPipe.out());
    }
}
