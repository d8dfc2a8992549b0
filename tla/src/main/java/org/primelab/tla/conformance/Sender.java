package org.primelab.tla.conformance;

/**
 * The sender side of PRIME under test (paper arXiv 2507.23012, Alg. 1): what {@link HistoryConformance}
 * drives and observes. Paths are dense path indices ({@code EvLayout.pathIndex}); times are picoseconds.
 */
public interface Sender {

    /** Picks the path of the next packet, sent at {@code nowPs} (pick, then decay). */
    int send(long nowPs);

    /** An unmarked ACK for a packet on {@code path}. */
    void ack(int path, long nowPs);

    /** An ECN-marked ACK for a packet on {@code path}. */
    void ecn(int path, long nowPs);

    /** A NACK for a trimmed packet on {@code path}. */
    void nack(int path, long nowPs);

    /** Every path's current penalty. */
    long[] penalties();
}
