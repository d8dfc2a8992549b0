package org.primelab.fluid.flowlevel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.analytical.fct.IdealFct;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.forwarding.UplinkSelector;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Trigger;
import org.primelab.core.workload.Workload;
import org.primelab.core.workload.Workloads;
import org.primelab.fluid.FluidConfig;
import org.primelab.fluid.FluidFlowStats;
import org.primelab.fluid.FluidLinkStats;
import org.primelab.fluid.FluidResult;
import org.primelab.fluid.SplitMode;

/** Exact oracles of the flow-level model: lone flows, a shared bottleneck, ECMP's collisions, trigger chains. */
class FlowLevelSimulatorTest {
    private static final FatTree TREE = FatTree.twoTier(8);
    private static final long RATE = 100 * Units.GBPS;
    private static final FlowLevelOptions OPTIONS = new FlowLevelOptions(100 * Units.PS_PER_US, 62 * Units.PS_PER_US);

    static FluidConfig config(FatTree tree, LoadBalancingScheme scheme, Workload w) {
        return FluidConfig.builder(tree).rate(RATE).scheme(scheme).build().withWorkload(w);
    }

    static FluidResult run(FluidConfig c) {
        return new FlowLevelSimulator(c, OPTIONS, 1).run();
    }

    static long lone(FluidConfig c, Flow f) {
        return IdealFct.lonePathPs(f.sizeBytes(), c.mtuBytes(), c.headerBytes(), c.linkRateBps(), c.propagationPs(),
                2 + 2 * c.tree().upHops(f.src(), f.dst()));
    }

    /** A detection delay past {@link Faults#MAX_DETECT_PS} is refused, as packet-sim's configuration refuses it. */
    @Test
    void aDetectionDelayPastTheLimitIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new FlowLevelOptions(Faults.MAX_DETECT_PS + 1, 1));
        assertEquals(Faults.MAX_DETECT_PS, new FlowLevelOptions(Faults.MAX_DETECT_PS, 1).detectPs());
    }

    @Test
    void aLoneFlowTakesExactlyItsIdealTime() {
        for (LoadBalancingScheme s : List.of(LoadBalancingScheme.ECMP, LoadBalancingScheme.PRIME,
                LoadBalancingScheme.CO_PRIME, LoadBalancingScheme.RPS, LoadBalancingScheme.REPS)) {
            for (int dst : new int[] {1, 5, TREE.hosts() - 1}) {
                for (long size : new long[] {1000, 2_000_000, 7_777_777}) {
                    Flow f = new Flow(0, 0, dst, size, 3 * Units.PS_PER_US);
                    FluidConfig c = config(TREE, s, Workload.of(List.of(f)));
                    FluidFlowStats r = run(c).flows().get(0);
                    assertEquals(lone(c, f), r.fctPs(), s + " to host " + dst + ", " + size + " B");
                }
            }
        }
    }

    @Test
    void flowsSharingOneBottleneckGetItsRateOverTheirNumber() {
        // water-filling alone: n flows, each with its own NIC (capacity 1) and one shared link (capacity 1)
        for (int n = 1; n <= 9; n++) {
            int links = n + 1;
            boolean[] edge = new boolean[links];
            LinkShares[] shares = new LinkShares[n];
            int[] active = new int[n];
            double[] cap = new double[links];
            double[] rateCap = new double[n];
            int[] used = new int[links];
            for (int f = 0; f < n; f++) {
                edge[f] = true;
                shares[f] = new LinkShares(new int[] {f, n}, new double[] {1, 1}, 0, 2);
                active[f] = f;
                rateCap[f] = 1;
            }
            for (int l = 0; l < links; l++) {
                cap[l] = 1;
                used[l] = l;
            }
            double[] rate = new double[n];
            int[] bottleneck = new int[n];
            new WaterFilling(edge, n).allocate(active, n, shares, cap, rateCap, used, links, rate, bottleneck);
            for (int f = 0; f < n; f++) {
                assertEquals(1.0 / n, rate[f], 1e-12, "flow " + f + " of " + n);
                assertEquals(n == 1 ? 0 : n, bottleneck[f], "the shared link limits them (the NIC on a tie)");
            }
        }
        // end to end: an incast of n equal flows into one host; they share its last link, so each drains in n x
        // its lone serialization and completes after the pipeline of its path and the bottleneck's DCTCP queue
        int n = 6;
        long size = 2_000_000;
        List<Flow> flows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            flows.add(new Flow(i, 8 + i, 0, size, 0));
        }
        FluidConfig c = config(TREE, LoadBalancingScheme.PRIME, Workload.of(flows));
        FluidResult r = run(c);
        long s0 = IdealFct.senderBusyPs(size, c.mtuBytes(), c.headerBytes(), RATE);
        double maxWait = c.kMaxBytes() / (RATE / 8e12);
        for (FluidFlowStats f : r.flows()) {
            long pipeline = lone(c, flows.get(f.id())) - s0;
            assertTrue(f.fctPs() >= n * s0 + pipeline - 1 && f.fctPs() <= n * s0 + pipeline + maxWait,
                    "flow " + f.id() + ": " + f.fctPs() + " vs " + (n * s0 + pipeline));
        }
    }

    @Test
    void ecmpCollisionsAreTheSwitchesOwn() {
        FatTree tree = FatTree.twoTier(16);
        long size = 1_000_000;
        List<Flow> flows = Workloads.permutation(tree, size, 7, false);
        FluidConfig c = config(tree, LoadBalancingScheme.ECMP, Workload.of(flows));
        FluidResult r = run(c);
        // independently: each flow's EV from its generator, hashed at its ToR with the ToR's salt
        long[] salts = UplinkSelector.salts(tree, c.seed());
        int[] expected = new int[tree.linkCount()];
        for (Flow f : flows) {
            if (tree.upHops(f.src(), f.dst()) == 0) {
                continue;
            }
            int ev = LoadBalancingScheme.ECMP.newGenerator(tree.evLayout(), c.effectiveEntropy(), c.seed(), f.src(),
                    f.id()).next(0);
            int tor = tree.torOf(f.src());
            expected[tree.uplink(tor, UplinkSelector.hashed(f.id(), ev, salts[tor], tree.uplinkCount(tor)))]++;
        }
        double wire = r.flows().get(0).wireBytes();
        int collisions = 0;
        for (FluidLinkStats l : r.links()) {
            if (l.tier() == 1 && l.uplink()) {
                assertEquals(expected[l.link()], l.dataBytes() / wire, 1e-6, l.name());
                collisions += expected[l.link()] > 1 ? 1 : 0;
            }
        }
        assertTrue(collisions > 0, "a 128-host permutation has ECMP collisions");
        // a flow alone on its path keeps the line rate; one that shares its uplink with k others is k+1 times slower
        int worst = 0;
        for (int e : expected) {
            worst = Math.max(worst, e);
        }
        assertTrue(r.maxFctPs() > (worst - 0.01) * (lone(c, flows.get(0)) - 10 * Units.PS_PER_US));
    }

    @Test
    void aChainOfThreeTriggeredFlowsCompletesInOrderAtTheSumOfItsLoneTimes() {
        int none = Flow.NO_TRIGGER;
        List<Flow> flows = List.of(
                new Flow(0, 0, 9, 3_000_000, 0, none, none, 0, 0),
                new Flow(1, 9, 17, 2_000_000, 0, 0, none, 1, 0),
                new Flow(2, 17, 2, 1_000_000, 0, 1, none, none, 0));
        Workload w = new Workload(flows, List.of(Trigger.oneShot(0), Trigger.oneShot(1)));
        for (LoadBalancingScheme s : List.of(LoadBalancingScheme.PRIME, LoadBalancingScheme.ECMP)) {
            FluidConfig c = config(TREE, s, w);
            FluidResult r = run(c);
            long t = 0;
            for (int i = 0; i < 3; i++) {
                FluidFlowStats f = r.flows().get(i);
                assertEquals(t, f.startPs(), s + " flow " + i + " starts when its predecessor's last byte arrives");
                t += lone(c, flows.get(i));
                assertEquals(t, f.endPs(), s + " flow " + i);
            }
        }
    }

    @Test
    void aBlackHoleDelaysTheFlowsThatCrossItUntilDetectionAndTimeout() {
        // ECMP: a flow whose hashed path crosses the failed cable loses everything it sends until detection
        FatTree tree = FatTree.twoTier(8);
        List<Flow> flows = Workloads.permutation(tree, 2_000_000, 1, false);
        FluidResult healthy = run(config(tree, LoadBalancingScheme.ECMP, Workload.of(flows)));
        FluidLinkStats crossed = healthy.links().stream().filter(l -> l.tier() == 1 && l.uplink() && l.dataBytes() > 0)
                .findFirst().orElseThrow();
        Faults faults = Faults.builder(tree).fail(tree.cableName(crossed.link()), 0).build();
        FluidConfig c = FluidConfig.builder(tree).rate(RATE).scheme(LoadBalancingScheme.ECMP).faults(faults).build()
                .withWorkload(Workload.of(flows));
        FluidResult r = run(c);
        for (FluidFlowStats f : r.flows()) {
            assertTrue(f.fctPs() >= lone(c, flows.get(f.id())), "flow " + f.id());
        }
        // it idles from when its window is full of lost bytes; the first timeout after detection resends them
        long detect = OPTIONS.detectPs();
        long rto = OPTIONS.rtoPs();
        long firstTimeoutAfterDetection = (detect / rto + 1) * rto;
        FlowSplits healthySplits = new FlowSplits(tree, Faults.none(tree), LoadBalancingScheme.ECMP, RATE, c.seed(),
                c.effectiveEntropy(), 0, 0);
        int crossing = 0;
        for (Flow f : flows) {
            LinkShares s = healthySplits.shares(f, new org.primelab.fluid.FlowPaths(tree, f.src(), f.dst()), 0);
            if (java.util.Arrays.binarySearch(s.links(), crossed.link()) >= 0) {
                crossing++;
                assertTrue(r.flows().get(f.id()).fctPs() >= firstTimeoutAfterDetection, "flow " + f.id());
            }
        }
        assertTrue(crossing > 0);
    }

    @Test
    void aFlowInTheBlackHoleResendsAtTheFirstTimeoutAfterDetectionFromTheMinimumWindow() {
        // one ECMP flow whose hashed path crosses a cable that fails at 0: everything it sends is lost, its
        // timer restarts at each timeout (nothing is ever acknowledged), and the first timeout after detection
        // resends the whole flow with the window at ackEvery MTUs, growing by MSS x acked / cwnd per round trip,
        // where only whole batches of ackEvery packets are acknowledged
        FatTree tree = FatTree.twoTier(8);
        Flow flow = new Flow(0, 0, 9, 1_000_000, 0);
        Workload w = Workload.of(List.of(flow));
        Faults faults = Faults.builder(tree).fail(tree.cableName(ecmpLeafUplink(tree, w)), 0).build();
        FluidConfig c = FluidConfig.builder(tree).rate(RATE).scheme(LoadBalancingScheme.ECMP).faults(faults).build()
                .withWorkload(w);
        long detect = 100 * Units.PS_PER_US;
        long rto = 30 * Units.PS_PER_US;
        FluidResult r = new FlowLevelSimulator(c, new FlowLevelOptions(detect, rto), 1).run();

        long resendAt = 4 * rto;   // timeouts at 30, 60, 90 (all lost again), 120 us: the first after 100 us
        double s0 = IdealFct.senderBusyPs(flow.sizeBytes(), c.mtuBytes(), c.headerBytes(), RATE);
        double rtt = c.pathRttPs(4);
        double bytesPerPs = RATE / 8e12;
        double batch = c.ackEvery() * (double) c.mtuBytes();   // the receiver acks every ackEvery packets
        double window = batch;
        double cap = 1.5 * c.lineRateWindowBytes();
        double t = resendAt;
        double left = s0;
        while (true) {
            double acked = Math.floor(window / batch) * batch;        // whole batches per round trip
            double rate = Math.min(1, acked / (bytesPerPs * rtt));    // fraction of line rate for this round trip
            if (left <= rate * rtt) {
                t += left / rate;
                break;
            }
            left -= rate * rtt;
            t += rtt;
            window = Math.min(cap, window + c.mtuBytes() * acked / window);   // DCTCP: MSS x acked / cwnd
        }
        double expectedEnd = t + (lone(c, flow) - s0);
        assertEquals(expectedEnd, r.flows().get(0).endPs(), 2.0);
    }

    @Test
    void aShortFlowMeetsAQueueGrownOverItsLifetimeOnly() {
        // every host sends to the host one leaf over, PRIME sprays: every switch link is at full load, whose
        // stationary queue is capped at K_min, but a flow's last byte meets a queue that grew for the flow's
        // lifetime only (E|B_t| of a reflected random walk). A flow's excess over its lone time is then
        // S0 (1/rate - 1) + c sqrt(S0): two unknowns, fixed by two sizes, which predict the third exactly
        FatTree tree = FatTree.twoTier(8);
        long rate = 400 * Units.GBPS;
        long[] sizes = {250_000, 500_000, 1_000_000};   // 1 MB builds 11 of K_min's 15 packets: under the cap
        double[] s0 = new double[3];
        double[][] excess = new double[3][];
        for (int k = 0; k < 3; k++) {
            List<Flow> flows = new ArrayList<>();
            for (int h = 0; h < tree.hosts(); h++) {
                flows.add(new Flow(h, h, (h + tree.hostsPerTor()) % tree.hosts(), sizes[k], 0));
            }
            FluidConfig c = FluidConfig.builder(tree).rate(rate).scheme(LoadBalancingScheme.PRIME).build()
                    .withWorkload(Workload.of(flows));
            FluidResult r = run(c);
            excess[k] = new double[flows.size()];
            for (Flow f : flows) {
                excess[k][f.id()] = r.flows().get(f.id()).fctPs() - lone(c, f);
            }
            s0[k] = IdealFct.senderBusyPs(sizes[k], c.mtuBytes(), c.headerBytes(), rate);
        }
        for (int f = 0; f < excess[0].length; f++) {
            // solve e = s0 x + c sqrt(s0) from the two shorter sizes
            double a1 = s0[0];
            double b1 = Math.sqrt(s0[0]);
            double a2 = s0[1];
            double b2 = Math.sqrt(s0[1]);
            double det = a1 * b2 - a2 * b1;
            double x = (excess[0][f] * b2 - excess[1][f] * b1) / det;
            double c = (a1 * excess[1][f] - a2 * excess[0][f]) / det;
            assertTrue(c > 0, "flow " + f + " meets no queue");
            assertEquals(s0[2] * x + c * Math.sqrt(s0[2]), excess[2][f], 2.0, "flow " + f);
        }
    }

    @Test
    void refusesWhatItDoesNotModel() {
        Workload w = Workload.of(List.of(new Flow(0, 0, 9, 1000, 0)));
        FluidConfig ar = config(TREE, LoadBalancingScheme.AR, w);
        assertTrue(FlowLevelSimulator.unsupported(ar).startsWith("adaptive"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new FlowLevelSimulator(ar, OPTIONS, 1))
                .getMessage().startsWith("engine: "));
        FluidConfig expected = config(TREE, LoadBalancingScheme.PRIME, w).withSplit(SplitMode.EXPECTED);
        assertTrue(FlowLevelSimulator.unsupported(expected) != null);
        assertEquals(null, FlowLevelSimulator.unsupported(config(TREE, LoadBalancingScheme.PRIME, w)));
    }

    @Test
    void sameInputsSameResult() {
        List<Flow> flows = Workloads.permutation(TREE, 1_500_000, 3, false);
        FluidConfig c = config(TREE, LoadBalancingScheme.ECMP, Workload.of(flows));
        List<FluidFlowStats> a = run(c).flows();
        List<FluidFlowStats> b = run(c).flows();
        assertEquals(a, b);
    }

    @Test
    void aTimeoutJustBeforeDetectionSendsItsFirstWindowIntoTheHoleAsABurst() {
        // a lone PRIME flow sprays over 4 paths, one through a cable failed at 0: a quarter of what it sends is
        // lost, its window fills with lost bytes, and its timer fires RTO after its last ACK. If detection comes
        // half a round trip after that timeout, the resend's first window (4 packets, one per path) has already
        // left as a burst: one packet is lost again and the flow waits for a second timeout. If detection comes
        // before the timeout, nothing is lost again.
        FatTree tree = FatTree.twoTier(8);
        Flow flow = new Flow(0, 0, 9, 1_000_000, 0);
        Workload w = Workload.of(List.of(flow));
        Faults faults = Faults.builder(tree).fail("leaf0-spine1", 0).build();
        FluidConfig c = FluidConfig.builder(tree).rate(RATE).scheme(LoadBalancingScheme.PRIME).faults(faults).build()
                .withWorkload(w);
        long rto = 40 * Units.PS_PER_US;
        double bytesPerPs = RATE / 8e12;
        double rtt = c.pathRttPs(4);
        double stall = 1.5 * c.lineRateWindowBytes() / bytesPerPs / 0.25;   // lost bytes fill the window
        double timeout = stall + rtt + rto;                                   // RTO after its last ACK
        long detectAfter = Math.round(timeout + rtt / 2);
        long detectBefore = Math.round(timeout - 5 * Units.PS_PER_US);
        long late = new FlowLevelSimulator(c, new FlowLevelOptions(detectAfter, rto), 1).run().flows().get(0).endPs();
        long early = new FlowLevelSimulator(c, new FlowLevelOptions(detectBefore, rto), 1).run().flows().get(0)
                .endPs();
        assertTrue(late - early >= rto, "second timeout: " + early + " ps vs " + late + " ps");
        assertTrue(late - early < 2 * rto, "one more timeout only: " + early + " ps vs " + late + " ps");
    }

    @Test
    void aBurstThatReachesTheDecidingSwitchAfterDetectionIsRoutedAroundTheHole() {
        // the same lone PRIME flow, detection just after its timeout: the resend's burst reaches its ToR, where
        // the uplink is picked, one hop (an MTU's serialization plus the propagation) after it leaves. Detection
        // half a hop after the timeout: the burst is routed around the failed cable and the flow ends exactly
        // as with detection long before; one and a half hops after: the burst is routed into it, one packet is
        // lost again and it costs a second timeout (reading the fabric at the send time loses it in both)
        FatTree tree = FatTree.twoTier(8);
        Flow flow = new Flow(0, 0, 9, 1_000_000, 0);
        Faults faults = Faults.builder(tree).fail("leaf0-spine1", 0).build();
        FluidConfig c = FluidConfig.builder(tree).rate(RATE).scheme(LoadBalancingScheme.PRIME).faults(faults).build()
                .withWorkload(Workload.of(List.of(flow)));
        long rto = 40 * Units.PS_PER_US;
        double bytesPerPs = RATE / 8e12;
        double rtt = c.pathRttPs(4);
        double timeout = 1.5 * c.lineRateWindowBytes() / bytesPerPs / 0.25 + rtt + rto;
        long hop = Units.serializationPs(c.mtuBytes(), RATE) + c.propagationPs();
        long early = endWithDetection(c, Math.round(timeout - 5 * Units.PS_PER_US), rto);
        assertEquals(early, endWithDetection(c, Math.round(timeout + hop / 2.0), rto));
        long late = endWithDetection(c, Math.round(timeout + 1.5 * hop), rto);
        assertTrue(late - early >= rto && late - early < 2 * rto, "one more timeout: " + early + " vs " + late);
    }

    @Test
    void aLinkFailingAfterTheLastSendStillLosesWhatHasNotReachedItYet() {
        // a lone ECMP flow through a leaf uplink (the path's link 1, one hop from the sender). Its last byte
        // leaves the host at S0 and reaches that link one hop later: a failure half a hop after S0 still loses
        // the packets on their way, so the flow times out; a failure two hops after S0 loses nothing
        FatTree tree = FatTree.twoTier(8);
        Flow flow = new Flow(0, 0, 9, 1_000_000, 0);
        Workload w = Workload.of(List.of(flow));
        int crossed = ecmpLeafUplink(tree, w);
        FluidConfig healthy = config(tree, LoadBalancingScheme.ECMP, w);
        long mtuPs = Units.serializationPs(healthy.mtuBytes(), RATE);
        long s0 = IdealFct.senderBusyPs(flow.sizeBytes(), healthy.mtuBytes(), healthy.headerBytes(), RATE);
        long hop = mtuPs + healthy.propagationPs();
        long rto = 30 * Units.PS_PER_US;
        long detect = 10 * Units.PS_PER_US;
        for (long failAt : new long[] {s0 + hop / 2, s0 + 2 * hop}) {
            Faults faults = Faults.builder(tree).fail(tree.cableName(crossed), failAt).build();
            FluidConfig c = FluidConfig.builder(tree).rate(RATE).scheme(LoadBalancingScheme.ECMP).faults(faults)
                    .build().withWorkload(w);
            long end = new FlowLevelSimulator(c, new FlowLevelOptions(detect, rto), 1).run().flows().get(0).endPs();
            if (failAt < s0 + hop) {
                assertTrue(end >= s0 + rto, "lost on the way, resent after a timeout: " + end);
            } else {
                assertEquals(lone(c, flow), end, "nothing lost");
            }
        }
    }

    /** The leaf uplink ECMP hashes the workload's flow to (its healthy run's one loaded leaf uplink). */
    private static int ecmpLeafUplink(FatTree tree, Workload w) {
        return run(config(tree, LoadBalancingScheme.ECMP, w)).links().stream()
                .filter(l -> l.tier() == 1 && l.uplink() && l.dataBytes() > 0).findFirst().orElseThrow().link();
    }

    private static long endWithDetection(FluidConfig c, long detectPs, long rtoPs) {
        return new FlowLevelSimulator(c, new FlowLevelOptions(detectPs, rtoPs), 1).run().flows().get(0).endPs();
    }

    @Test
    void randomSprayingThroughAFailureDrawsItsLossesFromTheMasterSeed() {
        // RPS through a black hole: whole lost packets drawn per flow; the same seed gives the same draws,
        // another seed other draws (some flow's timeouts, hence its end, differ)
        List<Flow> flows = Workloads.permutation(TREE, 1_500_000, 3, false);
        Faults faults = Faults.builder(TREE).fail("leaf0-spine1", 0).build();
        FluidConfig c = FluidConfig.builder(TREE).rate(RATE).scheme(LoadBalancingScheme.RPS).faults(faults).seed(5)
                .build().withWorkload(Workload.of(flows));
        FluidConfig other = FluidConfig.builder(TREE).rate(RATE).scheme(LoadBalancingScheme.RPS).faults(faults)
                .seed(6).build().withWorkload(Workload.of(flows));
        assertEquals(run(c).flows(), run(c).flows());
        assertTrue(!run(c).flows().equals(run(other).flows()));
    }
}
