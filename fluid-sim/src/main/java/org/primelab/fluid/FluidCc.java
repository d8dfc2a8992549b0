package org.primelab.fluid;

import java.util.Locale;

/** Congestion control of the fluid flows: the packet simulator's two controls, in fluid form. */
public enum FluidCc {
    /** A constant window of {@link FluidConfig#lineRateWindowBytes()}: isolates load balancing. */
    FIXED("fixed"),
    /** DCTCP in the fluid form of {@link FluidDctcp}. */
    DCTCP("dctcp");

    private final String cliName;

    FluidCc(String cliName) {
        this.cliName = cliName;
    }

    /** Command-line name. */
    public String cliName() {
        return cliName;
    }

    /** Parses a command-line name; the error lists what is accepted. */
    public static FluidCc parse(String s) {
        String n = s == null ? "" : s.trim().toLowerCase(Locale.ROOT);
        for (FluidCc c : values()) {
            if (c.cliName.equals(n)) {
                return c;
            }
        }
        throw new IllegalArgumentException("cc: unknown '" + s + "'; accepted: fixed, dctcp");
    }
}
