package org.primelab.analytical.downlink;

import java.util.List;
import org.primelab.core.topology.FatTree;

/**
 * The uplink-to-downlink theorem the paper invokes (§"Design Elements", "Generating MEV": "balancing the
 * traffic in the uplinks prevents downlinks from being overloaded", Theorem 1, whose statement is missing
 * from the paper's text; docs/references.md "Uplink-to-downlink theorem").
 *
 * <p><b>Setting.</b> A FatTree with links of capacity {@code c} and hosts of rate {@code r <= c}, non-blocking
 * ({@code H r <= S c}: {@code H} hosts and {@code S} uplinks per ToR). Hose traffic: every host sends at most
 * {@code r} and receives at most {@code r}.
 *
 * <p><b>Theorem (fluid).</b> If every flow splits its rate evenly over its paths, then
 * <ul>
 *   <li>2-tier, {@code S} spines: uplink {@code t -> s} carries {@code (1/S) out(t)} and downlink
 *       {@code s -> u} carries {@code (1/S) in(u)}, where {@code out(t)}/{@code in(u)} is the traffic leaving
 *       leaf {@code t}/entering leaf {@code u} through the spines; both are at most {@code H r / S <= c}.</li>
 *   <li>3-tier, {@code L1 = k/2} aggregation switches per pod and {@code L2 = k/2} cores per aggregation
 *       switch: edge uplink {@code T -> agg i} carries {@code (1/L1) out(T)}; aggregation uplink
 *       {@code agg i(P) -> core (i, j)} carries {@code (1/(L1 L2)) outPod(P)}; core {@code (i, j) -> agg i(P)}
 *       carries {@code (1/(L1 L2)) inPod(P)}; {@code agg i(P) -> T} carries {@code (1/L1) in(T)}. Each is at most
 *       the capacity: e.g. {@code inPod(P) <= (k/2)^2 r} over {@code (k/2)^2} core links.</li>
 * </ul>
 * <i>Proof.</i> A path from {@code t} to {@code u} in the 2-tier tree is determined by its spine, so an even
 * split puts {@code 1/S} of each flow on each spine; the downlink {@code s -> u} sees exactly the flows into
 * {@code u}, each with share {@code 1/S}. In the 3-tier tree an inter-pod path is a pair {@code (i, j)}; the
 * link {@code core(i,j) -> agg i(P)} lies on exactly one of the {@code L1 L2} paths of every flow into pod
 * {@code P} from outside, and {@code agg i(P) -> T} lies on {@code L2} of the {@code L1 L2} inter-pod paths
 * (or 1 of the {@code L1} intra-pod paths) of every flow into {@code T} from another edge switch: share
 * {@code 1/L1} either way. Hose traffic bounds the totals.
 *
 * <p><b>Premise of the 3-tier statement: ToRs per pod = {@code L2}.</b> The pod-to-core links carry
 * {@code inPod(P) / (L1 L2)} and {@code outPod(P) / (L1 L2)}; hose traffic bounds {@code inPod(P)} by
 * {@code (ToRs per pod) H r}, so these links stay within {@code H r / L1} (the edge uplinks' bound) only if
 * ToRs per pod {@code <= L2}. Every tree {@link FatTree} builds has ToRs per pod {@code = L2 = k/2}, and then
 * the bound is attained (every host of one pod sending out of it, tested); a pod with more edge switches
 * than cores per aggregation switch would overload its core links under hose traffic even with perfectly
 * even splits. The 2-tier statement needs no such premise.
 *
 * <p><b>Integral version.</b> If over some window each flow's packet count on each link deviates from its
 * share by at most {@code delta} (PRIME: {@code delta < 2} on every tier, by
 * {@link org.primelab.analytical.roundrobin.RoundRobinDeviationTheorem} and the odometer's pair
 * coverage), then a link carries at most its fair share plus {@code delta} times the number of flows that
 * use it ({@link #integralBound}); {@link WorstCaseDownlinkLp} shows the bound is attained.
 *
 * <p><b>Limits of {@code delta < 2} once paths are penalized.</b> The bound {@code delta < 2} is a property
 * of the generator's own sequence: it holds for CO-PRIME, and for PRIME while none of the flow's paths is
 * penalized. PRIME's congestion history breaks it on purpose: a path penalized throughout a window of
 * {@code w} packets carries none of them, so its links fall short of the even split by the whole
 * {@code w n_{f,l} / P_f} and the clean paths gain as much; the deviation grows with {@code w} and the
 * integral bound with {@code delta = 2} does not apply. What survives (tested): while the penalized set is
 * fixed and some path is clean, the paths sent are the odometer's blocks with the penalized entries
 * removed, a block-permutation sequence over the {@code C} clean paths, so each clean path is within 2 of
 * {@code w / C}. When the penalized set changes inside the window, the window splits into segments, each
 * with its own clean set; when every path is penalized, the fallback sends on the least-penalized path,
 * possibly several times in a row, and no per-window bound holds.
 *
 * <p><b>Not enough:</b> balanced <i>aggregate</i> uplinks do not protect downlinks; see
 * {@link AggregateBalanceCounterexample}.
 */
public final class UplinkDownlinkTheorem {
    private UplinkDownlinkTheorem() {
    }

    /**
     * The closed-form even-split load of a switch-to-switch link from the aggregate traffic of its
     * ToR/pod, as in the theorem (no path enumeration).
     */
    public static double closedFormLoad(FatTree tree, List<Demand> demands, int link) {
        int from = tree.linkSource(link);
        int to = tree.linkTarget(link);
        int tf = tree.tierOf(from);
        int tt = tree.tierOf(to);
        if (tf == 0 || tt == 0) {
            throw new IllegalArgumentException("link: " + tree.linkName(link) + " is a host link; the theorem covers "
                    + "switch-to-switch links");
        }
        double l1 = tree.torUplinks();
        double sum = 0;
        if (tree.tiers() == 2) {
            int leaf = tf == 1 ? from : to;
            for (Demand d : demands) {
                boolean cross = tree.torOf(d.src()) != tree.torOf(d.dst());
                if (cross && (tf == 1 ? tree.torOf(d.src()) == leaf : tree.torOf(d.dst()) == leaf)) {
                    sum += d.rate();
                }
            }
            return sum / l1;
        }
        double l2 = tree.aggUplinks();
        if (tf == 1 || tt == 1) {
            int edge = tf == 1 ? from : to;
            for (Demand d : demands) {
                boolean cross = tree.torOf(d.src()) != tree.torOf(d.dst());
                if (cross && (tf == 1 ? tree.torOf(d.src()) == edge : tree.torOf(d.dst()) == edge)) {
                    sum += d.rate();
                }
            }
            return sum / l1;
        }
        int agg = tf == 2 ? from : to;
        int pod = (agg - tree.tier2Node(0)) / tree.torUplinks();
        for (Demand d : demands) {
            boolean interPod = tree.podOf(d.src()) != tree.podOf(d.dst());
            if (interPod && (tf == 2 ? tree.podOf(d.src()) == pod : tree.podOf(d.dst()) == pod)) {
                sum += d.rate();
            }
        }
        return sum / (l1 * l2);
    }

    /** {@code H r / S}: the even-split bound on every switch-to-switch link under hose traffic at rate r. */
    public static double hoseBound(FatTree tree, double hostRate) {
        return tree.hostsPerTor() * hostRate / tree.torUplinks();
    }

    /** Integral version: {@code fair + delta * flows}. */
    public static double integralBound(double fairShare, double delta, int flowsOnLink) {
        if (!(delta >= 0)) {
            throw new IllegalArgumentException("delta: must be >= 0, got " + delta);
        }
        return fairShare + delta * flowsOnLink;
    }

    /** True if every host sends and receives at most {@code hostRate} (with a relative tolerance of 1e-12). */
    public static boolean isHose(FatTree tree, List<Demand> demands, double hostRate) {
        double[] out = new double[tree.hosts()];
        double[] in = new double[tree.hosts()];
        for (Demand d : demands) {
            out[d.src()] += d.rate();
            in[d.dst()] += d.rate();
        }
        double tol = hostRate * (1 + 1e-12);
        for (int h = 0; h < tree.hosts(); h++) {
            if (out[h] > tol || in[h] > tol) {
                return false;
            }
        }
        return true;
    }
}
