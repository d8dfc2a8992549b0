package org.primelab.sweep.claims;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a sweep's {@code results.csv} (RFC 4180, as the sweep writes it) back into rows: an empty
 * field is null, an integer a {@code Long}, another number a {@code Double}, {@code true}/{@code false}
 * a {@code Boolean}, anything else the text.
 */
public final class ResultsCsv {
    private ResultsCsv() {
    }

    /** The rows of {@code file}. */
    public static List<Map<String, Object>> read(Path file) throws IOException {
        List<List<String>> records = parse(Files.readString(file, StandardCharsets.UTF_8));
        if (records.isEmpty()) {
            throw new IllegalStateException(file + ": empty, expected a header line");
        }
        List<String> header = records.get(0);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (List<String> rec : records.subList(1, records.size())) {
            if (rec.size() != header.size()) {
                throw new IllegalStateException(file + ": a line has " + rec.size() + " fields, the header " + header.size());
            }
            Map<String, Object> row = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) {
                row.put(header.get(i), value(rec.get(i)));
            }
            rows.add(row);
        }
        return rows;
    }

    static Object value(String f) {
        if (f.isEmpty()) {
            return null;
        }
        if (f.equals("true") || f.equals("false")) {
            return Boolean.valueOf(f);
        }
        try {
            return Long.parseLong(f);
        } catch (NumberFormatException notLong) {
            try {
                return Double.parseDouble(f);
            } catch (NumberFormatException notNumber) {
                return f;
            }
        }
    }

    /** Splits RFC 4180 text into records of fields (quoted fields may hold commas, quotes and line breaks). */
    static List<List<String>> parse(String text) {
        List<List<String>> records = new ArrayList<>();
        List<String> rec = new ArrayList<>();
        StringBuilder f = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            any = true;
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    f.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    f.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                rec.add(f.toString());
                f.setLength(0);
            } else if (c == '\n' || c == '\r') {
                if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    i++;
                }
                rec.add(f.toString());
                f.setLength(0);
                records.add(rec);
                rec = new ArrayList<>();
                any = false;
            } else {
                f.append(c);
            }
        }
        if (any) {
            rec.add(f.toString());
            records.add(rec);
        }
        return records;
    }
}
