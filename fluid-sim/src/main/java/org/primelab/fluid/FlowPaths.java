package org.primelab.fluid;

import java.util.function.IntPredicate;
import org.primelab.core.entropy.Forwarding;
import org.primelab.core.forwarding.UplinkSelector;
import org.primelab.core.random.Seeds;
import org.primelab.core.topology.EvLayout;
import org.primelab.core.topology.FatTree;

/**
 * The paths of one flow in both directions, indexed the way the fabric's switches pick them.
 *
 * <p>A path is fixed by its upward port choices: port {@code p0} at the source ToR and, across pods of a
 * 3-tier tree, port {@code p1} at the aggregation switch; downward hops are deterministic. Its index is
 * {@code p0 + torUplinks·p1} (mixed radix, as {@link EvLayout#pathIndex}), so index {@code i} is
 * {@link FatTree#route route(src, dst, layout.evOfPath(i))}, and a multi-part EV maps to its path by its
 * parts. Hash-based forwarding maps an EV to ports by {@link Seeds#hashPort} with each switch's salt
 * {@code Seeds.derive(seed, SWITCH_SALT, node)} — the packet simulator's rule — which
 * {@link #hashedPath} reproduces; with failed links {@link #livePath} applies {@code core}'s
 * {@link UplinkSelector} hop by hop, as the packet simulator's switches do. {@code reverse[i]} is the route back from the destination with the same
 * port choices (ACKs of port-index schemes; for port-index forwarding it is path {@code i} reversed).
 */
public final class FlowPaths {
    private final FatTree tree;
    private final int src;
    private final int dst;
    /** Each built on first use: ECMP's flow-level model reads one path of the flow's many. */
    private final int[][] forward;
    /** Each built on first use: the flow-level model reads the way back only where links fail. */
    private int[][] reverse;
    private final int upHops;
    private final int torUplinks;

    /** The paths from {@code src} to {@code dst}. */
    public FlowPaths(FatTree tree, int src, int dst) {
        this.tree = tree;
        this.src = src;
        this.dst = dst;
        this.upHops = tree.upHops(src, dst);
        this.torUplinks = tree.torUplinks();
        forward = new int[tree.pathCount(src, dst)][];
    }

    /** Every node's hash salt under master seed {@code seed} ({@link UplinkSelector#salts}, as the packet simulator). */
    public static long[] salts(FatTree tree, long seed) {
        return UplinkSelector.salts(tree, seed);
    }

    /** Number of paths. */
    public int count() {
        return forward.length;
    }

    /** Directed links of path {@code i}, from the source host's NIC to the destination. */
    public int[] forward(int i) {
        int[] path = forward[i];
        if (path == null) {
            path = tree.route(src, dst, tree.evLayout().evOfPath(i));
            forward[i] = path;
        }
        return path;
    }

    /** Directed links of the way back with the same port choices. */
    public int[] reverse(int i) {
        if (reverse == null) {
            reverse = new int[forward.length][];
        }
        int[] path = reverse[i];
        if (path == null) {
            path = tree.route(dst, src, tree.evLayout().evOfPath(i));
            reverse[i] = path;
        }
        return path;
    }

    /**
     * Whether some forward path of this flow crosses directed link {@code link}, from the fat tree's shape, without
     * building the paths: the source's NIC and the destination's last hop; with up-hops, every uplink of the
     * source's ToR and every link into the destination's ToR from above; across pods also every uplink of the
     * source pod's aggregation switches and every link from a core into the destination's pod (a ToR reaches every
     * aggregation switch of its pod, and every core reaches one aggregation switch of every pod).
     */
    public boolean uses(int link) {
        int from = tree.linkSource(link);
        int to = tree.linkTarget(link);
        if (from == src) {
            return true;   // a host has one link up: its NIC
        }
        if (to == dst) {
            return true;   // and one link down: from its ToR
        }
        if (upHops == 0) {
            return false;
        }
        int fromTier = tree.tierOf(from);
        int toTier = tree.tierOf(to);
        if (fromTier == 1 && toTier == 2) {
            return from == tree.torOf(src);
        }
        if (fromTier == 2 && toTier == 1) {
            return to == tree.torOf(dst);
        }
        if (upHops < 2) {
            return false;
        }
        int perPod = tree.torUplinks();
        int tier2 = tree.tier2Node(0);
        if (fromTier == 2 && toTier == 3) {
            return (from - tier2) / perPod == tree.podOf(src);
        }
        return fromTier == 3 && toTier == 2 && (to - tier2) / perPod == tree.podOf(dst);
    }

    /** Links on a path (2 + 2·up-hops). */
    public int hops() {
        return forward(0).length;
    }

    /** Upward hops (0, 1 or 2). */
    public int upHops() {
        return upHops;
    }

    /** The path a multi-part (port-index) EV selects on a healthy fabric ({@link UplinkSelector#portIndex} per hop). */
    public int pathOfEv(EvLayout layout, int ev) {
        return switch (upHops) {
            case 0 -> 0;
            case 1 -> UplinkSelector.portIndex(layout, ev, 1);
            default -> UplinkSelector.portIndex(layout, ev, 1) + torUplinks * UplinkSelector.portIndex(layout, ev, 2);
        };
    }

    /**
     * The path switches give a packet of {@code flowId} with entropy {@code ev} on this flow's forward
     * paths when only the paths {@code live} accepts are usable: {@link UplinkSelector#select} at every
     * upward hop, each switch's valid uplinks being those through which a live path of this flow passes
     * (the set the packet simulator's routing table computes for the destination ToR).
     *
     * @param kind port-index or hash forwarding
     * @param salts every node's hash salt ({@link #salts})
     */
    public int livePath(FatTree tree, Forwarding kind, long[] salts, long flowId, int ev, int src, IntPredicate live) {
        if (upHops == 0) {
            return 0;
        }
        EvLayout layout = tree.evLayout();
        int tor = tree.torOf(src);
        long valid0 = 0;
        int second = count() / torUplinks;   // 1 on one upward hop, the aggregation uplinks on two
        for (int p = 0; p < count(); p++) {
            if (live.test(p)) {
                valid0 |= 1L << (p % torUplinks);
            }
        }
        int p0 = UplinkSelector.select(kind, layout, tor, 1, tree.uplinkCount(tor), flowId, ev, salts[tor], valid0,
                null, null);
        if (upHops == 1) {
            return p0;
        }
        int agg = tree.linkTarget(tree.uplink(tor, p0));
        long valid1 = 0;
        for (int p1 = 0; p1 < second; p1++) {
            if (live.test(p0 + torUplinks * p1)) {
                valid1 |= 1L << p1;
            }
        }
        int p1 = UplinkSelector.select(kind, layout, agg, 2, tree.uplinkCount(agg), flowId, ev, salts[agg], valid1,
                null, null);
        return p0 + torUplinks * p1;
    }

    /**
     * Index of the path a hash-forwarded packet of {@code flowId} with entropy {@code ev} takes from
     * {@code from} to {@code to}: at every upward hop, {@code hashPort(flow, ev, salt(switch), uplinks)}.
     * The index is in the {@code from -> to} path table (forward table for data, reverse table for ACKs);
     * {@code salts[node]} is {@code Seeds.derive(seed, Seeds.SWITCH_SALT, node)}, see {@link #salts}.
     */
    public static int hashedPath(FatTree tree, long[] salts, long flowId, int ev, int from, int to) {
        int hops = tree.upHops(from, to);
        if (hops == 0) {
            return 0;
        }
        int tor = tree.torOf(from);
        int p0 = UplinkSelector.hashed(flowId, ev, salts[tor], tree.uplinkCount(tor));
        if (hops == 1) {
            return p0;
        }
        int agg = tree.linkTarget(tree.uplink(tor, p0));
        int p1 = UplinkSelector.hashed(flowId, ev, salts[agg], tree.uplinkCount(agg));
        return p0 + tree.torUplinks() * p1;
    }
}
