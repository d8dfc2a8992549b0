package org.primelab.sweep.claims;

import java.util.List;

/**
 * What a {@link Rule} found in the results.
 *
 * @param verdict the verdict by the rule
 * @param ours    our number(s) in words, with the seed spread (e.g. {@code 7.1% (4.0..9.3%, 3 seeds)})
 * @param values  the per-seed numbers, or for a statement the 1/0 of each comparison
 * @param scale   the fabric(s) the rows came from (e.g. {@code 3-tier k=8, 128 hosts})
 */
public record Outcome(Verdict verdict, String ours, List<Double> values, String scale) {
    public Outcome {
        values = List.copyOf(values);
    }
}
