package org.primelab.core.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.primelab.core.random.Seeds;
import org.primelab.core.topology.FatTree;

/**
 * Where the hosts of a collective's groups sit in the tree. Groups are consecutive runs of
 * {@code groupSize} hosts in an order over all hosts that depends on the placement, so groups never
 * share a host.
 */
public enum Placement {
    /**
     * Hosts in id order, which fills ToR after ToR: a group of at most {@link FatTree#hostsPerTor()}
     * aligned hosts sits under one ToR, a larger group under as few ToRs (and pods) as possible.
     */
    PACKED,
    /**
     * One host per pod, then per ToR, before a second under the same ToR: consecutive hosts are in
     * different pods (3-tier), and a group of at most {@code pods * torsPerPod} hosts has every host under
     * its own ToR.
     */
    SPREAD,
    /** A uniformly shuffled order, drawn from the seed (as htsim's generator scripts place groups). */
    RANDOM;

    /** The name on the command line: {@code packed}, {@code spread}, {@code random}. */
    public String cliName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * {@code groupCount} disjoint groups of {@code groupSize} hosts of {@code tree}.
     *
     * @param groupCount number of groups, or 0 for as many as the hosts allow
     * @param seed used by {@link #RANDOM} only
     * @throws IllegalArgumentException if the sizes are out of range
     */
    public int[][] groups(FatTree tree, int groupSize, int groupCount, long seed) {
        int hosts = tree.hosts();
        if (groupSize < 2 || groupSize > hosts) {
            throw new IllegalArgumentException("group: must be in [2, " + hosts + "], got " + groupSize);
        }
        int most = hosts / groupSize;
        if (groupCount < 0 || groupCount > most) {
            throw new IllegalArgumentException("groups: must be in [1, " + most + "] for groups of " + groupSize
                    + " among " + hosts + " hosts (0 = as many as fit), got " + groupCount);
        }
        int count = groupCount == 0 ? most : groupCount;
        int[] order = order(tree, seed);
        int[][] out = new int[count][groupSize];
        for (int g = 0; g < count; g++) {
            System.arraycopy(order, g * groupSize, out[g], 0, groupSize);
        }
        return out;
    }

    /** Every host, in this placement's order. */
    int[] order(FatTree tree, long seed) {
        int hosts = tree.hosts();
        int[] order = new int[hosts];
        switch (this) {
            case PACKED -> {
                for (int h = 0; h < hosts; h++) {
                    order[h] = h;
                }
            }
            case SPREAD -> {
                List<Integer> seq = new ArrayList<>(hosts);
                for (int slot = 0; slot < tree.hostsPerTor(); slot++) {
                    for (int t = 0; t < tree.torsPerPod(); t++) {
                        for (int pod = 0; pod < tree.pods(); pod++) {
                            int h = (pod * tree.torsPerPod() + t) * tree.hostsPerTor() + slot;
                            if (h < hosts) {
                                seq.add(h);
                            }
                        }
                    }
                }
                for (int i = 0; i < hosts; i++) {
                    order[i] = seq.get(i);
                }
            }
            case RANDOM -> {
                for (int h = 0; h < hosts; h++) {
                    order[h] = h;
                }
                SplittableRandom rnd = new SplittableRandom(Seeds.derive(seed, Seeds.WORKLOAD, 4));
                for (int i = hosts - 1; i > 0; i--) {
                    int j = rnd.nextInt(i + 1);
                    int t = order[i];
                    order[i] = order[j];
                    order[j] = t;
                }
            }
            default -> throw new IllegalStateException(name());
        }
        return order;
    }
}
