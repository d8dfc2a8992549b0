package org.primelab.fluid;

import java.util.SplittableRandom;
import org.primelab.core.topology.FatTree;

/**
 * Adaptive routing (AR) as a fluid rule: each switch sends what arrives to the uplink with the shortest
 * egress queue, ties uniformly at random (the packet simulator's {@code shortestQueue}). In fluid form
 * this is join-the-shortest-queue on the fluid backlogs ({@link Network#backlog}: queued plus what
 * already arrived this step), applied per packet quantum in both split modes. It is a sound rule at that
 * granularity because every quantum's choice sees the backlog the previous quanta left; as fractions of
 * a step's bytes it is a bang-bang rule (everything to the current minimum) that overshoots and
 * oscillates, so the expected mode does not use it. Only the upward hops are adaptive; ACKs return on
 * the reverse of the data path (a pick's tag is its path).
 */
public final class AdaptiveSplit implements PacketSplit {
    private final FatTree tree;
    private final FlowPaths paths;
    private final int src;
    private final Network network;
    private final SplittableRandom ties;

    /** AR for the flow from {@code src} with {@code paths}; {@code ties} breaks equal queues. */
    public AdaptiveSplit(FatTree tree, FlowPaths paths, int src, Network network, SplittableRandom ties) {
        this.tree = tree;
        this.paths = paths;
        this.src = src;
        this.network = network;
        this.ties = ties;
    }

    @Override
    public long pick(long nowPs) {
        int hops = paths.upHops();
        int path;
        if (hops == 0) {
            path = 0;
        } else {
            int tor = tree.torOf(src);
            int p0 = shortest(tor, -1);
            if (hops == 1) {
                path = p0;
            } else {
                int agg = tree.linkTarget(tree.uplink(tor, p0));
                path = p0 + tree.torUplinks() * shortest(agg, p0);
            }
        }
        return PathChoice.of(path, path, path);
    }

    /** AR reads queues, not feedback. */
    @Override
    public void onReturn(int tag, double bytes, double markProb, double trimmed, long nowPs) {
    }

    /** The uplink of {@code sw} with the least backlog among those leading to a live path. */
    private int shortest(int sw, int p0) {
        int n = tree.uplinkCount(sw);
        int best = -1;
        double bestBytes = Double.MAX_VALUE;
        int tied = 0;
        for (int i = 0; i < n; i++) {
            int path = p0 < 0 ? i : p0 + tree.torUplinks() * i;
            if (p0 < 0 && paths.upHops() == 2) {
                path = anyLiveThrough(i);
            }
            if (path < 0 || !network.alive(path)) {
                continue;
            }
            double q = network.backlog(tree.uplink(sw, i));
            if (q < bestBytes) {
                bestBytes = q;
                best = i;
                tied = 1;
            } else if (q == bestBytes && ties.nextInt(++tied) == 0) {
                best = i;
            }
        }
        if (best < 0) {
            throw new IllegalStateException("no live uplink at " + tree.nodeName(sw));
        }
        return best;
    }

    private int anyLiveThrough(int p0) {
        int per = paths.count() / tree.torUplinks();
        for (int j = 0; j < per; j++) {
            int path = p0 + tree.torUplinks() * j;
            if (network.alive(path)) {
                return path;
            }
        }
        return -1;
    }
}
