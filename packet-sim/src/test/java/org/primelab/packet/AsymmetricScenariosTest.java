package org.primelab.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.primelab.analytical.fct.IdealMaxFct;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.metrics.ProgressListener;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workloads;
import org.primelab.packet.metrics.FlowStats;
import org.primelab.packet.metrics.SimResult;
import org.primelab.packet.net.EgressPort;
import org.primelab.packet.net.PacketPool;
import org.primelab.packet.net.Scheduling;

/** The paper's asymmetric experiments (issue "asymmetric", item 8): failure, degradation, mixed traffic. */
class AsymmetricScenariosTest {
    private static final long MB = 1_000_000;

    private static SimResult run(SimConfig c, List<Flow> flows) {
        return new PacketSimulator(c, flows, IdealMaxFct.of(c.fabric(), c.faults(), flows)).run(ProgressListener.NONE);
    }

    @Test
    void blackHolePhaseLosesPacketsTimeoutsRecoverThemAndEveryFlowCompletes() {
        FatTree t = FatTree.twoTier(8);
        List<Flow> flows = Workloads.permutation(t, 2 * MB, 4, true);
        Faults faults = Faults.builder(t).fail("leaf0-spine1", Units.us(5)).fail("leaf2-spine3", Units.us(8)).build();
        for (LoadBalancingScheme s : LoadBalancingScheme.values()) {
            SimConfig c = SimConfig.builder(t).scheme(s).faults(faults).detect(Units.us(30)).seed(4).build();
            SimResult r = run(c, flows);
            for (FlowStats f : r.flows()) {
                assertEquals(f.sizeBytes(), f.deliveredBytes(), s + " flow " + f.id());
            }
            if (s != LoadBalancingScheme.ECMP) {
                // Every spraying scheme crosses the failed cables during the black hole.
                assertTrue(r.lostData() > 0, s + ": no data was lost in the black-hole phase");
                assertTrue(r.timeouts() > 0, s + ": losses must be recovered by timeouts");
            }
            // Every data packet the hole swallowed was sent again: each flow delivered all its bytes.
            assertTrue(r.retransmissions() >= r.lostData(), s + ": " + r.lostData() + " data packets lost, "
                    + r.retransmissions() + " retransmitted");
            assertEquals(r.lost(), r.lostData() + r.lostControl(), s + ": lost = data + control");
            assertEquals(List.of(r.lost(), r.lostData(), r.lostControl()), List.of(r.summary().get("lost"),
                    r.summary().get("lost_data"), r.summary().get("lost_control")), s + ": summary");
        }
    }

    @Test
    void afterDetectionNothingIsLostAndNoPacketUsesTheFailedLink() {
        FatTree t = FatTree.twoTier(8);
        List<Flow> flows = Workloads.permutation(t, 2 * MB, 4, true);
        Faults faults = Faults.builder(t).fail("leaf0-spine1", 0).build();
        for (LoadBalancingScheme s : LoadBalancingScheme.values()) {
            SimResult r = run(SimConfig.builder(t).scheme(s).faults(faults).detect(0).seed(4).build(), flows);
            assertEquals(0, r.lost(), s + ": detected at once, nothing should be lost");
            assertEquals(0, r.timeouts(), s + ": timeouts");
            int up = t.linksByName("leaf0->spine1")[0];
            assertEquals(0, r.queues().get(up).dataPackets(), s + ": the failed uplink carried data");
        }
    }

    /** The motivation setup: 18 flows leaf 0 -> leaf 1, uplink 0 of leaf 0 at 25% of its rate. */
    @Test
    void primeMovesLoadOffADegradedUplinkWhileCoPrimeDoesNot() {
        FatTree t = FatTree.twoTier(16);
        List<Flow> flows = new ArrayList<>();
        for (int i = 0; i < 18; i++) {
            flows.add(new Flow(i, i % 8, 8 + i % 8, 2 * MB, 0));
        }
        Faults faults = Faults.builder(t).degrade("leaf0->spine0", Units.gbps(100)).build();
        double[] share = new double[2];
        int k = 0;
        for (LoadBalancingScheme s : new LoadBalancingScheme[] {LoadBalancingScheme.CO_PRIME, LoadBalancingScheme.PRIME}) {
            SimResult r = run(SimConfig.builder(t).scheme(s).faults(faults).build(), flows);
            long degraded = 0;
            long all = 0;
            for (Flow f : flows) {
                int[] c = r.uplinkCounts(f.id());
                degraded += c[0];
                for (int x : c) {
                    all += x;
                }
            }
            share[k++] = degraded / (double) all;
        }
        assertEquals(1.0 / 8, share[0], 0.002, "CO-PRIME ignores congestion: an even share on the degraded port");
        assertTrue(share[1] < 0.8 / 8, "PRIME should move load off the degraded port, share " + share[1]);
    }

    @Test
    void strictPriorityLetsEcmpTrafficTakeASharedPort() {
        FatTree t = FatTree.twoTier(8);
        List<Flow> flows = Workloads.permutation(t, 2 * MB, 6, true);
        SimConfig base = SimConfig.builder(t).scheme(LoadBalancingScheme.RPS).ecmpFraction(0.1).seed(6).build();
        SimResult sp = run(base, flows);
        SimResult wrr = run(SimConfig.builder(t).scheme(LoadBalancingScheme.RPS).ecmpFraction(0.1)
                .scheduling(new Scheduling(Scheduling.Kind.WRR, 0.2)).seed(6).build(), flows);
        assertEquals(3, sp.flowCount(1));
        // Under SP the ECMP flows are served first everywhere: they finish near the lone-flow ideal.
        assertTrue(sp.maxFctPs(1) < 1.15 * sp.idealMaxFctPs(), "ECMP class under SP: " + sp.maxFctPs(1));
        assertTrue(wrr.maxFctPs(1) > sp.maxFctPs(1), "a 20% WRR weight should slow the ECMP class down");
        assertTrue(sp.summary().containsKey("ecmp_max_fct_us"));
    }

    @Test
    void wrrSharesASaturatedPortWithinFivePercentOfItsWeights() {
        int mtu = 4160;
        for (double w : new double[] {0.5, 0.66, 0.8}) {
            PacketPool pool = new PacketPool(64, 4);
            EgressPort port = new EgressPort(0, Units.gbps(400), 0, Long.MAX_VALUE, null, mtu, 64,
                    new Scheduling(Scheduling.Kind.WRR, w), 1);
            SplittableRandom rnd = new SplittableRandom(1);
            for (int c = 0; c < 2; c++) {
                for (int i = 0; i < 8; i++) {
                    port.offerData(pool, pool.allocate(PacketPool.DATA, c, i, 0, mtu - 1000 * c), c, 0);
                }
            }
            for (int i = 0; i < 20_000; i++) {
                int pkt = port.poll(pool, rnd, i);
                int cls = pool.flow(pkt);
                int size = pool.size(pkt);
                pool.release(pkt);
                port.offerData(pool, pool.allocate(PacketPool.DATA, cls, i, 0, size), cls, i);   // stay saturated
            }
            double ecmpShare = port.sentClassBytes(1) / (double) (port.sentClassBytes(0) + port.sentClassBytes(1));
            assertEquals(w, ecmpShare, 0.05 * w, "WRR weight " + w);
        }
    }

    @Test
    void degradedRandomLinksSlowTheFabricButEveryByteArrives() {
        FatTree t = FatTree.twoTier(8);
        List<Flow> flows = Workloads.permutation(t, MB, 2, true);
        Faults faults = Faults.builder(t).degradeRandomFraction(0.25, Units.gbps(100), 3).build();
        SimResult healthy = run(SimConfig.builder(t).seed(2).build(), flows);
        SimResult degraded = run(SimConfig.builder(t).faults(faults).seed(2).build(), flows);
        assertTrue(degraded.maxFctPs() > healthy.maxFctPs());
        for (FlowStats f : degraded.flows()) {
            assertEquals(f.sizeBytes(), f.deliveredBytes());
        }
    }
}
