package org.primelab.sweep.claims;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A claim of a relative difference between two schemes in one case, e.g. "PRIME improves the Ratio by
 * 15% over REPS at 3-tier 800G 2 MB". Per seed (rows paired by {@code opt_seed} within the case) our
 * value is {@link Form#apply}. Verdict: <b>reproduced</b> when the paper's number lies within our
 * min..max over seeds widened by {@code tolerance} on each side; <b>partly</b> when every seed has the
 * paper's sign (the direction holds) but not its size; <b>contradicted</b> when every seed has the
 * opposite sign or zero; <b>not reproduced</b> when the seeds disagree on the direction; <b>not
 * measured</b> without any pair.
 *
 * @param where     the case: column values every row must have (e.g. tiers, rate_gbps, flow_size_bytes)
 * @param metric    the column compared (e.g. ratio)
 * @param scheme    the scheme the claim is about (e.g. prime)
 * @param baseline  the scheme it is compared with (e.g. reps)
 * @param form      how the two values become the claimed number
 * @param paper     the paper's number (a fraction: 0.15 for 15%)
 * @param tolerance half-width added around our range, a fraction
 */
public record RelativeGain(Map<String, Object> where, String metric, String scheme, String baseline, Form form,
                           double paper, double tolerance) implements Rule {
    /** How a scheme's value {@code a} and the baseline's {@code b} become the claimed number. */
    public enum Form {
        /** How much lower {@code a} is than {@code b}: {@code 1 - a/b} ("X% improvement"). */
        REDUCTION,
        /** How much higher {@code b} is than {@code a}: {@code b/a - 1} ("the baseline X% higher"). */
        INCREASE;

        /** The claimed number from the two values. */
        public double apply(double a, double b) {
            return this == REDUCTION ? 1 - a / b : b / a - 1;
        }
    }

    public RelativeGain {
        where = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(where)); // sorted: the same text every run
        if (paper == 0) {
            throw new IllegalArgumentException("paper: a relative claim needs a non-zero number");
        }
        if (tolerance < 0) {
            throw new IllegalArgumentException("tolerance: must be >= 0, got " + tolerance);
        }
    }

    @Override
    public Outcome evaluate(List<Map<String, Object>> rows) {
        List<Map<String, Object>> mine = RowSet.select(rows, where);
        List<Double> values = new ArrayList<>();
        for (List<Map<String, Object>> seed : RowSet.groupBy(mine, List.of("opt_seed")).values()) {
            Map<String, Object> a = RowSet.find(seed, "scheme", scheme);
            Map<String, Object> b = RowSet.find(seed, "scheme", baseline);
            if (a != null && b != null) {
                double v = form.apply(RowSet.number(a, metric), RowSet.number(b, metric));
                if (!Double.isNaN(v)) {
                    values.add(v);
                }
            }
        }
        if (values.isEmpty()) {
            return new Outcome(Verdict.NOT_MEASURED, "-", values, RowSet.scale(mine));
        }
        double min = values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double max = values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        double mean = values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        long sameSign = values.stream().filter(v -> Math.signum(v) == Math.signum(paper)).count();
        Verdict verdict;
        if (paper >= min - tolerance && paper <= max + tolerance) {
            verdict = Verdict.REPRODUCED;
        } else if (sameSign == values.size()) {
            verdict = Verdict.PARTLY;
        } else if (sameSign == 0) {
            verdict = Verdict.CONTRADICTED;
        } else {
            verdict = Verdict.NOT_REPRODUCED;
        }
        String ours = RowSet.pct(mean) + " (" + RowSet.pct(min) + ".." + RowSet.pct(max) + ", " + values.size() + " seeds)";
        return new Outcome(verdict, ours, values, RowSet.scale(mine));
    }

    @Override
    public String describe() {
        String f = form == Form.REDUCTION ? "1 - " + metric + "(" + scheme + ")/" + metric + "(" + baseline + ")"
                : metric + "(" + baseline + ")/" + metric + "(" + scheme + ") - 1";
        return "per seed " + f + " at " + where + "; reproduced if the paper's " + RowSet.pct(paper) + " is within our min..max ±"
                + RowSet.pct(tolerance) + ", partly if every seed has its sign, contradicted if none has";
    }
}
