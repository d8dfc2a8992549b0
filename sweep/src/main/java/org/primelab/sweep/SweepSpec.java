package org.primelab.sweep;

import java.math.BigInteger;
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
    /**
     * The most points one spec may name. Points are expanded, parsed and checked in memory before anything runs
     * (a few kilobytes and about 20 ms each), so a grid of five 100-value axes (10^10 points) ran silently for
     * minutes and died of OutOfMemoryError; 100,000 points is about half an hour of validation and well past any
     * sweep that could finish (the paper-scale figures are 270 points at most).
     */
    public static final int MAX_POINTS = 100_000;

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
        requireAtMostMaxPoints(grid, points);
    }

    /**
     * Refuses a spec of more than {@link #MAX_POINTS} points before any is expanded: the count (the product of the
     * axis sizes, times the explicit points) is exact, without overflow, whatever the axes.
     */
    private static void requireAtMostMaxPoints(Map<String, List<String>> grid, List<Map<String, String>> points) {
        BigInteger count = count(grid, points);
        List<String> factors = new ArrayList<>();
        if (!points.isEmpty()) {
            factors.add(points.size() + " points");
        }
        grid.values().forEach(axis -> factors.add(String.valueOf(axis.size())));
        if (count.compareTo(BigInteger.valueOf(MAX_POINTS)) > 0) {
            throw new IllegalArgumentException((grid.isEmpty() ? "points" : "grid") + ": the spec has " + count + " points ("
                    + String.join(" x ", factors) + "); accepted: at most " + MAX_POINTS + " points per sweep, split it");
        }
    }

    /** The product of the axis sizes, times the explicit points (at least one): exact, whatever the axes. */
    private static BigInteger count(Map<String, List<String>> grid, List<Map<String, String>> points) {
        BigInteger n = BigInteger.valueOf(Math.max(1, points.size()));
        for (List<String> axis : grid.values()) {
            n = n.multiply(BigInteger.valueOf(axis.size()));
        }
        return n;
    }

    /** How many points {@link #assignments()} holds (at most {@link #MAX_POINTS}), without expanding them. */
    public int size() {
        return count(grid, points).intValueExact();
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
            String list = f.substring(eq + 1);
            if (!list.isBlank()) {
                for (String v : list.split(",", -1)) {
                    if (v.isBlank()) {
                        // a stray comma is a typo, not a point less: k=4,,8 was silently k=4,8
                        throw new IllegalArgumentException("grid." + SpecReader.oneLine(key) + ": empty value in '"
                                + SpecReader.oneLine(list) + "'; accepted: comma-separated values, none empty");
                    }
                    values.add(v.trim());
                }
            }
            grid.put(key, values);
        }
        return new SweepSpec(simulator, grid, List.of());
    }
}
