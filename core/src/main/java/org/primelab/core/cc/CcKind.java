package org.primelab.core.cc;

import org.primelab.core.option.CliNamed;

/**
 * The congestion controls a scenario may name ({@code --cc}), one list for both simulators (the paper
 * names none; docs/design.md, "Congestion control"). Each simulator maps a kind to its own form: the
 * packet simulator's per-ACK controls, the fluid model's per-step ones.
 */
public enum CcKind implements CliNamed {
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
    @Override
    public String cliName() {
        return cliName;
    }

    /** Parses a command-line name; the error names the option and lists what is accepted. */
    public static CcKind parse(String s) {
        return CliNamed.parse(CcKind.class, "cc", s);
    }

    /** Accepted names, comma separated. */
    public static String names() {
        return CliNamed.names(CcKind.class);
    }
}
