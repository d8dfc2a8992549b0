package org.primelab.sweep.claims;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What the rules share: selecting rows by column values, grouping them, and reading a column's
 * value in a way that does not depend on whether the CSV held {@code 800} or {@code 800.0}.
 */
final class RowSet {
    private RowSet() {
    }

    /** A value as a comparable key: numbers in one canonical form, anything else as its text. */
    static String norm(Object v) {
        if (v instanceof Number n) {
            double d = n.doubleValue();
            return d == Math.rint(d) && Math.abs(d) < 1e15 ? String.valueOf((long) d) : String.valueOf(d);
        }
        return String.valueOf(v);
    }

    /**
     * The rows whose every {@code where} column holds the given value, or one of the values of a given
     * list (e.g. flow sizes 16 and 32 MB); compared by {@link #norm}.
     */
    static List<Map<String, Object>> select(List<Map<String, Object>> rows, Map<String, Object> where) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Map<String, Object> r : rows) {
            boolean keep = true;
            for (Map.Entry<String, Object> w : where.entrySet()) {
                String v = norm(r.get(w.getKey()));
                List<?> accepted = w.getValue() instanceof List<?> l ? l : List.of(w.getValue());
                keep &= r.containsKey(w.getKey()) && accepted.stream().map(RowSet::norm).anyMatch(v::equals);
            }
            if (keep) {
                out.add(r);
            }
        }
        return out;
    }

    /** Groups rows by the values of {@code columns}, in first-seen order. */
    static Map<List<String>, List<Map<String, Object>>> groupBy(List<Map<String, Object>> rows, List<String> columns) {
        Map<List<String>, List<Map<String, Object>>> g = new LinkedHashMap<>();
        for (Map<String, Object> r : rows) {
            List<String> key = new ArrayList<>();
            for (String c : columns) {
                key.add(norm(r.get(c)));
            }
            g.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
        }
        return g;
    }

    /** The numeric value of {@code column} in {@code row}, or NaN. */
    static double number(Map<String, Object> row, String column) {
        return row.get(column) instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    /** The first row in {@code rows} whose {@code column} equals {@code value}, or null. */
    static Map<String, Object> find(List<Map<String, Object>> rows, String column, Object value) {
        for (Map<String, Object> r : rows) {
            if (norm(r.get(column)).equals(norm(value))) {
                return r;
            }
        }
        return null;
    }

    /** The fabrics the rows came from, e.g. {@code 3-tier k=8, 128 hosts}. */
    static String scale(List<Map<String, Object>> rows) {
        Set<String> s = new LinkedHashSet<>();
        for (Map<String, Object> r : rows) {
            s.add(norm(r.get("tiers")) + "-tier k=" + norm(r.get("k")) + ", " + norm(r.get("hosts")) + " hosts");
        }
        return s.isEmpty() ? "-" : String.join("; ", s);
    }

    /** {@code x} as a percentage with one decimal. */
    static String pct(double x) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * x);
    }
}
