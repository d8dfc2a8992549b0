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
 *   <li>paths per host pair where links fail (a collective repeats its pairs step after step);</li>
 *   <li>for the schemes that split by paths alone (all but ECMP, whose path is the flow's own hash), shares per
 *       host pair until the faults change state ({@link #faultsChanged});</li>
 *   <li>for those schemes on a fabric without faults, shares per class of host pairs, the classes being the
 *       number of upward hops (through a spine or within a pod; across pods): the first flow of a class computes
 *       them, the others map its links onto their own. A fat tree without faults looks the same from every pair
 *       of a class: an uplink maps to the same port of the switch playing the same part (the source host, its
 *       ToR, the aggregation switch with the same place in the source's pod), a downlink to the hop toward the
 *       flow's destination from the switch playing the same part (a spine or core is itself). Every path weighs
 *       the same there (1/paths), and a link's weight is that weight summed once per path through it, so the
 *       result is {@code FlowSplits}'s, bit for bit ({@code FlowSharesTest} checks every host pair). Such flows
 *       need no paths at all ({@link #needsPaths}): nothing reroutes a fabric without faults. Their switch links
 *       come merged into {@link LinkGroups}: a flow names its two host links and two or four groups.</li>
 * </ul>
 */
final class FlowShares {
    private final FatTree tree;
    private final FlowSplits splits;
    private final boolean byPaths;
    private final boolean byTorPair;
    private final boolean faultFree;
    private final LinkGroups groups;
    private final Map<Long, FlowPaths> pathsByHostPair = new HashMap<>();
    private final Map<Long, LinkShares> sharesByHostPair = new HashMap<>();
    /** By the number of upward hops (1: within a pod or a 2-tier tree, 2: across pods), the class's template. */
    private final Template[] templates = new Template[3];

    /**
     * The shares {@link FlowSplits} computed for a class's first flow ({@code src -> dst}), and for each of its
     * links the uplink port it leaves by, or -1 for a downlink.
     */
    private record Template(int src, int dst, LinkShares shares, int[] port) {
    }

    /**
     * @param faultFree whether the fabric has no failed or degraded link (the shares per ToR pair apply)
     */
    FlowShares(FatTree tree, FlowSplits splits, LoadBalancingScheme scheme, boolean faultFree) {
        this(tree, splits, scheme, faultFree, true);
    }

    /**
     * @param groupLinks whether flows between ToRs name {@link LinkGroups} instead of switch links where they can
     *        (false: links only, the reference the groups are tested against)
     */
    FlowShares(FatTree tree, FlowSplits splits, LoadBalancingScheme scheme, boolean faultFree, boolean groupLinks) {
        this.tree = tree;
        this.splits = splits;
        this.byPaths = !FlowSplits.onePath(scheme);
        this.byTorPair = byPaths && faultFree;
        this.faultFree = faultFree;
        this.groups = byTorPair && groupLinks ? new LinkGroups(tree) : null;
    }

    /**
     * The link groups the shares of flows between ToRs name instead of switch links ({@link LinkGroups}), or null
     * when the shares name links only (a fabric with faults, or ECMP).
     */
    LinkGroups groups() {
        return groups;
    }

    /** Whether {@code flow} needs its {@link FlowPaths} (false: its shares are mapped from its class's first flow). */
    boolean needsPaths(Flow flow) {
        return !(byTorPair && tree.upHops(flow.src(), flow.dst()) > 0);
    }

    /**
     * The paths of {@code flow}'s host pair: kept per pair where links fail (a failure asks every flow whether a path
     * of its crosses the link, which builds them all), else made afresh (a path is built only when read, and ECMP
     * reads one).
     */
    FlowPaths paths(Flow flow) {
        if (faultFree) {
            return new FlowPaths(tree, flow.src(), flow.dst());
        }
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
        int upHops = tree.upHops(flow.src(), flow.dst());
        Template t = templates[upHops];
        if (t == null) {
            t = template(flow, atPs);
            templates[upHops] = t;
        }
        if (t.src() == flow.src() && t.dst() == flow.dst()) {
            return t.shares();
        }
        int[] from = t.shares().links();
        int[] links = new int[from.length];
        double[] weights = t.shares().weights().clone();
        int src = flow.src();
        int dst = flow.dst();
        for (int i = 0; i < from.length; i++) {
            if (groups != null && groups.isGroup(from[i])) {
                links[i] = groups.mapped(from[i], src, dst);
                continue;
            }
            int a = tree.linkSource(from[i]);
            links[i] = t.port()[i] >= 0 ? tree.uplink(upSide(a, src), t.port()[i])
                    : tree.downlinkTowards(downSide(a, dst), dst);
        }
        // sorted by link, as FlowSplits returns them (the mapped links keep most of their order)
        LinkGroups.sortByLink(links, weights);
        return new LinkShares(links, weights, 0, t.shares().hops());
    }

    /** The first flow of a class: its shares from {@link FlowSplits}, and each link's uplink port (-1: a downlink). */
    private Template template(Flow flow, long atPs) {
        LinkShares linkShares = splits.shares(flow, new FlowPaths(tree, flow.src(), flow.dst()), atPs);
        LinkShares shares = groups == null ? linkShares : groups.merge(linkShares);
        int[] port = new int[shares.links().length];
        for (int i = 0; i < port.length; i++) {
            int l = shares.links()[i];
            port[i] = -1;
            if ((groups == null || !groups.isGroup(l)) && tree.isUplink(l)) {
                int a = tree.linkSource(l);
                for (int p = 0; p < tree.uplinkCount(a); p++) {
                    if (tree.uplink(a, p) == l) {
                        port[i] = p;
                    }
                }
            }
        }
        return new Template(flow.src(), flow.dst(), shares, port);
    }

    /**
     * The node that plays, for a flow from {@code src}, the part that {@code node} (the source of an uplink on the
     * template's paths) plays for the template: the source host, its ToR, or the aggregation switch with the same
     * place in the source's pod.
     */
    private int upSide(int node, int src) {
        return switch (tree.tierOf(node)) {
            case 0 -> src;
            case 1 -> tree.torOf(src);
            default -> samePlaceInPod(node, tree.podOf(src));
        };
    }

    /**
     * The same for the source of a downlink, toward {@code dst}: a spine or core is itself, an aggregation switch
     * the one with the same place in the destination's pod, a ToR the destination's.
     */
    private int downSide(int node, int dst) {
        return switch (tree.tierOf(node)) {
            case 1 -> tree.torOf(dst);
            case 2 -> tree.tiers() == 2 ? node : samePlaceInPod(node, tree.podOf(dst));
            default -> node;
        };
    }

    /** The aggregation switch of pod {@code pod} with {@code agg}'s place in its own pod (3-tier). */
    private int samePlaceInPod(int agg, int pod) {
        int perPod = tree.torUplinks();
        return tree.tier2Node(pod * perPod + (agg - tree.tier2Node(0)) % perPod);
    }

    /** The key of a flow's host pair (dense, so {@code Long.hashCode} spreads it). */
    private long hostPair(Flow flow) {
        return (long) flow.src() * tree.hosts() + flow.dst();
    }
}
