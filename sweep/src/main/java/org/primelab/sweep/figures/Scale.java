package org.primelab.sweep.figures;

import java.util.Locale;

/** How large the figures' sweeps are: {@code small} (minutes on 2 cores) or the paper's own sizes. */
public enum Scale {
    /** Small fabrics and fewer flow sizes, same shape of experiment. */
    SMALL,
    /** The paper's fabrics and flow sizes (§"Evaluation"). */
    PAPER;

    /** Parses {@code small} or {@code paper}. */
    public static Scale parse(String s) {
        return switch (s.trim().toLowerCase(Locale.ROOT)) {
            case "small" -> SMALL;
            case "paper" -> PAPER;
            default -> throw new IllegalArgumentException("scale: unknown '" + s + "'; accepted: small, paper");
        };
    }
}
