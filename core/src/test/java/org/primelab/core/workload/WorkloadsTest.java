package org.primelab.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.core.topology.FatTree;

class WorkloadsTest {
    private final FatTree tree = FatTree.twoTier(16);

    @Test
    void permutationIsADerangementAndSeeded() {
        qt().withFixedSeed(3).withExamples(100).forAll(longs().all()).checkAssert(seed -> {
            for (boolean crossTor : new boolean[] {false, true}) {
                List<Flow> flows = Workloads.permutation(tree, 2_000_000, seed, crossTor);
                boolean[] received = new boolean[tree.hosts()];
                for (Flow f : flows) {
                    assertNotEquals(f.src(), f.dst());
                    if (crossTor) {
                        assertNotEquals(tree.torIndexOf(f.src()), tree.torIndexOf(f.dst()));
                    }
                    assertTrue(!received[f.dst()], "host " + f.dst() + " receives twice");
                    received[f.dst()] = true;
                }
                assertEquals(tree.hosts(), flows.size());
                assertEquals(flows, Workloads.permutation(tree, 2_000_000, seed, crossTor));
            }
        });
        assertNotEquals(Workloads.permutation(tree, 1, 1, false), Workloads.permutation(tree, 1, 2, false));
    }

    @Test
    void otherPatterns() {
        FatTree small = FatTree.twoTier(4);
        assertEquals(8 * 7, Workloads.allToAll(small, 10).size());
        List<Flow> incast = Workloads.incast(small, 3, 5, 10, 1);
        assertEquals(5, incast.size());
        assertTrue(incast.stream().allMatch(f -> f.dst() == 3 && f.src() != 3));
        assertEquals(5, incast.stream().map(Flow::src).distinct().count());
        List<Flow> ring = Workloads.ring(small, 10);
        assertEquals(0, ring.get(7).dst());
        List<Flow> st = Workloads.staggered(ring, 1000, 4);
        assertTrue(st.stream().allMatch(f -> f.startPs() >= 0 && f.startPs() <= 1000));
        assertTrue(st.stream().anyMatch(f -> f.startPs() > 0));
    }

    @Test
    void badFlowsAreRejected() {
        org.primelab.core.topology.FatTreeTest.assertMessage("flow-size:", () -> new Flow(0, 1, 2, 0, 0));
        org.primelab.core.topology.FatTreeTest.assertMessage("receiver:", () -> Workloads.incast(tree, 999, 2, 1, 1));
    }
}
