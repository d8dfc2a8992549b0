package org.primelab.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.analytical.fct.IdealMaxFct;
import org.primelab.core.cc.CcKind;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.metrics.ProgressListener;
import org.primelab.core.random.Seeds;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workloads;
import org.primelab.packet.metrics.SimResult;

/**
 * NSCC on a fabric with a quarter of its cables degraded to 100 G: marks and trims cut some windows
 * below one coalesced ACK (4 packets). Before senders set the AR flag ({@code FlowSender}, "ACK
 * request"), such a window's last packets sat at the receiver unacknowledged until the retransmission
 * timer fired, although nothing was lost: this run (32 hosts, 2 MB) took 11 timeouts and a Ratio of
 * 5.16; the 128-host, 4 MB point of the sensitivity sweep that found it ({@code prime sim --tiers 2 --k 16
 * --flow-size 4MB --lb reps --cc nscc --ack-on-mark --seed 1 --degrade-fraction 0.25}) took 2,297 and a
 * Ratio of 902, one flow sending one packet per three timeouts for 120 ms. With the flag: none, 2.27.
 */
class NsccCoalescingStallTest {

    @Test
    void nothingLostNoTimeoutAndTheTailStaysNearTheIdeal() {
        FatTree t = FatTree.twoTier(8);
        long seed = 1;
        List<Flow> flows = Workloads.permutation(t, 2_000_000, seed, false);
        Faults faults = Faults.builder(t)
                .degradeRandomFraction(0.25, Units.gbps(100), Seeds.derive(seed, Seeds.FAULTS, 2)).build();
        SimConfig c = SimConfig.builder(t).scheme(LoadBalancingScheme.REPS).cc(CcKind.NSCC).ackOnMark(true)
                .faults(faults).seed(seed).build();
        SimResult r = new PacketSimulator(c, flows, IdealMaxFct.of(c.fabric(), c.faults(), flows))
                .run(ProgressListener.NONE);
        assertEquals(0, r.lost(), "no link fails: nothing can be lost");
        assertTrue(r.trims() > 0, "the degraded links must congest the fabric, or the test is vacuous");
        assertEquals(0, r.timeouts(), "a retransmission timeout with nothing lost is a stall");
        assertTrue(r.ratio() < 3, "max FCT within 3x the ideal, Ratio " + r.ratio());
    }
}
