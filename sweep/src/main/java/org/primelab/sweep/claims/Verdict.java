package org.primelab.sweep.claims;

/** How a paper claim fares against our results; the rules that give each are in {@link Rule}'s implementations. */
public enum Verdict {
    /** Our numbers agree with the paper's (its number within our range over seeds, or its statement holds in every comparison). */
    REPRODUCED("reproduced"),
    /** The direction agrees but not the size, or the statement holds in at least half of the comparisons. */
    PARTLY("partly"),
    /** The statement holds in fewer than half of the comparisons, or the seeds disagree on the direction. */
    NOT_REPRODUCED("not reproduced"),
    /** The opposite holds: in every comparison, or for every seed. */
    CONTRADICTED("contradicted"),
    /** The results the claim needs are not in the output directory (figure not run, or not at this scale). */
    NOT_MEASURED("not measured");

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    /** The verdict as written in claims.md and claims.json. */
    public String label() {
        return label;
    }

    /**
     * The verdict of a statement checked in {@code checks} comparisons, {@code holds} of which agree with
     * it: all: reproduced; at least half: partly; some: not reproduced; none: contradicted; no
     * comparison at all: not measured.
     */
    public static Verdict ofFraction(int holds, int checks) {
        if (holds < 0 || holds > checks) {
            throw new IllegalArgumentException("holds: must be in 0.." + checks + ", got " + holds);
        }
        if (checks == 0) {
            return NOT_MEASURED;
        }
        if (holds == checks) {
            return REPRODUCED;
        }
        if (2 * holds >= checks) {
            return PARTLY;
        }
        return holds > 0 ? NOT_REPRODUCED : CONTRADICTED;
    }
}
