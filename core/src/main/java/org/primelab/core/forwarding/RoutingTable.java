package org.primelab.core.forwarding;

import org.primelab.core.topology.FatTree;

/**
 * Which uplinks of a switch still lead to a destination ToR once failed links have been detected
 * (paper §"Evaluation", link failure: after detection the link leaves forwarding).
 *
 * <p>Before any detection every uplink is valid ({@link #intact()}). After {@link #recompute}, uplink
 * {@code j} of switch {@code s} is valid for ToR {@code t} if the uplink itself is up and its far end
 * either reaches {@code t} by the deterministic downward path with every link up, or (a 3-tier
 * aggregation switch) has a valid uplink for {@code t} itself. Masks are bit sets over uplink indices,
 * so a switch may have at most 64 uplinks while links are failed.
 *
 * <p>How schemes use the valid set is {@link UplinkSelector}:
 * a choice that is still valid is kept, an invalid one is remapped by a hash over the valid ports, and AR
 * picks the shortest valid queue.
 */
public final class RoutingTable {
    /** Mask meaning "all uplinks valid". */
    public static final long ALL = UplinkSelector.ALL;

    private final FatTree tree;
    private final int firstSwitch;
    private long[][] masks;   // [switch - firstSwitch][dst ToR], null while intact

    /** An intact table for {@code tree}. */
    public RoutingTable(FatTree tree) {
        this.tree = tree;
        this.firstSwitch = tree.torNode(0);
    }

    /** True while no failure has been detected. */
    public boolean intact() {
        return masks == null;
    }

    /** Valid uplinks of switch {@code sw} towards ToR index {@code dstTor}, as a bit set. */
    public long validUplinks(int sw, int dstTor) {
        return masks == null ? ALL : masks[sw - firstSwitch][dstTor];
    }

    /** Recomputes the masks for the links marked {@code down}. */
    public void recompute(boolean[] down) {
        int switches = tree.nodeCount() - firstSwitch;
        long[][] m = new long[switches][tree.tors()];
        // Highest tier first, so a ToR can consult its aggregation switches' masks.
        for (int tier = 3; tier >= 1; tier--) {
            for (int sw = firstSwitch; sw < tree.nodeCount(); sw++) {
                if (tree.tierOf(sw) != tier) {
                    continue;
                }
                int ups = tree.uplinkCount(sw);
                if (ups > 64) {
                    throw new IllegalArgumentException("fail: link failures need at most 64 uplinks per switch, "
                            + tree.nodeName(sw) + " has " + ups);
                }
                for (int t = 0; t < tree.tors(); t++) {
                    int host = t * tree.hostsPerTor();
                    long mask = 0;
                    for (int j = 0; j < ups; j++) {
                        int up = tree.uplink(sw, j);
                        if (down[up]) {
                            continue;
                        }
                        int next = tree.linkTarget(up);
                        boolean ok = tree.isAncestor(next, host) ? downPathUp(next, t, host, down)
                                : m[next - firstSwitch][t] != 0;
                        if (ok) {
                            mask |= 1L << j;
                        }
                    }
                    m[sw - firstSwitch][t] = mask;
                }
            }
        }
        masks = m;
    }

    private boolean downPathUp(int from, int dstTor, int host, boolean[] down) {
        int at = from;
        int tor = tree.torNode(dstTor);
        while (at != tor) {
            int l = tree.downlinkTowards(at, host);
            if (down[l]) {
                return false;
            }
            at = tree.linkTarget(l);
        }
        return true;
    }
}
