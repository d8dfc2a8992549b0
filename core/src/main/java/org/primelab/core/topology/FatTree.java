package org.primelab.core.topology;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.primelab.core.units.Units;

/**
 * A FatTree (folded Clos) fabric built from switch radix {@code k}, as sized in docs/design.md
 * ("Topologies") and used in the paper's evaluation (Table "Simulation topologies": 2-tier k=16, 64,
 * 128 with 128, 2k and 8k hosts; 3-tier k=16 with 1k hosts).
 *
 * <ul>
 *   <li><b>2-tier leaf-spine:</b> {@code k} leaves with {@code k/2} hosts and {@code k/2} uplinks each,
 *       {@code k/2} spines, every leaf linked once to every spine: {@code k^2/2} hosts.</li>
 *   <li><b>3-tier:</b> {@code k} pods of {@code k/2} edge and {@code k/2} aggregation switches; edge
 *       {@code e} links to every aggregation switch of its pod; aggregation switch {@code i} of every pod
 *       links to cores {@code i*(k/2) .. i*(k/2)+k/2-1}: {@code (k/2)^2} cores, {@code k^3/4} hosts.</li>
 * </ul>
 *
 * <p>Oversubscription {@code o} (hosts : uplinks at the ToR) splits the ToR's {@code k} ports into
 * {@code k·o/(1+o)} host ports and {@code k/(1+o)} uplinks; in a 3-tier tree the number of aggregation
 * switches per pod equals the edge uplinks. A tree may also be populated with fewer hosts than it has
 * host ports ({@link Builder#hosts(int)}); hosts fill ToRs in order.
 *
 * <p><b>Identifiers.</b> Nodes are ints: hosts {@code [0, hosts)}, then ToRs (leaf/edge), then tier-2
 * switches (spine/aggregation), then cores. Every cable is full duplex and becomes two directed links;
 * directed link {@code l} and {@link #reverse(int) reverse(l) = l ^ 1} are the two directions of one
 * cable. Each directed link has its own egress queue in a simulator.
 *
 * <p><b>Names</b> (used by fault specifications and listed by {@code prime topo}): hosts {@code h<i>};
 * 2-tier switches {@code leaf<i>}, {@code spine<j>}; 3-tier switches {@code edge<pod>.<i>},
 * {@code agg<pod>.<i>}, {@code core<j>}. A cable is named lower tier first, {@code leaf0-spine3},
 * {@code h5-leaf0}, {@code agg1.2-core9}; a single direction is {@code leaf0->spine3}.
 *
 * <p><b>Routing.</b> Upward hops are chosen by the entropy value's parts ({@link #evLayout()}): the
 * ToR takes uplink {@code part 0}, a 3-tier aggregation switch takes uplink {@code part 1}. Downward
 * hops are deterministic ({@link #downlinkTowards(int, int)}). Instances are immutable.
 */
public final class FatTree {
    /** Smallest radix accepted: a 2-tier k=4 tree has 8 hosts and 2 spines. */
    public static final int MIN_RADIX = 4;
    /** Largest radix accepted (a 2-tier k=256 tree has 32768 hosts). */
    public static final int MAX_RADIX = 256;

    private final int tiers;
    private final int k;
    private final int hostsPerTor;
    private final int torUplinks;
    private final int hosts;
    private final int tors;
    private final int torsPerPod;      // 3-tier: edges per pod; 2-tier: all leaves form one "pod"
    private final int tier2;           // spines (2-tier) or aggregation switches (3-tier)
    private final int aggUplinks;      // 3-tier: uplinks per aggregation switch (k/2); 2-tier: 0
    private final int cores;

    private final int[] linkFrom;
    private final int[] linkTo;
    private final int[][] uplinks;     // per node: directed up links by port index
    private final int[][] downlinks;   // per switch: directed down links by child index
    private final Map<String, Integer> nodeByName;
    private final EvLayout evLayout;

    private FatTree(Builder b) {
        this.tiers = b.tiers;
        this.k = b.k;
        Dimensions d = b.dimensions();
        this.torUplinks = d.torUplinks();
        this.hostsPerTor = d.hostsPerTor();
        this.tors = d.tors();
        this.torsPerPod = d.torsPerPod();
        this.tier2 = d.tier2Switches();
        this.aggUplinks = d.aggUplinks();
        this.cores = d.cores();
        this.hosts = d.hosts();
        int nodes = nodeCount();
        List<int[]> links = new ArrayList<>();
        uplinks = new int[nodes][];
        downlinks = new int[nodes][];
        // host <-> ToR
        for (int h = 0; h < hosts; h++) {
            int tor = torOf(h);
            int up = addCable(links, h, tor);
            uplinks[h] = new int[] {up};
        }
        for (int t = 0; t < tors; t++) {
            int tor = torNode(t);
            int[] down = new int[hostsPerTor];
            java.util.Arrays.fill(down, -1);
            for (int i = 0; i < hostsPerTor; i++) {
                int h = t * hostsPerTor + i;
                if (h < hosts) {
                    down[i] = uplinks[h][0] ^ 1;
                }
            }
            downlinks[tor] = down;
            uplinks[tor] = new int[torUplinks];
        }
        if (tiers == 2) {
            for (int s = 0; s < tier2; s++) {
                downlinks[tier2Node(s)] = new int[tors];
                uplinks[tier2Node(s)] = new int[0];
            }
            for (int t = 0; t < tors; t++) {
                for (int s = 0; s < torUplinks; s++) {
                    int up = addCable(links, torNode(t), tier2Node(s));
                    uplinks[torNode(t)][s] = up;
                    downlinks[tier2Node(s)][t] = up ^ 1;
                }
            }
        } else {
            for (int a = 0; a < tier2; a++) {
                downlinks[tier2Node(a)] = new int[torsPerPod];
                uplinks[tier2Node(a)] = new int[aggUplinks];
            }
            for (int c = 0; c < cores; c++) {
                downlinks[coreNode(c)] = new int[k];
                uplinks[coreNode(c)] = new int[0];
            }
            for (int t = 0; t < tors; t++) {
                int pod = t / torsPerPod;
                for (int i = 0; i < torUplinks; i++) {
                    int agg = pod * torUplinks + i;
                    int up = addCable(links, torNode(t), tier2Node(agg));
                    uplinks[torNode(t)][i] = up;
                    downlinks[tier2Node(agg)][t % torsPerPod] = up ^ 1;
                }
            }
            for (int agg = 0; agg < tier2; agg++) {
                int pod = agg / torUplinks;
                int i = agg % torUplinks;
                for (int j = 0; j < aggUplinks; j++) {
                    int core = i * aggUplinks + j;
                    int up = addCable(links, tier2Node(agg), coreNode(core));
                    uplinks[tier2Node(agg)][j] = up;
                    downlinks[coreNode(core)][pod] = up ^ 1;
                }
            }
        }
        linkFrom = new int[links.size()];
        linkTo = new int[links.size()];
        for (int l = 0; l < links.size(); l++) {
            linkFrom[l] = links.get(l)[0];
            linkTo[l] = links.get(l)[1];
        }
        Map<String, Integer> names = new HashMap<>();
        for (int n = 0; n < nodes; n++) {
            if (n >= hosts && n < hostPortsEnd()) {
                continue;
            }
            names.put(nodeName(n), n);
        }
        nodeByName = Collections.unmodifiableMap(names);
        evLayout = tiers == 2 ? EvLayout.of(torUplinks) : EvLayout.of(torUplinks, aggUplinks);
    }

    private static int addCable(List<int[]> links, int lower, int upper) {
        links.add(new int[] {lower, upper});
        links.add(new int[] {upper, lower});
        return links.size() - 2;
    }

    /** A builder for a tree of {@code tiers} (2 or 3) tiers and switch radix {@code k}. */
    public static Builder builder(int tiers, int k) {
        return new Builder(tiers, k);
    }

    /** The standard 2-tier leaf-spine tree of radix {@code k} ({@code k^2/2} hosts). */
    public static FatTree twoTier(int k) {
        return builder(2, k).build();
    }

    /** The standard 3-tier FatTree of radix {@code k} ({@code k^3/4} hosts). */
    public static FatTree threeTier(int k) {
        return builder(3, k).build();
    }

    /**
     * The sizes of a tree, known before it is built ({@link Builder#dimensions()}).
     *
     * @param hostsPerTor host ports per ToR; {@code torUplinks} uplinks per ToR; {@code torsPerPod} ToRs
     *        per pod (2-tier: all); {@code tier2Switches} spines or aggregation switches;
     *        {@code aggUplinks} uplinks per aggregation switch (2-tier: 0)
     */
    public record Dimensions(int tiers, int k, int hosts, int hostsPerTor, int torUplinks, int tors, int torsPerPod,
                             int tier2Switches, int aggUplinks, int cores) {
        /** Switches of every tier. */
        public long switches() {
            return (long) tors + tier2Switches + cores;
        }

        /** Full-duplex cables: one per host, one per ToR uplink, one per aggregation uplink. */
        public long cables() {
            return hosts + (long) tors * torUplinks + (long) tier2Switches * aggUplinks;
        }

        /** Directed links (each with its own egress queue in a simulator): twice the cables. */
        public long directedLinks() {
            return 2 * cables();
        }

        /** Links on the longest host-to-host path: 4 in a 2-tier tree, 6 in a 3-tier one. */
        public int longestPathHops() {
            return 2 * tiers;
        }
    }

    /** Fluent builder: {@code FatTree.builder(2, 16).oversubscription(3).hosts(100).build()}. */
    public static final class Builder {
        private final int tiers;
        private final int k;
        private int oversubscription = 1;
        private int hosts = -1;

        private Builder(int tiers, int k) {
            if (tiers != 2 && tiers != 3) {
                throw new IllegalArgumentException("tiers: must be 2 or 3, got " + tiers);
            }
            if (k < MIN_RADIX || k > MAX_RADIX || k % 2 != 0) {
                throw new IllegalArgumentException("k: switch radix must be even and in [" + MIN_RADIX + ", "
                        + MAX_RADIX + "], got " + k);
            }
            this.tiers = tiers;
            this.k = k;
        }

        /**
         * Oversubscription at the ToR, hosts : uplinks = {@code ratio} : 1 (default 1, non-blocking);
         * {@code k} must divide into {@code k/(1+ratio)} uplinks.
         */
        public Builder oversubscription(int ratio) {
            if (ratio < 1 || k % (1 + ratio) != 0) {
                throw new IllegalArgumentException("oversubscription: ratio must be >= 1 and k=" + k
                        + " divisible by (1 + ratio), got " + ratio);
            }
            this.oversubscription = ratio;
            return this;
        }

        /** Populate only the first {@code n} host ports (default: all). */
        public Builder hosts(int n) {
            this.hosts = n;
            return this;
        }

        int torUplinks() {
            return k / (1 + oversubscription);
        }

        /**
         * The sizes of the tree {@link #build()} would build, computed without building it (so that a
         * resource check can refuse a tree too large for the heap before any of it is allocated).
         *
         * @throws IllegalArgumentException if the host count is outside {@code [2, host ports]}
         */
        public Dimensions dimensions() {
            int up = torUplinks();
            int perTor = k - up;
            int tors = tiers == 2 ? k : k * (k / 2);
            int torsPerPod = tiers == 2 ? k : k / 2;
            int tier2 = tiers == 2 ? up : k * up;
            int aggUplinks = tiers == 2 ? 0 : k / 2;
            int cores = up * aggUplinks;
            int capacity = tors * perTor;
            int h = hosts < 0 ? capacity : hosts;
            if (h < 2 || h > capacity) {
                throw new IllegalArgumentException("hosts: must be in [2, " + capacity + "] for this tree, got " + h);
            }
            return new Dimensions(tiers, k, h, perTor, up, tors, torsPerPod, tier2, aggUplinks, cores);
        }

        /** Builds the immutable tree. */
        public FatTree build() {
            return new FatTree(this);
        }
    }

    // ---------------------------------------------------------------- sizes

    /** 2 or 3. */
    public int tiers() {
        return tiers;
    }

    /** Switch radix. */
    public int radix() {
        return k;
    }

    /** Populated hosts. */
    public int hosts() {
        return hosts;
    }

    /** ToR (leaf or edge) switches. */
    public int tors() {
        return tors;
    }

    /** Spines (2-tier) or aggregation switches (3-tier). */
    public int tier2Switches() {
        return tier2;
    }

    /** Core switches (3-tier only; 0 for 2-tier). */
    public int cores() {
        return cores;
    }

    /** All switches. */
    public int switches() {
        return tors + tier2 + cores;
    }

    /** Host ports per ToR. */
    public int hostsPerTor() {
        return hostsPerTor;
    }

    /** Uplinks per ToR (= spines in 2-tier, aggregation switches per pod in 3-tier). */
    public int torUplinks() {
        return torUplinks;
    }

    /** Uplinks per aggregation switch (3-tier), 0 in a 2-tier tree. */
    public int aggUplinks() {
        return aggUplinks;
    }

    /** Pods: {@code k} in a 3-tier tree, 1 in a 2-tier tree. */
    public int pods() {
        return tiers == 2 ? 1 : k;
    }

    /** ToRs per pod. */
    public int torsPerPod() {
        return torsPerPod;
    }

    /** Hosts + switches (host ports left unpopulated still reserve their host ids). */
    public int nodeCount() {
        return hostPortsEnd() + tors + tier2 + cores;
    }

    /** Directed links (twice the cables). */
    public int linkCount() {
        return linkFrom.length;
    }

    /** Full-duplex cables. */
    public int cableCount() {
        return linkFrom.length / 2;
    }

    /** Ratio hosts : uplinks at the ToR. */
    public double oversubscription() {
        return hostsPerTor / (double) torUplinks;
    }

    /** The multi-part entropy layout this tree's switches read. */
    public EvLayout evLayout() {
        return evLayout;
    }

    // ---------------------------------------------------------------- nodes

    private int hostPortsEnd() {
        return tors * hostsPerTor;
    }

    /** Node id of ToR {@code t}. */
    public int torNode(int t) {
        return hostPortsEnd() + t;
    }

    /** Node id of spine/aggregation switch {@code s}. */
    public int tier2Node(int s) {
        return hostPortsEnd() + tors + s;
    }

    /** Node id of core {@code c}. */
    public int coreNode(int c) {
        return hostPortsEnd() + tors + tier2 + c;
    }

    /** True for a host id. */
    public boolean isHost(int node) {
        return node >= 0 && node < hosts;
    }

    /** Tier of a node: 0 host, 1 ToR, 2 spine/aggregation, 3 core. */
    public int tierOf(int node) {
        if (node < hostPortsEnd()) {
            return 0;
        } else if (node < hostPortsEnd() + tors) {
            return 1;
        } else if (node < hostPortsEnd() + tors + tier2) {
            return 2;
        }
        return 3;
    }

    /** ToR index (not node id) of a host. */
    public int torIndexOf(int host) {
        return host / hostsPerTor;
    }

    /** ToR node id of a host. */
    public int torOf(int host) {
        return torNode(torIndexOf(host));
    }

    /** Pod of a host (always 0 in a 2-tier tree). */
    public int podOf(int host) {
        return torIndexOf(host) / torsPerPod;
    }

    /** Name of a node, e.g. {@code h5}, {@code leaf0}, {@code agg3.1}, {@code core7}. */
    public String nodeName(int node) {
        int tier = tierOf(node);
        if (tier == 0) {
            return "h" + node;
        }
        if (tier == 1) {
            int t = node - hostPortsEnd();
            return tiers == 2 ? "leaf" + t : "edge" + (t / torsPerPod) + "." + (t % torsPerPod);
        }
        if (tier == 2) {
            int s = node - hostPortsEnd() - tors;
            return tiers == 2 ? "spine" + s : "agg" + (s / torUplinks) + "." + (s % torUplinks);
        }
        return "core" + (node - hostPortsEnd() - tors - tier2);
    }

    /** Node id for a name, or an exception naming the accepted forms. */
    public int nodeByName(String name) {
        Integer n = nodeByName.get(name);
        if (n == null) {
            String forms = tiers == 2 ? "h<0.." + (hosts - 1) + ">, leaf<0.." + (tors - 1) + ">, spine<0.."
                    + (tier2 - 1) + ">"
                    : "h<0.." + (hosts - 1) + ">, edge<pod>.<i>, agg<pod>.<i> (pod 0.." + (k - 1) + ", i 0.."
                    + (torsPerPod - 1) + "), core<0.." + (cores - 1) + ">";
            throw new IllegalArgumentException("node: unknown name '" + Units.oneLine(name) + "'; accepted: " + forms);
        }
        return n;
    }

    // ---------------------------------------------------------------- links

    /** Source node of a directed link. */
    public int linkSource(int link) {
        return linkFrom[link];
    }

    /** Target node of a directed link. */
    public int linkTarget(int link) {
        return linkTo[link];
    }

    /** The opposite direction of the same cable. */
    public static int reverse(int link) {
        return link ^ 1;
    }

    /** True if the directed link goes up (towards the cores). */
    public boolean isUplink(int link) {
        return (link & 1) == 0;
    }

    /** Name of a directed link, {@code a->b}. */
    public String linkName(int link) {
        String[] names = linkNames;
        if (names == null) {
            names = new String[linkFrom.length];
            for (int l = 0; l < names.length; l++) {
                names[l] = nodeName(linkFrom[l]) + "->" + nodeName(linkTo[l]);
            }
            linkNames = names;   // a benign race: every thread computes the same names
        }
        return names[link];
    }

    /** Link names, built on first use (simulators name every link of every result). */
    private volatile String[] linkNames;

    /** Name of the cable a directed link belongs to, lower tier first: {@code leaf0-spine3}. */
    public String cableName(int link) {
        int up = link & ~1;
        return nodeName(linkFrom[up]) + "-" + nodeName(linkTo[up]);
    }

    /**
     * Directed links named by {@code name}: a cable {@code a-b} (either order) gives both directions,
     * {@code a->b} one direction.
     *
     * @throws IllegalArgumentException naming the accepted forms if no such link exists
     */
    public int[] linksByName(String name) {
        boolean directed = name.contains("->");
        String[] ends = directed ? name.split("->", -1) : name.split("-", -1);
        if (ends.length != 2 || ends[0].isBlank() || ends[1].isBlank()) {
            throw new IllegalArgumentException("link: cannot parse '" + Units.oneLine(name)
                    + "'; expected a cable 'a-b' or a direction 'a->b', e.g. " + exampleCable());
        }
        int a = nodeByName(ends[0].trim());
        int b = nodeByName(ends[1].trim());
        int l = linkBetween(a, b);
        if (l < 0) {
            throw new IllegalArgumentException("link: no link between " + Units.oneLine(ends[0]) + " and " + Units.oneLine(ends[1])
                    + "; e.g. " + exampleCable() + " (see 'prime topo')");
        }
        return directed ? new int[] {l} : new int[] {l & ~1, l | 1};
    }

    private String exampleCable() {
        return cableName(uplinks[torNode(0)][0]);
    }

    /** The directed link from {@code a} to {@code b}, or -1 if they are not adjacent. */
    public int linkBetween(int a, int b) {
        if (a < 0 || b < 0 || a >= nodeCount() || b >= nodeCount()) {
            return -1;
        }
        int[] up = uplinks[a];
        if (up != null) {
            for (int l : up) {
                if (linkTo[l] == b) {
                    return l;
                }
            }
        }
        int[] down = downlinks[a];
        if (down != null) {
            for (int l : down) {
                if (l >= 0 && linkTo[l] == b) {
                    return l;
                }
            }
        }
        return -1;
    }

    /** Number of uplink ports of a node (1 for a host, 0 for a spine or core). */
    public int uplinkCount(int node) {
        int[] up = uplinks[node];
        return up == null ? 0 : up.length;
    }

    /** Directed link of uplink port {@code port} of {@code node}. */
    public int uplink(int node, int port) {
        return uplinks[node][port];
    }

    /** The directed link a host sends on (to its ToR). */
    public int hostUplink(int host) {
        return uplinks[host][0];
    }

    /** Number of downlink ports of a switch (including unpopulated host ports, which are -1). */
    public int downlinkCount(int node) {
        int[] d = downlinks[node];
        return d == null ? 0 : d.length;
    }

    /** Directed link of downlink port {@code port} of a switch, or -1 for an unpopulated host port. */
    public int downlink(int node, int port) {
        return downlinks[node][port];
    }

    /**
     * True if {@code sw} reaches {@code host} by going down only (it is an ancestor of the host), so a
     * packet at {@code sw} for {@code host} turns downward.
     */
    public boolean isAncestor(int sw, int host) {
        return switch (tierOf(sw)) {
            case 1 -> torOf(host) == sw;
            case 2 -> tiers == 2 || (sw - tier2Node(0)) / torUplinks == podOf(host);
            case 3 -> true;
            default -> false;
        };
    }

    /**
     * The deterministic downward hop from an ancestor switch {@code sw} of {@code host}: ToR to the
     * host, spine/aggregation to the host's ToR, core to the aggregation switch of the host's pod.
     */
    public int downlinkTowards(int sw, int host) {
        return switch (tierOf(sw)) {
            case 1 -> downlinks[sw][host % hostsPerTor];
            case 2 -> downlinks[sw][tiers == 2 ? torIndexOf(host) : torIndexOf(host) % torsPerPod];
            case 3 -> downlinks[sw][podOf(host)];
            default -> throw new IllegalArgumentException("node: " + nodeName(sw) + " is not a switch");
        };
    }

    // ---------------------------------------------------------------- paths

    /**
     * Number of distinct paths between two hosts: 1 under one ToR, {@code torUplinks} in a 2-tier tree
     * or within a pod, {@code torUplinks * aggUplinks} ({@code (k/2)^2}) across pods.
     */
    public int pathCount(int src, int dst) {
        checkHost(src, "src");
        checkHost(dst, "dst");
        if (torOf(src) == torOf(dst)) {
            return 1;
        }
        if (tiers == 2 || podOf(src) == podOf(dst)) {
            return torUplinks;
        }
        return torUplinks * aggUplinks;
    }

    /** Upward hops a packet from {@code src} to {@code dst} takes at switches (0, 1 or 2). */
    public int upHops(int src, int dst) {
        if (torOf(src) == torOf(dst)) {
            return 0;
        }
        return (tiers == 2 || podOf(src) == podOf(dst)) ? 1 : 2;
    }

    /**
     * The directed links a packet with entropy {@code ev} follows from {@code src} to {@code dst}:
     * up by the EV's parts, then down deterministically. Parts that the path does not use are ignored.
     */
    public int[] route(int src, int dst, int ev) {
        checkHost(src, "src");
        checkHost(dst, "dst");
        int hops = upHops(src, dst);
        int[] path = new int[2 + 2 * hops];
        int n = 0;
        int at = torOf(src);
        path[n++] = hostUplink(src);
        for (int h = 0; h < hops; h++) {
            int l = uplinks[at][evLayout.part(ev, h)];
            path[n++] = l;
            at = linkTo[l];
        }
        while (at != dst) {
            int l = downlinkTowards(at, dst);
            path[n++] = l;
            at = linkTo[l];
        }
        return path;
    }

    /** Every distinct path between two hosts, indexed as {@link #pathCount(int, int)} counts them. */
    public List<int[]> paths(int src, int dst) {
        int count = pathCount(src, dst);
        List<int[]> out = new ArrayList<>(count);
        for (int p = 0; p < count; p++) {
            out.add(route(src, dst, evLayout.evOfPath(p)));
        }
        return out;
    }

    /**
     * Hops of the longest host-to-host path (2-tier: 4 links; 3-tier: 6 links), used for the BDP and
     * the unloaded RTT.
     */
    public int longestPathLinks() {
        return 2 * (tiers);
    }

    private void checkHost(int h, String field) {
        if (!isHost(h)) {
            throw new IllegalArgumentException(field + ": host must be in [0, " + (hosts - 1) + "], got " + h);
        }
    }

    @Override
    public String toString() {
        return tiers + "-tier FatTree k=" + k + " (" + hosts + " hosts, " + switches() + " switches, "
                + cableCount() + " cables)";
    }

    /**
     * Value equality: the construction is a deterministic function of the builder's inputs (tiers, radix,
     * oversubscription, populated hosts), which these fields determine, so equal fields mean the same
     * nodes, names and links.
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof FatTree t && tiers == t.tiers && k == t.k && hostsPerTor == t.hostsPerTor
                && torUplinks == t.torUplinks && hosts == t.hosts;
    }

    @Override
    public int hashCode() {
        return (((tiers * 31 + k) * 31 + hostsPerTor) * 31 + torUplinks) * 31 + hosts;
    }
}
