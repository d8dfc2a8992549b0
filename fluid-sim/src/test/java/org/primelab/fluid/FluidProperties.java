package org.primelab.fluid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.analytical.fct.IdealFct;
import org.primelab.analytical.fct.IdealMaxFct;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.topology.FatTree;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workloads;

/** Properties of the fluid model and its DCTCP over random scenarios (fixed QuickTheories seed). */
class FluidProperties {
    private static final long QT_SEED = 0x464c5549L;

    /** Random small scenarios: everything is delivered, nothing beats the ideal, queues stay bounded. */
    @Test
    void noFlowBeatsItsIdealAndEverythingIsDelivered() {
        qt().withFixedSeed(QT_SEED).withExamples(30)
                .forAll(integers().between(0, 2), longs().between(10_000, 600_000), integers().between(0, 5),
                        longs().all())
                .checkAssert((kIndex, size, schemeIndex, seed) -> {
                    FatTree t = FatTree.builder(kIndex == 2 ? 3 : 2, kIndex == 0 ? 4 : 6).build();
                    LoadBalancingScheme s = LoadBalancingScheme.values()[schemeIndex];
                    List<Flow> flows = Workloads.staggered(Workloads.permutation(t, size, seed, false), 2_000_000, seed);
                    FluidConfig c = FluidConfig.builder(t).scheme(s).seed(seed).build();
                    FluidResult r = new FluidSimulator(c, flows, IdealMaxFct.of(c.fabric(), c.faults(), flows)).run();
                    for (FluidFlowStats f : r.flows()) {
                        long ideal = IdealFct.lonePathPs(f.sizeBytes(), c.mtuBytes(), c.headerBytes(), c.linkRateBps(),
                                c.propagationPs(), f.pathLinks());
                        assertTrue(f.fctPs() >= ideal, s + " flow " + f.id() + ": " + f.fctPs() + " < ideal " + ideal);
                        assertTrue(f.endPs() > 0);
                    }
                    for (FluidLinkStats l : r.links()) {
                        assertTrue(l.maxBytes() <= c.trimBytes() + 1e-6, l.name());
                    }
                });
    }

    @Test
    void dctcpGrowsOneMssPerUnmarkedWindow() {
        double w0 = 100_000;
        FluidDctcp cc = new FluidDctcp(false, w0, 1_000, 1e9, 4160, 4 * 4160, 0);
        cc.onAcked(w0, 0);   // one window, in one piece
        assertEquals(w0 + 4160, cc.window(), 1e-6);
        FluidDctcp fine = new FluidDctcp(false, w0, 1_000, 1e9, 4160, 4 * 4160, 0);
        for (int i = 0; i < 1000; i++) {
            fine.onAcked(w0 / 1000, 0);
        }
        // dW = MSS·a/W integrated while W grows from w0: MSS·w0/(w0 + MSS/2) to first order.
        assertEquals(w0 + 4160 * w0 / (w0 + 2080), fine.window(), 5, "ACK-clocked: dW = MSS·a/W over a window");
        assertEquals(0.0, fine.alpha());
    }

    @Test
    void dctcpAlphaTracksTheMarkedFractionAndCutsByAlphaOverTwo() {
        qt().withFixedSeed(QT_SEED).withExamples(50).forAll(integers().between(1, 99)).checkAssert(pct -> {
            double f = pct / 100.0;
            FluidDctcp cc = new FluidDctcp(false, 200_000, 16_640, 300_000, 4160, 16_640, 0);
            for (int i = 0; i < 400_000; i++) {
                cc.onAcked(cc.window() / 50, f);
            }
            assertEquals(f, cc.alpha(), 0.02, "alpha -> F");
        });
        FluidDctcp all = new FluidDctcp(false, 200_000, 16_640, 300_000, 4160, 16_640, 1.0);
        double before = all.window();
        all.onAcked(1_000, 1.0);
        assertEquals(before - 0.5 * 1_000, all.window(), 1e-6, "fully marked, alpha 1: cut W/2 per window of bytes");
        for (int i = 0; i < 10_000; i++) {
            all.onAcked(1_000, 1.0);
        }
        assertEquals(16_640, all.window(), 1e-6, "floor");
        FluidDctcp fixed = new FluidDctcp(true, 200_000, 16_640, 300_000, 4160, 16_640, 0);
        fixed.onAcked(1e9, 1.0);
        assertEquals(200_000, fixed.window());
    }

    @Test
    void fairShareOfALoneFlowHalvesOverTwoSpines() {
        FatTree t = FatTree.twoTier(4);
        List<Flow> flows = List.of(new Flow(0, 0, 7, 1000, 0));
        FairShareBound b = new FairShareBound(t, flows, new double[] {1000});
        assertEquals(1000, b.share(t.hostUplink(0)), 1e-9);
        for (String link : new String[] {"leaf0->spine0", "leaf0->spine1", "spine0->leaf3", "spine1->leaf3"}) {
            assertEquals(500, b.share(t.linksByName(link)[0]), 1e-9, link);
            assertEquals(1, b.flowsOn(t.linksByName(link)[0]));
        }
        assertEquals(0, b.share(t.linksByName("leaf1->spine0")[0]));
        assertEquals(0.5, b.maxOverHostShare(t, flows, new double[] {1000}), 1e-12);
    }
}
