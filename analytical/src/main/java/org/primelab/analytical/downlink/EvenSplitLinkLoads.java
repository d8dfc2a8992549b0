package org.primelab.analytical.downlink;

import java.util.List;
import org.primelab.core.topology.FatTree;

/**
 * Link loads when every flow splits its rate evenly over all its paths ({@link FatTree#paths}): link
 * {@code l} carries {@code sum_f d_f n_{f,l} / P_f}, {@code P_f} the number of paths of flow {@code f} and
 * {@code n_{f,l}} how many of them use {@code l}. This is the fluid limit of PRIME's generator (each tier's
 * part is a shuffled round robin, so every path's long-run share is exactly {@code 1/P_f}) and the
 * "fair share" of the uplink-to-downlink theorem ({@link UplinkDownlinkTheorem}).
 */
public final class EvenSplitLinkLoads {
    private EvenSplitLinkLoads() {
    }

    /** Per directed link, the load of an even split of every demand. */
    public static double[] compute(FatTree tree, List<Demand> demands) {
        double[] load = new double[tree.linkCount()];
        for (Demand d : demands) {
            List<int[]> paths = tree.paths(d.src(), d.dst());
            double share = d.rate() / paths.size();
            for (int[] path : paths) {
                for (int l : path) {
                    load[l] += share;
                }
            }
        }
        return load;
    }

    /** {@code n_{f,l}}: how many of the flow's paths use link {@code l}. */
    public static int pathsThrough(FatTree tree, int src, int dst, int link) {
        int n = 0;
        for (int[] path : tree.paths(src, dst)) {
            for (int l : path) {
                if (l == link) {
                    n++;
                    break;
                }
            }
        }
        return n;
    }
}
