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
 * as many rounds as distinct rate levels, each {@code O(sum_f |links_f|)}: the cost grows with flows times
 * links per flow.
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
        for (int i = 0; i < m; i++) {
            int l = usedLinks[i];
            load[l] = 0;
            flowsOn[l] = 0;
            bottlenecked[l] = 0;
        }
        for (int i = 0; i < n; i++) {
            int f = active[i];
            frozen[f] = false;
            rate[f] = 0;
            bottleneck[f] = -1;
            for (int l : shares[f].links()) {
                flowsOn[l]++;
            }
        }
        int left = n;
        while (left > 0) {
            for (int i = 0; i < m; i++) {
                weightSum[usedLinks[i]] = 0;
            }
            double level = Double.POSITIVE_INFINITY;
            for (int i = 0; i < n; i++) {
                int f = active[i];
                if (!frozen[f]) {
                    level = Math.min(level, rateCap[f]);
                    LinkShares s = shares[f];
                    int[] ls = s.links();
                    double[] ws = s.weights();
                    for (int j = 0; j < ls.length; j++) {
                        weightSum[ls[j]] += ws[j];
                    }
                }
            }
            for (int i = 0; i < m; i++) {
                int l = usedLinks[i];
                if (weightSum[l] > 0) {
                    level = Math.min(level, Math.max(0, capacity[l] - load[l]) / weightSum[l]);
                }
            }
            for (int i = 0; i < m; i++) {
                int l = usedLinks[i];
                saturated[l] = weightSum[l] > 0
                        && capacity[l] - load[l] - level * weightSum[l] <= SATURATION_SLACK * Math.max(capacity[l], 1e-12);
            }
            int before = left;
            for (int i = 0; i < n; i++) {
                int f = active[i];
                if (frozen[f]) {
                    continue;
                }
                boolean capped = rateCap[f] <= level * (1 + SATURATION_SLACK);
                int best = -1;
                for (int l : shares[f].links()) {
                    if (saturated[l] && (best < 0 || better(l, best))) {
                        best = l;
                    }
                }
                if (best < 0 && !capped) {
                    continue;
                }
                frozen[f] = true;
                left--;
                rate[f] = level;
                bottleneck[f] = best;   // -1: limited by its own ceiling
                if (best >= 0) {
                    bottlenecked[best]++;
                }
                LinkShares s = shares[f];
                int[] ls = s.links();
                double[] ws = s.weights();
                for (int j = 0; j < ls.length; j++) {
                    load[ls[j]] += ws[j] * level;
                }
            }
            if (left == before) {
                // rounding left no link within the slack: the lowest level is still a saturation, freeze the rest
                freezeRest(active, n, shares, level, rate, bottleneck);
                left = 0;
            }
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
