package org.primelab.core.cc;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The congestion controls a scenario may name ({@code --cc}), one list for both simulators (the paper
 * names none; docs/design.md, "Congestion control"). Each simulator maps a kind to its own form: the
 * packet simulator's per-ACK controls, the fluid model's per-step ones.
 */
public enum CcKind {
    /** A fixed window that keeps a lone flow at line rate: isolates load balancing. */
    FIXED("fixed"),
    /** DCTCP (RFC 8257), the default. */
    DCTCP("dctcp"),
    /** NSCC, the Ultra Ethernet network-signaled congestion control ({@link NsccParameters}). */
    NSCC("nscc");

    private final String cliName;

    CcKind(String cliName) {
        this.cliName = cliName;
    }

    /** Command-line name. */
    public String cliName() {
        return cliName;
    }

    /** Parses a command-line name; the error names the option and lists what is accepted. */
    public static CcKind parse(String s) {
        String n = s == null ? "" : s.trim().toLowerCase(Locale.ROOT);
        for (CcKind c : values()) {
            if (c.cliName.equals(n)) {
                return c;
            }
        }
        throw new IllegalArgumentException("cc: unknown '" + s + "'; accepted: " + names());
    }

    /** Accepted names, comma separated. */
    public static String names() {
        return Arrays.stream(values()).map(CcKind::cliName).collect(Collectors.joining(", "));
    }
}
