package org.primelab.fluid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.primelab.analytical.fct.IdealFct;
import org.primelab.analytical.fct.IdealMaxFct;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workloads;

/** Fast-forward ({@link SteadyState}): leaps keep the result of step-by-step integration. */
class FastForwardTest {
    /** Largest change of the max FCT fast-forward may make against step-by-step integration. */
    private static final double MAX_FCT_TOLERANCE = 0.03;
    /** Largest change of the mean FCT. */
    private static final double MEAN_FCT_TOLERANCE = 0.02;
    /** Largest mean change of the flows' own FCTs (random spraying's flows spread most: about 1%). */
    private static final double PER_FLOW_TOLERANCE = 0.015;

    private static FluidResult run(FluidConfig c, List<Flow> flows) {
        return new FluidSimulator(c, flows, IdealMaxFct.of(c.fabric(), c.faults(), flows)).run();
    }

    /** A lone long flow is leapt over, and still takes exactly its ideal time (no packet time is lost or gained). */
    @Test
    void aLoneLongFlowIsLeaptAndStillTakesExactlyItsIdeal() {
        for (int tiers = 2; tiers <= 3; tiers++) {
            FatTree t = FatTree.builder(tiers, 8).build();
            Flow f = new Flow(0, 0, t.hosts() - 1, 8_000_000, 0);
            for (LoadBalancingScheme s : LoadBalancingScheme.values()) {
                FluidConfig c = FluidConfig.builder(t).rate(100 * Units.GBPS).scheme(s).build();
                FluidResult r = run(c, List.of(f));
                long ideal = IdealFct.lonePathPs(f.sizeBytes(), c.mtuBytes(), c.headerBytes(), c.linkRateBps(),
                        c.propagationPs(), 2 + 2 * t.upHops(f.src(), f.dst()));
                assertEquals(ideal, r.maxFctPs(), s + " " + tiers + "-tier");
                assertTrue(r.fastForwardPs() > 0.5 * r.endPs(), s + ": leapt only " + r.fastForwardPs());
            }
        }
    }

    /** On permutations of long flows the leaps move max and mean FCT by little, for every spraying scheme. */
    @ParameterizedTest
    @CsvSource({
        "2, 16, 100, 8000000, CO_PRIME", "2, 16, 100, 8000000, PRIME", "3, 8, 400, 8000000, PRIME",
        "3, 8, 100, 2000000, CO_PRIME", "2, 16, 400, 8000000, REPS", "2, 16, 400, 8000000, RPS",
        "2, 16, 400, 8000000, AR",
    })
    void leapsAgreeWithStepByStepIntegration(int tiers, int k, long gbps, long size, String scheme) {
        FatTree t = FatTree.builder(tiers, k).build();
        List<Flow> flows = Workloads.permutation(t, size, 1, false);
        FluidConfig c = FluidConfig.builder(t).rate(gbps * Units.GBPS).scheme(LoadBalancingScheme.valueOf(scheme))
                .build();
        FluidResult on = run(c, flows);
        FluidResult off = run(c.withFastForward(false), flows);
        assertEquals(0, off.fastForwardPs());
        assertTrue(on.fastForwardPs() > 0.2 * on.endPs(), "leapt only " + on.fastForwardPs() + " of " + on.endPs());
        assertTrue(on.steps() < off.steps(), "fewer steps integrated");
        double max = (on.maxFctPs() - off.maxFctPs()) / (double) off.maxFctPs();
        double mean = (on.meanFctPs() - off.meanFctPs()) / off.meanFctPs();
        assertTrue(Math.abs(max) <= MAX_FCT_TOLERANCE, "max FCT moved by " + max);
        assertTrue(Math.abs(mean) <= MEAN_FCT_TOLERANCE, "mean FCT moved by " + mean);
        // flow by flow too: many flows finish within a leap, their completion computed from the window
        double perFlow = 0;
        for (int i = 0; i < flows.size(); i++) {
            long a = on.flows().get(i).fctPs();
            long b = off.flows().get(i).fctPs();
            perFlow += Math.abs(a - b) / (double) b / flows.size();
            long ideal = IdealFct.lonePathPs(flows.get(i).sizeBytes(), c.mtuBytes(), c.headerBytes(), c.linkRateBps(),
                    c.propagationPs(), on.flows().get(i).pathLinks());
            assertTrue(a >= ideal, "flow " + i + " beat its ideal");
        }
        assertTrue(perFlow <= PER_FLOW_TOLERANCE, "per-flow FCTs moved by " + perFlow + " on average");
    }

    /**
     * Bytes are conserved across leaps: every flow's wire bytes leave its host and reach its receiver,
     * exactly once (nothing is trimmed in a symmetric permutation at line rate).
     */
    @Test
    void leapsConserveEveryFlowsBytesOnItsFirstAndLastLinks() {
        FatTree t = FatTree.builder(3, 8).build();
        List<Flow> flows = Workloads.permutation(t, 8_000_000, 3, false);
        for (LoadBalancingScheme s : List.of(LoadBalancingScheme.CO_PRIME, LoadBalancingScheme.ECMP)) {
            FluidResult r = run(FluidConfig.builder(t).rate(400 * Units.GBPS).scheme(s).build(), flows);
            double wire = r.flows().stream().mapToDouble(FluidFlowStats::wireBytes).sum();
            double trimmed = r.flows().stream().mapToDouble(FluidFlowStats::trimmedBytes).sum();
            double sent = 0;
            double received = 0;
            for (FluidLinkStats l : r.links()) {
                sent += l.tier() == 0 ? l.dataBytes() : 0;
                received += t.tierOf(t.linkTarget(l.link())) == 0 ? l.dataBytes() : 0;
            }
            assertEquals(wire + trimmed, sent, 1e-6 * wire, s + ": bytes leaving the hosts");
            assertEquals(wire, received, 1e-6 * wire, s + ": bytes reaching the receivers");
        }
    }

    /**
     * Two flows into one host: the downlink's queue, not the windows, sets their rates (DCTCP cuts, a few
     * trims), so no leap applies and the run is integrated step by step. (An early version that leapt
     * from 1-RTT windows with an unchecked ramp model leapt into the start-up transient here and made both
     * flows 17% slower.)
     */
    @Test
    void aTwoFlowBottleneckIsIntegratedStepByStep() {
        FatTree t = FatTree.twoTier(8);
        List<Flow> flows = List.of(new Flow(0, 4, 0, 2_000_000, 0), new Flow(1, 8, 0, 2_000_000, 0));
        FluidConfig c = FluidConfig.builder(t).scheme(LoadBalancingScheme.ECMP).build();
        FluidResult on = run(c, flows);
        FluidResult off = run(c.withFastForward(false), flows);
        assertEquals(0, on.fastForwardPs());
        for (int i = 0; i < flows.size(); i++) {
            assertEquals(off.flows().get(i).endPs(), on.flows().get(i).endPs());
        }
    }

    /**
     * Where a bottleneck holds the flows back (an incast: every sender waits on one downlink, DCTCP cuts
     * and trims), no steady leap applies and ramp leaps only bridge stretches of additive increase that
     * the bottleneck can carry: the result stays that of step-by-step integration, and the downlink never
     * carries more than its rate.
     */
    @Test
    void anIncastStaysWithinItsBottleneck() {
        FatTree t = FatTree.twoTier(8);
        List<Flow> flows = new ArrayList<>();
        for (int i = 1; i <= 8; i++) {
            flows.add(new Flow(i - 1, 3 * i + 1, 0, 4_000_000, 0));
        }
        FluidConfig c = FluidConfig.builder(t).rate(100 * Units.GBPS).scheme(LoadBalancingScheme.PRIME).build();
        FluidResult on = run(c, flows);
        FluidResult off = run(c.withFastForward(false), flows);
        assertTrue(on.trims() > 0, "the incast trims");
        assertTrue(on.fastForwardPs() < 0.1 * on.endPs(), "mostly integrated step by step: leapt " + on.fastForwardPs());
        assertTrue(Math.abs(on.maxFctPs() - off.maxFctPs()) <= MAX_FCT_TOLERANCE * off.maxFctPs());
        assertTrue(Math.abs(on.meanFctPs() - off.meanFctPs()) <= MEAN_FCT_TOLERANCE * off.meanFctPs());
        int down = t.linkBetween(t.torOf(0), 0);
        double capacity = c.linkRateBps() / 8.0 * on.endPs() / Units.PS_PER_S;
        assertTrue(on.links().get(down).dataBytes() <= capacity, "the bottleneck carried more than its rate");
    }
}
