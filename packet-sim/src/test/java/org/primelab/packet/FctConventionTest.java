package org.primelab.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.primelab.analytical.fct.IdealFct;
import org.primelab.core.cc.CcKind;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.metrics.FctConvention;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workloads;
import org.primelab.packet.metrics.FlowStats;
import org.primelab.packet.metrics.SimResult;

/**
 * The two places a flow's completion is measured ({@code --fct-at}): the receiver (last byte delivered)
 * and the sender (the ACK that leaves no byte unacknowledged arrives).
 */
class FctConventionTest {

    /**
     * The ACK's return on an idle path of {@code h} links: the receiver sends it the instant the last
     * byte arrives (the last packet always triggers an ACK), and each link, store-and-forward, adds a
     * header's serialization plus the propagation delay; every queue on the way back is empty.
     */
    private static long idleAckReturnPs(SimConfig c, int links) {
        return links * (Units.serializationPs(c.headerBytes(), c.linkRateBps()) + c.propagationPs());
    }

    @ParameterizedTest
    @CsvSource({
        "2, 8, 100, dctcp", "2, 8, 2000000, fixed", "2, 16, 2000000, dctcp", "3, 4, 777777, fixed",
        "3, 4, 2000000, nscc",
    })
    void onAnIdleFabricTheSenderLearnsExactlyOneAckReturnLater(int tiers, int k, long size, String cc) {
        FatTree t = FatTree.builder(tiers, k).build();
        Flow f = new Flow(0, 0, t.hosts() - 1, size, 0);
        for (LoadBalancingScheme s : LoadBalancingScheme.values()) {
            SimConfig c = SimConfig.builder(t).scheme(s).cc(CcKind.parse(cc)).fctAt(FctConvention.SENDER).build();
            SimResult r = PacketSimulatorTest.run(c, List.of(f));
            FlowStats fs = r.flows().get(0);
            int links = 2 * tiers;
            long receiverIdeal = IdealFct.lonePathPs(size, c.mtuBytes(), c.headerBytes(), c.linkRateBps(),
                    c.propagationPs(), links);
            assertEquals(receiverIdeal, fs.fctPs(FctConvention.RECEIVER), s + ": receiver FCT");
            assertEquals(receiverIdeal + idleAckReturnPs(c, links), fs.fctPs(FctConvention.SENDER), s + ": sender FCT");
            assertEquals(FctConvention.SENDER, r.fctAt());
            assertEquals(fs.fctPs(FctConvention.SENDER), r.maxFctPs(), s + ": the result reports the sender side");
            assertEquals(1.0, r.ratio(), s + ": the Ratio stays the paper's, at the receiver");
            assertEquals("sender", r.summary().get("fct_at"));
        }
    }

    @Test
    void onABusyFabricEveryAckTakesAtLeastTheIdleReturnAndReceiverTimesDoNotMove() {
        FatTree t = FatTree.twoTier(8);
        List<List<Flow>> workloads = List.of(Workloads.incast(t, 0, 12, 500_000, 5),
                Workloads.permutation(t, 2_000_000, 3, false));
        int runsCompared = 0;   // runs without timeouts, whose receiver times must match exactly
        for (List<Flow> flows : workloads) {
            for (LoadBalancingScheme s : new LoadBalancingScheme[] {LoadBalancingScheme.PRIME, LoadBalancingScheme.ECMP,
                LoadBalancingScheme.AR}) {
                SimConfig receiver = SimConfig.builder(t).scheme(s).build();
                SimResult atReceiver = PacketSimulatorTest.run(receiver, flows);
                SimResult atSender = PacketSimulatorTest.run(receiver.withFctAt(FctConvention.SENDER), flows);
                assertTrue(atSender.maxFctPs() > atReceiver.maxFctPs(), s + ": the last ACK comes after the last byte");
                for (int i = 0; i < flows.size(); i++) {
                    FlowStats a = atSender.flows().get(i);
                    assertTrue(a.ackedPs() >= a.endPs() + idleAckReturnPs(receiver, a.pathLinks()),
                            s + " flow " + i + ": acked at " + a.ackedPs() + ", last byte at " + a.endPs());
                    if (atSender.timeouts() == 0) {
                        assertEquals(atReceiver.flows().get(i).endPs(), a.endPs(),
                                s + " flow " + i + ": measuring at the sender must not change the run");
                    }
                }
                PacketSimulatorTest.assertConserved(atSender);
                runsCompared += atSender.timeouts() == 0 ? 1 : 0;
            }
        }
        assertTrue(runsCompared >= 3, "only " + runsCompared + " of 6 runs were free of timeouts to compare");
    }

    @Test
    void aReceiverSideRunDoesNotInventSenderTimesItDidNotWaitFor() {
        FatTree t = FatTree.twoTier(8);
        Flow f = new Flow(0, 0, t.hosts() - 1, 2_000_000, 0);
        SimResult r = PacketSimulatorTest.run(SimConfig.builder(t).build(), List.of(f));
        assertEquals(FlowStats.NOT_MEASURED, r.flows().get(0).ackedPs(), "the run stops at the last byte");
        assertThrows(IllegalStateException.class, () -> r.flows().get(0).fctPs(FctConvention.SENDER));
        assertEquals("receiver", r.summary().get("fct_at"));
    }
}
