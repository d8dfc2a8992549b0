package org.primelab.sweep;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.primelab.core.units.Units;

/**
 * Reads a sweep spec from a YAML ({@code .yaml}, {@code .yml}) or JSON ({@code .json}) file:
 *
 * <pre>
 * simulator: sim            # sim (default), fluid or motivation
 * grid:                     # cartesian product; a scalar is a one-value axis
 *   k: [8, 16]
 *   lb: [prime, reps]
 *   seed: [1, 2, 3]
 *   fail: [[leaf0-spine1@20us, leaf1-spine2@20us]]   # a nested list: occurrences of a repeatable option
 * points:                   # optional explicit points, each crossed with the grid
 *   - {rate: 100G, flow-size: 2MB}
 *   - {rate: 800G, flow-size: 8MB}
 * </pre>
 *
 * Structure errors name the key ({@code grid.k: ...}); whether keys and values are options and
 * values the simulator accepts is {@link PointPlanner}'s job.
 */
public final class SpecReader {
    /**
     * Readers of the two formats (thread-safe once configured, and costly to build). Both refuse a key given twice in
     * one mapping: a tree keeps only the last, so {@code k: [4]} then {@code k: [8]} silently ran k=8 alone, where
     * {@code --grid k=4 --grid k=8} is refused.
     */
    private static final ObjectMapper YAML = YAMLMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();
    private static final ObjectMapper JSON = JsonMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private SpecReader() {
    }

    /** Reads and checks the structure of {@code file}. */
    public static SweepSpec read(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        boolean yaml;
        if (name.endsWith(".yaml") || name.endsWith(".yml")) {
            yaml = true;
        } else if (name.endsWith(".json")) {
            yaml = false;
        } else {
            throw new IllegalArgumentException("spec: expected a .yaml, .yml or .json file, got '" + file + "'");
        }
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("spec: no such file '" + file + "'");
        } catch (IOException e) {
            throw new IllegalArgumentException("spec: cannot read '" + file + "': " + oneLine(e.getMessage()));
        }
        return parse(text, yaml);
    }

    /**
     * The spec of a document's {@code text}, YAML if {@code yaml} else JSON; structure errors name the key,
     * syntax errors the line. Every refusal is an {@link IllegalArgumentException} of one line.
     */
    static SweepSpec parse(String text, boolean yaml) {
        ObjectMapper mapper = yaml ? YAML : JSON;
        JsonNode root;
        try {
            root = mapper.readTree(text);
        } catch (JsonProcessingException e) {
            String duplicate = duplicateKey(e);
            if (duplicate != null) {
                throw new IllegalArgumentException(duplicate + ": given twice" + (e.getLocation() == null ? ""
                        : " (line " + e.getLocation().getLineNr() + ")") + "; accepted: each key once in a mapping");
            }
            String first = e.getOriginalMessage() == null ? "" : e.getOriginalMessage().lines().findFirst().orElse("");
            throw new IllegalArgumentException("spec: not valid " + (yaml ? "YAML" : "JSON")
                    + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")") + ": " + oneLine(first));
        } catch (IOException | RuntimeException e) {
            // the YAML engine's own limits (nesting, aliases) and errors surface as other exceptions
            throw new IllegalArgumentException("spec: not valid " + (yaml ? "YAML" : "JSON") + ": "
                    + oneLine(String.valueOf(e.getMessage()).lines().findFirst().orElse("")));
        }
        return fromTree(root);
    }

    /**
     * The spec key ({@code grid.k}, {@code points[0].seed}) a duplicate-key refusal of the parser names, or null if
     * {@code e} is another error: the parser stops on the second occurrence, inside the mapping that holds it.
     */
    private static String duplicateKey(JsonProcessingException e) {
        if (!(e instanceof StreamReadException r) || r.getProcessor() == null
                || !String.valueOf(e.getOriginalMessage()).startsWith("Duplicate field")) {
            return null;
        }
        StringBuilder where = new StringBuilder();
        for (JsonPointer p = r.getProcessor().getParsingContext().pathAsPointer(); !p.matches(); p = p.tail()) {
            if (p.getMatchingIndex() >= 0 && where.length() > 0 && where.toString().endsWith("points")) {
                where.append('[').append(p.getMatchingIndex()).append(']');
            } else {
                where.append(where.length() == 0 ? "" : ".").append(oneLine(p.getMatchingProperty()));
            }
        }
        return where.toString();
    }

    /** {@code text} as one line ({@link Units#oneLine}). */
    static String oneLine(String text) {
        return Units.oneLine(text);
    }

    /** The spec a parsed YAML/JSON document describes. */
    static SweepSpec fromTree(JsonNode root) {
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException("spec: expected a mapping with keys simulator, grid, points");
        }
        Simulator simulator = Simulator.SIM;
        Map<String, List<String>> grid = new LinkedHashMap<>();
        List<Map<String, String>> points = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            switch (e.getKey()) {
                case "simulator" -> simulator = Simulator.parse(scalar("simulator", e.getValue()));
                case "grid" -> {
                    if (!e.getValue().isObject()) {
                        throw new IllegalArgumentException("grid: expected a mapping OPTION: [values]");
                    }
                    for (Iterator<Map.Entry<String, JsonNode>> g = e.getValue().fields(); g.hasNext(); ) {
                        Map.Entry<String, JsonNode> axis = g.next();
                        String where = "grid." + oneLine(axis.getKey());
                        List<String> values = new ArrayList<>();
                        if (axis.getValue().isArray()) {
                            for (JsonNode v : axis.getValue()) {
                                values.add(value(where, v));
                            }
                        } else {
                            values.add(value(where, axis.getValue()));
                        }
                        grid.put(axis.getKey(), values);
                    }
                }
                case "points" -> {
                    if (!e.getValue().isArray()) {
                        throw new IllegalArgumentException("points: expected a list of mappings OPTION: value");
                    }
                    if (e.getValue().isEmpty()) {
                        throw new IllegalArgumentException("points: empty list");
                    }
                    int i = 0;
                    for (JsonNode p : e.getValue()) {
                        String where = "points[" + i++ + "]";
                        if (!p.isObject()) {
                            throw new IllegalArgumentException(where + ": expected a mapping OPTION: value");
                        }
                        Map<String, String> m = new LinkedHashMap<>();
                        for (Iterator<Map.Entry<String, JsonNode>> f = p.fields(); f.hasNext(); ) {
                            Map.Entry<String, JsonNode> kv = f.next();
                            m.put(kv.getKey(), value(where + "." + oneLine(kv.getKey()), kv.getValue()));
                        }
                        points.add(m);
                    }
                }
                default -> throw new IllegalArgumentException("spec: unknown key '" + oneLine(e.getKey())
                        + "'; accepted: simulator, grid, points");
            }
        }
        return new SweepSpec(simulator, grid, points);
    }

    /** One value: a scalar, or a list of scalars (occurrences of a repeatable option, joined by ';'). */
    private static String value(String where, JsonNode v) {
        if (v.isArray()) {
            List<String> parts = new ArrayList<>();
            for (JsonNode p : v) {
                parts.add(scalar(where, p));
            }
            return String.join(";", parts);
        }
        return scalar(where, v);
    }

    private static String scalar(String where, JsonNode v) {
        if (v == null || v.isNull() || v.isContainerNode()) {
            throw new IllegalArgumentException(where + ": expected a value, got " + (v == null ? "nothing"
                    : oneLine(v.toString())));
        }
        return v.asText();
    }
}
