package org.primelab.sweep.claims;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A claim that some schemes perform alike, e.g. "PRIME and OB remain consistently similar". Rows are
 * grouped by {@code caseColumns} and the seed; in each group every pair of the listed schemes is one
 * check, which holds when {@code |m(a)/m(b) - 1| <= tolerance}. Verdict: {@link Verdict#ofFraction}.
 *
 * @param where       column values every row must have
 * @param caseColumns columns that, with the seed, identify one case
 * @param schemes     the schemes said to be alike
 * @param metric      the compared metric
 * @param tolerance   the largest relative difference still "similar"
 */
public record Similar(Map<String, Object> where, List<String> caseColumns, List<String> schemes, String metric,
                      double tolerance) implements Rule {
    public Similar {
        where = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(where)); // sorted: the same text every run
        caseColumns = List.copyOf(caseColumns);
        schemes = List.copyOf(schemes);
        if (schemes.size() < 2) {
            throw new IllegalArgumentException("schemes: need at least two, got " + schemes);
        }
    }

    @Override
    public Outcome evaluate(List<Map<String, Object>> rows) {
        List<Map<String, Object>> mine = RowSet.select(rows, where);
        List<String> by = new ArrayList<>(caseColumns);
        by.add("opt_seed");
        List<Double> holds = new ArrayList<>();
        double largest = 0;
        for (List<Map<String, Object>> group : RowSet.groupBy(mine, by).values()) {
            for (int i = 0; i < schemes.size(); i++) {
                for (int j = i + 1; j < schemes.size(); j++) {
                    Map<String, Object> a = RowSet.find(group, "scheme", schemes.get(i));
                    Map<String, Object> b = RowSet.find(group, "scheme", schemes.get(j));
                    if (a != null && b != null) {
                        double d = Math.abs(RowSet.number(a, metric) / RowSet.number(b, metric) - 1);
                        if (!Double.isNaN(d)) {
                            holds.add(d <= tolerance ? 1.0 : 0.0);
                            largest = Math.max(largest, d);
                        }
                    }
                }
            }
        }
        int ok = (int) holds.stream().filter(h -> h == 1.0).count();
        String ours = holds.isEmpty() ? "-"
                : String.format(Locale.ROOT, "%d of %d pairs within %s; largest difference %s", ok, holds.size(),
                        RowSet.pct(tolerance), RowSet.pct(largest));
        return new Outcome(Verdict.ofFraction(ok, holds.size()), ours, holds, RowSet.scale(mine));
    }

    @Override
    public String describe() {
        return "|" + metric + "(a)/" + metric + "(b) - 1| <= " + RowSet.pct(tolerance) + " for every pair of " + schemes
                + " per case " + caseColumns + " and seed, at " + where + "; reproduced if all hold, partly if at least half";
    }
}
