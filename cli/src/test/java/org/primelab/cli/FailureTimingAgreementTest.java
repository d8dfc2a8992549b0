package org.primelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.primelab.analytical.fct.IdealFct;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.metrics.ProgressListener;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workload;
import org.primelab.core.workload.Workloads;
import org.primelab.fluid.FluidConfig;
import org.primelab.fluid.FluidResult;
import org.primelab.fluid.flowlevel.FlowLevelOptions;
import org.primelab.fluid.flowlevel.FlowLevelSimulator;
import org.primelab.packet.PacketSimulator;
import org.primelab.packet.SimConfig;
import org.primelab.packet.metrics.SimResult;

/**
 * Where a link failure meets a flow in time, in both simulators: a lone 1 MB ECMP flow at 100G (2-tier radix 8)
 * through a leaf uplink, which fails just after the flow's last byte has left its host. Its last packets are
 * then still on their way to the uplink (one hop: an MTU's serialization plus the propagation, 0.93 us), so
 * the packet simulator loses them and the flow ends after a retransmission timeout; failing two hops later,
 * nothing is lost. The flow-level model reads the fabric at the time a packet reaches each link, so it agrees:
 * within {@value #TOLERANCE} in the first case (measured when this test was written: 122.49 us against
 * 124.45 us, -1.6%), exactly in the second. A model that read the fabric at the send time lost nothing in the
 * first case (84.65 us, -32%).
 */
class FailureTimingAgreementTest {
    /** Issue 16's target for failures. */
    static final double TOLERANCE = 0.10;
    private static final long RATE = 100 * Units.GBPS;
    private static final long DETECT = 10 * Units.PS_PER_US;
    private static final long RTO = 30 * Units.PS_PER_US;

    @Test
    void aFailureJustAfterTheLastSendCostsATimeoutInBothSimulatorsAndTwoHopsLaterNothing() {
        FatTree tree = FatTree.twoTier(8);
        Flow flow = new Flow(0, 0, 9, 1_000_000, 0);
        SimConfig healthy = SimConfig.builder(tree).rate(RATE).scheme(LoadBalancingScheme.ECMP).seed(1).build();
        SimResult lone = packet(healthy, flow);
        // the leaf uplink ECMP hashes the flow to (the same in both simulators: core's UplinkSelector)
        int uplink = flowLevel(healthy, flow).links().stream()
                .filter(l -> l.tier() == 1 && l.uplink() && l.dataBytes() > 0).findFirst().orElseThrow().link();
        String cable = tree.cableName(uplink);
        long mtuPs = Units.serializationPs(healthy.mtuBytes(), RATE);
        long lastSendEnds = IdealFct.senderBusyPs(flow.sizeBytes(), healthy.mtuBytes(), healthy.headerBytes(), RATE);
        long hop = mtuPs + healthy.propagationPs();

        long onTheWay = lastSendEnds + hop / 2;
        SimResult p = packet(failing(healthy, cable, onTheWay), flow);
        FluidResult f = flowLevel(failing(healthy, cable, onTheWay), flow);
        assertEquals(1, p.flows().get(0).timeouts(), "packet-sim loses the packets on their way");
        assertTrue(f.flows().get(0).endPs() >= lastSendEnds + RTO, "the model times out: " + f.flows().get(0));
        assertEquals(1.0, f.maxFctPs() / (double) p.maxFctPs(), TOLERANCE,
                "fluid " + f.maxFctPs() + " ps vs packet " + p.maxFctPs() + " ps");

        long passed = lastSendEnds + 2 * hop;
        SimResult p2 = packet(failing(healthy, cable, passed), flow);
        FluidResult f2 = flowLevel(failing(healthy, cable, passed), flow);
        assertEquals(0, p2.flows().get(0).timeouts());
        assertEquals(lone.maxFctPs(), p2.maxFctPs());
        assertEquals(p2.maxFctPs(), f2.maxFctPs());
    }

    @Test
    void ecmpFlowsWhoseAcksCrossTheFailedCableTimeOutInBothSimulators() {
        // 2-tier k=16 400G 2 MB permutation, ECMP, leaf0-spine3 failed at 0 (detection 100 us, RTO 10 base RTTs,
        // the command line's defaults). An ECMP flow's ACKs are hashed from its receiver's ToR with its EV, so they
        // take a spine of their own: a flow whose ACKs cross the failed cable is heard from by nothing until
        // detection, however its data goes, and times out. Packet-sim shows it as duplicates (packets delivered
        // whose ACKs were lost, sent again at the timeout). Seed 1 has four such flows (276-280 us); the model
        // without lost ACKs ended them at 43-127 us (-54% to -84%).
        FatTree tree = FatTree.twoTier(16);
        SimConfig c = SimConfig.builder(tree).rate(400 * Units.GBPS).scheme(LoadBalancingScheme.ECMP).seed(1)
                .faults(Faults.builder(tree).fail("leaf0-spine3", 0).build()).build();
        List<Flow> flows = Workloads.permutation(tree, 2_000_000, 1, false);
        SimResult p = new PacketSimulator(c, flows, 1).run(ProgressListener.NONE);
        FluidResult f = new FlowLevelSimulator(FluidConfig.of(c.scenario()).withWorkload(Workload.of(flows)),
                new FlowLevelOptions(c.detectPs(), c.effectiveRtoPs()), 1).run();
        int acksLost = 0;
        for (int i = 0; i < flows.size(); i++) {
            var packet = p.flows().get(i);
            if (packet.duplicates() > 0) {
                acksLost++;
                long fluid = f.flows().get(i).endPs() - f.flows().get(i).startPs();
                long measured = packet.endPs() - packet.startPs();
                assertEquals(1.0, fluid / (double) measured, TOLERANCE,
                        "flow " + i + ": fluid " + fluid + " ps vs packet " + measured + " ps");
            }
        }
        assertTrue(acksLost >= 2, "the permutation has flows whose ACKs cross the cable: " + acksLost);
    }

    /**
     * A lone 1 MB ECMP flow at 100G (k = 8, h0 -> h9, seed 1) whose data avoids the failed cable leaf2-spine0 but
     * whose ACKs, hashed from leaf2, cross it: they are lost until the receiver's side reroutes them at detection.
     * Every ACK carries the receiver's cumulative point, so the first one through makes good the lost ones; but a
     * sender whose window is full of unacknowledged packets sends nothing, no data means no ACK, and it waits for
     * its timeout. Packet-sim: 89.81 us with no timeout (detection at 10 us, the window not yet full), 192.43 us with
     * 2 timeouts (detection 30 us, RTO 20 us), 252.43 us with 1 (detection 50 us, RTO 100 us). The model within the
     * target: 84.65, 185.12 and 245.12 us. Letting a stalled flow's ACKs through at detection, as if it still sent,
     * gave 407.95 us (a stall, a timeout, then a repair that came too late to help) and 128.65 us (no timeout).
     */
    @ParameterizedTest
    @CsvSource({"10, 30, 0", "30, 20, 2", "50, 100, 1"})
    void aFlowWhoseAcksAloneCrossTheFailedCableAgreesWithPacketSim(long detectUs, long rtoUs, int timeouts) {
        FatTree tree = FatTree.twoTier(8);
        Flow flow = new Flow(0, 0, 9, 1_000_000, 0);
        SimConfig c = SimConfig.builder(tree).rate(RATE).scheme(LoadBalancingScheme.ECMP).seed(1)
                .faults(Faults.builder(tree).fail("leaf2-spine0", 0).build()).detect(detectUs * Units.PS_PER_US)
                .rto(rtoUs * Units.PS_PER_US).build();
        SimResult p = packet(c, flow);
        assertEquals(timeouts, p.flows().get(0).timeouts());
        assertEquals(0, p.flows().get(0).retransmissions() - 4L * timeouts, "each timeout resends one window");
        FluidResult f = new FlowLevelSimulator(FluidConfig.of(c.scenario()).withWorkload(Workload.of(List.of(flow))),
                new FlowLevelOptions(c.detectPs(), c.effectiveRtoPs()), 1).run();
        assertEquals(1.0, f.maxFctPs() / (double) p.maxFctPs(), TOLERANCE,
                "fluid " + f.maxFctPs() + " ps vs packet " + p.maxFctPs() + " ps");
    }

    /**
     * Only the ACKs' direction fails: leaf2 -> spine0, on the way back of a lone 1 MB RPS flow h0 -> h9 at 100G, its
     * data unharmed (it never goes up from leaf2). A quarter of its ACKs are lost until detection (50 us), but the
     * next ACK's cumulative point makes each good, so nothing waits for a timeout. Packet-sim: 87.80 us, no timeout
     * (200.24 us with two when an ACK listed only its own packets); the model 84.65 us (189.50 us while it held a
     * lost ACK's packets in flight until a timeout, as packet-sim then did).
     */
    @Test
    void acksLostAlongsideOnesThatGetThroughCostNoTimeout() {
        FatTree tree = FatTree.twoTier(8);
        Flow flow = new Flow(0, 0, 9, 1_000_000, 0);
        SimConfig c = SimConfig.builder(tree).rate(RATE).scheme(LoadBalancingScheme.RPS).seed(1)
                .faults(Faults.builder(tree).fail("leaf2->spine0", 0).build()).detect(50 * Units.PS_PER_US)
                .rto(RTO).build();
        SimResult p = packet(c, flow);
        assertEquals(0, p.flows().get(0).timeouts());
        assertEquals(0, p.flows().get(0).retransmissions());
        FluidResult f = new FlowLevelSimulator(FluidConfig.of(c.scenario()).withWorkload(Workload.of(List.of(flow))),
                new FlowLevelOptions(c.detectPs(), c.effectiveRtoPs()), 1).run();
        assertEquals(1.0, f.maxFctPs() / (double) p.maxFctPs(), TOLERANCE,
                "fluid " + f.maxFctPs() + " ps vs packet " + p.maxFctPs() + " ps");
    }

    private static SimConfig failing(SimConfig healthy, String cable, long atPs) {
        FatTree tree = healthy.tree();
        return SimConfig.builder(tree).rate(RATE).scheme(LoadBalancingScheme.ECMP).seed(1)
                .faults(Faults.builder(tree).fail(cable, atPs).build()).detect(DETECT).rto(RTO).build();
    }

    private static SimResult packet(SimConfig c, Flow flow) {
        return new PacketSimulator(c, List.of(flow), 1).run(ProgressListener.NONE);
    }

    private static FluidResult flowLevel(SimConfig c, Flow flow) {
        FluidConfig fc = FluidConfig.of(c.scenario()).withWorkload(Workload.of(List.of(flow)));
        return new FlowLevelSimulator(fc, new FlowLevelOptions(DETECT, RTO), 1).run();
    }
}
