package org.primelab.core.scenario;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.core.random.Seeds;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;

/**
 * Accepted fault options build exactly the faults they describe: the named links fail at the given time
 * or run at the given rate, the random choices are those of {@link Faults.Builder} with the documented
 * seed streams, boundary values (a rate equal to the link rate, fractions 0 and 1) are accepted, and
 * {@link FaultSpec#failsDuringRun(long, boolean)} says whether some link fails after time 0.
 */
class FaultSpecParsedFaultsTest {
    private static final FatTree TREE = FatTree.twoTier(8);
    private static final long RATE = 400 * Units.GBPS;
    /** Switch-to-switch cables of the k=8 two-tier tree: 8 leaves x 4 spines. */
    private static final int SWITCH_CABLES = 32;

    private static int[] linksOf(String name) {
        int[] l = TREE.linksByName(name);
        java.util.Arrays.sort(l);
        return l;
    }

    /** {@code none()} describes no faults, and no failure during the run. */
    @Test
    void noneIsNoFaults() {
        Faults f = FaultSpec.none().toFaults(TREE, RATE, 1, false);
        assertTrue(f.isEmpty());
        assertFalse(FaultSpec.none().failsDuringRun(RATE, false));
    }

    /** {@code --fail LINK@TIME}: both directions of the cable fail at that time, the other links never. */
    @Test
    void aTimedFailureFailsTheCableAtThatTime() {
        Faults f = new FaultSpec(List.of("leaf2-spine1@1.5us"), 0, "0ns", List.of(), 0, "100G")
                .toFaults(TREE, RATE, 1, false);
        assertArrayEquals(linksOf("leaf2-spine1"), f.failedLinks());
        for (int l : f.failedLinks()) {
            assertEquals(1_500_000L, f.failTime(l));
        }
        assertEquals(0, f.degradedLinks().length);
    }

    /**
     * {@code --degrade LINK=RATE}: both directions run at the rate; a rate equal to the link rate is
     * allowed ("at most the fabric's link rate").
     */
    @Test
    void aDegradedLinkRunsAtItsRateUpToTheLinkRate() {
        Faults f = new FaultSpec(List.of(), 0, "0ns", List.of("leaf0-spine1=100G", "leaf3-spine2=400G"), 0, "100G")
                .toFaults(TREE, RATE, 1, false);
        for (int l : linksOf("leaf0-spine1")) {
            assertEquals(100 * Units.GBPS, f.rate(l, RATE));
        }
        for (int l : linksOf("leaf3-spine2")) {
            assertEquals(RATE, f.rate(l, RATE));
        }
        assertEquals(4, f.degradedLinks().length);
        assertEquals(0, f.failedLinks().length);
    }

    /**
     * {@code --fail-random N --fail-at T} and {@code --degrade-fraction F --degrade-to R} are exactly
     * {@link Faults.Builder#failRandom} and {@link Faults.Builder#degradeRandomFraction} with the streams
     * {@code Seeds.derive(seed, FAULTS, 1)} and {@code (seed, FAULTS, 2)}: 3 cables fail at 5 us
     * (6 directed links), round(0.25 * 32) = 8 cables (16 directed links) run at 100G.
     */
    @Test
    void randomFaultsAreTheBuildersWithTheDocumentedStreams() {
        long seed = 7;
        Faults f = new FaultSpec(List.of(), 3, "5us", List.of(), 0.25, "100G").toFaults(TREE, RATE, seed, false);
        Faults direct = Faults.builder(TREE).failRandom(3, Seeds.derive(seed, Seeds.FAULTS, 1), 5 * Units.PS_PER_US)
                .degradeRandomFraction(0.25, 100 * Units.GBPS, Seeds.derive(seed, Seeds.FAULTS, 2)).build();
        assertArrayEquals(direct.failedLinks(), f.failedLinks());
        assertArrayEquals(direct.degradedLinks(), f.degradedLinks());
        assertEquals(6, f.failedLinks().length);
        assertEquals(16, f.degradedLinks().length);
        for (int l : f.failedLinks()) {
            assertEquals(5 * Units.PS_PER_US, f.failTime(l));
        }
        for (int l : f.degradedLinks()) {
            assertEquals(100 * Units.GBPS, f.rate(l, RATE));
        }
    }

    /**
     * The extremes of {@code --degrade-fraction}: 1 degrades every switch cable (here at the link rate
     * itself, the largest accepted), 0 none even with a {@code --degrade-to}.
     */
    @Test
    void degradeFractionsZeroAndOneAreAccepted() {
        Faults all = new FaultSpec(List.of(), 0, "0ns", List.of(), 1.0, "400G").toFaults(TREE, RATE, 3, false);
        assertEquals(2 * SWITCH_CABLES, all.degradedLinks().length);
        Faults none = new FaultSpec(List.of(), 0, "0ns", List.of(), 0.0, "100G").toFaults(TREE, RATE, 3, false);
        assertTrue(none.isEmpty());
    }

    /**
     * A bare {@code LINK} (where allowed) fails from time 0: not a failure during the run. Trailing
     * blanks are not part of the name.
     */
    @Test
    void aBareLinkFailsFromTimeZero() {
        FaultSpec spec = new FaultSpec(List.of("leaf1-spine0 "), 0, "0ns", List.of(), 0, "100G");
        Faults f = spec.toFaults(TREE, RATE, 1, true);
        assertArrayEquals(linksOf("leaf1-spine0"), f.failedLinks());
        for (int l : f.failedLinks()) {
            assertEquals(0, f.failTime(l));
        }
        assertFalse(spec.failsDuringRun(RATE, true));
        assertFalse(FaultSpec.failsDuringRun(f));
    }

    /**
     * {@code failsDuringRun} is true exactly when some link fails after time 0: a named link at a
     * positive time, or random cables with a positive {@code --fail-at}; a {@code --fail-at} without
     * {@code --fail-random} fails nothing. It needs no tree, so link names are not resolved. It agrees
     * with {@link FaultSpec#failsDuringRun(Faults)} on the faults built.
     */
    @Test
    void failsDuringRunIsTrueExactlyWhenSomeLinkFailsAfterTimeZero() {
        assertFalse(new FaultSpec(List.of("anything@0ns"), 0, "0ns", List.of(), 0, "100G").failsDuringRun(RATE, false));
        assertTrue(new FaultSpec(List.of("anything@1ps"), 0, "0ns", List.of(), 0, "100G").failsDuringRun(RATE, false));
        assertTrue(new FaultSpec(List.of("a@0ns", "b@2us"), 0, "0ns", List.of(), 0, "100G").failsDuringRun(RATE, false),
                "a later entry at a positive time");
        assertFalse(new FaultSpec(List.of(), 1, "0ns", List.of(), 0, "100G").failsDuringRun(RATE, false));
        assertTrue(new FaultSpec(List.of(), 1, "1ps", List.of(), 0, "100G").failsDuringRun(RATE, false));
        assertFalse(new FaultSpec(List.of(), 0, "5us", List.of(), 0, "100G").failsDuringRun(RATE, false),
                "--fail-at alone fails nothing");
        assertTrue(new FaultSpec(List.of("a@0ns"), 1, "5us", List.of(), 0, "100G").failsDuringRun(RATE, false),
                "random cables at 5us, whatever the named links do");

        for (FaultSpec spec : List.of(new FaultSpec(List.of("leaf0-spine0@0ns"), 0, "0ns", List.of(), 0, "100G"),
                new FaultSpec(List.of("leaf0-spine0@0ns", "leaf1-spine1@3us"), 0, "0ns", List.of(), 0, "100G"),
                new FaultSpec(List.of(), 2, "0ns", List.of(), 0, "100G"),
                new FaultSpec(List.of(), 2, "4ns", List.of(), 0, "100G"))) {
            assertEquals(FaultSpec.failsDuringRun(spec.toFaults(TREE, RATE, 5, false)), spec.failsDuringRun(RATE, false),
                    spec.toString());
        }
    }

    /** The record copies its lists (a later change to the caller's list is not seen) and reads null as empty. */
    @Test
    void listsAreCopiedAndNullIsEmpty() {
        List<String> fails = new java.util.ArrayList<>(List.of("leaf0-spine0@1us"));
        FaultSpec spec = new FaultSpec(fails, 0, "0ns", null, 0, "100G");
        fails.add("leaf1-spine0@1us");
        assertEquals(List.of("leaf0-spine0@1us"), spec.fail());
        assertEquals(List.of(), spec.degrade());
        assertEquals(List.of(), new FaultSpec(null, 0, "0ns", null, 0, "100G").fail());
    }
}
