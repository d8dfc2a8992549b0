package org.primelab.analytical.fct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link PathFlowInstance.Builder}: argument checks with their documented messages, and a round trip: the
 * compressed rows hold exactly the commodities, demands and paths added, also past the builder's initial
 * capacities (64 commodities, 256 paths, 1024 path edges), and the per-commodity edge lists index every
 * path edge ({@code comEdges[comEdgeOff[c] + pathLocal[i]] == pathEdges[i]}, each edge listed once).
 */
class PathFlowInstanceBuilderTest {

    @Test
    void edgesAndDemandsMustBePositive() {
        PathFlowInstance.Builder b = new PathFlowInstance.Builder();
        IllegalArgumentException zeroCap = assertThrows(IllegalArgumentException.class, () -> b.edge(0));
        assertEquals("capacity must be > 0, got 0.0", zeroCap.getMessage());
        assertThrows(IllegalArgumentException.class, () -> b.edge(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> b.edge(-1));
        IllegalArgumentException zeroDemand = assertThrows(IllegalArgumentException.class, () -> b.commodity(0));
        assertEquals("demand must be > 0, got 0.0", zeroDemand.getMessage());
        assertThrows(IllegalArgumentException.class, () -> b.commodity(Double.NaN));
        assertEquals(0, b.edge(Double.MIN_VALUE), "the smallest positive capacity is an edge");
    }

    @Test
    void aCommodityWithoutPathsIsRefusedAtBuild() {
        PathFlowInstance.Builder b = new PathFlowInstance.Builder();
        int e = b.edge(1);
        b.commodity(1);
        b.path(new int[] {e}, 1);
        b.commodity(2);
        IllegalStateException x = assertThrows(IllegalStateException.class, b::build);
        assertEquals("commodity 1 has no path", x.getMessage());
    }

    /** {@code currentPaths} counts only the paths of the commodity being built. */
    @Test
    void currentPathsCountsTheLatestCommodityOnly() {
        PathFlowInstance.Builder b = new PathFlowInstance.Builder();
        int e = b.edge(1);
        b.commodity(1);
        b.path(new int[] {e}, 1);
        b.path(new int[] {e}, 1);
        b.path(new int[] {e}, 1);
        assertEquals(3, b.currentPaths());
        b.commodity(1);
        assertEquals(0, b.currentPaths());
        b.path(new int[] {e}, 1);
        assertEquals(1, b.currentPaths());
    }

    @Test
    void compressedRowsRoundTripAtAndBeyondTheInitialCapacities() {
        for (int commodities : new int[] {0, 1, 64, 65, 300}) {
            SplittableRandom rnd = new SplittableRandom(commodities);
            PathFlowInstance.Builder b = new PathFlowInstance.Builder();
            int edges = 70;
            for (int e = 0; e < edges; e++) {
                assertEquals(e, b.edge(1 + e));
            }
            List<double[]> demands = new ArrayList<>();
            List<List<int[]>> paths = new ArrayList<>();
            for (int c = 0; c < commodities; c++) {
                double d = 0.5 + c;
                b.commodity(d);
                demands.add(new double[] {d});
                List<int[]> ps = new ArrayList<>();
                int n = 1 + rnd.nextInt(3);
                for (int k = 0; k < n; k++) {
                    int[] path = new int[1 + rnd.nextInt(5)];
                    for (int i = 0; i < path.length; i++) {
                        path[i] = rnd.nextInt(edges);
                    }
                    int[] padded = java.util.Arrays.copyOf(path, path.length + 2); // only length counts
                    b.path(padded, path.length);
                    ps.add(path);
                }
                paths.add(ps);
            }
            PathFlowInstance in = b.build();
            assertEquals(edges, in.edges());
            assertEquals(commodities, in.commodities());
            assertEquals(paths.stream().mapToInt(List::size).sum(), in.paths());
            int p = 0;
            for (int c = 0; c < commodities; c++) {
                assertEquals(demands.get(c)[0], in.demand[c]);
                assertEquals(p, in.comOff[c]);
                Set<Integer> listed = new HashSet<>();
                for (int i = in.comEdgeOff[c]; i < in.comEdgeOff[c + 1]; i++) {
                    assertTrue(listed.add(in.comEdges[i]), "edge listed twice for commodity " + c);
                }
                Set<Integer> used = new HashSet<>();
                for (int[] path : paths.get(c)) {
                    assertEquals(path.length, in.pathOff[p + 1] - in.pathOff[p]);
                    for (int i = 0; i < path.length; i++) {
                        int at = in.pathOff[p] + i;
                        assertEquals(path[i], in.pathEdges[at]);
                        assertEquals(path[i], in.comEdges[in.comEdgeOff[c] + in.pathLocal[at]]);
                        used.add(path[i]);
                    }
                    p++;
                }
                assertEquals(used, listed, "commodity " + c + " lists exactly the edges its paths use");
            }
            assertEquals(p, in.comOff[commodities]);
        }
    }
}
