package org.primelab.core.workload;

import java.util.List;
import org.primelab.core.topology.FatTree;

/**
 * The flow checks and per-host flow lists every simulator needs, written once: a workload's flows must
 * name hosts of the fabric, and each host's NIC serves the flows it sends.
 */
public final class HostFlows {
    private HostFlows() {
    }

    /** Rejects flows that name a host outside {@code [0, tree.hosts())}; the message names {@code traffic}. */
    public static void check(FatTree tree, List<Flow> flows) {
        for (int i = 0; i < flows.size(); i++) {
            Flow f = flows.get(i);
            if (f.src() >= tree.hosts() || f.dst() >= tree.hosts()) {
                throw new IllegalArgumentException("traffic: flow " + i + " uses a host outside [0, "
                        + (tree.hosts() - 1) + "]");
            }
        }
    }

    /** The flows each host sends, by index into {@code flows}, in flow order: {@code result[host]}. */
    public static int[][] of(FatTree tree, List<Flow> flows) {
        int[] perHost = new int[tree.hosts()];
        for (Flow f : flows) {
            perHost[f.src()]++;
        }
        int[][] out = new int[tree.hosts()][];
        for (int h = 0; h < tree.hosts(); h++) {
            out[h] = new int[perHost[h]];
            perHost[h] = 0;
        }
        for (int i = 0; i < flows.size(); i++) {
            int h = flows.get(i).src();
            out[h][perHost[h]++] = i;
        }
        return out;
    }
}
