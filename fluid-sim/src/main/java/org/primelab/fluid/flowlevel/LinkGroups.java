package org.primelab.fluid.flowlevel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.primelab.core.topology.FatTree;

/**
 * Groups of switch links that every spraying flow on a fat tree without faults loads equally, so the flow-level
 * model can treat each group as one link of the members' summed capacity. A flow between two ToRs sprays over
 * every path with the same weight, and in a fat tree every path from a ToR leaves by a different uplink, so:
 * <ul>
 *   <li>{@code UP(t)}: the uplinks of ToR {@code t}, each carrying {@code 1/u} of every flow leaving it ({@code u}
 *       its uplinks);</li>
 *   <li>{@code DOWN(t)}: the links into ToR {@code t} from above (the reverses of {@code UP(t)}), each carrying
 *       {@code 1/u} of every flow entering it;</li>
 *   <li>3-tier only: {@code POD_UP(p)}, the uplinks of pod {@code p}'s aggregation switches, each carrying
 *       {@code 1/u²}-ths of every flow leaving the pod ({@code u} aggregation switches of {@code u} uplinks), and
 *       {@code POD_DOWN(p)}, their reverses.</li>
 * </ul>
 * A flow's weight on a group is the sum of its members' weights, the group's capacity the sum of theirs, so
 * weighted max-min rates are the same with the groups as with the members (every member of a group is loaded
 * alike, hence saturates alike). With {@code u} a power of two (every radix the paper uses) the member weights
 * {@code 1/u} are exact in binary and scaling by the member count commutes with rounding, so the rates are the
 * members' bit for bit. A flow then names 2 host links and 2 (within a pod) or 4 (across pods) groups instead of
 * {@code 2 + 2u} or {@code 2 + 2u + 2u²} links: the reallocation, the flow lists and the shares cost that much less.
 *
 * <p>Group ids follow the link ids: group {@code i} is id {@code linkCount + i}, so arrays indexed by link extend
 * to {@link #slots()}.
 */
final class LinkGroups {
    /** Kinds of group. */
    static final int UP = 0;
    static final int DOWN = 1;
    static final int POD_UP = 2;
    static final int POD_DOWN = 3;

    private final FatTree tree;
    private final int links;
    /** Per link: its group's id, or -1 (a host link). */
    private final int[] groupOf;
    /** Per group: its members, kind and the ToR index or pod it belongs to. */
    private final int[][] members;
    private final int[] kind;
    private final int[] owner;
    /** Group ids by kind, then ToR index or pod. */
    private final int[][] byKind = new int[4][];

    LinkGroups(FatTree tree) {
        this.tree = tree;
        this.links = tree.linkCount();
        this.groupOf = new int[links];
        Arrays.fill(groupOf, -1);
        List<int[]> m = new ArrayList<>();
        List<Integer> k = new ArrayList<>();
        List<Integer> o = new ArrayList<>();
        byKind[UP] = new int[tree.tors()];
        byKind[DOWN] = new int[tree.tors()];
        for (int t = 0; t < tree.tors(); t++) {
            int[] up = uplinks(tree.torNode(t));
            byKind[UP][t] = add(m, k, o, up, UP, t);
            byKind[DOWN][t] = add(m, k, o, reverses(up), DOWN, t);
        }
        if (tree.tiers() == 3) {
            byKind[POD_UP] = new int[tree.pods()];
            byKind[POD_DOWN] = new int[tree.pods()];
            int aggsPerPod = tree.torUplinks();
            for (int p = 0; p < tree.pods(); p++) {
                List<Integer> up = new ArrayList<>();
                for (int a = 0; a < aggsPerPod; a++) {
                    for (int l : uplinks(tree.tier2Node(p * aggsPerPod + a))) {
                        up.add(l);
                    }
                }
                int[] podUp = up.stream().mapToInt(Integer::intValue).toArray();
                byKind[POD_UP][p] = add(m, k, o, podUp, POD_UP, p);
                byKind[POD_DOWN][p] = add(m, k, o, reverses(podUp), POD_DOWN, p);
            }
        }
        this.members = m.toArray(new int[0][]);
        this.kind = k.stream().mapToInt(Integer::intValue).toArray();
        this.owner = o.stream().mapToInt(Integer::intValue).toArray();
    }

    private int add(List<int[]> m, List<Integer> k, List<Integer> o, int[] group, int kindOf, int ownerOf) {
        int id = links + m.size();
        for (int l : group) {
            groupOf[l] = id;
        }
        m.add(group);
        k.add(kindOf);
        o.add(ownerOf);
        return id;
    }

    private int[] uplinks(int node) {
        int[] out = new int[tree.uplinkCount(node)];
        for (int p = 0; p < out.length; p++) {
            out[p] = tree.uplink(node, p);
        }
        return out;
    }

    private static int[] reverses(int[] ls) {
        int[] out = new int[ls.length];
        for (int i = 0; i < ls.length; i++) {
            out[i] = FatTree.reverse(ls[i]);
        }
        return out;
    }

    /** Link ids and group ids: the size of an array indexed by either. */
    int slots() {
        return links + members.length;
    }

    /** Whether {@code id} is a group (not a link). */
    boolean isGroup(int id) {
        return id >= links;
    }

    /** The group of link {@code l}, or -1 for a host link. */
    int groupOf(int l) {
        return groupOf[l];
    }

    /** Members of group {@code id}. */
    int memberCount(int id) {
        return members[id - links].length;
    }

    /** The group of the reverse links of group {@code id}'s members (where the ACKs of its flows go). */
    int reverse(int id) {
        int g = id - links;
        return byKind[kind[g] ^ 1][owner[g]];
    }

    /**
     * The group playing, for a flow from {@code src} to {@code dst}, the part group {@code id} plays for another flow
     * with as many upward hops: the group of the same kind of the new flow's own source or destination ToR or pod.
     */
    int mapped(int id, int src, int dst) {
        int g = id - links;
        return switch (kind[g]) {
            case UP -> byKind[UP][tree.torIndexOf(src)];
            case DOWN -> byKind[DOWN][tree.torIndexOf(dst)];
            case POD_UP -> byKind[POD_UP][tree.podOf(src)];
            default -> byKind[POD_DOWN][tree.podOf(dst)];
        };
    }

    /**
     * Shares on links merged into shares on groups: a group's weight is the sum of its members' (in the order they
     * come), its id after every link's. Every member of a group a share names must carry the same weight.
     *
     * @throws IllegalStateException if a share loads a group unequally (not a spraying split of a fabric without
     *         faults)
     */
    LinkShares merge(LinkShares s) {
        int[] ls = s.links();
        double[] ws = s.weights();
        int[] outLinks = new int[ls.length];
        double[] outWeights = new double[ls.length];
        int count = 0;
        int[] seen = new int[members.length];
        double[] memberWeight = new double[members.length];
        int[] slot = new int[members.length];
        for (int j = 0; j < ls.length; j++) {
            int id = groupOf[ls[j]];
            if (id < 0) {
                outLinks[count] = ls[j];
                outWeights[count++] = ws[j];
                continue;
            }
            int g = id - links;
            if (seen[g] == 0) {
                memberWeight[g] = ws[j];
                slot[g] = count;
                outLinks[count] = id;
                outWeights[count++] = 0;
            } else if (ws[j] != memberWeight[g]) {
                throw new IllegalStateException("link groups: unequal weights on " + tree.linkName(ls[j]));
            }
            seen[g]++;
            outWeights[slot[g]] += ws[j];
        }
        for (int j = 0; j < count; j++) {
            if (isGroup(outLinks[j]) && seen[outLinks[j] - links] != memberCount(outLinks[j])) {
                throw new IllegalStateException("link groups: a share loads part of a group");
            }
        }
        int[] links2 = Arrays.copyOf(outLinks, count);
        double[] weights2 = Arrays.copyOf(outWeights, count);
        sortByLink(links2, weights2);
        return new LinkShares(links2, weights2, s.lostFraction(), s.ackLostFraction(), s.hops());
    }

    /** Sorts {@code ls} ascending, moving {@code ws} along (insertion sort: shares are short and nearly sorted). */
    static void sortByLink(int[] ls, double[] ws) {
        for (int i = 1; i < ls.length; i++) {
            int l = ls[i];
            double w = ws[i];
            int j = i - 1;
            while (j >= 0 && ls[j] > l) {
                ls[j + 1] = ls[j];
                ws[j + 1] = ws[j];
                j--;
            }
            ls[j + 1] = l;
            ws[j + 1] = w;
        }
    }
}
