package org.primelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.primelab.core.cc.NsccParameters;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.random.Seeds;
import org.primelab.core.topology.FatTree;
import org.primelab.fluid.FluidNscc;
import org.primelab.packet.transport.Nscc;

/**
 * The packet NSCC ({@code Nscc}, one call per ACK, Bernoulli marks) and the fluid NSCC
 * ({@code FluidNscc}, one call per step with the marked fraction) agree on the window they settle at
 * when the fabric's signals are held fixed: every ACK sees queueing delay {@code d} and is marked with
 * probability {@code F}. Both senders are ACK-clocked by their own window ({@code W/(R0 + d)} bytes per
 * ps), on the paper's fabric (2-tier, radix 16, 400 Gb/s, 4 packets per ACK). Compared: the window
 * averaged over time from RTT 100 to RTT 1000. Lives here because this module sees both simulators.
 */
class NsccAgreementTest {
    private static final FabricParameters F = FabricParameters.paperDefaults(FatTree.twoTier(16));
    private static final NsccParameters P = NsccParameters.of(F);
    private static final long R0 = F.baseRttPs();
    private static final int SEEDS = 8;
    private static final int RTTS = 1_000;
    private static final int WARMUP_RTTS = 100;

    static double packetMeanWindow(double marked, long delayPs, double ackBytes, long seed) {
        Nscc cc = Nscc.atMaxWindow(P, R0, F.linkRateBps());
        SplittableRandom marks = new SplittableRandom(Seeds.derive(seed, Seeds.FLOW_ENTROPY, 0));
        long rtt = R0 + delayPs;
        double now = 0;
        double area = 0;
        double from = (double) WARMUP_RTTS * R0;
        double end = (double) RTTS * R0;
        while (now < end) {
            double next = now + ackBytes * rtt / cc.window();
            if (next > from) {
                area += cc.window() * (Math.min(next, end) - Math.max(now, from));
            }
            now = next;
            cc.onAckSample((long) ackBytes, marks.nextDouble() < marked, rtt, cc.windowBytes(), Math.round(now));
        }
        return area / (end - from);
    }

    static double fluidMeanWindow(double marked, long delayPs, double ackBytes) {
        FluidNscc cc = FluidNscc.atMaxWindow(P, R0, F.linkRateBps(), ackBytes);
        double rtt = R0 + delayPs;
        double dt = rtt / 16;
        double now = 0;
        double area = 0;
        double from = (double) WARMUP_RTTS * R0;
        double end = (double) RTTS * R0;
        while (now < end) {
            double w = cc.window();
            if (now + dt > from) {
                area += w * (Math.min(now + dt, end) - Math.max(now, from));
            }
            now += dt;
            cc.onAcked(w * dt / rtt, marked, rtt, w, now);
        }
        return area / (end - from);
    }

    /**
     * The packet window averaged over {@value #SEEDS} seeds of the marks (the fluid form is the
     * expectation over them) and the fluid window agree within {@code tolerance} (relative).
     */
    private static void agree(double marked, long delayPs, int packetsPerAck, double tolerance) {
        double ackBytes = packetsPerAck * (double) F.mtuBytes();
        double packet = 0;
        for (int seed = 1; seed <= SEEDS; seed++) {
            packet += packetMeanWindow(marked, delayPs, ackBytes, seed) / SEEDS;
        }
        double fluid = fluidMeanWindow(marked, delayPs, ackBytes);
        assertEquals(packet, fluid, tolerance * packet, "F = " + marked + ", d = " + delayPs + " ps, "
                + packetsPerAck + " packets per ACK: packet " + packet + " B, fluid " + fluid + " B");
    }

    /** Low delay, unmarked: both stay at the maximum window. */
    @Test
    void belowTargetBothHoldTheMaximumWindow() {
        agree(0, P.targetDelayPs() / 2, F.ackEvery(), 1e-9);
        assertEquals(Nscc.atMaxWindow(P, R0, F.linkRateBps()).maxWindowBytes(),
                fluidMeanWindow(0, P.targetDelayPs() / 2, F.ackEvery() * (double) F.mtuBytes()), 1e-6);
    }

    /**
     * Above target, rarely marked: the average delay settles at {@code 0.1·1.5 R0 + 0.9·R0/4 < T}, so
     * neither ever decreases and both sit at the maximum window.
     */
    @Test
    void aboveTargetRarelyMarkedBothStayAtTheMaximum() {
        agree(0.1, 2 * P.targetDelayPs(), F.ackEvery(), 1e-3);
    }

    /**
     * Above target and marked often enough for the average delay to exceed it: fair increase against
     * one multiplicative decrease per base RTT, a sawtooth. Agreement within 5% where the window spans
     * several ACKs per RTT (here 6 to 25); with only one or two ACKs per RTT the packet window moves in
     * lumps and its time average falls below the fluid one (by 10-60%, packet-sim/README.md ("Congestion control: NSCC")), which is
     * why these cases are not asserted.
     */
    @Test
    void aboveTargetSawtoothsSettleTogether() {
        long t = P.targetDelayPs();
        agree(0.5, 2 * t, F.ackEvery(), 0.05);
        agree(0.4, 3 * t, F.ackEvery(), 0.05);
        agree(0.6, 2 * t, 1, 0.05);
        agree(0.5, 3 * t, 1, 0.05);
    }
}
