package org.primelab.packet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.core.entropy.SprayOrder;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.forwarding.UplinkSelector;
import org.primelab.core.metrics.ProgressListener;
import org.primelab.core.topology.FatTree;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workload;
import org.primelab.packet.metrics.SimResult;

/**
 * {@link SimConfig#withSprayOrder}: RPS with {@link SprayOrder#CYCLE} uses each of its flow's {@code E} EVs
 * once per cycle (htsim's oblivious spraying), so a lone flow of {@code m} whole cycles sends to each uplink
 * of its ToR exactly {@code m} times the number of its EVs that the ToR hashes there; the default order draws a
 * random EV per packet and does not.
 */
class SprayOrderTest {
    private static final FatTree TREE = FatTree.twoTier(16);   // 8 uplinks per ToR
    private static final int EVS = 64;
    private static final int CYCLES = 5;

    @Test
    void aCyclingFlowSendsToEachUplinkItsEvsHashCountTimesItsCycles() {
        SimConfig base = SimConfig.builder(TREE).scheme(LoadBalancingScheme.RPS).seed(3).build();
        long payload = base.mtuBytes() - base.headerBytes();
        Flow flow = new Flow(0, 0, 100, CYCLES * EVS * payload, 0);   // 320 full packets, leaf0 to leaf12
        SimConfig cycling = base.withEvSpace(EVS).withSprayOrder(SprayOrder.CYCLE).withWorkload(Workload.of(List.of(flow)));
        int tor = TREE.torOf(flow.src());
        long salt = UplinkSelector.salts(TREE, cycling.seed())[tor];
        int[] expected = new int[TREE.torUplinks()];
        for (int ev = 0; ev < EVS; ev++) {
            expected[UplinkSelector.hashed(flow.id(), ev, salt, TREE.torUplinks())] += CYCLES;
        }
        SimResult cycled = run(cycling);
        assertEquals(0, cycled.flows().get(0).retransmissions(), "a lone flow resends nothing");
        assertArrayEquals(expected, cycled.uplinkCounts(0));

        int[] drawn = run(cycling.withSprayOrder(SprayOrder.RANDOM)).uplinkCounts(0);
        assertEquals(CYCLES * EVS, Arrays.stream(drawn).sum());
        assertFalse(Arrays.equals(expected, drawn), "a random EV per packet adds a multinomial draw: " + Arrays.toString(drawn));
    }

    @Test
    void theScenarioNamesTheCycleForRpsOnlyAndTheDefaultLeavesItAsItWas() {
        SimConfig rps = SimConfig.builder(TREE).scheme(LoadBalancingScheme.RPS).build();
        assertEquals(rps.scenario(), rps.withSprayOrder(SprayOrder.RANDOM).scenario());
        assertTrue(rps.withSprayOrder(SprayOrder.CYCLE).scenario().toString().contains(", EVs in cycles"));
        SimConfig reps = SimConfig.builder(TREE).scheme(LoadBalancingScheme.REPS).build();
        assertFalse(reps.withSprayOrder(SprayOrder.CYCLE).scenario().toString().contains("cycles"));
    }

    private static SimResult run(SimConfig c) {
        return new PacketSimulator(c, c.flows(), 1).run(ProgressListener.NONE);
    }
}
