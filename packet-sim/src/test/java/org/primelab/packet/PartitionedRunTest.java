package org.primelab.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.core.cc.CcKind;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.metrics.FctConvention;
import org.primelab.core.metrics.ProgressListener;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Trigger;
import org.primelab.core.workload.Workload;
import org.primelab.core.workload.Workloads;
import org.primelab.packet.metrics.QueueStats;
import org.primelab.packet.metrics.SimResult;

/**
 * A run on several threads ({@link PartitionedRun}) gives exactly the result of one thread: every flow's
 * statistics, every queue's, the per-uplink counts, the end time and the number of events, on workloads that
 * exercise every path between partitions (every scheme, failures detected between windows, degraded links,
 * NSCC, mixed traffic classes, staggered starts, an all-to-all, three tiers, completion at the sender).
 */
class PartitionedRunTest {
    private static final long MB = 1_000_000;

    /** A run on {@code threads} threads; the ideal (carried into the result, not used by the run) is a dummy. */
    private static SimResult run(SimConfig c, int threads) {
        return new PacketSimulator(c, 1).threads(threads).run(ProgressListener.NONE);
    }

    /** Everything a run reports but its wall time and peak packet count (a bound over several parts). */
    private static String outcome(SimResult r) {
        StringBuilder b = new StringBuilder();
        b.append("end=").append(r.endPs()).append(" events=").append(r.events()).append('\n');
        r.flows().forEach(f -> b.append(f).append('\n'));
        for (QueueStats q : r.queues()) {
            b.append(q.link()).append(' ').append(q.maxPackets()).append(' ').append(q.maxBytes()).append(' ')
                    .append(q.meanPackets()).append(' ').append(q.maxControlPackets()).append(' ').append(q.dataPackets())
                    .append(' ').append(q.trims()).append(' ').append(q.ecnMarks()).append(' ').append(q.lost()).append(' ')
                    .append(Arrays.toString(q.classBytes())).append('\n');
        }
        b.append(Arrays.toString(r.flowUplinkCounts()));
        return b.toString();
    }

    private static void assertSameOnEveryThreadCount(SimConfig c, int... threads) {
        String one = outcome(run(c, 1));
        for (int n : threads) {
            assertEquals(one, outcome(run(c, n)), n + " threads against 1: " + c.scheme());
        }
    }

    @Test
    void everySchemeGivesTheSameResultOnTwoThreeAndEightThreads() {
        FatTree t = FatTree.twoTier(8);
        List<Flow> flows = Workloads.permutation(t, 2 * MB, 5, false);
        for (LoadBalancingScheme s : LoadBalancingScheme.values()) {
            assertSameOnEveryThreadCount(SimConfig.builder(t).scheme(s).seed(5).build().withWorkload(
                    Workload.of(flows)), 2, 3, 8);
        }
    }

    @Test
    void failuresDetectedBetweenWindowsAndDegradedLinksGiveTheSameResult() {
        FatTree t = FatTree.twoTier(8);
        List<Flow> flows = Workloads.permutation(t, 2 * MB, 4, true);
        Faults faults = Faults.builder(t).fail("leaf0-spine1", Units.us(5)).fail("leaf2-spine3", Units.us(8))
                .degrade("leaf1->spine2", Units.gbps(100)).build();
        for (LoadBalancingScheme s : List.of(LoadBalancingScheme.PRIME, LoadBalancingScheme.ECMP,
                LoadBalancingScheme.AR)) {
            SimConfig c = SimConfig.builder(t).scheme(s).faults(faults).detect(Units.us(30)).seed(4).build()
                    .withWorkload(Workload.of(flows));
            SimResult r = run(c, 1);
            assertTrue(r.lost() > 0 || s == LoadBalancingScheme.ECMP, s + ": the black hole must lose packets");
            assertSameOnEveryThreadCount(c, 2, 4);
        }
    }

    @Test
    void nsccMixedClassesStaggeredAllToAllAndThreeTiersGiveTheSameResult() {
        FatTree two = FatTree.twoTier(8);
        List<Flow> staggered = Workloads.staggered(Workloads.allToAll(two, 64_000), Units.us(3), 7);
        assertSameOnEveryThreadCount(SimConfig.builder(two).scheme(LoadBalancingScheme.REPS).cc(CcKind.NSCC)
                .ecmpFraction(0.3).seed(7).build().withWorkload(Workload.of(staggered)), 2, 5);
        FatTree three = FatTree.builder(3, 4).build();
        List<Flow> perm = Workloads.permutation(three, MB, 2, true);
        assertSameOnEveryThreadCount(SimConfig.builder(three).scheme(LoadBalancingScheme.PRIME).seed(2).build()
                .withWorkload(Workload.of(perm)), 2, 3, 8);
        assertSameOnEveryThreadCount(SimConfig.builder(two).scheme(LoadBalancingScheme.RPS).seed(3)
                .fctAt(FctConvention.SENDER).build().withWorkload(Workload.of(
                        Workloads.incast(two, 0, 20, 300_000, 3))), 2, 4);
    }

    /**
     * Shorter windows change only how often the partitions synchronize: every flow ends at the same
     * picosecond, with the same retransmissions, timeouts and marks, including under failures detected in
     * the middle of a window (a detection must split its window: routing changes after the events of its
     * picosecond and before any later one). Port counters may differ, since the run stops at the end of the
     * window in which the last flow completes.
     */
    @Test
    void flowsDoNotDependOnTheWindowLength() {
        FatTree t = FatTree.twoTier(8);
        List<Flow> flows = Workloads.permutation(t, 2 * MB, 4, true);
        Faults faults = Faults.builder(t).fail("leaf0-spine1", Units.us(5)).fail("leaf2-spine3", Units.us(8)).build();
        for (LoadBalancingScheme s : List.of(LoadBalancingScheme.PRIME, LoadBalancingScheme.RPS)) {
            SimConfig c = SimConfig.builder(t).scheme(s).faults(faults).detect(Units.us(30) + 12_345).seed(4).build()
                    .withWorkload(Workload.of(flows));
            long full = PartitionedRun.windowPs(c);
            String expected = new PartitionedRun(c, 1, 1, full, 1).run(ProgressListener.NONE).flows().toString();
            for (long w : new long[] {full / 3, 7_777}) {
                for (int threads : new int[] {1, 4}) {
                    assertEquals(expected, new PartitionedRun(c, 1, threads, w, threads).run(ProgressListener.NONE).flows()
                            .toString(), s + ": windows of " + w + " ps on " + threads + " threads");
                }
            }
        }
    }

    @Test
    void threadCountsBeyondTheToRsOrWithTriggersAreRefused() {
        FatTree t = FatTree.twoTier(4);
        SimConfig c = SimConfig.builder(t).build().withWorkload(Workload.of(
                Workloads.permutation(t, MB, 1, false)));
        assertEquals(t.tors(), PacketSimulator.maxThreads(c));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PacketSimulator.checkedThreads(c, t.tors() + 1));
        assertEquals("threads: must be in [1, 4] (one ToR per thread at least), got 5", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PacketSimulator.checkedThreads(c, 0));
        assertEquals(1, PacketSimulator.autoThreads(c, 64), "below the host threshold: one thread");
        FatTree big = FatTree.twoTier(64);
        SimConfig wide = SimConfig.builder(big).build().withWorkload(Workload.of(Workloads.permutation(big, MB, 1, false)));
        assertEquals(2, PacketSimulator.autoThreads(wide, 2), "2048 hosts, 600 ns: every processor");
        assertEquals(64, PacketSimulator.autoThreads(wide, 1000), "at most one thread per ToR");
        SimConfig shortWires = SimConfig.builder(big).delay(50_000).build().withWorkload(wide.scenario().workload());
        assertEquals(1, PacketSimulator.autoThreads(shortWires, 2), "50 ns wires: windows too short for threads");
        // a flow started by another's receive-done starts at that picosecond, possibly at another partition
        Workload chain = new Workload(List.of(new Flow(0, 0, 5, MB, 0, Flow.NO_TRIGGER, Flow.NO_TRIGGER, 0, 0),
                new Flow(1, 6, 3, MB, 0, 0, Flow.NO_TRIGGER, Flow.NO_TRIGGER, 0)), List.of(Trigger.oneShot(0)));
        SimConfig triggered = c.withWorkload(chain);
        assertEquals(1, PacketSimulator.maxThreads(triggered));
        assertEquals("threads: must be in [1, 1] (flows start on triggers), got 2", assertThrows(
                IllegalArgumentException.class, () -> PacketSimulator.checkedThreads(triggered, 2)).getMessage());
    }

    /** A run cut into {@code parts} parts on {@code threads} threads. */
    private static SimResult run(SimConfig c, int threads, int parts) {
        return new PacketSimulator(c, 1).threads(threads).parts(parts).run(ProgressListener.NONE);
    }

    /** A 2-tier k=8 permutation of 2 MB flows with a link failing at 5 us (detected at 25 us) and a degraded link. */
    private static SimConfig faultyK8(LoadBalancingScheme s) {
        FatTree t = FatTree.twoTier(8);
        Faults faults = Faults.builder(t).fail("leaf0-spine1", Units.us(5)).degrade("leaf1->spine2", Units.gbps(100))
                .build();
        return SimConfig.builder(t).scheme(s).faults(faults).detect(Units.us(20)).seed(6).build()
                .withWorkload(Workload.of(Workloads.permutation(t, 2 * MB, 6, false)));
    }

    /**
     * More parts than threads, each thread running a block of parts in turn, give the one-part result too:
     * every scheme, a failure detected between windows, a degraded link, three tiers.
     */
    @Test
    void morePartsThanThreadsGiveTheSameResult() {
        for (LoadBalancingScheme s : LoadBalancingScheme.values()) {
            SimConfig c = faultyK8(s);
            String one = outcome(run(c, 1, 1));
            assertEquals(one, outcome(run(c, 1, 8)), s + ": 8 parts on 1 thread");
            assertEquals(one, outcome(run(c, 2, 5)), s + ": 5 parts on 2 threads");
            assertEquals(one, outcome(run(c, 3, 4)), s + ": 4 parts on 3 threads");
        }
        FatTree three = FatTree.builder(3, 4).build();
        SimConfig c = SimConfig.builder(three).scheme(LoadBalancingScheme.PRIME).seed(2).build()
                .withWorkload(Workload.of(Workloads.permutation(three, MB, 2, true)));
        assertEquals(outcome(run(c, 1, 1)), outcome(run(c, 2, 8)), "3 tiers: 8 parts on 2 threads");
    }

    /**
     * The peak packet count over several parts bounds the fabric's peak from above (a part holds the packets it
     * posted to others until the window ends, {@code PartitionedRun}, "The peak packet count"), and stays within
     * 2% of it: one part's peak is exact, and the bound was 0.05% over at 2048 hosts on 8 parts. Every scheme, a
     * failure, a degraded link.
     */
    @Test
    void peakPacketsOverPartsBoundTheOnePartPeakClosely() {
        for (LoadBalancingScheme s : LoadBalancingScheme.values()) {
            SimConfig c = faultyK8(s);
            int exact = run(c, 1, 1).peakPackets();
            assertTrue(exact > 0, s.toString());
            for (int[] tp : new int[][] {{1, 8}, {2, 4}, {2, 8}}) {
                int bound = run(c, tp[0], tp[1]).peakPackets();
                assertTrue(bound >= exact && bound <= exact * 1.02, s + ", " + tp[1] + " parts on " + tp[0]
                        + " threads: " + bound + " against " + exact + " on one part");
            }
        }
    }

    /**
     * The default parts: one per {@link PacketSimulator#AUTO_TORS_PER_PART} ToRs and at least the threads; the
     * threads alone on short wires; one with triggers. A part count is refused as a thread count is.
     */
    @Test
    void partsDefaultToOnePerEightToRsAndAreCheckedAsThreadsAre() {
        FatTree big = FatTree.twoTier(64);
        SimConfig wide = SimConfig.builder(big).build().withWorkload(Workload.of(Workloads.permutation(big, MB, 1, false)));
        assertEquals(8, PacketSimulator.autoParts(wide, 1), "64 ToRs: 8 parts");
        assertEquals(8, PacketSimulator.autoParts(wide, 2));
        assertEquals(16, PacketSimulator.autoParts(wide, 16), "at least the threads");
        assertEquals(8, new PacketSimulator(wide, 1).threads(2).parts());
        assertEquals(3, new PacketSimulator(wide, 1).threads(3).parts(2).parts(), "never fewer parts than threads");
        SimConfig shortWires = SimConfig.builder(big).delay(50_000).build().withWorkload(wide.scenario().workload());
        assertEquals(2, PacketSimulator.autoParts(shortWires, 2), "50 ns wires: the threads");
        FatTree small = FatTree.twoTier(8);
        SimConfig c = SimConfig.builder(small).build().withWorkload(Workload.of(Workloads.permutation(small, MB, 1, false)));
        assertEquals(1, PacketSimulator.autoParts(c, 1), "8 ToRs: one part");
        assertEquals("parts: must be in [1, 8] (one ToR per part at least), got 9", assertThrows(
                IllegalArgumentException.class, () -> new PacketSimulator(c, 1).parts(9)).getMessage());
        Workload chain = new Workload(List.of(new Flow(0, 0, 5, MB, 0, Flow.NO_TRIGGER, Flow.NO_TRIGGER, 0, 0),
                new Flow(1, 6, 3, MB, 0, 0, Flow.NO_TRIGGER, Flow.NO_TRIGGER, 0)), List.of(Trigger.oneShot(0)));
        SimConfig triggered = SimConfig.builder(big).build().withWorkload(chain);
        assertEquals(1, PacketSimulator.autoParts(triggered, 1), "triggers: one part");
        assertEquals("parts: must be in [1, 1] (flows start on triggers), got 2", assertThrows(
                IllegalArgumentException.class, () -> new PacketSimulator(triggered, 1).parts(2)).getMessage());
    }
}
