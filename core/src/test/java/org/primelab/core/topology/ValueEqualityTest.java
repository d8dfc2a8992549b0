package org.primelab.core.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.core.scenario.Scenario;

/**
 * Trees and fault sets compare by value, so a {@link Scenario} record built twice the same way is equal
 * to itself (it holds both): each construction input that changes the fabric, and each fault, makes a
 * difference; equal values have equal hash codes.
 */
class ValueEqualityTest {
    private static void same(Object a, Object b) {
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
    }

    /** Trees built separately from the same inputs are equal; any other input gives another tree. */
    @Test
    void treesAreEqualExactlyWhenBuiltFromTheSameInputs() {
        same(FatTree.twoTier(8), FatTree.twoTier(8));
        same(FatTree.builder(3, 8).oversubscription(3).hosts(50).build(),
                FatTree.builder(3, 8).oversubscription(3).hosts(50).build());
        same(FatTree.twoTier(8), FatTree.builder(2, 8).hosts(32).build());   // all 32 ports populated
        List<FatTree> distinct = List.of(FatTree.twoTier(8), FatTree.twoTier(16), FatTree.threeTier(8),
                FatTree.builder(2, 8).oversubscription(3).build(), FatTree.builder(2, 8).hosts(31).build());
        for (int i = 0; i < distinct.size(); i++) {
            for (int j = 0; j < distinct.size(); j++) {
                if (i != j) {
                    assertNotEquals(distinct.get(i), distinct.get(j), distinct.get(i) + " vs " + distinct.get(j));
                }
            }
        }
        assertNotEquals(FatTree.twoTier(8), "2-tier FatTree k=8");
        assertEquals(distinct.size(), distinct.stream().mapToInt(FatTree::hashCode).distinct().count(),
                "distinct trees spread over distinct hash codes (a constant hash would make a map of trees a list)");
    }

    /** Fault sets are equal when every link fails at the same time and runs at the same rate, on equal trees. */
    @Test
    void faultSetsAreEqualExactlyWhenEveryLinkAgrees() {
        FatTree a = FatTree.twoTier(8);
        FatTree b = FatTree.twoTier(8);
        same(Faults.none(a), Faults.none(b));
        same(Faults.builder(a).fail("leaf0-spine1", 5).degrade("leaf1-spine2", 100_000_000_000L).build(),
                Faults.builder(b).degrade("leaf1-spine2", 100_000_000_000L).fail("leaf0-spine1", 5).build());
        Faults base = Faults.builder(a).fail("leaf0-spine1", 5).build();
        assertNotEquals(base, Faults.builder(a).fail("leaf0-spine1", 6).build(), "another time");
        assertNotEquals(base, Faults.builder(a).fail("leaf0-spine2", 5).build(), "another link");
        assertNotEquals(base, Faults.builder(a).fail("leaf0-spine1", 5).degrade("leaf1-spine2", 1_000_000_000L)
                .build(), "a degradation more");
        assertNotEquals(Faults.none(a), Faults.none(FatTree.twoTier(16)), "another tree");
        assertNotEquals(Faults.builder(a).degrade("leaf1-spine2", 100_000_000_000L).build(),
                Faults.builder(a).degrade("leaf1-spine2", 200_000_000_000L).build(), "another rate");
        List<Faults> distinct = List.of(Faults.none(a), base, Faults.builder(a).fail("leaf0-spine1", 6).build(),
                Faults.builder(a).fail("leaf0-spine2", 5).build(), Faults.none(FatTree.twoTier(16)),
                Faults.builder(a).degrade("leaf1-spine2", 100_000_000_000L).build());
        assertEquals(distinct.size(), distinct.stream().mapToInt(Faults::hashCode).distinct().count(),
                "distinct fault sets spread over distinct hash codes");
    }

    /** A scenario built twice from equal parts is one value; it was unequal while trees compared by identity. */
    @Test
    void scenariosBuiltTwiceTheSameWayAreEqual() {
        same(Scenario.builder(FatTree.twoTier(8)).seed(3).build(), Scenario.builder(FatTree.twoTier(8)).seed(3).build());
        assertNotEquals(Scenario.builder(FatTree.twoTier(8)).seed(3).build(),
                Scenario.builder(FatTree.twoTier(8)).seed(4).build());
    }
}
