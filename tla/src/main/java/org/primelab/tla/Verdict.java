package org.primelab.tla;

/**
 * What a TLC run concluded, from its exit status and messages (docs/references.md, "TLA+ and TLC practice";
 * {@code tlc2.output.EC.ExitStatus}): 0 is {@link #PASSED}, 12 is {@link #SAFETY_VIOLATED} (an invariant),
 * 13 is {@link #LIVENESS_VIOLATED} (a temporal property) — except that TLC also exits with 13 when an
 * <em>action</em> property {@code [][A]_v} fails, which is a safety property; {@link TlcRunner} reads
 * TLC's message 2112 ("Action property ... is violated") to classify those as {@link #SAFETY_VIOLATED}.
 * Anything else (parse or configuration errors, assumption failures, deadlock, timeouts, crashes) is
 * {@link #ERROR}, with TLC's output attached to the result.
 */
public enum Verdict {
    /** Every invariant and property holds on the whole state graph. */
    PASSED,
    /** A safety property (invariant or action property) is violated; TLC printed a finite trace. */
    SAFETY_VIOLATED,
    /** A temporal (liveness) property is violated; TLC printed a lasso-shaped counterexample. */
    LIVENESS_VIOLATED,
    /** TLC did not check the model to the end. */
    ERROR
}
