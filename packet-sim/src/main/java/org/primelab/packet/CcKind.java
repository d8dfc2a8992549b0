package org.primelab.packet;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Congestion controls of the packet simulator (docs/design.md: the paper names none). */
public enum CcKind {
    /** A fixed window that keeps a lone flow at line rate: isolates load balancing. */
    FIXED("fixed"),
    /** DCTCP (RFC 8257), the default. */
    DCTCP("dctcp");

    private final String cliName;

    CcKind(String cliName) {
        this.cliName = cliName;
    }

    /** Command-line name. */
    public String cliName() {
        return cliName;
    }

    /** Parses a command-line name; the error lists what is accepted. */
    public static CcKind parse(String s) {
        String n = s == null ? "" : s.trim().toLowerCase(Locale.ROOT);
        for (CcKind c : values()) {
            if (c.cliName.equals(n)) {
                return c;
            }
        }
        throw new IllegalArgumentException("cc: unknown '" + s + "'; accepted: " + names());
    }

    /** Accepted names. */
    public static String names() {
        return Arrays.stream(values()).map(CcKind::cliName).collect(Collectors.joining(", "));
    }
}
