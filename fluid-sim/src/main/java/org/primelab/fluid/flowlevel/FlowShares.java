package org.primelab.fluid.flowlevel;

import java.util.HashMap;
import java.util.Map;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.topology.FatTree;
import org.primelab.core.workload.Flow;
import org.primelab.fluid.FlowPaths;

/**
 * Where a flow's paths and link shares come from ({@link FlowSplits} computes them), each computed once for all
 * the flows that must get the same answer:
 * <ul>
 *   <li>paths per host pair (a collective repeats its pairs step after step);</li>
 *   <li>for the schemes that split by paths alone (all but ECMP, whose path is the flow's own hash), shares per
 *       host pair until the faults change state ({@link #faultsChanged});</li>
 *   <li>for those schemes on a fabric without faults, shares per ToR pair: the first flow between two ToRs
 *       computes them, the others take its switch links and weights with their own NIC and last hop. Routes
 *       between two ToRs do not depend on the hosts, and both host links carry the whole flow, summed over the
 *       same paths in the same order, so the result is {@code FlowSplits}'s, bit for bit. Such flows need no
 *       paths at all ({@link #needsPaths}): nothing reroutes a fabric without faults.</li>
 * </ul>
 */
final class FlowShares {
    private final FatTree tree;
    private final FlowSplits splits;
    private final boolean byPaths;
    private final boolean byTorPair;
    private final Map<Long, FlowPaths> pathsByHostPair = new HashMap<>();
    private final Map<Long, LinkShares> sharesByHostPair = new HashMap<>();
    private final Map<Long, TorPairShares> sharesByTorPair = new HashMap<>();

    /** The shares computed for the first flow ({@code src -> dst}) between two ToRs. */
    private record TorPairShares(int src, int dst, LinkShares shares) {
    }

    /**
     * @param faultFree whether the fabric has no failed or degraded link (the shares per ToR pair apply)
     */
    FlowShares(FatTree tree, FlowSplits splits, LoadBalancingScheme scheme, boolean faultFree) {
        this.tree = tree;
        this.splits = splits;
        this.byPaths = !FlowSplits.onePath(scheme);
        this.byTorPair = byPaths && faultFree;
    }

    /** Whether {@code flow} needs its {@link FlowPaths} (false: its shares come from its ToR pair). */
    boolean needsPaths(Flow flow) {
        return !(byTorPair && tree.upHops(flow.src(), flow.dst()) > 0);
    }

    /** The paths of {@code flow}'s host pair. */
    FlowPaths paths(Flow flow) {
        return pathsByHostPair.computeIfAbsent(hostPair(flow), k -> new FlowPaths(tree, flow.src(), flow.dst()));
    }

    /**
     * The shares of {@code flow} at {@code atPs}.
     *
     * @param paths its paths ({@link #paths}); may be null when {@link #needsPaths} is false
     */
    LinkShares of(Flow flow, FlowPaths paths, long atPs) {
        if (!needsPaths(flow)) {
            return ofTorPair(flow, atPs);
        }
        if (!byPaths) {
            return splits.shares(flow, paths, atPs);
        }
        return sharesByHostPair.computeIfAbsent(hostPair(flow), k -> splits.shares(flow, paths, atPs));
    }

    /** A link failed or was withdrawn: every pair's split may change. */
    void faultsChanged() {
        sharesByHostPair.clear();
    }

    private LinkShares ofTorPair(Flow flow, long atPs) {
        long key = (long) tree.torOf(flow.src()) * tree.nodeCount() + tree.torOf(flow.dst());
        TorPairShares t = sharesByTorPair.computeIfAbsent(key, k -> new TorPairShares(flow.src(), flow.dst(),
                splits.shares(flow, new FlowPaths(tree, flow.src(), flow.dst()), atPs)));
        if (t.src() == flow.src() && t.dst() == flow.dst()) {
            return t.shares();
        }
        int[] links = t.shares().links().clone();
        double[] weights = t.shares().weights().clone();
        int nic = tree.hostUplink(t.src());
        int lastHop = tree.downlinkTowards(tree.torOf(t.dst()), t.dst());
        for (int i = 0; i < links.length; i++) {
            if (links[i] == nic) {
                links[i] = tree.hostUplink(flow.src());
            } else if (links[i] == lastHop) {
                links[i] = tree.downlinkTowards(tree.torOf(flow.dst()), flow.dst());
            }
        }
        // keep the links sorted, as FlowSplits returns them (insertion sort: two entries moved)
        for (int i = 1; i < links.length; i++) {
            int l = links[i];
            double w = weights[i];
            int j = i - 1;
            while (j >= 0 && links[j] > l) {
                links[j + 1] = links[j];
                weights[j + 1] = weights[j];
                j--;
            }
            links[j + 1] = l;
            weights[j + 1] = w;
        }
        return new LinkShares(links, weights, 0, t.shares().hops());
    }

    /** The key of a flow's host pair (dense, so {@code Long.hashCode} spreads it). */
    private long hostPair(Flow flow) {
        return (long) flow.src() * tree.hosts() + flow.dst();
    }
}
