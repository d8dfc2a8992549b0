package org.primelab.analytical.fct;

import java.util.Arrays;

/**
 * A path-based multicommodity flow instance: edges with capacities, commodities with demands, each
 * commodity with an explicit list of paths (edge lists). Package-private plumbing of
 * {@link CertifiedMaxConcurrentFlow}; built by {@link FatTreeCommodities}.
 *
 * <p>Storage is compressed rows: the paths of commodity {@code c} are {@code comOff[c] .. comOff[c+1]-1};
 * the edges of path {@code p} are {@code pathEdges[pathOff[p] .. pathOff[p+1]-1]}. For every commodity the
 * distinct edges its paths use are listed once ({@code comEdges[comEdgeOff[c] ..]}) and
 * {@code pathLocal[i]} gives the position of {@code pathEdges[i]} in that list, so a commodity's edge
 * terms are evaluated once even when its paths share edges (3-tier cross-pod paths do).
 */
final class PathFlowInstance {
    final double[] cap;
    final double[] demand;
    final int[] comOff;
    final int[] pathOff;
    final int[] pathEdges;
    final int[] comEdgeOff;
    final int[] comEdges;
    final int[] pathLocal;
    /** Edge sets whose unit lengths give cut bounds (e.g. a ToR's uplinks); may be empty. */
    final int[][] groups;

    private PathFlowInstance(double[] cap, double[] demand, int[] comOff, int[] pathOff, int[] pathEdges,
                             int[][] groups) {
        this.groups = groups;
        this.cap = cap;
        this.demand = demand;
        this.comOff = comOff;
        this.pathOff = pathOff;
        this.pathEdges = pathEdges;
        int commodities = demand.length;
        this.comEdgeOff = new int[commodities + 1];
        this.pathLocal = new int[pathEdges.length];
        int[] stamp = new int[cap.length];
        int[] position = new int[cap.length];
        Arrays.fill(stamp, -1);
        int[] edges = new int[Math.max(16, pathEdges.length)];
        int n = 0;
        for (int c = 0; c < commodities; c++) {
            comEdgeOff[c] = n;
            for (int p = comOff[c]; p < comOff[c + 1]; p++) {
                for (int i = pathOff[p]; i < pathOff[p + 1]; i++) {
                    int e = pathEdges[i];
                    if (stamp[e] != c) {
                        stamp[e] = c;
                        position[e] = n - comEdgeOff[c];
                        edges[n++] = e;
                    }
                    pathLocal[i] = position[e];
                }
            }
        }
        comEdgeOff[commodities] = n;
        this.comEdges = Arrays.copyOf(edges, n);
    }

    int edges() {
        return cap.length;
    }

    int commodities() {
        return demand.length;
    }

    int paths() {
        return pathOff.length - 1;
    }

    /** Incremental builder; edges are added first, then commodities with their paths. */
    static final class Builder {
        private double[] cap = new double[64];
        private int edges;
        private double[] demand = new double[64];
        private int[] comOff = new int[65];
        private int commodities;
        private int[] pathOff = new int[256];
        private int paths;
        private int[] pathEdges = new int[1024];
        private int used;
        private final java.util.List<int[]> groups = new java.util.ArrayList<>();

        /** Adds an edge set for a cut bound (unit length on its edges, see {@link MinCongestionSolver}). */
        void group(int[] edgeSet) {
            if (edgeSet.length > 0) {
                groups.add(edgeSet.clone());
            }
        }

        /** Adds an edge of capacity {@code capacity} > 0 and returns its index. */
        int edge(double capacity) {
            if (!(capacity > 0)) {
                throw new IllegalArgumentException("capacity must be > 0, got " + capacity);
            }
            if (edges == cap.length) {
                cap = Arrays.copyOf(cap, 2 * edges);
            }
            cap[edges] = capacity;
            return edges++;
        }

        /** Starts a commodity of demand {@code d} > 0; its paths follow with {@link #path}. */
        void commodity(double d) {
            if (!(d > 0)) {
                throw new IllegalArgumentException("demand must be > 0, got " + d);
            }
            if (commodities == demand.length) {
                demand = Arrays.copyOf(demand, 2 * commodities);
                comOff = Arrays.copyOf(comOff, 2 * commodities + 1);
            }
            demand[commodities] = d;
            comOff[commodities] = paths;
            commodities++;
            comOff[commodities] = paths;
        }

        /** Adds a path (edge indices) to the current commodity. */
        void path(int[] edgeList, int length) {
            if (paths + 1 >= pathOff.length) {
                pathOff = Arrays.copyOf(pathOff, 2 * pathOff.length);
            }
            while (used + length > pathEdges.length) {
                pathEdges = Arrays.copyOf(pathEdges, 2 * pathEdges.length);
            }
            pathOff[paths] = used;
            System.arraycopy(edgeList, 0, pathEdges, used, length);
            used += length;
            paths++;
            pathOff[paths] = used;
            comOff[commodities] = paths;
        }

        /** Paths of the commodity being built so far. */
        int currentPaths() {
            return paths - comOff[commodities - 1];
        }

        PathFlowInstance build() {
            for (int c = 0; c < commodities; c++) {
                if (comOff[c + 1] == comOff[c]) {
                    throw new IllegalStateException("commodity " + c + " has no path");
                }
            }
            return new PathFlowInstance(Arrays.copyOf(cap, edges), Arrays.copyOf(demand, commodities),
                    Arrays.copyOf(comOff, commodities + 1), Arrays.copyOf(pathOff, paths + 1),
                    Arrays.copyOf(pathEdges, used), groups.toArray(new int[0][]));
        }
    }
}
