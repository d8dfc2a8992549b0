package org.primelab.tla;

import java.util.Objects;

/**
 * One TLC model: a root module, its configuration, and what TLC is expected to conclude. PRIME's models
 * (paper arXiv 2507.23012, Alg. 1 and Alg. 2) are expected to pass; mutants and the htsim bitmap
 * contrast are expected to be violated, and {@code expectedProperty} names the property TLC must report
 * (for a liveness violation TLC names none: use {@link #TEMPORAL}).
 *
 * @param name short unique name, the configuration's base name
 * @param kind PRIME's own model, a mutant of it, or a contrast scheme
 * @param module root module file, e.g. {@code PrimeHistory.tla}
 * @param config configuration file, e.g. {@code PrimeHistory.cfg}
 * @param expected the verdict TLC should reach
 * @param expectedProperty for a violation, the property TLC should report; null when passing
 * @param description one line saying what the model checks
 */
public record TlcModel(String name, Kind kind, String module, String config, Verdict expected, String expectedProperty,
        String description) {

    /** Whose logic a model checks. */
    public enum Kind {
        /** PRIME as the paper describes it. */
        PRIME,
        /** PRIME with one deliberate bug: the check must fail. */
        MUTANT,
        /** Another scheme (htsim's bitmap penalties), for contrast. */
        CONTRAST
    }

    /** What {@link TlcResult#violated()} holds for a violated temporal property (TLC names none). */
    public static final String TEMPORAL = "temporal properties";

    /** Validates the fields. */
    public TlcModel {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        if (module == null || !module.endsWith(".tla")) {
            throw new IllegalArgumentException("module: must be a .tla file, got " + module);
        }
        if (config == null || !config.endsWith(".cfg")) {
            throw new IllegalArgumentException("config: must be a .cfg file, got " + config);
        }
        Objects.requireNonNull(expected, "expected");
        if (expected == Verdict.ERROR) {
            throw new IllegalArgumentException("expected: a model is expected to pass or to be violated");
        }
        if ((expected == Verdict.PASSED) != (expectedProperty == null)) {
            throw new IllegalArgumentException("expectedProperty: required exactly for expected violations");
        }
    }

    /** True if the model is PRIME's own (expected to pass), false for mutants and contrasts. */
    public boolean expectedToPass() {
        return expected == Verdict.PASSED;
    }
}
