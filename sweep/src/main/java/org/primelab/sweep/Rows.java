package org.primelab.sweep;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The layout of a result row: {@value #POINT} (the point's key, {@link Point#key()}),
 * {@value #SIMULATOR}, the configuration columns ({@code opt_*}), then the metrics the run reported.
 * Values are {@code String}, {@code Long}, {@code Double}, {@code Boolean} or null.
 */
public final class Rows {
    /** Column holding the point's identity; resuming skips points whose key is present. */
    public static final String POINT = "point";
    /** Column holding the simulator's command name. */
    public static final String SIMULATOR = "simulator";
    /** Columns that measure wall time, so differ between two runs of the same point. */
    public static final Set<String> TIMING = Set.of("wall_s");

    private Rows() {
    }

    /** A row of {@code point} with {@code metrics} (metrics keep their order, after the configuration). */
    static Map<String, Object> row(Point point, Map<String, Object> metrics) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put(POINT, point.key());
        row.put(SIMULATOR, point.simulator().command());
        row.putAll(point.config());
        for (Map.Entry<String, Object> m : metrics.entrySet()) {
            if (row.containsKey(m.getKey())) {
                throw new IllegalStateException("metric '" + m.getKey() + "' collides with a configuration column");
            }
            row.put(m.getKey(), m.getValue());
        }
        return row;
    }

    /** {@code row} without its timing columns: what must be equal between two runs of one point. */
    public static Map<String, Object> withoutTiming(Map<String, Object> row) {
        Map<String, Object> m = new LinkedHashMap<>(row);
        m.keySet().removeAll(TIMING);
        return m;
    }
}
