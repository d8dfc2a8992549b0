package org.primelab.notebooks;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A notebook file (nbformat 4 JSON) as the tests see it: its code cells' sources, its kernel's name,
 * and the outputs of an executed copy.
 *
 * @param path the file
 * @param kernelName {@code metadata.kernelspec.name}
 * @param codeCells the source of every code cell, in order
 * @param outputTypes per code cell, the {@code output_type} of each output ({@code stream},
 *                    {@code display_data}, {@code execute_result}, {@code error})
 * @param pngOutputs how many outputs carry an {@code image/png}
 */
record NotebookFile(Path path, String kernelName, List<String> codeCells, List<List<String>> outputTypes,
                    int pngOutputs) {

    /** Every {@code .ipynb} in the module folder ({@code notebooks/}), by name. */
    static List<Path> all(Path moduleDir) throws IOException {
        try (Stream<Path> s = Files.list(moduleDir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".ipynb")).sorted().toList();
        }
    }

    /** Reads a notebook. */
    static NotebookFile read(Path path) throws IOException {
        JsonObject root = JsonParser.parseString(Files.readString(path)).getAsJsonObject();
        String kernel = root.getAsJsonObject("metadata").getAsJsonObject("kernelspec").get("name").getAsString();
        List<String> code = new ArrayList<>();
        List<List<String>> types = new ArrayList<>();
        int pngs = 0;
        for (JsonElement c : root.getAsJsonArray("cells")) {
            JsonObject cell = c.getAsJsonObject();
            if (!"code".equals(cell.get("cell_type").getAsString())) {
                continue;
            }
            code.add(text(cell.get("source")));
            List<String> t = new ArrayList<>();
            JsonArray outputs = cell.has("outputs") ? cell.getAsJsonArray("outputs") : new JsonArray();
            for (JsonElement o : outputs) {
                JsonObject out = o.getAsJsonObject();
                t.add(out.get("output_type").getAsString());
                if (out.has("data") && out.getAsJsonObject("data").has("image/png")) {
                    pngs++;
                }
            }
            types.add(List.copyOf(t));
        }
        return new NotebookFile(path, kernel, List.copyOf(code), List.copyOf(types), pngs);
    }

    /** nbformat stores text as one string or as a list of lines. */
    private static String text(JsonElement source) {
        if (source.isJsonArray()) {
            StringBuilder sb = new StringBuilder();
            source.getAsJsonArray().forEach(line -> sb.append(line.getAsString()));
            return sb.toString();
        }
        return source.getAsString();
    }

    /** The file name, e.g. {@code 01-tour.ipynb}. */
    String name() {
        return path.getFileName().toString();
    }
}
