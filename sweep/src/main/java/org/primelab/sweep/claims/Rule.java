package org.primelab.sweep.claims;

import java.util.List;
import java.util.Map;

/** How a claim is checked against a figure's result rows (one row per run: scheme, seed, metrics). */
public interface Rule {
    /** Evaluates the claim on {@code rows} (all rows of the figure's sweep; the rule selects its own). */
    Outcome evaluate(List<Map<String, Object>> rows);

    /** The rule in one sentence, for claims.md. */
    String describe();
}
