package org.primelab.sweep.claims;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A claim that a setting affects one scheme less than another, e.g. "as the ECMP weight of WRR rises,
 * PRIME's sprayed traffic is not impacted much, REPS's is largely affected". Per seed, a scheme's
 * spread is {@code max/min - 1} of the metric over the values of {@code across}; the check holds when
 * the subject's spread is strictly smaller than the baseline's. Verdict: {@link Verdict#ofFraction}
 * over the seeds.
 *
 * @param where    column values every row must have (may list several accepted values)
 * @param across   the column whose values the spread is taken over (e.g. opt_sched)
 * @param metric   the metric
 * @param subject  the scheme said to be less affected
 * @param baseline the scheme said to be more affected
 */
public record SpreadComparison(Map<String, Object> where, String across, String metric, String subject, String baseline)
        implements Rule {
    public SpreadComparison {
        where = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(where)); // sorted: the same text every run
    }

    @Override
    public Outcome evaluate(List<Map<String, Object>> rows) {
        List<Map<String, Object>> mine = RowSet.select(rows, where);
        List<Double> holds = new ArrayList<>();
        StringBuilder spreads = new StringBuilder();
        for (List<Map<String, Object>> seed : RowSet.groupBy(mine, List.of("opt_seed")).values()) {
            double s = spread(seed, subject);
            double b = spread(seed, baseline);
            if (!Double.isNaN(s) && !Double.isNaN(b)) {
                holds.add(s < b ? 1.0 : 0.0);
                spreads.append(spreads.length() == 0 ? "" : "; ").append(RowSet.pct(s)).append(" vs ").append(RowSet.pct(b));
            }
        }
        int ok = (int) holds.stream().filter(h -> h == 1.0).count();
        String ours = holds.isEmpty() ? "-" : ok + " of " + holds.size() + " seeds; spread " + subject + " vs " + baseline + ": " + spreads;
        return new Outcome(Verdict.ofFraction(ok, holds.size()), ours, holds, RowSet.scale(mine));
    }

    private double spread(List<Map<String, Object>> rows, String scheme) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        int n = 0;
        for (Map<String, Object> r : RowSet.select(rows, Map.of("scheme", scheme))) {
            double v = RowSet.number(r, metric);
            if (!Double.isNaN(v)) {
                min = Math.min(min, v);
                max = Math.max(max, v);
                n++;
            }
        }
        return n < 2 ? Double.NaN : max / min - 1;
    }

    @Override
    public String describe() {
        return "per seed, spread max/min - 1 of " + metric + " over " + across + " smaller for " + subject + " than for " + baseline
                + ", at " + where + "; reproduced if it holds for every seed, partly if for at least half";
    }
}
