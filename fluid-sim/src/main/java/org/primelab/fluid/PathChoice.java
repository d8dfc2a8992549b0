package org.primelab.fluid;

/**
 * What a {@link PacketSplit} picks for one quantum, packed into one {@code long} so that a pick returns
 * its whole answer without allocating (it runs once per quantum): the forward path (index in the flow's
 * {@link FlowPaths} forward table), the ACK path (index in the reverse table) and the feedback tag (an EV,
 * or a path index). Paths take 16 bits each ({@code FatTree}'s largest radix, 256, gives at most
 * 128² = 16384 paths), the tag 32.
 */
final class PathChoice {
    private static final int PATH_BITS = 16;
    private static final long PATH_MASK = (1L << PATH_BITS) - 1;

    private PathChoice() {
    }

    /** The choice of forward path {@code path}, ACK path {@code ackPath} and feedback tag {@code tag}. */
    static long of(int path, int ackPath, int tag) {
        if ((path | ackPath) >>> PATH_BITS != 0) {
            throw new IllegalStateException("path index out of range: " + path + ", " + ackPath);
        }
        return (long) tag << 2 * PATH_BITS | (long) ackPath << PATH_BITS | path;
    }

    /** The forward path of {@code choice}. */
    static int path(long choice) {
        return (int) (choice & PATH_MASK);
    }

    /** The ACK path of {@code choice}. */
    static int ackPath(long choice) {
        return (int) (choice >>> PATH_BITS & PATH_MASK);
    }

    /** The feedback tag of {@code choice}. */
    static int tag(long choice) {
        return (int) (choice >>> 2 * PATH_BITS);
    }
}
