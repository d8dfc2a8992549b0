package org.primelab.packet.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.analytical.fct.IdealMaxFct;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.entropy.PenaltyRtts;
import org.primelab.core.history.CongestionHistory.Decay;
import org.primelab.core.metrics.ProgressListener;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workload;
import org.primelab.core.workload.Workloads;
import org.primelab.packet.PacketSimulator;
import org.primelab.packet.SimConfig;

/**
 * {@link SlowPathShare}: which paths are slow (a degraded uplink or a degraded downlink into the
 * destination ToR, by name), round robin without feedback keeps every path's count within one packet
 * (so its share is 1 within that), and PRIME's share on the slow paths falls as its penalties get longer
 * (docs/design.md, "Penalty lengths and the number of paths").
 */
class SlowPathShareTest {
    private static final long G400 = Units.gbps(400);
    private static final long MB = 1_000_000;

    private static SimResult run(SimConfig c) {
        List<Flow> flows = c.flows();
        return new PacketSimulator(c, flows, IdealMaxFct.of(c.fabric(), c.faults(), flows)).run(ProgressListener.NONE);
    }

    /** A 2-tier k=16 tree with a quarter of its cables at 100G, a cross-ToR permutation of 4 MB flows. */
    private static SimConfig degraded(LoadBalancingScheme scheme) {
        FatTree t = FatTree.twoTier(16);
        Faults faults = Faults.builder(t).degradeRandomFraction(0.25, Units.gbps(100), 7).build();
        return SimConfig.builder(t).faults(faults).workload(Workload.of(Workloads.permutation(t, 4 * MB, 1, true)))
                .scheme(scheme).seed(1).build();
    }

    @Test
    void aPathIsSlowWhenItsUplinkOrItsDownlinkIsDegraded() {
        FatTree t = FatTree.twoTier(4);   // 2 hosts and 2 uplinks per leaf
        Faults f = Faults.builder(t).degrade("leaf0-spine1", Units.gbps(100)).build();
        assertArrayEquals(new boolean[] {false, true}, SlowPathShare.slowUplinks(t, f, G400, 0, 2), "leaf0 -> leaf1: uplink");
        assertArrayEquals(new boolean[] {false, true}, SlowPathShare.slowUplinks(t, f, G400, 2, 0), "leaf1 -> leaf0: downlink");
        assertArrayEquals(new boolean[] {false, false}, SlowPathShare.slowUplinks(t, f, G400, 2, 4), "leaf1 -> leaf2");
        assertArrayEquals(new boolean[] {false, false}, SlowPathShare.slowUplinks(t, f, G400, 0, 1), "same leaf");
        FatTree three = FatTree.threeTier(4);
        SimResult r = run(SimConfig.builder(three).workload(Workload.of(Workloads.permutation(three, 10_000, 1, true))).build());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SlowPathShare.of(r)).getMessage().startsWith("tiers: "));
    }

    @Test
    void roundRobinWithoutFeedbackSendsAsMuchOnEveryPath() {
        SimResult r = run(degraded(LoadBalancingScheme.CO_PRIME));
        SlowPathShare share = SlowPathShare.of(r);
        assertTrue(share.flows().size() > 64, share.toString());
        for (SlowPathShare.FlowShare f : share.flows()) {
            // every shuffled cycle uses each uplink once: counts differ by at most one packet
            int[] counts = r.uplinkCounts(f.flow());
            int min = Arrays.stream(counts).min().orElseThrow();
            int max = Arrays.stream(counts).max().orElseThrow();
            assertTrue(max - min <= 1, "flow " + f.flow() + " " + Arrays.toString(counts));
            assertEquals(1.0, f.slowToHealthy(), 1.0 / min, "flow " + f.flow());
        }
    }

    @Test
    void longerPenaltiesMovePrimesPacketsOffTheSlowPaths() {
        SimConfig prime = degraded(LoadBalancingScheme.PRIME);
        double shortPenalties = SlowPathShare.of(run(prime.withPenalties(new PenaltyRtts(Decay.TIME, 0.125, 0.5)))).meanSlowToHealthy();
        double defaults = SlowPathShare.of(run(prime)).meanSlowToHealthy();
        double longPenalties = SlowPathShare.of(run(prime.withPenalties(new PenaltyRtts(Decay.TIME, 4, 16)))).meanSlowToHealthy();
        assertTrue(shortPenalties > defaults + 0.15, shortPenalties + " vs " + defaults);
        assertTrue(defaults > longPenalties + 0.05, defaults + " vs " + longPenalties);
        // capacity-proportional would be 0.25 (100G of 400G); round robin without feedback 1
        assertTrue(longPenalties > 0.2, "longer penalties do not go below capacity-proportional: " + longPenalties);
        assertFalse(shortPenalties >= 1, "even short penalties steer some traffic away: " + shortPenalties);
    }
}
