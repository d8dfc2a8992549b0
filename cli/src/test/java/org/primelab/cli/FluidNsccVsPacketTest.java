package org.primelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.primelab.core.cc.CcKind;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.metrics.ProgressListener;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Collectives;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workloads;
import org.primelab.fluid.FluidConfig;
import org.primelab.fluid.FluidResult;
import org.primelab.fluid.FluidSimulator;
import org.primelab.fluid.SplitMode;
import org.primelab.packet.PacketSimulator;
import org.primelab.packet.SimConfig;
import org.primelab.packet.metrics.SimResult;

/**
 * NSCC in both simulators ({@code prime sim --cc nscc} and {@code prime fluid --cc nscc}) on the paper's
 * 128-host permutation (2 tiers, radix 16, 2 MB per flow, seed 1): the fluid model's max and mean FCT
 * agree with the packet simulator's within {@value #MAX_TOLERANCE} and {@value #MEAN_TOLERANCE}
 * (relative) for PRIME and random spraying. Measured when this test was written: PRIME at 400G +0.26%
 * max / -0.07% mean, RPS at 400G +0.83% / +0.05%, PRIME at 100G -1.01% / -0.52%. Not held here (reported
 * in fluid-sim/README.md): REPS +4.5% max, AR -7.2%, ECMP +7.9% (a collision victim's fate is decided
 * per packet).
 */
class FluidNsccVsPacketTest {
    static final double MAX_TOLERANCE = 0.03;
    static final double MEAN_TOLERANCE = 0.02;
    static final double INCAST_MEAN_TOLERANCE = 0.04;
    /** The 3:1 incast's max: issue 16's 5% for spraying schemes (see the test for why not 3%). */
    static final double INCAST_MAX_TOLERANCE = 0.05;

    @ParameterizedTest
    @CsvSource({"prime, 400", "rps, 400", "prime, 100"})
    void fluidNsccAgreesWithPacketNsccOnThePermutation(String scheme, long gbps) {
        FatTree tree = FatTree.twoTier(16);
        SimConfig pc = SimConfig.builder(tree).rate(gbps * Units.GBPS).scheme(LoadBalancingScheme.parse(scheme))
                .cc(CcKind.NSCC).seed(1).build();
        Both both = runBoth(pc, Workloads.permutation(tree, 2_000_000, pc.seed(), false));
        assertAgree(scheme + " " + gbps + "G permutation: ", both, MAX_TOLERANCE, MEAN_TOLERANCE);
    }

    /**
     * Where NSCC itself sets the pace: a 3:1 incast under every ToR (radix 8, 1 MB per flow), whose
     * receivers' downlinks trim and mark, so the windows must come down. Measured when this test was
     * written: max FCT +0.5%, mean +1.6% (fluid against packet), held to 3% and 4%. Since stop 27 the packet
     * simulator breaks ties between packets reaching a queue at the same picosecond by a seeded permutation
     * redrawn every microsecond instead of by scheduling order, which had let one sender of each incast win
     * every tie: its max FCT rose from 62.3 to 65.3 us and the agreement is -4.0% max, -2.7% mean (seeds 1-6:
     * -3.5% to -4.3% max, -2.5% to -5.8% mean). The max is therefore held to issue 16's 5%, not 3%. The 7:1
     * incast is the next test.
     */
    @Test
    void fluidNsccAgreesWithPacketNsccOnAnIncast() {
        Both both = incasts(4);
        assertTrue(both.packet().trims() > 0 && both.fluid().trims() > 0, "the incast must congest both models");
        assertAgree("3:1 incasts: ", both, INCAST_MAX_TOLERANCE, INCAST_MEAN_TOLERANCE);
    }

    /**
     * A 7:1 incast into each group of 8 hosts (radix 8, 1 MB per flow): the windows fall to a few packets,
     * below one coalesced ACK, where the packet simulator depends on its senders' AR flag (without it,
     * timeouts with nothing lost took the max FCT to 10.3 ms against the fluid model's 153 us). Measured
     * when this test was written: max FCT +0.7% (151.6 us packet, 152.7 us fluid), mean +6.3%: the fluid
     * model shares each receiver's downlink evenly among its 7 senders, so they finish together, where
     * the packet simulator's windows drift apart and some senders finish early. Since stop 27's tie order
     * (previous test): max -1.5% (155.0 us packet), mean +2.5%. The mean is therefore not
     * held to a tolerance (it misses the 5% the speed issue asks for); what is asserted is that bias: the
     * fluid mean is at least the packet mean, and (being a mean) at most the fluid max, which agrees.
     */
    @Test
    void fluidNsccAgreesWithPacketNsccOnASevenToOneIncast() {
        Both both = incasts(8);
        assertEquals(0, both.packet().timeouts(), "nothing is lost, so no retransmission timer may fire");
        assertMaxAgrees("7:1 incasts: ", both, MAX_TOLERANCE);
        assertTrue(both.fluid().meanFctPs() >= both.packet().meanFctPs(), "7:1 incasts: fluid mean FCT "
                + both.fluid().meanFctPs() + " below packet " + both.packet().meanFctPs()
                + ": its senders no longer finish together");
    }

    /** One run of each simulator on the same flows. */
    private record Both(SimResult packet, FluidResult fluid) {
    }

    private static Both runBoth(SimConfig pc, List<Flow> flows) {
        long ideal = SimRunner.ideal(pc, flows);
        SimResult packet = new PacketSimulator(pc, flows, ideal).run(ProgressListener.NONE);
        FluidResult fluid = new FluidSimulator(FluidBridge.config(pc, SplitMode.PACKET, FluidConfig.DEFAULT_STEP_MTUS),
                flows, ideal).run();
        return new Both(packet, fluid);
    }

    /**
     * PRIME with NSCC on a 2-tier radix-8 tree (32 hosts) whose hosts form groups of {@code size}
     * consecutive hosts, each an incast of 1 MB flows into its first host.
     */
    private static Both incasts(int size) {
        FatTree tree = FatTree.twoTier(8);
        int[][] groups = new int[tree.hosts() / size][size];
        for (int g = 0; g < groups.length; g++) {
            for (int m = 0; m < size; m++) {
                groups[g][m] = size * g + m;
            }
        }
        return runBoth(SimConfig.builder(tree).scheme(LoadBalancingScheme.PRIME).cc(CcKind.NSCC).seed(1).build(),
                Collectives.incast(groups, 1_000_000).flows());
    }

    private static void assertMaxAgrees(String what, Both both, double maxTolerance) {
        assertEquals(1.0, both.fluid().maxFctPs() / (double) both.packet().maxFctPs(), maxTolerance,
                what + "fluid max FCT " + both.fluid().maxFctPs() + " vs packet " + both.packet().maxFctPs());
    }

    private static void assertAgree(String what, Both both, double maxTolerance, double meanTolerance) {
        assertMaxAgrees(what, both, maxTolerance);
        SimResult packet = both.packet();
        FluidResult fluid = both.fluid();
        assertEquals(1.0, fluid.meanFctPs() / packet.meanFctPs(), meanTolerance,
                what + "fluid mean FCT " + fluid.meanFctPs() + " vs packet " + packet.meanFctPs());
    }
}
