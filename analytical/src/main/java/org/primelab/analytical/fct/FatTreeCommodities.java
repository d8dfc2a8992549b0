package org.primelab.analytical.fct;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.workload.Flow;

/**
 * A workload on a FatTree aggregated into commodities by (source ToR, destination ToR), as
 * {@link MaxConcurrentFlowLp} does (exact: all flows of a ToR pair have the same switch paths and the
 * flow problem only constrains sums), plus the host-link quantities. Demands are in multiples of the
 * largest flow, capacities in multiples of the fabric rate. Package-private.
 */
final class FatTreeCommodities {
    final FatTree tree;
    final long rateBps;
    /** Cross-ToR commodities: representative hosts and demand. */
    final int[] srcHost;
    final int[] dstHost;
    final double[] demand;
    /** Best phi the host links allow alone: min over hosts of host-link rate / bytes sent (or received). */
    final double phiCap;
    /** Per ToR: summed (normalised) host-link rates of the hosts that send / receive. */
    final double[] torSendCap;
    final double[] torRecvCap;
    /** Per ToR: demand of flows that stay under that ToR. */
    final double[] sameTor;
    /**
     * Per cross-ToR commodity: the most it can carry at once, the smaller of its distinct senders' summed
     * (normalised) host uplink rates and its distinct receivers' summed host downlink rates. Every real schedule
     * obeys it (a flow is held to its hosts' links), so it only tightens the time-expanded relaxation: without it a
     * commodity could borrow, before a failure, the host-link capacity of its ToR's other hosts.
     */
    final double[] commodityCap;

    private FatTreeCommodities(Faults faults, List<Flow> flows, long rateBps) {
        if (rateBps <= 0) {
            throw new IllegalArgumentException("rate: must be > 0 bit/s, got " + rateBps);
        }
        if (flows.isEmpty()) {
            throw new IllegalArgumentException("flows: the workload is empty");
        }
        this.tree = faults.tree();
        this.rateBps = rateBps;
        double smax = 0;
        for (Flow f : flows) {
            if (!tree.isHost(f.src()) || !tree.isHost(f.dst())) {
                throw new IllegalArgumentException("flows: flow " + f.id() + " uses a host outside [0, "
                        + (tree.hosts() - 1) + "]");
            }
            smax = Math.max(smax, f.sizeBytes());
        }
        double[] sent = new double[tree.hosts()];
        double[] received = new double[tree.hosts()];
        sameTor = new double[tree.tors()];
        Map<Long, double[]> byPair = new LinkedHashMap<>();
        // each cross-ToR commodity's distinct senders and receivers, by ToR pair
        Map<Long, java.util.Set<Integer>> senders = new java.util.HashMap<>();
        Map<Long, java.util.Set<Integer>> receivers = new java.util.HashMap<>();
        for (Flow f : flows) {
            double d = f.sizeBytes() / smax;
            sent[f.src()] += d;
            received[f.dst()] += d;
            int a = tree.torIndexOf(f.src());
            int b = tree.torIndexOf(f.dst());
            long key = ((long) a << 32) | b;
            if (a == b) {
                sameTor[a] += d;
            } else {
                byPair.computeIfAbsent(key, k -> new double[] {0, f.src(), f.dst()})[0] += d;
                senders.computeIfAbsent(key, k -> new java.util.HashSet<>()).add(f.src());
                receivers.computeIfAbsent(key, k -> new java.util.HashSet<>()).add(f.dst());
            }
        }
        int n = byPair.size();
        srcHost = new int[n];
        dstHost = new int[n];
        demand = new double[n];
        commodityCap = new double[n];
        int i = 0;
        for (Map.Entry<Long, double[]> e : byPair.entrySet()) {
            double[] c = e.getValue();
            demand[i] = c[0];
            srcHost[i] = (int) c[1];
            dstHost[i] = (int) c[2];
            commodityCap[i] = hostLinkCap(faults, senders.get(e.getKey()), receivers.get(e.getKey()));
            i++;
        }
        torSendCap = new double[tree.tors()];
        torRecvCap = new double[tree.tors()];
        double cap = Double.MAX_VALUE;
        for (int h = 0; h < tree.hosts(); h++) {
            int up = tree.hostUplink(h);
            double upRate = faults.rate(up, rateBps) / (double) rateBps;
            double downRate = faults.rate(FatTree.reverse(up), rateBps) / (double) rateBps;
            if (sent[h] > 0) {
                cap = Math.min(cap, upRate / sent[h]);
                torSendCap[tree.torIndexOf(h)] += upRate;
            }
            if (received[h] > 0) {
                cap = Math.min(cap, downRate / received[h]);
                torRecvCap[tree.torIndexOf(h)] += downRate;
            }
        }
        phiCap = cap;
    }

    /** The smaller of {@code senders}' summed host uplink rates and {@code receivers}' downlink rates, normalised. */
    private double hostLinkCap(Faults faults, java.util.Set<Integer> senders, java.util.Set<Integer> receivers) {
        double up = 0;
        for (int h : senders) {
            up += faults.rate(tree.hostUplink(h), rateBps) / (double) rateBps;
        }
        double down = 0;
        for (int h : receivers) {
            down += faults.rate(FatTree.reverse(tree.hostUplink(h)), rateBps) / (double) rateBps;
        }
        return Math.min(up, down);
    }

    static FatTreeCommodities of(Faults faults, List<Flow> flows, long rateBps) {
        return new FatTreeCommodities(faults, flows, rateBps);
    }

    int commodities() {
        return demand.length;
    }

    /** Path variables of the single-phase instance (live paths after every failure). */
    int pathVariables(Faults faults) {
        int total = 0;
        for (int c = 0; c < demand.length; c++) {
            for (int[] path : tree.paths(srcHost[c], dstHost[c])) {
                if (alive(faults, path, Faults.NEVER - 1)) {
                    total++;
                }
            }
        }
        return total;
    }

    /**
     * The switch-link instance of the fabric as it is at time {@code atPs} (links with
     * {@code failTime <= atPs} removed): cross-ToR commodities only; host links are accounted for by
     * {@link #phiCap}. Null if there is no cross-ToR commodity.
     */
    PathFlowInstance switchInstance(Faults faults, long atPs) {
        if (demand.length == 0) {
            return null;
        }
        PathFlowInstance.Builder b = new PathFlowInstance.Builder();
        int[] edgeOf = new int[tree.linkCount()];
        java.util.Arrays.fill(edgeOf, -1);
        for (int c = 0; c < demand.length; c++) {
            b.commodity(demand[c]);
            addLivePaths(b, edgeOf, faults, c, atPs);
            if (b.currentPaths() == 0) {
                throw new IllegalArgumentException("fail: no live path from " + tree.nodeName(tree.torOf(srcHost[c]))
                        + " to " + tree.nodeName(tree.torOf(dstHost[c])));
            }
        }
        // cut groups: every switch's uplinks and downlinks in use (a ToR's, an aggregation switch's), and
        // in a 3-tier tree every pod's links to and from the cores
        java.util.List<java.util.List<Integer>> groups = new java.util.ArrayList<>();
        Map<Integer, java.util.List<Integer>> byKey = new LinkedHashMap<>();
        for (int l = 0; l < tree.linkCount(); l++) {
            if (edgeOf[l] < 0) {
                continue;
            }
            int from = tree.linkSource(l);
            int to = tree.linkTarget(l);
            boolean up = tree.isUplink(l);
            int lower = up ? from : to;
            // key: (switch below the link, direction); plus the pod's core links
            byKey.computeIfAbsent(lower * 2 + (up ? 0 : 1), k -> new java.util.ArrayList<>()).add(edgeOf[l]);
            if (tree.tierOf(lower) == 2 && tree.tiers() == 3) {
                int pod = (lower - tree.tier2Node(0)) / tree.torUplinks();
                byKey.computeIfAbsent(-1 - (pod * 2 + (up ? 0 : 1)), k -> new java.util.ArrayList<>()).add(edgeOf[l]);
            }
        }
        groups.addAll(byKey.values());
        for (java.util.List<Integer> grp : groups) {
            b.group(grp.stream().mapToInt(Integer::intValue).toArray());
        }
        return b.build();
    }

    /** Whether some path of commodity {@code c} crosses a link that fails after {@code afterPs}. */
    boolean crossesLaterFailure(Faults faults, int c, long afterPs) {
        for (int[] path : tree.paths(srcHost[c], dstHost[c])) {
            for (int l : path) {
                long at = faults.failTime(l);
                if (at > afterPs && at != Faults.NEVER) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Commodity {@code c} alone with demand 1 on the switch links of the fabric as at {@code atPs}: its minimum
     * congestion is one over its maximum flow there, in multiples of the fabric rate. Null if no path is alive.
     */
    PathFlowInstance singleCommodityInstance(Faults faults, int c, long atPs) {
        PathFlowInstance.Builder b = new PathFlowInstance.Builder();
        int[] edgeOf = new int[tree.linkCount()];
        java.util.Arrays.fill(edgeOf, -1);
        b.commodity(1);
        addLivePaths(b, edgeOf, faults, c, atPs);
        return b.currentPaths() == 0 ? null : b.build();
    }

    /**
     * Adds commodity {@code c}'s paths alive at {@code atPs} to the current commodity of {@code b}, over its switch
     * links only; {@code edgeOf} maps a link to its edge, -1 until the link is first used (then one edge of its rate).
     */
    private void addLivePaths(PathFlowInstance.Builder b, int[] edgeOf, Faults faults, int c, long atPs) {
        int[] buf = new int[8];
        for (int[] path : tree.paths(srcHost[c], dstHost[c])) {
            if (!alive(faults, path, atPs)) {
                continue;
            }
            int len = 0;
            for (int j = 1; j < path.length - 1; j++) {
                int l = path[j];
                if (edgeOf[l] < 0) {
                    edgeOf[l] = b.edge(faults.rate(l, rateBps) / (double) rateBps);
                }
                buf[len++] = edgeOf[l];
            }
            b.path(buf, len);
        }
    }

    /**
     * The time-expanded instance of a schedule of length {@code X}: phase {@code i} is the fabric as
     * at {@code stateAt[i]} for {@code lengthPs[i] > 0} picoseconds; every edge is a (link, phase) pair
     * of capacity rate x length, plus per phase and ToR one edge for the summed rates of its sending
     * host links and one for its receiving ones (a relaxation of the per-host constraints: a commodity may
     * use its ToR's other hosts' links; {@link IdealFctWithFaults#computeTimed} adds {@link #commodityCap}'s
     * bound, commodity by commodity, since edges per commodity and phase left the solver undecided at 8192
     * hosts). Demands are
     * the commodities' (normalised) demands times {@code workPs}; a routing of congestion <= 1 is a
     * schedule that delivers every demand by the end of the last phase.
     */
    PathFlowInstance phasedInstance(Faults faults, long[] stateAt, double[] lengthPs, double workPs) {
        PathFlowInstance.Builder b = new PathFlowInstance.Builder();
        int phases = stateAt.length;
        int[][] edgeOf = new int[phases][tree.linkCount()];
        int[][] sendEdge = new int[phases][tree.tors()];
        int[][] recvEdge = new int[phases][tree.tors()];
        for (int i = 0; i < phases; i++) {
            java.util.Arrays.fill(edgeOf[i], -1);
            java.util.Arrays.fill(sendEdge[i], -1);
            java.util.Arrays.fill(recvEdge[i], -1);
            for (int t = 0; t < tree.tors(); t++) {
                if (torSendCap[t] > 0) {
                    sendEdge[i][t] = b.edge(torSendCap[t] * lengthPs[i]);
                }
                if (torRecvCap[t] > 0) {
                    recvEdge[i][t] = b.edge(torRecvCap[t] * lengthPs[i]);
                }
            }
        }
        int[] buf = new int[8];
        for (int c = 0; c < demand.length; c++) {
            b.commodity(demand[c] * workPs);
            int a = tree.torIndexOf(srcHost[c]);
            int z = tree.torIndexOf(dstHost[c]);
            for (int i = 0; i < phases; i++) {
                for (int[] path : tree.paths(srcHost[c], dstHost[c])) {
                    if (!alive(faults, path, stateAt[i])) {
                        continue;
                    }
                    int len = 0;
                    buf[len++] = sendEdge[i][a];
                    for (int j = 1; j < path.length - 1; j++) {
                        int l = path[j];
                        if (edgeOf[i][l] < 0) {
                            edgeOf[i][l] = b.edge(faults.rate(l, rateBps) / (double) rateBps * lengthPs[i]);
                        }
                        buf[len++] = edgeOf[i][l];
                    }
                    buf[len++] = recvEdge[i][z];
                    b.path(buf, len);
                }
            }
            if (b.currentPaths() == 0) {
                throw new IllegalArgumentException("fail: no live path from " + tree.nodeName(tree.torOf(srcHost[c]))
                        + " to " + tree.nodeName(tree.torOf(dstHost[c])));
            }
        }
        for (int t = 0; t < tree.tors(); t++) {
            if (sameTor[t] > 0) {
                b.commodity(sameTor[t] * workPs);
                for (int i = 0; i < phases; i++) {
                    b.path(new int[] {sendEdge[i][t], recvEdge[i][t]}, 2);
                }
            }
        }
        return b.build();
    }

    static boolean alive(Faults faults, int[] path, long atPs) {
        for (int l : path) {
            if (faults.failTime(l) <= atPs) {
                return false;
            }
        }
        return true;
    }
}
