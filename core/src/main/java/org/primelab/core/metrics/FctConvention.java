package org.primelab.core.metrics;

import java.util.Locale;

/**
 * Where a flow's completion is measured. The paper (§"Evaluation", "Metrics") defines a flow's
 * completion time at the receiver: the moment its last byte is delivered. htsim reports it at the
 * sender: the moment the last byte is acknowledged, which adds the acknowledgement's return trip
 * ({@code h} links of header serialization plus propagation, {@code h} the path's links) on an idle
 * fabric, and more when the ACK queues.
 */
public enum FctConvention {
    /** Last byte delivered to the receiver (the paper's definition). */
    RECEIVER("receiver"),
    /** Last byte acknowledged at the sender (htsim's). */
    SENDER("sender");

    private final String cliName;

    FctConvention(String cliName) {
        this.cliName = cliName;
    }

    /** The name on the command line ({@code --fct-at}) and in JSON. */
    public String cliName() {
        return cliName;
    }

    /** Parses {@code receiver} or {@code sender} (case-insensitive). */
    public static FctConvention parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (FctConvention c : values()) {
            if (c.cliName.equals(t)) {
                return c;
            }
        }
        throw new IllegalArgumentException("fct-at: expected receiver or sender, got '" + text + "'");
    }
}
