package org.primelab.fluid.flowlevel;

/**
 * Weighted max-min fair rates by progressive filling (Bertsekas and Gallager, <i>Data Networks</i>, 2nd ed.,
 * §6.5.2), the fluid fixed point of the flows' congestion control: DCTCP converges to full utilization of
 * each bottleneck with its capacity shared equally among the flows it limits (Alizadeh, Javanmard and
 * Prabhakar, SIGMETRICS 2011: with the marking threshold above about a seventh of the BDP — here
 * {@code K_min} = 0.25 BDP — the queue never drains, so the link runs at capacity).
 *
 * <p>Flow {@code f} at rate {@code x_f} puts {@code w_fl x_f} on link {@code l} ({@link LinkShares}). All
 * unfrozen flows rise together at a common level {@code R}; link {@code l} saturates at
 * {@code R_l = (C_l - sum_{frozen f} w_fl x_f) / sum_{unfrozen f} w_fl}; at the lowest {@code R_l} every
 * unfrozen flow on a saturated link is frozen at {@code R}. Each round freezes at least one flow, so at most
 * as many rounds as distinct rate levels. The unfrozen weight per link is kept up to date as flows freeze and
 * the flows of a saturated link are found through a link-to-flow index, so a round costs {@code O(links still
 * filling + open flows)} and the whole filling {@code O(sum_f |links_f| + rounds · (links + flows))}: the cost grows with
 * flows times links per flow. A round reads the links still filling once (their lowest level and the candidates
 * for saturation together), and reads the open flows only when one of them can reach its ceiling.
 *
 * <p>Each frozen flow records its <i>bottleneck</i>: of the links that saturated when it froze, the one
 * fewest flows load (its own NIC when that is among them: a sender at line rate is paced by itself). An allocation is max-min fair iff every flow has
 * a saturated link on which no flow gets more (Bertsekas and Gallager, Prop. 6.5.1); removing a flow that
 * loads none of the other flows' bottlenecks leaves each of them saturated with the same flows, so the
 * allocation stays max-min fair and need not be recomputed ({@link #needsRecompute}).
 *
 * <p>Rates are fractions of the line rate; capacities likewise.
 */
final class WaterFilling {
    /** Relative slack under which a link counts as saturated. */
    static final double SATURATION_SLACK = 1e-9;

    private final double[] load;          // frozen load per link
    private final double[] weightSum;     // unfrozen weight per link
    private final int[] flowsOn;          // active flows per link
    private final int[] bottlenecked;     // flows whose bottleneck is the link
    private final boolean[] frozen;
    private final boolean[] saturated;
    private final int[] satLinks;
    /** The links still carrying unfrozen weight during an allocation ({@link #keepLive}). */
    private final int[] live;
    private final int[] rowStart;
    private final int[] rowFill;
    private int[] csr = new int[0];
    private int[] open = new int[0];
    /** Unfrozen weight below which a link counts as carrying no unfrozen flow (rounding of the subtractions). */
    private static final double WEIGHT_EPS = 1e-12;
    private final boolean[] edge;         // host NICs: preferred as a bottleneck on ties

    /**
     * @param edge per link, whether it is a host's NIC: chosen as a flow's bottleneck when it saturates
     *        together with other links (the sender, not the network, then sets the pace)
     */
    WaterFilling(boolean[] edge, int flows) {
        int links = edge.length;
        this.edge = edge;
        load = new double[links];
        weightSum = new double[links];
        flowsOn = new int[links];
        bottlenecked = new int[links];
        saturated = new boolean[links];
        satLinks = new int[links];
        live = new int[links];
        rowStart = new int[links];
        rowFill = new int[links];
        frozen = new boolean[flows];
    }

    /**
     * Sets {@code rate[f]} and {@code bottleneck[f]} for the flows {@code active[0..n)}.
     *
     * @param shares each flow's link shares (indexed by flow id)
     * @param capacity each link's capacity for data, fraction of the line rate (0 for a link that carries
     *        nothing, which no share names)
     * @param rateCap each flow's own ceiling (its window over its RTT), fraction of the line rate
     * @param usedLinks the links some active flow loads, {@code usedLinks[0..m)}
     */
    void allocate(int[] active, int n, LinkShares[] shares, double[] capacity, double[] rateCap, int[] usedLinks,
                  int m, double[] rate, int[] bottleneck) {
        int entries = 0;
        for (int i = 0; i < m; i++) {
            int l = usedLinks[i];
            load[l] = 0;
            flowsOn[l] = 0;
            bottlenecked[l] = 0;
            weightSum[l] = 0;
            saturated[l] = false;
        }
        for (int i = 0; i < n; i++) {
            int f = active[i];
            frozen[f] = false;
            rate[f] = 0;
            bottleneck[f] = -1;
            LinkShares s = shares[f];
            int[] ls = s.links();
            double[] ws = s.weights();
            for (int j = 0; j < ls.length; j++) {
                flowsOn[ls[j]]++;
                weightSum[ls[j]] += ws[j];
            }
            entries += ls.length;
        }
        // link -> flows (compressed rows over the used links)
        if (csr.length < entries) {
            csr = new int[Math.max(entries, 2 * csr.length)];
        }
        int at = 0;
        for (int i = 0; i < m; i++) {
            int l = usedLinks[i];
            rowStart[l] = at;
            rowFill[l] = at;
            at += flowsOn[l];
        }
        for (int i = 0; i < n; i++) {
            int f = active[i];
            for (int l : shares[f].links()) {
                csr[rowFill[l]++] = f;
            }
        }
        if (open.length < n) {
            open = new int[Math.max(n, 2 * open.length)];
        }
        // the open flows, the least of their ceilings and a flow holding it; a round's pass over them also makes the
        // next round's
        int openCount = 0;
        double leastCap = Double.POSITIVE_INFINITY;
        int leastCapFlow = -1;
        for (int i = 0; i < n; i++) {
            int f = active[i];
            open[openCount++] = f;
            if (rateCap[f] < leastCap || leastCapFlow < 0) {
                leastCap = rateCap[f];
                leastCapFlow = f;
            }
        }
        // the links with unfrozen weight, in the order of usedLinks; a link leaves for good once its flows froze
        int liveCount = keepLive(usedLinks, m);
        int unfrozen = openCount;
        int sat = 0;
        while (unfrozen > 0) {
            for (int i = 0; i < sat; i++) {
                saturated[satLinks[i]] = false;   // the last round's; this round decides afresh
            }
            // one pass: the links still filling (what keepLive does), the lowest level, and as candidates the links
            // saturated at the lowest level so far. A link saturated at the final level is one: the level only
            // falls, and capacity - load - level * weight only rises as it does (in floating point too)
            double level = leastCap;
            int stillLive = 0;
            int candidates = 0;
            for (int i = 0; i < liveCount; i++) {
                int l = live[i];
                if (weightSum[l] > WEIGHT_EPS) {
                    live[stillLive++] = l;
                    double room = capacity[l] - load[l];
                    level = Math.min(level, Math.max(0, room) / weightSum[l]);
                    if (room - level * weightSum[l] <= SATURATION_SLACK * Math.max(capacity[l], 1e-12)) {
                        satLinks[candidates++] = l;
                    }
                } else {
                    saturated[l] = false;
                }
            }
            liveCount = stillLive;
            sat = 0;
            for (int i = 0; i < candidates; i++) {
                int l = satLinks[i];
                if (capacity[l] - load[l] - level * weightSum[l] <= SATURATION_SLACK * Math.max(capacity[l], 1e-12)) {
                    saturated[l] = true;
                    satLinks[sat++] = l;
                }
            }
            int froze = 0;
            for (int i = 0; i < sat; i++) {
                int l = satLinks[i];
                for (int k = rowStart[l]; k < rowFill[l]; k++) {
                    int f = csr[k];
                    if (!frozen[f]) {
                        freeze(f, shares, level, rate, bottleneck);
                        froze++;
                    }
                }
            }
            // the flows held by their own ceiling freeze, in order; the rest stay open, in order. While the flow
            // holding the least ceiling is open, that ceiling is still the open flows' least (ceilings do not
            // change), and if it is above the level no flow reaches its ceiling: the pass would freeze nothing,
            // so it is skipped (frozen flows stay listed until a pass drops them)
            if (froze > 0 && !frozen[leastCapFlow] && leastCap > level * (1 + SATURATION_SLACK)) {
                unfrozen -= froze;
                if (unfrozen == 0) {
                    return;
                }
                continue;
            }
            int kept = 0;
            leastCap = Double.POSITIVE_INFINITY;
            leastCapFlow = -1;
            for (int i = 0; i < openCount; i++) {
                int f = open[i];
                if (!frozen[f] && rateCap[f] <= level * (1 + SATURATION_SLACK)) {
                    freeze(f, shares, level, rate, bottleneck);
                    froze++;
                }
                if (!frozen[f]) {
                    open[kept++] = f;
                    if (rateCap[f] < leastCap || leastCapFlow < 0) {
                        leastCap = rateCap[f];
                        leastCapFlow = f;
                    }
                }
            }
            if (froze == 0) {
                // rounding left no link within the slack: the lowest level is still a saturation, freeze the rest
                // (nothing froze, so open[0..kept) is the round's open list, in order)
                freezeRest(open, kept, shares, level, rate, bottleneck);
                return;
            }
            openCount = kept;
            unfrozen = kept;
        }
    }

    /**
     * Copies to {@link #live} the links of {@code links[0..count)} that carry unfrozen weight, in order, and returns
     * how many; a link left out carries no unfrozen flow from now on (unfrozen weight only falls) and is no longer
     * saturated, as the full scan would find it. Rounds then scan only the links still filling: with ECMP most links
     * carry one or two flows and drop out in the first rounds.
     */
    private int keepLive(int[] links, int count) {
        int kept = 0;
        for (int i = 0; i < count; i++) {
            int l = links[i];
            if (weightSum[l] > WEIGHT_EPS) {
                live[kept++] = l;
            } else {
                saturated[l] = false;
            }
        }
        return kept;
    }

    /** Freezes flow {@code f} at {@code level}, its bottleneck the best saturated link it loads (-1: its ceiling). */
    private void freeze(int f, LinkShares[] shares, double level, double[] rate, int[] bottleneck) {
        frozen[f] = true;
        rate[f] = level;
        LinkShares s = shares[f];
        int[] ls = s.links();
        double[] ws = s.weights();
        int best = -1;
        for (int j = 0; j < ls.length; j++) {
            int l = ls[j];
            if (saturated[l] && (best < 0 || better(l, best))) {
                best = l;
            }
            load[l] += ws[j] * level;
            weightSum[l] -= ws[j];
        }
        bottleneck[f] = best;
        if (best >= 0) {
            bottlenecked[best]++;
        }
    }

    private void freezeRest(int[] active, int n, LinkShares[] shares, double level, double[] rate, int[] bottleneck) {
        for (int i = 0; i < n; i++) {
            int f = active[i];
            if (!frozen[f]) {
                frozen[f] = true;
                rate[f] = level;
                bottleneck[f] = -1;
                LinkShares s = shares[f];
                for (int j = 0; j < s.links().length; j++) {
                    load[s.links()[j]] += s.weights()[j] * level;
                }
            }
        }
    }

    private boolean better(int l, int best) {
        if (edge[l] != edge[best]) {
            return edge[l];
        }
        return flowsOn[l] < flowsOn[best];
    }

    /** Whether link {@code l} is some flow's bottleneck after the last allocation. */
    boolean isBottleneck(int l) {
        return bottlenecked[l] > 0;
    }

    /** Active flows on link {@code l} in the last allocation. */
    int flowsOn(int l) {
        return flowsOn[l];
    }

    /**
     * Whether the flows other than {@code f} must be reallocated once {@code f} (whose bottleneck was
     * {@code own}) stops: true if a link {@code f} loads is another flow's bottleneck.
     */
    boolean needsRecompute(LinkShares f, int own) {
        for (int l : f.links()) {
            if (bottlenecked[l] > (l == own ? 1 : 0)) {
                return true;
            }
        }
        return false;
    }

    /** Records that a flow bottlenecked at {@code own} stopped without a reallocation. */
    void removed(int own) {
        if (own >= 0) {
            bottlenecked[own]--;
        }
    }

}
