package org.primelab.fluid;

/**
 * What a flow's returns of one step (or of one chunk) add up to, for its congestion control
 * ({@link FluidCc#onReturned}). A quantum of {@code b} bytes that was ECN-marked with probability
 * {@code m} and trimmed by a fraction {@code x} comes back as {@code b·(1-x)} acknowledged bytes, of which
 * {@code b·(1-x)·m} are expected to be marked, and {@code b·x} NACKed bytes; its round trip runs from the
 * start of its serialization at the sender to its return, as the packet simulator's RTT sample runs
 * from the packet's send to its ACK.
 *
 * <p>DCTCP reads the whole returned bytes with NACKed bytes counted as marked ({@link #returnedBytes},
 * {@link #markedBytes}); NSCC reads the acknowledged bytes, their marks and byte-weighted mean round
 * trip separately from the NACKed bytes. Reused step after step ({@link #clear}): nothing is allocated.
 */
final class ReturnedBytes {
    /** Bytes back, acknowledged or NACKed. */
    double returnedBytes;
    /** Expected marked bytes, NACKed bytes counted as marked (DCTCP's and the packet simulator's rule). */
    double markedBytes;
    /** Bytes acknowledged (delivered untrimmed). */
    double ackedBytes;
    /** Expected ECN-marked bytes among {@link #ackedBytes}. */
    double ackedMarkedBytes;
    /** Sum over acknowledged bytes of their round trip, byte·ps. */
    double ackedRttBytePs;
    /** Bytes NACKed (trimmed), to be sent again. */
    double nackedBytes;
    /** Return time of the latest return, ps. */
    double lastReturnPs;

    /**
     * Adds a quantum of {@code bytes} marked with probability {@code mark}, a fraction {@code trimmed} of it
     * trimmed, sent at {@code sentPs} and back at {@code returnPs}.
     */
    void add(double bytes, double mark, double trimmed, double sentPs, double returnPs) {
        double nacked = bytes * trimmed;
        returnedBytes += bytes;
        markedBytes += (bytes - nacked) * mark + nacked;
        double acked = bytes - nacked;
        ackedBytes += acked;
        ackedMarkedBytes += acked * mark;
        ackedRttBytePs += acked * (returnPs - sentPs);
        nackedBytes += nacked;
        lastReturnPs = returnPs;
    }

    /** Whether nothing came back since the last {@link #clear}. */
    boolean isEmpty() {
        return !(returnedBytes > 0);
    }

    /** Empties the sums for the next step. */
    void clear() {
        returnedBytes = 0;
        markedBytes = 0;
        ackedBytes = 0;
        ackedMarkedBytes = 0;
        ackedRttBytePs = 0;
        nackedBytes = 0;
    }
}
