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
    /**
     * The longest line any text input may have, in bytes: a record of a {@code .cm} file, of htsim's output or of
     * a results CSV is at most a few hundred bytes; 1 MiB leaves room for any of them and keeps a file without
     * line breaks from exhausting the heap.
     */
    public static final int MAX_LINE_BYTES = 1 << 20;

    private TextInput() {
    }

    /**
     * A UTF-8 reader of {@code file}, decompressing it if it is gzip.
     *
     * @throws IllegalArgumentException naming {@code field} and the file if it cannot be opened
     */
    public static BufferedReader open(Path file, String field) {
        if (file.toString().isEmpty()) {
            // Path.of("") is the working directory: "cannot read '': Is a directory" said nothing useful
            throw new IllegalArgumentException(field + ": an empty path; expected a file");
        }
        if (Files.isDirectory(file)) {
            throw new IllegalArgumentException(field + ": '" + file + "' is a directory; expected a file");
        }
        try {
            InputStream in = new BufferedInputStream(new FrontToBack(Files.newInputStream(file)), 1 << 16);
            in.mark(2);
            int b0 = in.read();
            int b1 = in.read();
            in.reset();
            boolean gzip = b0 == GZIP_MAGIC_0 && b1 == GZIP_MAGIC_1;
            if (gzip) {
                in = new GZIPInputStream(in, 1 << 16);
            }
            return new BufferedReader(new InputStreamReader(new Guarded(in, field, file, gzip), StandardCharsets.UTF_8),
                    1 << 16);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(field + ": no such file '" + file + "'");
        } catch (IOException e) {
            throw new IllegalArgumentException(field + ": cannot read '" + file + "': " + e.getMessage());
        }
    }

    /**
     * The bytes of an input as its reader sees them, refusing what a file of lines cannot be: a line of more than
     * {@link #MAX_LINE_BYTES} (a file without line breaks, or a gzip bomb of one, would otherwise grow one
     * string until the heap runs out), and a read that fails (a truncated or corrupt gzip stream, an I/O error),
     * each as one line naming the option and the file ({@link IllegalArgumentException}, which the readers above
     * it pass on unchanged), instead of an exception of the JDK's own.
     */
    private static final class Guarded extends FilterInputStream {
        private final String field;
        private final Path file;
        private final boolean gzip;
        private long lineBytes;
        private long line = 1;
        private final byte[] one = new byte[1];

        Guarded(InputStream in, String field, Path file, boolean gzip) {
            super(in);
            this.field = field;
            this.file = file;
            this.gzip = gzip;
        }

        @Override
        public int read() throws IOException {
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n;
            try {
                n = in.read(b, off, len);
            } catch (IOException e) {
                throw new IllegalArgumentException(field + ": cannot read '" + file + "'"
                        + (gzip ? ", a truncated or corrupt gzip file" : "") + ": " + e.getMessage());
            }
            for (int i = off; i < off + n; i++) {
                if (b[i] == '\n') {
                    lineBytes = 0;
                    line++;
                } else if (++lineBytes > MAX_LINE_BYTES) {
                    throw new IllegalArgumentException(field + ": '" + file + "' line " + line + " is over "
                            + MAX_LINE_BYTES + " bytes long; a line of a text input holds one record (is this the"
                            + " right file?)");
                }
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            throw new IOException("skip: not supported");
        }

        @Override
        public boolean markSupported() {
            return false;
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

    /** The name used in messages about {@code file}: its file name, or its whole path if it is not a regular file. */
    static String displayName(Path file) {
        Path name = file.getFileName();
        // a device or a pipe is named by its whole path: /dev/null's last element alone read as "null holds no ..."
        return name == null || !Files.isRegularFile(file) ? file.toString() : name.toString();
    }
}
