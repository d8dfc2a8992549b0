package org.primelab.core.workload.htsim;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Opens text files that may be gzip-compressed: a file is read as gzip when it starts with the gzip
 * magic bytes {@code 1f 8b} (whatever its name), so {@code run.txt.gz} and {@code run.txt} both read
 * transparently. Files are written compressed when their name ends in {@code .gz}.
 */
public final class TextInput {
    private static final int GZIP_MAGIC_0 = 0x1f;
    private static final int GZIP_MAGIC_1 = 0x8b;

    private TextInput() {
    }

    /**
     * A UTF-8 reader of {@code file}, decompressing it if it is gzip.
     *
     * @throws IllegalArgumentException naming {@code field} and the file if it cannot be opened
     */
    public static BufferedReader open(Path file, String field) {
        try {
            InputStream in = new BufferedInputStream(new FrontToBack(Files.newInputStream(file)), 1 << 16);
            in.mark(2);
            int b0 = in.read();
            int b1 = in.read();
            in.reset();
            if (b0 == GZIP_MAGIC_0 && b1 == GZIP_MAGIC_1) {
                in = new GZIPInputStream(in, 1 << 16);
            }
            return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(field + ": no such file '" + file + "'");
        } catch (IOException e) {
            throw new IllegalArgumentException(field + ": cannot read '" + file + "': " + e.getMessage());
        }
    }

    /**
     * A stream read once from front to back, which never asks its source how much is left: the default
     * file system's stream answers {@link InputStream#available()} from the channel's size and position,
     * and a pipe, a FIFO or {@code /dev/stdin} refuses a position ("Illegal seek"). Nothing here needs the
     * estimate (gzip is detected by mark and reset on the buffer, never by a seek), so it is always 0.
     */
    private static final class FrontToBack extends FilterInputStream {
        FrontToBack(InputStream in) {
            super(in);
        }

        @Override
        public int available() {
            return 0;
        }
    }

    /** Writes {@code text} to {@code file} in UTF-8, gzip-compressed if the name ends in {@code .gz}. */
    public static void write(Path file, String text) {
        write(file, text, gzipByName(file));
    }

    /** Whether {@link #write(Path, String)} compresses {@code file}: its name ends in {@code .gz}. */
    public static boolean gzipByName(Path file) {
        return file.getFileName().toString().endsWith(".gz");
    }

    /**
     * Writes {@code text} to {@code file} in UTF-8, gzip-compressed if {@code gzip} (for a temporary file whose
     * name does not tell, later moved to one that does).
     */
    public static void write(Path file, String text, boolean gzip) {
        try (OutputStream raw = Files.newOutputStream(file);
             OutputStream out = gzip ? new GZIPOutputStream(raw) : raw;
             Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8)) {
            w.write(text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write '" + file + "'", e);
        }
    }

    /** The name used in messages about {@code file}: its file name. */
    static String displayName(Path file) {
        Path name = file.getFileName();
        return name == null ? file.toString() : name.toString();
    }
}
