package org.primelab.fluid;

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
 * {@link #hashedPath} reproduces. {@code reverse[i]} is the route back from the destination with the same
 * port choices (ACKs of port-index schemes; for port-index forwarding it is path {@code i} reversed).
 */
public final class FlowPaths {
    private final int[][] forward;
    private final int[][] reverse;
    private final int upHops;
    private final int torUplinks;

    /** The paths from {@code src} to {@code dst}. */
    public FlowPaths(FatTree tree, int src, int dst) {
        this.upHops = tree.upHops(src, dst);
        this.torUplinks = tree.torUplinks();
        int n = tree.pathCount(src, dst);
        EvLayout layout = tree.evLayout();
        forward = new int[n][];
        reverse = new int[n][];
        for (int i = 0; i < n; i++) {
            int ev = layout.evOfPath(i);
            forward[i] = tree.route(src, dst, ev);
            reverse[i] = tree.route(dst, src, ev);
        }
    }

    /** Every node's hash salt under master seed {@code seed}, as the packet simulator derives them. */
    public static long[] salts(FatTree tree, long seed) {
        long[] s = new long[tree.nodeCount()];
        for (int node = 0; node < s.length; node++) {
            s[node] = Seeds.derive(seed, Seeds.SWITCH_SALT, node);
        }
        return s;
    }

    /** Number of paths. */
    public int count() {
        return forward.length;
    }

    /** Directed links of path {@code i}, from the source host's NIC to the destination. */
    public int[] forward(int i) {
        return forward[i];
    }

    /** Directed links of the way back with the same port choices. */
    public int[] reverse(int i) {
        return reverse[i];
    }

    /** Links on a path (2 + 2·up-hops). */
    public int hops() {
        return forward[0].length;
    }

    /** Upward hops (0, 1 or 2). */
    public int upHops() {
        return upHops;
    }

    /** The path a multi-part (port-index) EV selects. */
    public int pathOfEv(EvLayout layout, int ev) {
        return switch (upHops) {
            case 0 -> 0;
            case 1 -> layout.part(ev, 0);
            default -> layout.part(ev, 0) + torUplinks * layout.part(ev, 1);
        };
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
        int p0 = Seeds.hashPort(flowId, ev, salts[tor], tree.uplinkCount(tor));
        if (hops == 1) {
            return p0;
        }
        int agg = tree.linkTarget(tree.uplink(tor, p0));
        int p1 = Seeds.hashPort(flowId, ev, salts[agg], tree.uplinkCount(agg));
        return p0 + tree.torUplinks() * p1;
    }
}
