package org.primelab.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A sweep as written by the user, before validation: the simulator, a grid (key to its list of
 * values; the points are the cartesian product, first key varying slowest) and an optional list of
 * explicit points, each crossed with the grid. Keys are option names of the simulator's command
 * without the leading dashes ({@code k}, {@code flow-size}, {@code lb}...). A value of a repeatable
 * option ({@code fail}, {@code degrade}) holds its occurrences separated by {@code ;}.
 *
 * @param simulator the command each point runs
 * @param grid      axes in order; never an empty axis
 * @param points    explicit points (empty: the grid alone)
 */
public record SweepSpec(Simulator simulator, Map<String, List<String>> grid, List<Map<String, String>> points) {
    public SweepSpec {
        grid = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(grid));
        points = List.copyOf(points);
        for (Map.Entry<String, List<String>> e : grid.entrySet()) {
            if (e.getValue().isEmpty()) {
                throw new IllegalArgumentException("grid." + SpecReader.oneLine(e.getKey()) + ": empty list of values");
            }
        }
        if (grid.isEmpty() && points.isEmpty()) {
            throw new IllegalArgumentException("spec: no points; give a non-empty 'grid' or 'points'");
        }
    }

    /**
     * Every assignment of the spec, in order: for each explicit point (or once, without any), the
     * cartesian product of the grid; a grid key overrides the same key of an explicit point.
     */
    public List<Map<String, String>> assignments() {
        List<Map<String, String>> bases = points.isEmpty() ? List.of(Map.of()) : points;
        List<Map<String, String>> out = new ArrayList<>();
        for (Map<String, String> base : bases) {
            List<Map<String, String>> acc = new ArrayList<>();
            acc.add(new LinkedHashMap<>(base));
            for (Map.Entry<String, List<String>> axis : grid.entrySet()) {
                List<Map<String, String>> next = new ArrayList<>();
                for (Map<String, String> partial : acc) {
                    for (String v : axis.getValue()) {
                        Map<String, String> m = new LinkedHashMap<>(partial);
                        m.put(axis.getKey(), v);
                        next.add(m);
                    }
                }
                acc = next;
            }
            out.addAll(acc);
        }
        return out;
    }

    /**
     * The spec of {@code --grid OPTION=v1,v2} flags: one axis per flag, values split on commas.
     */
    public static SweepSpec fromGridFlags(Simulator simulator, List<String> flags) {
        Map<String, List<String>> grid = new LinkedHashMap<>();
        for (String f : flags) {
            int eq = f.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("grid: expected OPTION=v1,v2,... (e.g. k=8,16), got '" + SpecReader.oneLine(f)
                        + "'");
            }
            String key = f.substring(0, eq).trim();
            if (grid.containsKey(key)) {
                throw new IllegalArgumentException("grid." + SpecReader.oneLine(key) + ": given twice");
            }
            List<String> values = new ArrayList<>();
            for (String v : f.substring(eq + 1).split(",", -1)) {
                if (!v.isBlank()) {
                    values.add(v.trim());
                }
            }
            grid.put(key, values);
        }
        return new SweepSpec(simulator, grid, List.of());
    }
}
