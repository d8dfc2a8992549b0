package org.primelab.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.analytical.fct.IdealFct;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.metrics.FctConvention;
import org.primelab.core.metrics.ProgressListener;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workload;
import org.primelab.packet.metrics.FlowStats;
import org.primelab.packet.metrics.SimResult;

/**
 * ACKs lost in a black hole while the data gets through. A lone 1 MB ECMP flow at 100G (2-tier radix 8) from
 * host 0 (leaf0) to host 9 (leaf2), with the cable leaf2-spine0 failed at 0 and detected at 10 us: on the seeds
 * where ECMP sends the data through another spine but hashes the ACKs (hashed from leaf2 with the data's EV) onto
 * spine0, no data packet is lost, only the ACKs leaving leaf2 before detection (seed 1: the four ACKs of
 * packets 0-15). Every ACK carries the receiver's cumulative point, so the first ACK after detection also
 * acknowledges what the lost ones covered: nothing stays in flight, no timeout, nothing sent twice, and the sender
 * learns of the last byte exactly one idle ACK return after it arrived. The data is held up only while the
 * sender, hearing nothing, waits for the first ACK that gets through, so less than the black hole lasts.
 *
 * <p>With ACKs that list only the packets received since the previous ACK (before the fix), those 16 packets
 * stayed in flight for the rest of the flow, since the timer never fired while the other ACKs kept coming: the
 * window was 16 packets short, the flow took 201.15 us instead of 84.65, and at the sender it waited for a
 * timeout that resent the 16 packets the receiver had (258.84 us).
 */
class LostAckTest {
    private static final long RATE = 100 * Units.GBPS;
    private static final long DETECT = Units.us(10);
    private static final long RTO = Units.us(30);

    @Test
    void acksLostInABlackHoleAreMadeGoodByTheNextAckWithoutATimeout() {
        FatTree t = FatTree.twoTier(8);
        Flow flow = new Flow(0, 0, 9, 1_000_000, 0);
        Faults faults = Faults.builder(t).fail("leaf2-spine0", 0).build();
        int up = t.linksByName("leaf0->spine0")[0];
        int down = t.linksByName("spine0->leaf2")[0];
        int checked = 0;
        for (long seed = 1; seed <= 8; seed++) {
            SimConfig c = SimConfig.builder(t).rate(RATE).scheme(LoadBalancingScheme.ECMP).faults(faults)
                    .detect(DETECT).rto(RTO).seed(seed).fctAt(FctConvention.SENDER).build();
            SimResult r = PacketSimulatorTest.run(c, List.of(flow));
            boolean dataThroughSpine0 = r.queues().get(up).dataPackets() + r.queues().get(down).dataPackets() > 0;
            if (dataThroughSpine0 || r.lost() == 0) {
                continue;   // the data crossed the failed cable, or the ACKs did not: not this case
            }
            checked++;
            assertEquals(0, r.lostData(), "seed " + seed + ": the data avoided the failed cable");
            assertEquals(r.lost(), r.lostControl(), "seed " + seed + ": only ACKs were lost");
            FlowStats f = r.flows().get(0);
            int links = f.pathLinks();
            long ideal = IdealFct.lonePathPs(flow.sizeBytes(), c.mtuBytes(), c.headerBytes(), RATE, c.propagationPs(),
                    links);
            long ackReturn = links * (Units.serializationPs(c.headerBytes(), RATE) + c.propagationPs());
            String at = "seed " + seed + " (" + r.lost() + " ACKs lost)";
            long fct = f.endPs() - f.startPs();
            assertTrue(fct < ideal + DETECT, at + ": FCT " + fct + " ps, lone " + ideal + " ps");
            assertEquals(0, f.timeouts(), at + ": timeouts");
            assertEquals(0, f.retransmissions(), at + ": retransmissions");
            assertEquals(0, f.duplicates(), at + ": duplicates");
            assertEquals(f.endPs() + ackReturn, f.ackedPs(), at + ": the last ACK acknowledges every byte");
            PacketSimulatorTest.assertConserved(r);
        }
        assertTrue(checked >= 1, "no seed sent the data around the failed cable and the ACKs into it");
    }

    /** The cumulative point crosses between the parts of a partitioned run with the rest of the ACK. */
    @Test
    void theSameOnSeveralThreads() {
        FatTree t = FatTree.twoTier(8);
        Flow flow = new Flow(0, 0, 9, 1_000_000, 0);
        SimConfig c = SimConfig.builder(t).rate(RATE).scheme(LoadBalancingScheme.ECMP)
                .faults(Faults.builder(t).fail("leaf2-spine0", 0).build()).detect(DETECT).rto(RTO).seed(1)
                .fctAt(FctConvention.SENDER).build().withWorkload(Workload.of(List.of(flow)));
        SimResult one = new PacketSimulator(c, 1).threads(1).run(ProgressListener.NONE);
        assertTrue(one.lost() > 0 && one.timeouts() == 0, "seed 1 loses ACKs only: " + one.summary());
        for (int n : new int[] {2, 4}) {
            SimResult r = new PacketSimulator(c, 1).threads(n).parts(8).run(ProgressListener.NONE);
            assertEquals(one.flows(), r.flows(), n + " threads");
            assertEquals(one.events(), r.events(), n + " threads");
        }
    }
}
