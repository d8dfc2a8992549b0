package org.primelab.core.metrics;

import java.util.Locale;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.units.Units;

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

    /**
     * The return of a header-sized ACK over {@code hops} links on an idle fabric at its line rate:
     * {@code A = hops·(ser(header) + propagation)}.
     */
    public static long ackReturnPs(FabricParameters fabric, int hops) {
        return hops * (Units.serializationPs(fabric.headerBytes(), fabric.linkRateBps()) + fabric.propagationPs());
    }

    /**
     * A flow's completion in this convention from its receiver-side completion {@code receiverEndPs} on a
     * path of {@code hops} links: unchanged at the receiver, plus {@link #ackReturnPs} at the sender (the
     * last byte's ACK sent at once and returning over an idle path).
     */
    public long completionPs(long receiverEndPs, FabricParameters fabric, int hops) {
        return this == RECEIVER ? receiverEndPs : receiverEndPs + ackReturnPs(fabric, hops);
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
