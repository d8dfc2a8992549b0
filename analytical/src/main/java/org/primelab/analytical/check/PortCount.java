package org.primelab.analytical.check;

/**
 * Packets another simulator counted on one uplink port of one switch ({@code switch,port,packets} in a
 * results CSV).
 *
 * @param switchName the switch, as {@code prime topo} names it (e.g. {@code leaf3})
 * @param port the uplink port, {@code 0..uplinks-1}
 * @param packets packets sent on it, >= 0
 * @param where the file and line, for messages
 */
public record PortCount(String switchName, int port, long packets, String where) {
    /** Validates the fields. */
    public PortCount {
        if (port < 0) {
            throw new IllegalArgumentException(where + ": port must be >= 0, got " + port);
        }
        if (packets < 0) {
            throw new IllegalArgumentException(where + ": packets must be >= 0, got " + packets);
        }
    }
}
