package org.primelab.sweep.figures;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Mean, minimum, maximum and count of one metric over the rows sharing the values of some columns
 * (typically every configuration column but the seed): the seed spread a figure shows.
 *
 * @param group  the grouping columns' values
 * @param n      rows in the group
 * @param mean   arithmetic mean
 * @param min    smallest value
 * @param max    largest value
 */
public record Stats(List<Object> group, int n, double mean, double min, double max) {
    /** Half-width of a symmetric error bar that covers [min, max] around the mean. */
    public double errorBar() {
        return Math.max(max - mean, mean - min);
    }

    /** Groups {@code rows} by {@code by} (first-seen order) and summarizes {@code metric}. */
    public static List<Stats> of(List<Map<String, Object>> rows, List<String> by, String metric) {
        Map<List<Object>, List<Double>> groups = new LinkedHashMap<>();
        for (Map<String, Object> r : rows) {
            List<Object> key = new ArrayList<>();
            for (String c : by) {
                key.add(r.get(c));
            }
            Object v = r.get(metric);
            if (v instanceof Number num) {
                groups.computeIfAbsent(key, k -> new ArrayList<>()).add(num.doubleValue());
            }
        }
        List<Stats> out = new ArrayList<>();
        groups.forEach((key, values) -> {
            double sum = 0;
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            for (double v : values) {
                sum += v;
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
            out.add(new Stats(java.util.Collections.unmodifiableList(key), values.size(), sum / values.size(), min, max));
        });
        return out;
    }
}
