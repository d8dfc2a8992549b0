package org.primelab.sweep.claims;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A claim that a metric stays at or below a bound, e.g. "PRIME is within 5% of the ideal" (Ratio at
 * most 1.05). Every selected row (one per case and seed) is one check. Verdict:
 * {@link Verdict#ofFraction}.
 *
 * @param where  column values every row must have (each entry: one value, or a list of accepted values)
 * @param metric the bounded metric
 * @param bound  the bound, inclusive
 */
public record Bound(Map<String, Object> where, String metric, double bound) implements Rule {
    public Bound {
        where = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(where)); // sorted: the same text every run
    }

    @Override
    public Outcome evaluate(List<Map<String, Object>> rows) {
        List<Map<String, Object>> mine = RowSet.select(rows, where);
        List<Double> holds = new ArrayList<>();
        double worst = Double.NEGATIVE_INFINITY;
        for (Map<String, Object> r : mine) {
            double v = RowSet.number(r, metric);
            if (!Double.isNaN(v)) {
                holds.add(v <= bound ? 1.0 : 0.0);
                worst = Math.max(worst, v);
            }
        }
        int ok = (int) holds.stream().filter(h -> h == 1.0).count();
        String ours = holds.isEmpty() ? "-"
                : String.format(Locale.ROOT, "%d of %d runs within; largest %s %.4g", ok, holds.size(), metric, worst);
        return new Outcome(Verdict.ofFraction(ok, holds.size()), ours, holds, RowSet.scale(mine));
    }

    @Override
    public String describe() {
        return metric + " <= " + bound + " in every run (case x seed) at " + where + "; reproduced if all hold, partly if at least half";
    }
}
