package org.primelab.fluid;

import org.primelab.core.cc.CcKind;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.primelab.analytical.fct.IdealFct;
import org.primelab.analytical.fct.IdealMaxFct;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workload;
import org.primelab.core.workload.Workloads;

/** End-to-end properties of the fluid simulator. */
class FluidSimulatorTest {
    static FluidResult run(FluidConfig c, List<Flow> flows) {
        return new FluidSimulator(c, flows, IdealMaxFct.of(c.fabric(), c.faults(), flows)).run();
    }

    static long ideal(FluidConfig c, Flow f) {
        return IdealFct.lonePathPs(f.sizeBytes(), c.mtuBytes(), c.headerBytes(), c.linkRateBps(), c.propagationPs(),
                2 + 2 * c.tree().upHops(f.src(), f.dst()));
    }

    /** minim's convention (docs/references.md): a lone flow on an idle fabric takes exactly the ideal time. */
    @ParameterizedTest
    @CsvSource({
        "2, 8, 100, dctcp", "2, 8, 4096, fixed", "2, 8, 2000000, dctcp", "2, 8, 2000000, fixed",
        "3, 4, 2000000, dctcp", "3, 4, 777777, fixed", "2, 16, 8000000, dctcp",
        "2, 8, 100, nscc", "2, 8, 2000000, nscc", "3, 4, 777777, nscc", "2, 16, 8000000, nscc",
    })
    void aLoneFlowTakesExactlyTheIdealTime(int tiers, int k, long size, String cc) {
        FatTree t = FatTree.builder(tiers, k).build();
        Flow f = new Flow(0, 0, t.hosts() - 1, size, 0);
        for (SplitMode mode : SplitMode.values()) {
            for (LoadBalancingScheme s : LoadBalancingScheme.values()) {
                FluidConfig c = FluidConfig.builder(t).scheme(s).cc(CcKind.parse(cc)).split(mode).build();
                FluidResult r = run(c, List.of(f));
                assertEquals(ideal(c, f), r.maxFctPs(), s + " " + mode + ": lone flow FCT");
                assertEquals(ideal(c, f), r.idealMaxFctPs());
                assertTrue(r.maxQueuePackets() <= 1.0 + 1e-9, s + " " + mode
                        + ": an idle fabric holds at most the packet being forwarded, got " + r.maxQueuePackets());
            }
        }
    }

    @Test
    void aLoneFlowStartingLateIsMeasuredFromItsStart() {
        FatTree t = FatTree.twoTier(8);
        Flow f = new Flow(0, 3, 20, 500_000, 1_234_567);
        FluidConfig c = FluidConfig.builder(t).build();
        FluidResult r = run(c, List.of(f));
        assertEquals(ideal(c, f), r.maxFctPs());
        assertEquals(1_234_567, r.flows().get(0).startPs());
    }

    /**
     * Halving the step must not move the answer (default packet step: 8 MTU serializations, halved to 4;
     * the queues are exact per quantum, so the step only clocks the flows' RTT-scale decisions).
     */
    @ParameterizedTest
    @CsvSource({"co-prime, 2", "prime, 2", "ecmp, 2", "rps, 2", "co-prime, 3", "ecmp, 3"})
    void halvingTheStepDoesNotMoveTheResult(String scheme, int tiers) {
        FatTree t = FatTree.builder(tiers, 8).build();
        List<Flow> flows = Workloads.permutation(t, 1_000_000, 7, false);
        FluidConfig c = FluidConfig.builder(t).scheme(LoadBalancingScheme.parse(scheme)).seed(7).build();
        FluidResult half = run(c, flows);
        FluidResult quarter = run(c.withStepMtus(c.stepMtus() / 2), flows);
        double rel = Math.abs(half.maxFctPs() - quarter.maxFctPs()) / (double) quarter.maxFctPs();
        assertTrue(rel < 0.01, scheme + ": max FCT moved by " + rel + " when the step was halved ("
                + half.maxFctPs() + " vs " + quarter.maxFctPs() + ")");
        double mean = Math.abs(half.meanFctPs() - quarter.meanFctPs()) / quarter.meanFctPs();
        assertTrue(mean < 0.01, scheme + ": mean FCT moved by " + mean);
    }

    /**
     * The quantum engine (per-quantum queues, coarse flow step) reproduces the fine-step engine, which
     * integrates every link every half MTU and was the simulator's packet-split model before it, on the
     * EV-based schemes: max FCT within 2%, mean within 2.5% (measured: within 1% and 2%).
     */
    @ParameterizedTest
    @CsvSource({"co-prime, 2", "prime, 3", "ecmp, 2", "rps, 3", "reps, 2", "co-prime, 3"})
    void theQuantumEngineAgreesWithTheFineStepReference(String scheme, int tiers) {
        FatTree t = FatTree.builder(tiers, 8).build();
        List<Flow> flows = Workloads.permutation(t, 1_000_000, 7, false);
        FluidConfig c = FluidConfig.builder(t).scheme(LoadBalancingScheme.parse(scheme)).seed(7).build();
        FluidResult quantum = run(c, flows);
        FluidResult fine = new FineStepEngine(c.withStepMtus(FluidConfig.DEFAULT_EXPECTED_STEP_MTUS), Workload.of(flows)).run();
        double max = Math.abs(quantum.maxFctPs() - fine.maxFctPs()) / (double) fine.maxFctPs();
        double mean = Math.abs(quantum.meanFctPs() - fine.meanFctPs()) / fine.meanFctPs();
        assertTrue(max < 0.02, scheme + ": max FCT " + quantum.maxFctPs() + " vs fine-step " + fine.maxFctPs());
        assertTrue(mean < 0.025, scheme + ": mean FCT " + quantum.meanFctPs() + " vs fine-step " + fine.meanFctPs());
        assertTrue(quantum.steps() * 10 < fine.steps(), "the coarse step takes far fewer steps");
    }

    /** The quantum engine works at any step, including below one MTU serialization. */
    @Test
    void aStepBelowOnePacketStillGivesTheSameAnswer() {
        FatTree t = FatTree.twoTier(8);
        List<Flow> flows = Workloads.permutation(t, 300_000, 5, false);
        FluidConfig c = FluidConfig.builder(t).scheme(LoadBalancingScheme.CO_PRIME).seed(5).build();
        FluidResult coarse = run(c, flows);
        FluidResult fine = run(c.withStepMtus(0.5), flows);
        double rel = Math.abs(coarse.maxFctPs() - fine.maxFctPs()) / (double) fine.maxFctPs();
        assertTrue(rel < 0.02, "step 8 vs 0.5 MTU: " + coarse.maxFctPs() + " vs " + fine.maxFctPs());
    }

    @Test
    void runsAreDeterministicUnderTheSeed() {
        FatTree t = FatTree.twoTier(8);
        List<Flow> flows = Workloads.permutation(t, 300_000, 11, false);
        for (LoadBalancingScheme s : LoadBalancingScheme.values()) {
            FluidConfig c = FluidConfig.builder(t).scheme(s).seed(11).build();
            FluidResult a = run(c, flows);
            FluidResult b = run(c, flows);
            for (int i = 0; i < flows.size(); i++) {
                assertEquals(a.flows().get(i).endPs(), b.flows().get(i).endPs(), s + " flow " + i);
            }
        }
        FluidConfig c = FluidConfig.builder(t).scheme(LoadBalancingScheme.ECMP).build();
        assertNotEquals(run(c.withScheme(LoadBalancingScheme.ECMP), flows).meanFctPs(),
                run(new FluidConfig(c.scenario().withSeed(99), SplitMode.PACKET, 0.5, true), flows)
                        .meanFctPs(), "another seed re-hashes ECMP");
    }

    /** Every flow completes, no FCT beats its path's ideal, no queue exceeds the trimming limit. */
    @Test
    void anIncastTrimsButDeliversEverythingAndQueuesStayBounded() {
        FatTree t = FatTree.twoTier(8);
        List<Flow> flows = Workloads.incast(t, 0, 12, 500_000, 5);
        for (CcKind cc : CcKind.values()) {
            FluidConfig c = FluidConfig.builder(t).cc(cc).scheme(LoadBalancingScheme.CO_PRIME).build();
            FluidResult r = run(c, flows);
            for (FluidFlowStats f : r.flows()) {
                assertTrue(f.fctPs() >= ideal(c, flows.get(f.id())), cc + " flow " + f.id() + " beats the ideal");
            }
            for (FluidLinkStats l : r.links()) {
                assertTrue(l.maxBytes() <= c.trimBytes() + 1e-6, cc + ": " + l.name() + " exceeds the trim limit");
            }
            // 12 x 500 kB through one 400G downlink cannot finish before 12 x 500 kB / C.
            long drain = Units.serializationPs(12 * 500_000L, c.linkRateBps());
            assertTrue(r.maxFctPs() >= drain, cc + ": max FCT " + r.maxFctPs() + " below the drain time " + drain);
            assertTrue(r.maxFctPs() < 1.3 * drain + c.baseRttPs() * 10, cc + ": max FCT " + r.maxFctPs());
            if (cc == CcKind.FIXED) {
                assertTrue(r.trims() > 0, "12 line-rate windows into one port must overflow 1 BDP");
            }
        }
    }

    /** Two flows into one host share its downlink: each needs twice its lone time. */
    @Test
    void twoFlowsIntoOneHostShareItsDownlink() {
        FatTree t = FatTree.twoTier(8);
        List<Flow> flows = List.of(new Flow(0, 4, 0, 2_000_000, 0), new Flow(1, 8, 0, 2_000_000, 0));
        FluidConfig c = FluidConfig.builder(t).scheme(LoadBalancingScheme.ECMP).build();
        FluidResult r = run(c, flows);
        double twice = 2 * (double) ideal(c, flows.get(0));
        for (FluidFlowStats f : r.flows()) {
            assertTrue(f.fctPs() > 0.95 * twice && f.fctPs() < 1.15 * twice, "flow " + f.id() + ": " + f.fctPs()
                    + " vs twice the lone time " + twice);
        }
    }

    /** The classical fluid limit: expected uniform splits load every link with exactly its fair share. */
    @Test
    void expectedSplitsLoadEveryLinkWithItsFairShare() {
        for (int tiers : new int[] {2, 3}) {
            FatTree t = FatTree.builder(tiers, 8).build();
            List<Flow> flows = Workloads.permutation(t, 400_000, 3, false);
            FluidConfig c = FluidConfig.builder(t).scheme(LoadBalancingScheme.CO_PRIME).split(SplitMode.EXPECTED).build();
            FluidResult r = run(c, flows);
            double[] wire = r.flows().stream().mapToDouble(FluidFlowStats::wireBytes).toArray();
            FairShareBound b = new FairShareBound(t, flows, wire);
            for (FluidLinkStats l : r.links()) {
                if (l.tier() > 0) {
                    assertEquals(b.share(l.link()), l.dataBytes(), 1e-6 * Math.max(1, b.share(l.link())), l.name());
                }
            }
            assertTrue(b.maxOverHostShare(t, flows, wire) <= 1 + 1e-12, "hose traffic: no link above one host's worth");
            assertTrue(r.ratio() < 1.02, tiers + "-tier: no imbalance, (almost) no queueing: ratio " + r.ratio());
        }
    }

    /** PRIME's round robin in packet quanta: every link within 2 packets per flow of its fair share. */
    @Test
    void coPrimeQuantaStayWithinTwoPacketsPerFlowOfTheFairShare() {
        for (int tiers : new int[] {2, 3}) {
            FatTree t = FatTree.builder(tiers, 8).build();
            List<Flow> flows = Workloads.permutation(t, 400_000, 3, false);
            FluidConfig c = FluidConfig.builder(t).scheme(LoadBalancingScheme.CO_PRIME).build();
            FluidResult r = run(c, flows);
            double[] wire = r.flows().stream().mapToDouble(FluidFlowStats::wireBytes).toArray();
            FairShareBound b = new FairShareBound(t, flows, wire);
            FluidResult ecmp = run(c.withScheme(LoadBalancingScheme.ECMP), flows);
            double worstEcmp = 0;
            for (FluidLinkStats l : r.links()) {
                if (l.tier() > 0 && b.flowsOn(l.link()) > 0) {
                    double excess = (l.dataBytes() - b.share(l.link())) / c.mtuBytes() / b.flowsOn(l.link());
                    assertTrue(excess <= 2.0, l.name() + ": " + excess + " packets per flow above the fair share");
                    double e = (ecmp.links().get(l.link()).dataBytes() - b.share(l.link())) / c.mtuBytes()
                            / b.flowsOn(l.link());
                    worstEcmp = Math.max(worstEcmp, e);
                }
            }
            assertTrue(worstEcmp > 2.0, "the check can fail: ECMP's hashing exceeds the fair share (" + worstEcmp + ")");
        }
    }

    @Test
    void aFailedLinkIsAvoidedAndADegradedOneSlowsSprayedTraffic() {
        FatTree t = FatTree.twoTier(4);
        Flow f = new Flow(0, 0, 7, 2_000_000, 0);
        Faults failed = Faults.builder(t).fail("leaf0-spine0", 0).build();
        FluidConfig c = FluidConfig.builder(t).scheme(LoadBalancingScheme.CO_PRIME).faults(failed).build();
        FluidResult r = run(c, List.of(f));
        assertEquals(ideal(c, f), r.maxFctPs(), "one live path at line rate: still ideal");
        for (int l : t.linksByName("leaf0-spine0")) {
            assertEquals(0.0, r.links().get(l).dataBytes(), "a failed link carries nothing");
        }
        Faults degraded = Faults.builder(t).degrade("leaf0-spine0", 100 * Units.GBPS).build();
        FluidConfig d = FluidConfig.builder(t).scheme(LoadBalancingScheme.CO_PRIME).faults(degraded).build();
        FluidResult slow = run(d, List.of(f));
        assertTrue(slow.maxFctPs() > 1.2 * ideal(d, f), "half the bytes through a quarter-rate link: " + slow.ratio());
        int up = t.linksByName("leaf0->spine0")[0];
        assertTrue(slow.links().get(up).maxBytes() > 0.25 * d.bdpBytes(), "the degraded link queues");
    }

    @Test
    void badInputNamesTheField() {
        FatTree t = FatTree.twoTier(4);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> FluidConfig.builder(t).stepMtus(0).build())
                .getMessage().startsWith("step:"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> FluidConfig.builder(t).stepMtus(65).build())
                .getMessage().startsWith("step:"));
        // the fine-step engine of expected splits needs a step of at most one MTU
        assertTrue(assertThrows(IllegalArgumentException.class, () -> FluidConfig.builder(t).split(SplitMode.EXPECTED)
                .stepMtus(1.5).build()).getMessage().startsWith("step:"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SplitMode.parse("magic"))
                .getMessage().startsWith("split:"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new FluidSimulator(FluidConfig.builder(t).build(),
                List.of(), 1)).getMessage().startsWith("traffic:"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new FluidSimulator(FluidConfig.builder(t).build(),
                List.of(new Flow(0, 0, 99, 10, 0)), 1)).getMessage().startsWith("traffic:"));
    }

    @Test
    void trajectoriesRecordTheQueues() {
        FatTree t = FatTree.twoTier(8);
        List<Flow> flows = Workloads.incast(t, 0, 6, 300_000, 5);
        FluidResult r = run(FluidConfig.builder(t).build(), flows);
        QueueTrajectories q = r.trajectories();
        assertTrue(q.timesPs().length > 2);
        int down = t.linksByName(t.nodeName(t.torOf(0)) + "->h0")[0];
        int col = -1;
        for (int i = 0; i < q.links().length; i++) {
            col = q.links()[i] == down ? i : col;
        }
        float peak = 0;
        for (float[] row : q.bytes()) {
            peak = Math.max(peak, row[col]);
        }
        assertTrue(peak > 0, "the incast downlink queues");
        assertTrue(peak <= r.links().get(down).maxBytes() + 1, "samples never exceed the recorded maximum");
    }
}
