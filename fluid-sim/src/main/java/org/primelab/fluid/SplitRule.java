package org.primelab.fluid;

/**
 * How one flow divides its fluid over its paths: the fluid image of a load balancer (docs/design.md, "The
 * fluid simulator": load balancers become split rules). One instance per flow.
 *
 * <p>In {@link SplitMode#PACKET} mode the simulator asks for one path per packet-sized quantum
 * ({@link #pick}); in {@link SplitMode#EXPECTED} mode for the fractions of this step's bytes per path
 * ({@link #weights}). What the network said about a quantum or chunk comes back one RTT after it was sent
 * ({@link #onReturn}), with the probability that it was ECN-marked and the fraction that was trimmed.
 */
public abstract class SplitRule {
    /** Path (index in the flow's {@link FlowPaths}) of the last pick's ACKs, in the reverse table. */
    protected int lastAckPath;
    /** What the last pick must be fed back with (an EV, or a path index). */
    protected int lastTag;

    /** The path of the next quantum, sent at {@code nowPs}; sets {@link #lastAckPath()} and {@link #lastTag()}. */
    public abstract int pick(long nowPs);

    /**
     * Fills {@code w[0..paths)} with the fraction of this step's bytes each path carries (summing to 1).
     * The default puts everything on {@link #pick}'s path.
     */
    public void weights(long nowPs, double[] w, int paths) {
        java.util.Arrays.fill(w, 0, paths, 0.0);
        w[pick(nowPs)] = 1.0;
    }

    /** The ACK path of path {@code path} under this rule's forwarding (for {@link #weights} chunks). */
    public int ackPathOf(int path) {
        return path;
    }

    /** The tag of path {@code path} for {@link #onReturn} (for {@link #weights} chunks). */
    public int tagOf(int path) {
        return path;
    }

    /** ACK path of the last pick. */
    public final int lastAckPath() {
        return lastAckPath;
    }

    /** Feedback tag of the last pick. */
    public final int lastTag() {
        return lastTag;
    }

    /**
     * {@code bytes} sent with {@code tag} came back at {@code nowPs}: each packet of them was ECN-marked with
     * probability {@code markProb}, and a fraction {@code trimmed} was trimmed (NACKed).
     */
    public void onReturn(int tag, double bytes, double markProb, double trimmed, long nowPs) {
    }

    /** Which paths are usable now (links not failed) and how busy their first switch ports are. */
    public interface Network {
        /** True if every link of forward path {@code path} of the flow is up. */
        boolean alive(int path);

        /** Bytes queued or arriving this step at directed link {@code link}. */
        double backlog(int link);
    }
}
