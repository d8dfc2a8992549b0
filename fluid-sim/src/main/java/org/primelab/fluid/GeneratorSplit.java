package org.primelab.fluid;

import java.util.SplittableRandom;
import org.primelab.core.entropy.EntropyGenerator;
import org.primelab.core.entropy.Forwarding;
import org.primelab.core.topology.EvLayout;
import org.primelab.core.topology.FatTree;

/**
 * {@link SplitMode#PACKET} splits of the EV-based schemes (ECMP, RPS, REPS, PRIME, CO-PRIME): every
 * quantum takes the EV the scheme's own core generator gives it, and the EV becomes a path the way the
 * packet simulator's switches read it (port index, or {@code hashPort(flow, EV, salt)} at every upward
 * hop). So ECMP keeps one hashed path, CO-PRIME/PRIME follow Alg. 2's shuffled round robin, RPS is
 * multinomial, and REPS recycles EVs — each with its real short-term imbalance.
 *
 * <p><b>Feedback.</b> One coalesced ACK per {@code ackEvery} returned quanta echoes the EV and the mark of
 * the quantum that completes the group (the packet simulator's rule); the mark is drawn with the
 * quantum's marking probability from a seeded stream, so PRIME's penalties and REPS's recycling are
 * driven by the marking rate exactly as their algorithms are. A trimmed quantum (drawn with its trimmed
 * fraction) yields a NACK. DCTCP, in contrast, receives the expected marked fraction
 * ({@link FluidDctcp}).
 *
 * <p>If a failed link makes the EV's path unusable, the path is the one the switches remap the EV to:
 * {@code core}'s {@link org.primelab.core.forwarding.UplinkSelector} at every upward hop over the uplinks
 * that still have a live path ({@link FlowPaths#livePath}), the packet simulator's rule. Failed links are
 * withdrawn from routing at their failure time (the fluid model has no detection delay). ACKs of hash
 * schemes are accounted on the EV's healthy reverse path.
 */
public final class GeneratorSplit implements PacketSplit {
    private final EntropyGenerator generator;
    private final Forwarding forwarding;
    private final EvLayout layout;
    private final FatTree tree;
    private final FlowPaths paths;
    private final long[] salts;
    private final int flow;
    private final int src;
    private final int dst;
    private final int ackEvery;
    private final SplittableRandom marks;
    private final Network network;
    private final int[] pathOfEv;     // port-index forwarding: EV -> path, when the EV space is small
    private int returned;
    private boolean faultsPossible = true;
    private final java.util.function.IntPredicate livePath;

    /**
     * @param generator the flow's core generator
     * @param forwarding how switches read EVs
     * @param tree the fabric
     * @param paths the flow's paths
     * @param salts every node's hash salt ({@code Seeds.derive(seed, SWITCH_SALT, node)})
     * @param flow the flow id (hash input)
     * @param src sending host
     * @param dst receiving host
     * @param ackEvery quanta per coalesced ACK
     * @param marks seeded stream for the ECN and trim draws of the feedback
     * @param network path liveness
     */
    public GeneratorSplit(EntropyGenerator generator, Forwarding forwarding, FatTree tree, FlowPaths paths,
                          long[] salts, int flow, int src, int dst, int ackEvery, SplittableRandom marks,
                          Network network) {
        if (forwarding == Forwarding.ADAPTIVE) {
            throw new IllegalArgumentException("lb: adaptive routing has no EV split; use AdaptiveSplit");
        }
        this.generator = generator;
        this.forwarding = forwarding;
        this.layout = tree.evLayout();
        this.tree = tree;
        this.paths = paths;
        this.salts = salts;
        this.flow = flow;
        this.src = src;
        this.dst = dst;
        this.ackEvery = ackEvery;
        this.marks = marks;
        this.network = network;
        this.livePath = network::alive;
        int bits = layout.totalBits();
        if (forwarding == Forwarding.PORT_INDEX && bits <= MAX_TABLE_BITS) {
            pathOfEv = new int[1 << bits];
            for (int ev = 0; ev < pathOfEv.length; ev++) {
                pathOfEv[ev] = paths.pathOfEv(layout, ev);
            }
        } else {
            pathOfEv = null;
        }
    }

    /** Largest EV width (bits) whose EV-to-path table is precomputed (64K entries). */
    private static final int MAX_TABLE_BITS = 16;

    /**
     * Declares that no link ever fails in this run, so picks skip the liveness checks (the simulators call
     * it when the fault set has no failed link).
     */
    public void assumeNoFailures() {
        faultsPossible = false;
    }

    @Override
    public long pick(long nowPs) {
        int ev = generator.next(nowPs);
        int path = pathOf(ev);
        if (faultsPossible && !network.alive(path)) {
            path = paths.livePath(tree, forwarding, salts, flow, ev, src, livePath);
        }
        return PathChoice.of(path, ackPath(ev, path), ev);
    }

    /** The ACK path of a packet with {@code ev} on forward path {@code path}: its reverse, or the EV's own hash back. */
    private int ackPath(int ev, int path) {
        return forwarding == Forwarding.PORT_INDEX ? path : hashed(ev, dst, src);
    }

    private int pathOf(int ev) {
        if (pathOfEv != null) {
            return pathOfEv[ev];
        }
        return forwarding == Forwarding.PORT_INDEX ? paths.pathOfEv(layout, ev) : hashed(ev, src, dst);
    }

    private int hashed(int ev, int from, int to) {
        return FlowPaths.hashedPath(tree, salts, flow, ev, from, to);
    }

    @Override
    public void onReturn(int tag, double bytes, double markProb, double trimmed, long nowPs) {
        if (trimmed > 0 && marks.nextDouble() < trimmed) {
            generator.onNack(tag, nowPs);
            return;
        }
        if (++returned == ackEvery) {
            returned = 0;
            generator.onAck(tag, markProb > 0 && marks.nextDouble() < markProb, nowPs);
        }
    }
}
