package org.primelab.notebooks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where the figure notebooks find the project and the sweep's figure results: {@code prime figures}
 * writes each figure's numbers as {@code DIR/<name>/<name>.csv} (grouping columns, then
 * {@code metric,n,mean,min,max} over seeds); a notebook reads them from {@code results/paper/},
 * {@code results/small/} (committed), {@code results/} or {@code results/figures/} under the project root when they are there, and otherwise computes a
 * reduced-scale version itself and says so.
 */
public final class FigureResults {
    private FigureResults() {
    }

    /**
     * The project root: the nearest directory at or above the working directory (a notebook runs in
     * {@code notebooks/}) that holds README.md and {@code examples/}.
     */
    public static Path home() {
        Path start = Path.of("").toAbsolutePath();
        for (Path p = start; p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("README.md")) && Files.isDirectory(p.resolve("examples"))) {
                return p;
            }
        }
        throw new IllegalStateException("home: no project root (README.md and examples/) at or above " + start);
    }

    /**
     * The CSV of figure {@code name} as {@code prime figures --out results/paper} or {@code --out results/small}
     * wrote it (the paper-scale one first), or under {@code results/} or {@code results/figures/}, if any.
     */
    public static Optional<Path> csv(String name) {
        Path results = home().resolve("results");
        for (Path dir : List.of(results.resolve("paper"), results.resolve("small"), results, results.resolve("figures"))) {
            Path f = dir.resolve(name).resolve(name + ".csv");
            if (Files.isRegularFile(f)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    /** The rows of a plain CSV (no quoted commas), each a map from the header's column names. */
    public static List<Map<String, String>> read(Path csv) {
        List<String> lines;
        try {
            lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Map<String, String>> rows = new ArrayList<>();
        if (lines.isEmpty()) {
            return rows;
        }
        String[] header = lines.get(0).split(",", -1);
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            String[] cells = line.split(",", -1);
            if (cells.length != header.length) {
                throw new IllegalArgumentException(csv.getFileName() + ": line '" + line + "' has " + cells.length
                        + " fields, the header " + header.length);
            }
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.length; i++) {
                row.put(header[i], cells[i]);
            }
            rows.add(row);
        }
        return rows;
    }
}
