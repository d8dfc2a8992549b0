package org.primelab.sweep.claims;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A claim that one value of a column does better (or worse) than others on a metric, e.g. "PRIME has
 * the lowest Ratio in every case" (column {@code scheme}) or "ECMP flows finish first under strict
 * priority" (column {@code opt_sched}). Rows are grouped by {@code caseColumns} and the seed; in each
 * group the row with {@code column = subject} is compared with every row of another value (those
 * listed in {@code others}, or every value present but {@code subject} and {@code excluded}): the
 * comparison holds when the subject's metric is strictly lower ({@code lower = true}) or strictly
 * higher. Verdict: {@link Verdict#ofFraction} over all comparisons.
 *
 * @param where       column values every row must have
 * @param caseColumns columns that, with the seed, identify one case
 * @param column      the column whose values are compared (scheme, opt_sched, rate_gbps...)
 * @param subject     the value the claim is about
 * @param others      the values it is compared with (empty: every other value present)
 * @param excluded    values never compared with (e.g. co-prime, which the paper calls similar to PRIME)
 * @param metric      the compared metric
 * @param lower       the claim is that the subject's metric is lower (true) or higher (false)
 */
public record Comparison(Map<String, Object> where, List<String> caseColumns, String column, Object subject,
                         List<Object> others, List<Object> excluded, String metric, boolean lower) implements Rule {
    public Comparison {
        where = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(where)); // sorted: the same text every run
        caseColumns = List.copyOf(caseColumns);
        others = List.copyOf(others);
        excluded = List.copyOf(excluded);
    }

    @Override
    public Outcome evaluate(List<Map<String, Object>> rows) {
        List<Map<String, Object>> mine = RowSet.select(rows, where);
        List<String> by = new ArrayList<>(caseColumns);
        by.add("opt_seed");
        List<Double> holds = new ArrayList<>();
        List<String> otherKeys = others.stream().map(RowSet::norm).toList();
        List<String> excludedKeys = excluded.stream().map(RowSet::norm).toList();
        String subjectKey = RowSet.norm(subject);
        for (List<Map<String, Object>> group : RowSet.groupBy(mine, by).values()) {
            Map<String, Object> s = RowSet.find(group, column, subject);
            if (s == null) {
                continue;
            }
            for (Map<String, Object> o : group) {
                String v = RowSet.norm(o.get(column));
                boolean compared = otherKeys.isEmpty() ? !v.equals(subjectKey) && !excludedKeys.contains(v) : otherKeys.contains(v);
                if (compared) {
                    double a = RowSet.number(s, metric);
                    double b = RowSet.number(o, metric);
                    if (!Double.isNaN(a) && !Double.isNaN(b)) {
                        holds.add((lower ? a < b : a > b) ? 1.0 : 0.0);
                    }
                }
            }
        }
        int ok = (int) holds.stream().filter(h -> h == 1.0).count();
        String ours = holds.isEmpty() ? "-" : ok + " of " + holds.size() + " comparisons (cases x seeds) hold";
        return new Outcome(Verdict.ofFraction(ok, holds.size()), ours, holds, RowSet.scale(mine));
    }

    @Override
    public String describe() {
        String against = others.isEmpty() ? "every other " + column + (excluded.isEmpty() ? "" : " but " + excluded) : String.valueOf(others);
        return metric + " of " + column + "=" + subject + " strictly " + (lower ? "lower" : "higher") + " than " + against
                + " per case " + caseColumns + " and seed, at " + where + "; reproduced if all comparisons hold, partly if at least half";
    }
}
