package org.primelab.core.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.longs;
import static org.quicktheories.generators.SourceDSL.strings;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/**
 * Fuzz properties of link names and fault specifications: a random or hostile name is either resolved,
 * and every link it names prints a name that resolves back to it, or refused with one line starting
 * with a field the user can act on; a fault is either built or refused the same way.
 */
class FaultSpecFuzzProperties {
    private static final long QT_SEED = 0x4641_554cL;
    private static final AtomicLong CASES = new AtomicLong();
    private static final FatTree TWO = FatTree.twoTier(8);
    private static final FatTree THREE = FatTree.threeTier(4);
    private static final Set<String> FIELDS = Set.of("link", "node", "fail", "degrade", "fail-random",
            "degrade-fraction");
    private static final List<String> PIECES = List.of("leaf", "spine", "edge", "agg", "core", "h", "0", "1", "3",
            "7", "99", "-1", ".", "-", "->", "<-", "@", "=", " ", "\n", "\u0000", "leaf0-spine3", "edge0.1-agg0.0",
            "agg1.1->core3", "h5-leaf0", "9223372036854775808", "\u00e9");

    private static Gen<String> names() {
        return lists().of(integers().between(0, PIECES.size() - 1)).ofSizeBetween(0, 6).map(ix -> {
            StringBuilder b = new StringBuilder();
            ix.forEach(i -> b.append(PIECES.get(i)));
            return b.toString();
        }).mix(strings().allPossible().ofLengthBetween(0, 30), 30);
    }

    private static void refusedByField(IllegalArgumentException e) {
        String m = e.getMessage();
        int colon = m.indexOf(':');
        assertTrue(colon > 0 && FIELDS.contains(m.substring(0, colon)), () -> "message names no field: " + m);
        assertTrue(m.chars().noneMatch(c -> c == '\n' || c == '\r'), () -> "not one line: " + m);
    }

    @Test
    void linkNamesResolveAndRoundTripOrAreRefusedByField() {
        assertTimeoutPreemptively(Duration.ofMinutes(5), () -> qt().withFixedSeed(QT_SEED).withExamples(20_000)
                .forAll(names(), integers().between(0, 1)).checkAssert((name, which) -> {
                    CASES.incrementAndGet();
                    FatTree t = which == 0 ? TWO : THREE;
                    try {
                        for (int l : t.linksByName(name)) {
                            assertArrayEquals(new int[] {l}, t.linksByName(t.linkName(l)), name);
                        }
                    } catch (IllegalArgumentException e) {
                        refusedByField(e);
                    }
                }));
    }

    @Test
    void faultSpecsAreBuiltOrRefusedByField() {
        assertTimeoutPreemptively(Duration.ofMinutes(5), () -> qt().withFixedSeed(QT_SEED + 1).withExamples(10_000)
                .forAll(names(), longs().all(), longs().all()).checkAssert((name, time, rate) -> {
                    CASES.incrementAndGet();
                    try {
                        Faults.builder(TWO).fail(name, time).degrade(name, rate).build();
                    } catch (IllegalArgumentException e) {
                        refusedByField(e);
                    }
                }));
    }

    @AfterAll
    static void report() {
        System.out.println("FaultSpecFuzzProperties: " + CASES.get() + " cases");
    }
}
