package org.primelab.fluid;

import java.util.List;
import org.primelab.core.topology.FatTree;
import org.primelab.core.workload.Flow;

/**
 * The fair share of every directed link: the bytes it carries when every flow splits its bytes evenly
 * over all its paths — the premise of the uplink-to-downlink theorem (docs/references.md, "Uplink-to-downlink
 * theorem"; the paper's missing Theorem 1). Computed directly from the paths, for any workload on a
 * 2- or 3-tier tree.
 *
 * <p>The theorem's content, which {@link #maxOverHostShare} lets a test check: in a 2-tier tree with S
 * spines the uplink of leaf t carries {@code (1/S)·(traffic leaving t)} and the downlink
 * spine s -> leaf u carries {@code (1/S)·(traffic into u)}; in a 3-tier FatTree core -> aggregation and
 * aggregation -> edge links likewise carry a {@code 1/(k/2)^2} or {@code 1/(k/2)} share of the traffic
 * into the pod or edge. So under hose traffic (every host sends and receives at most one host's worth)
 * with full bisection, no link carries more than one host's worth: the fair share of every link is at
 * most the largest bytes any host sends or receives. A simulator that spreads each flow exactly evenly
 * loads every link with exactly its fair share; PRIME's shuffled round robin deviates per flow by less
 * than 2 packets per port over any window (docs/references.md, "Round robin"), so a link carries at most its
 * fair share plus 2 packets per flow crossing it ("Integral version").
 */
public final class FairShareBound {
    private final double[] share;
    private final int[] flowsOn;

    /**
     * Fair shares of {@code flows} on {@code tree}, weighting each flow by {@code bytes[flow id]} (wire
     * bytes, packets, or payload: the unit of the result is the unit of the weights).
     */
    public FairShareBound(FatTree tree, List<Flow> flows, double[] bytes) {
        share = new double[tree.linkCount()];
        flowsOn = new int[tree.linkCount()];
        int[] seen = new int[tree.linkCount()];
        java.util.Arrays.fill(seen, -1);
        for (Flow f : flows) {
            FlowPaths p = new FlowPaths(tree, f.src(), f.dst());
            double per = bytes[f.id()] / p.count();
            for (int i = 0; i < p.count(); i++) {
                for (int l : p.forward(i)) {
                    share[l] += per;
                    if (seen[l] != f.id()) {
                        seen[l] = f.id();
                        flowsOn[l]++;
                    }
                }
            }
        }
    }

    /** Fair share of directed link {@code link}. */
    public double share(int link) {
        return share[link];
    }

    /** Flows with at least one path through {@code link}. */
    public int flowsOn(int link) {
        return flowsOn[link];
    }

    /** The largest fair share of any switch-to-switch link over the largest host send/receive volume. */
    public double maxOverHostShare(FatTree tree, List<Flow> flows, double[] bytes) {
        double[] out = new double[tree.hosts()];
        double[] in = new double[tree.hosts()];
        for (Flow f : flows) {
            out[f.src()] += bytes[f.id()];
            in[f.dst()] += bytes[f.id()];
        }
        double host = 0;
        for (int h = 0; h < tree.hosts(); h++) {
            host = Math.max(host, Math.max(out[h], in[h]));
        }
        double worst = 0;
        for (int l = 0; l < share.length; l++) {
            if (tree.tierOf(tree.linkSource(l)) > 0 && tree.tierOf(tree.linkTarget(l)) > 0) {
                worst = Math.max(worst, share[l]);
            }
        }
        return worst / host;
    }
}
