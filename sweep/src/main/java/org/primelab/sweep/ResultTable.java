package org.primelab.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Result rows with a fixed column layout: the union of the rows' columns in first-seen order, each
 * with one type ({@link ColumnType}): integers stay {@code long} unless some row holds a real there
 * ({@code double}); a column with strings is {@code string}. Missing values are null.
 *
 * @param columns column name to type, in order
 * @param rows    the rows
 */
public record ResultTable(Map<String, ColumnType> columns, List<Map<String, Object>> rows) {
    /** A column's storage type. */
    public enum ColumnType { LONG, DOUBLE, BOOLEAN, STRING }

    public ResultTable {
        columns = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(columns));
        rows = List.copyOf(rows);
    }

    /** The table of {@code rows}, types inferred. */
    public static ResultTable of(List<Map<String, Object>> rows) {
        Map<String, ColumnType> cols = new LinkedHashMap<>();
        for (Map<String, Object> r : rows) {
            for (Map.Entry<String, Object> e : r.entrySet()) {
                ColumnType t = typeOf(e.getValue());
                ColumnType old = cols.get(e.getKey());
                cols.put(e.getKey(), old == null ? t : t == null ? old : widen(old, t));
            }
        }
        cols.replaceAll((k, t) -> t == null ? ColumnType.STRING : t);
        List<Map<String, Object>> typed = new ArrayList<>();
        for (Map<String, Object> r : rows) {
            Map<String, Object> m = new LinkedHashMap<>();
            for (Map.Entry<String, ColumnType> c : cols.entrySet()) {
                m.put(c.getKey(), convert(r.get(c.getKey()), c.getValue()));
            }
            typed.add(m);
        }
        return new ResultTable(cols, typed);
    }

    private static ColumnType typeOf(Object v) {
        if (v == null) {
            return null;
        }
        if (v instanceof Long || v instanceof Integer) {
            return ColumnType.LONG;
        }
        if (v instanceof Double || v instanceof Float) {
            return ColumnType.DOUBLE;
        }
        if (v instanceof Boolean) {
            return ColumnType.BOOLEAN;
        }
        return ColumnType.STRING;
    }

    private static ColumnType widen(ColumnType a, ColumnType b) {
        if (a == b) {
            return a;
        }
        if ((a == ColumnType.LONG && b == ColumnType.DOUBLE) || (a == ColumnType.DOUBLE && b == ColumnType.LONG)) {
            return ColumnType.DOUBLE;
        }
        return ColumnType.STRING;
    }

    private static Object convert(Object v, ColumnType t) {
        if (v == null) {
            return null;
        }
        return switch (t) {
            case LONG -> ((Number) v).longValue();
            case DOUBLE -> ((Number) v).doubleValue();
            case BOOLEAN -> v;
            case STRING -> String.valueOf(v);
        };
    }
}
