package org.primelab.analytical.fct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Collectives;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Placement;
import org.primelab.core.workload.Trigger;
import org.primelab.core.workload.Workload;

class CollectiveIdealTest {
    private static final FabricParameters K8 = FabricParameters.paperDefaults(FatTree.twoTier(8));
    /** 400G: an MTU of 4160 B takes 83.2 ns, a 64 B header 1.28 ns; 600 ns per link. */
    private static final long T = 83_200;
    private static final long H = 1_280;
    private static final long D = 600_000;
    /** Two whole packets of payload. */
    private static final long TWO_PACKETS = 2 * (4160 - 64);
    private static final int NONE = Flow.NO_TRIGGER;

    private static long lone(long bytes, int hops) {
        return IdealFct.lonePathPs(bytes, 4160, 64, 400 * Units.GBPS, D, hops);
    }

    @Test
    void theConstantsAreThePaperDefaults() {
        assertEquals(T, K8.mtuSerializationPs());
        assertEquals(H, Units.serializationPs(64, K8.linkRateBps()));
        assertEquals(D, K8.propagationPs());
    }

    @Test
    void aLoneFlowOnAnyRoutesMatchesThePathFormulaForWholePacketsAndIsBelowItOtherwise() {
        for (int hops : new int[] {2, 4, 6}) {
            assertEquals(lone(TWO_PACKETS, hops), CollectiveIdeal.loneAnyRoutePs(TWO_PACKETS, 4160, 64,
                    400 * Units.GBPS, D, hops));
            assertEquals(lone(100, hops), CollectiveIdeal.loneAnyRoutePs(100, 4160, 64, 400 * Units.GBPS, D, hops),
                    "one packet");
        }
        // 2,000,000 B = 488 whole packets + 1152 B (a 1216 B packet of 24.32 ns) on 4 links:
        // below the single-path time by min(T_last, 3 (T - T_last)) = 24.32 ns
        long any = CollectiveIdeal.loneAnyRoutePs(2_000_000, 4160, 64, 400 * Units.GBPS, D, 4);
        assertEquals(lone(2_000_000, 4) - 24_320, any);
        assertEquals(488 * T + 3 * T + 4 * D, any);
        // two packets, the second short, sprayed over two paths of 4 links: the brute-force schedule meets it
        Workload w = Workload.of(List.of(new Flow(0, 0, 5, 4096 + 100, 0)));
        long bound = CollectiveIdeal.loneAnyRoutePs(4196, 4160, 64, 400 * Units.GBPS, D, 4);
        assertEquals(bound, LosslessSchedule.receiveTimes(w, K8)[0]);
        assertTrue(bound < lone(4196, 4), "the single-path formula is no bound for a sprayed flow");
    }

    @Test
    void aLoneFlowsIdealIsItsLonePathTime() {
        Workload w = Workload.of(List.of(new Flow(0, 0, 5, 2_000_000, 0)));
        var r = CollectiveIdeal.compute(w, K8);
        assertEquals(CollectiveIdeal.loneAnyRoutePs(2_000_000, 4160, 64, 400 * Units.GBPS, D, 4), r.idealPs());
        assertEquals(CollectiveIdeal.Bound.DEPENDENCIES, r.binding());
    }

    @Test
    void aChainOfThreeDependentFlowsTakesTheSumOfItsLoneTimesPlusTheAckReturnsOfSendDoneLinks() {
        // 0 -> 1 (same ToR, 2 links), then on its receive 1 -> 5 (4 links), then on that one's send-done 5 -> 6
        long size = 24 * 4096;   // whole packets
        Workload w = new Workload(List.of(new Flow(0, 0, 1, size, 0, NONE, NONE, 0, 0),
                new Flow(1, 1, 5, size, 0, 0, 1, NONE, 0), new Flow(2, 5, 6, size, 0, 1, NONE, NONE, 0)),
                List.of(Trigger.oneShot(0), Trigger.oneShot(1)));
        var r = CollectiveIdeal.compute(w, K8);
        long expected = lone(size, 2) + lone(size, 4) + 4 * (H + D) + lone(size, 2);
        assertEquals(expected, r.idealPs());
        assertEquals(lone(size, 2), r.earliestStartPs()[1]);
        assertEquals(expected, LosslessSchedule.receiveTimes(w, K8)[2], "an ideal schedule meets it");
    }

    @Test
    void incastIsBoundByTheReceiversDownlink() {
        // 3:1 under one ToR, two whole packets each: 3*2 T on the downlink after one hop of T + d
        Workload w = Collectives.incast(Placement.PACKED.groups(K8.tree(), 4, 1, 0), TWO_PACKETS);
        var r = CollectiveIdeal.compute(w, K8);
        assertEquals(6 * T + D + (T + D), r.idealPs());
        assertEquals(CollectiveIdeal.Bound.INGRESS, r.binding());
        assertEquals(0, r.bindingHost());
        assertEquals(3 * T + 2 * D, r.dependenciesPs(), "each flow alone");
        assertEquals(r.idealPs(), max(LosslessSchedule.receiveTimes(w, K8)), "tight for a lossless schedule");
    }

    @Test
    void ringAllReduceUnderOneTorIsTwoGMinusTwoLoneSteps() {
        int g = 4;
        Workload w = Collectives.ringAllReduce(Placement.PACKED.groups(K8.tree(), g, 1, 0), g * TWO_PACKETS);
        var r = CollectiveIdeal.compute(w, K8);
        assertEquals(2 * (g - 1) * lone(TWO_PACKETS, 2), r.idealPs());
        assertEquals(CollectiveIdeal.Bound.DEPENDENCIES, r.binding());
        assertEquals(r.idealPs(), max(LosslessSchedule.receiveTimes(w, K8)), "tight: every step is link-disjoint");
    }

    @Test
    void serialAllToAllUnderOneTorIsGMinusOneRoundsWithTheirAckReturns() {
        int g = 4;
        Workload w = Collectives.serialAllToAll(Placement.PACKED.groups(K8.tree(), g, 1, 0), TWO_PACKETS);
        var r = CollectiveIdeal.compute(w, K8);
        long round = lone(TWO_PACKETS, 2) + 2 * (H + D);
        assertEquals((g - 1) * round - 2 * (H + D), r.idealPs(), "the last round's ACK is not on the path");
        assertEquals(r.idealPs(), max(LosslessSchedule.receiveTimes(w, K8)));
    }

    @Test
    void allToAllAtOnceIsBoundByEachHostsNic() {
        int g = 4;
        Workload w = Collectives.allToAll(Placement.PACKED.groups(K8.tree(), g, 1, 0), TWO_PACKETS);
        var r = CollectiveIdeal.compute(w, K8);
        assertEquals((g - 1) * 2 * T + D + (T + D), r.idealPs());
        assertEquals(CollectiveIdeal.Bound.EGRESS, r.binding(), "egress and ingress tie; egress is named first");
        assertEquals(r.egressPs(), r.ingressPs());
    }

    @Test
    void theBoundNeverExceedsABruteForceScheduleOfAnyCollectiveFlowByFlow() {
        List<FatTree> trees = List.of(FatTree.twoTier(4), FatTree.twoTier(8), FatTree.threeTier(4));
        qt().withFixedSeed(0x43_4f4c_4cL).withExamples(120).forAll(longs().all()).checkAssert(seed -> {
            SplittableRandom rnd = new SplittableRandom(seed);
            FatTree tree = trees.get(rnd.nextInt(trees.size()));
            FabricParameters p = FabricParameters.paperDefaults(tree);
            Collectives.Kind kind = Collectives.Kind.values()[rnd.nextInt(Collectives.Kind.values().length)];
            int groupSize = 2 + rnd.nextInt(Math.min(6, tree.hosts() - 1));
            Placement placement = Placement.values()[rnd.nextInt(3)];
            int[][] groups = placement.groups(tree, groupSize, 1 + rnd.nextInt(tree.hosts() / groupSize), seed);
            long size = 1 + rnd.nextInt(5 * 4096);
            Workload w = Collectives.generate(kind, tree, groups, size, seed);
            var r = CollectiveIdeal.compute(w, p);
            long[] real = LosslessSchedule.receiveTimes(w, p);
            for (int f = 0; f < w.size(); f++) {
                assertTrue(r.earliestReceivePs()[f] <= real[f], kind + " flow " + f + ": bound "
                        + r.earliestReceivePs()[f] + " > schedule " + real[f]);
            }
            assertTrue(r.idealPs() <= max(real), kind + ": ideal " + r.idealPs() + " > schedule " + max(real));
        });
    }

    private static long max(long[] a) {
        return Arrays.stream(a).max().orElseThrow();
    }
}
