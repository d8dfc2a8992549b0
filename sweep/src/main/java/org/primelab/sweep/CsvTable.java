package org.primelab.sweep;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;

/**
 * Writes a {@link ResultTable} as RFC 4180 CSV: a header, one line per row, fields holding a comma,
 * quote or line break quoted, null as an empty field, reals in Java's shortest round-trip form.
 */
final class CsvTable {
    private CsvTable() {
    }

    static void write(Path file, ResultTable table) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            line(w, table.columns().keySet().iterator());
            for (Map<String, Object> r : table.rows()) {
                line(w, r.values().stream().map(v -> v == null ? "" : String.valueOf(v)).iterator());
            }
        }
    }

    private static void line(Writer w, Iterator<String> fields) throws IOException {
        boolean first = true;
        while (fields.hasNext()) {
            if (!first) {
                w.write(',');
            }
            first = false;
            String f = fields.next();
            if (f.indexOf(',') >= 0 || f.indexOf('"') >= 0 || f.indexOf('\n') >= 0 || f.indexOf('\r') >= 0) {
                w.write('"');
                w.write(f.replace("\"", "\"\""));
                w.write('"');
            } else {
                w.write(f);
            }
        }
        w.write('\n');
    }
}
