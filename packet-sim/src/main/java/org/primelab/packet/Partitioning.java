package org.primelab.packet;

import org.primelab.core.topology.FatTree;

/**
 * Which partition of a {@link PartitionedRun} owns each node: a host goes with its ToR, the ToRs are cut
 * into contiguous blocks (so a block holds whole pods where the tree has them), a 3-tier tree's aggregation
 * switches go with their pod (with its first ToR) and the remaining switches (spines of a 2-tier tree, cores of a 3-tier tree)
 * are dealt round robin. A port, and with it its link's transmissions, belongs to the partition of the node
 * it leaves. With {@code parts} partitions every partition holds at least one ToR.
 *
 * @param parts number of partitions
 * @param nodePart the partition of each node id
 */
record Partitioning(int parts, int[] nodePart) {

    /** {@code parts} partitions of {@code tree} (1 to the number of ToRs). */
    static Partitioning of(FatTree tree, int parts) {
        int tors = tree.tors();
        if (parts < 1 || parts > tors) {
            throw new IllegalArgumentException("threads: must be in [1, " + tors + "] (one ToR per thread at least), got "
                    + parts);
        }
        int[] nodePart = new int[tree.nodeCount()];
        int hostsPerTor = tree.hostsPerTor();
        for (int n = 0; n < tree.nodeCount(); n++) {
            nodePart[n] = switch (tree.tierOf(n)) {
                case 0 -> torBlock(n / hostsPerTor, tors, parts);
                case 1 -> torBlock(n - tree.torNode(0), tors, parts);
                case 2 -> tree.tiers() == 3
                        ? torBlock((n - tree.tier2Node(0)) / tree.torUplinks() * tree.torsPerPod(), tors, parts)
                        : (n - tree.tier2Node(0)) % parts;
                default -> (n - tree.coreNode(0)) % parts;
            };
        }
        return new Partitioning(parts, nodePart);
    }

    private static int torBlock(int torIndex, int tors, int parts) {
        return (int) ((long) torIndex * parts / tors);
    }

    /** The partition of node {@code node}. */
    int of(int node) {
        return nodePart[node];
    }
}
