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
 *       number of upward hops (through a spine or within a pod; across pods), on {@link LinkGroups}: the first
 *       flow of a class computes them and merges its switch links into groups, the others take its weights with
 *       their own two host links and their own ToRs' and pods' groups of the same kinds. A fat tree without
 *       faults looks the same from every pair of a class and every path weighs the same there (1/paths), so the
 *       result, spread back over the groups' members, is {@code FlowSplits}'s, bit for bit ({@code
 *       FlowSharesTest} checks every host pair). Such flows need no paths at all ({@link #needsPaths}): nothing
 *       reroutes a fabric without faults.</li>
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

    /** The shares {@link FlowSplits} computed for a class's first flow ({@code src -> dst}), merged into groups. */
    private record Template(int src, int dst, LinkShares shares) {
    }

    /**
     * @param faultFree whether the fabric has no failed or degraded link (the shares per class apply)
     */
    FlowShares(FatTree tree, FlowSplits splits, LoadBalancingScheme scheme, boolean faultFree) {
        this(tree, splits, scheme, faultFree, true);
    }

    /**
     * @param groupLinks whether flows between ToRs take their class's shares on {@link LinkGroups} (false: every
     *        flow's own shares from {@link FlowSplits}, per host pair, on links: the reference the groups are tested
     *        against)
     */
    FlowShares(FatTree tree, FlowSplits splits, LoadBalancingScheme scheme, boolean faultFree, boolean groupLinks) {
        this.tree = tree;
        this.splits = splits;
        this.byPaths = !FlowSplits.onePath(scheme);
        this.byTorPair = byPaths && faultFree && groupLinks;
        this.faultFree = faultFree;
        this.groups = byTorPair ? new LinkGroups(tree) : null;
    }

    /**
     * The link groups the shares of flows between ToRs name instead of switch links ({@link LinkGroups}), or null
     * when the shares name links only (a fabric with faults, ECMP, or groups not asked for).
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
            // a group: this flow's own of the same kind; else one of the two host links
            links[i] = groups.isGroup(from[i]) ? groups.mapped(from[i], src, dst)
                    : tree.isUplink(from[i]) ? tree.hostUplink(src) : tree.downlinkTowards(tree.torOf(dst), dst);
        }
        // sorted by link, as FlowSplits returns them (the mapped links keep most of their order)
        LinkGroups.sortByLink(links, weights);
        return new LinkShares(links, weights, 0, t.shares().hops());
    }

    /** The first flow of a class: its shares from {@link FlowSplits}, its switch links merged into groups. */
    private Template template(Flow flow, long atPs) {
        return new Template(flow.src(), flow.dst(),
                groups.merge(splits.shares(flow, new FlowPaths(tree, flow.src(), flow.dst()), atPs)));
    }

    /** The key of a flow's host pair (dense, so {@code Long.hashCode} spreads it). */
    private long hostPair(Flow flow) {
        return (long) flow.src() * tree.hosts() + flow.dst();
    }
}
