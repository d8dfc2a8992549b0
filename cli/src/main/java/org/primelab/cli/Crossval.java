package org.primelab.cli;

import java.util.ArrayList;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.primelab.analytical.fct.IdealFct;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workloads;
import org.primelab.fluid.FairShareBound;
import org.primelab.fluid.FluidConfig;
import org.primelab.fluid.FluidFlowStats;
import org.primelab.fluid.FluidLinkStats;
import org.primelab.fluid.FluidResult;
import org.primelab.fluid.FluidSimulator;
import org.primelab.fluid.SplitMode;
import org.primelab.packet.PacketSimulator;
import org.primelab.packet.ProgressListener;
import org.primelab.packet.SimConfig;
import org.primelab.packet.metrics.FlowStats;
import org.primelab.packet.metrics.QueueStats;
import org.primelab.packet.metrics.SimResult;

/**
 * The cross-validation triangle (docs/design.md: "the three levels cross-validate"): one scenario through the
 * packet simulator, the fluid simulator and the analytical ideal, compared as the field compares
 * simulators (docs/references.md, "Cross-validation conventions": error of the max FCT, per-flow relative
 * error mean and p90 as m4 reports it, and the speed-up).
 *
 * <p>Tolerance: for the spraying schemes (CO-PRIME, PRIME) on a symmetric permutation the fluid max FCT
 * must be within {@link #SPRAY_TOLERANCE} of the packet simulator's. ECMP has no tolerance: both
 * simulators put each flow on the same hashed path, but how colliding flows share a bottleneck under
 * DCTCP (who is cut when, at packet granularity) differs, so its error is reported, not bounded.
 * Bounds, checked for every scheme: neither simulator beats the analytical ideal (any flow, and the max),
 * and, for CO-PRIME, whose split is the even split the uplink-to-downlink theorem assumes, the per-link
 * loads of both simulators stay within {@link #BALANCE_SLACK_PACKETS} packets per flow of the fair share
 * ({@link FairShareBound}); every scenario's fair shares stay within one host's worth (the theorem's
 * conclusion). PRIME's penalties deliberately move packets off marked paths, so its excess is reported
 * but not bounded; ECMP's shows the check failing.
 */
final class Crossval {
    /** Allowed relative error of the fluid max FCT for spraying schemes (issue "fluid-sim", item 3). */
    static final double SPRAY_TOLERANCE = 0.10;
    /**
     * Per-flow slack over the fair share, in packets: PRIME's odometer keeps each flow's per-port (and
     * per port pair) count within 2 of its share over any window (docs/references.md, "Round robin").
     */
    static final double BALANCE_SLACK_PACKETS = 2.0;

    /** One scenario: a symmetric permutation of equal flows on a FatTree. */
    record Scenario(int tiers, int k, long rateBps, long flowBytes, LoadBalancingScheme scheme) {
        String label() {
            return tiers + "-tier k=" + k + " " + Units.formatRate(rateBps) + " " + (flowBytes / 1_000_000) + "MB "
                    + scheme.cliName();
        }

        boolean spraying() {
            return scheme != LoadBalancingScheme.ECMP;
        }
    }

    /** One scenario's comparison. */
    record Row(Scenario scenario, int flows, long idealPs, long packetMaxPs, long fluidMaxPs, double flowErrMean,
               double flowErrP90, double packetWallS, double fluidWallS, long packetEvents, long fluidSteps,
               long idealViolations, double packetExcessPerFlow, double fluidExcessPerFlow, double fairShareOverHost,
               double fluidLeaptShare) {

        /** (fluid - packet) / packet of the max FCT. */
        double relError() {
            return (fluidMaxPs - packetMaxPs) / (double) packetMaxPs;
        }

        double speedup() {
            return packetWallS / fluidWallS;
        }

        /** True if the row meets every check that applies to it. */
        boolean ok() {
            boolean fct = !scenario.spraying() || Math.abs(relError()) <= SPRAY_TOLERANCE;
            boolean balance = scenario.scheme() != LoadBalancingScheme.CO_PRIME
                    || (packetExcessPerFlow <= BALANCE_SLACK_PACKETS && fluidExcessPerFlow <= BALANCE_SLACK_PACKETS);
            return fct && balance && idealViolations == 0 && fairShareOverHost <= 1 + 1e-9;
        }

        Map<String, Object> json() {
            Map<String, Object> m = new LinkedHashMap<>();
            Scenario s = scenario;
            m.put("tiers", s.tiers());
            m.put("k", s.k());
            m.put("rate_gbps", s.rateBps() / (double) Units.GBPS);
            m.put("flow_size_bytes", s.flowBytes());
            m.put("scheme", s.scheme().cliName());
            m.put("flows", flows);
            m.put("ideal_max_fct_us", idealPs / 1e6);
            m.put("packet_max_fct_us", packetMaxPs / 1e6);
            m.put("fluid_max_fct_us", fluidMaxPs / 1e6);
            m.put("rel_error", relError());
            m.put("flow_error_mean", flowErrMean);
            m.put("flow_error_p90", flowErrP90);
            m.put("tolerance", s.spraying() ? SPRAY_TOLERANCE : null);
            m.put("ideal_violations", idealViolations);
            m.put("packet_excess_pkts_per_flow", packetExcessPerFlow);
            m.put("fluid_excess_pkts_per_flow", fluidExcessPerFlow);
            m.put("packet_wall_s", packetWallS);
            m.put("fluid_wall_s", fluidWallS);
            m.put("speedup", speedup());
            m.put("packet_events", packetEvents);
            m.put("fluid_steps", fluidSteps);
            m.put("fluid_fast_forward_share", fluidLeaptShare);
            m.put("ok", ok());
            return m;
        }
    }

    private Crossval() {
    }

    /**
     * The fixed suite: 2-tier k=16 (128 hosts) and 3-tier k=8 (128 hosts); 100G and 400G; permutations
     * of 2 MB and 8 MB flows; CO-PRIME, PRIME and ECMP.
     */
    static List<Scenario> suite() {
        List<Scenario> out = new ArrayList<>();
        int[][] trees = {{2, 16}, {3, 8}};
        long[] rates = {100 * Units.GBPS, 400 * Units.GBPS};
        long[] sizes = {2_000_000, 8_000_000};
        LoadBalancingScheme[] schemes = {LoadBalancingScheme.CO_PRIME, LoadBalancingScheme.PRIME, LoadBalancingScheme.ECMP};
        for (int[] t : trees) {
            for (long r : rates) {
                for (long s : sizes) {
                    for (LoadBalancingScheme sc : schemes) {
                        out.add(new Scenario(t[0], t[1], r, s, sc));
                    }
                }
            }
        }
        return out;
    }

    /** The packet configuration of a scenario (every other parameter: the paper's defaults). */
    static SimConfig packetConfig(Scenario s, long seed) {
        FatTree tree = FatTree.builder(s.tiers(), s.k()).build();
        return SimConfig.builder(tree).rate(s.rateBps()).scheme(s.scheme()).seed(seed).build();
    }

    /** The scenario's workload. */
    static List<Flow> workload(SimConfig c, Scenario s) {
        return Workloads.permutation(c.tree(), s.flowBytes(), c.seed(), false);
    }

    /** Runs one scenario through all three models (the fluid one with fast-forward on or off). */
    static Row run(Scenario s, long seed, boolean fastForward) {
        SimConfig pc = packetConfig(s, seed);
        List<Flow> flows = workload(pc, s);
        long ideal = SimRunner.ideal(pc, flows);
        SimResult packet = new PacketSimulator(pc, flows, ideal).run(ProgressListener.NONE);
        FluidConfig fc = FluidBridge.config(pc, SplitMode.PACKET, FluidConfig.DEFAULT_STEP_MTUS)
                .withFastForward(fastForward);
        FluidResult fluid = new FluidSimulator(fc, flows, ideal).run();
        return compare(s, flows, packet, fluid);
    }

    /** The comparison of finished runs. */
    static Row compare(Scenario s, List<Flow> flows, SimResult packet, FluidResult fluid) {
        SimConfig pc = packet.config();
        FatTree tree = pc.tree();
        int n = flows.size();
        double[] err = new double[n];
        long violations = 0;
        for (int i = 0; i < n; i++) {
            FlowStats p = packet.flows().get(i);
            FluidFlowStats f = fluid.flows().get(i);
            long ideal = IdealFct.lonePathPs(p.sizeBytes(), pc.mtuBytes(), pc.headerBytes(), pc.linkRateBps(),
                    pc.propagationPs(), p.pathLinks());
            violations += p.fctPs() < ideal ? 1 : 0;
            violations += f.fctPs() < ideal ? 1 : 0;
            err[i] = Math.abs(f.fctPs() - p.fctPs()) / (double) p.fctPs();
        }
        violations += packet.maxFctPs() < packet.idealMaxFctPs() ? 1 : 0;
        violations += fluid.maxFctPs() < fluid.idealMaxFctPs() ? 1 : 0;
        Arrays.sort(err);
        double mean = Arrays.stream(err).average().orElse(0);
        double p90 = err[Math.max(0, (int) Math.ceil(0.9 * n) - 1)];

        double[] packets = new double[n];
        double[] wire = new double[n];
        for (int i = 0; i < n; i++) {
            packets[i] = packet.flows().get(i).packets();
            wire[i] = fluid.flows().get(i).wireBytes();
        }
        FairShareBound byPackets = new FairShareBound(tree, flows, packets);
        FairShareBound byBytes = new FairShareBound(tree, flows, wire);
        double packetExcess = 0;
        double fluidExcess = 0;
        double mtu = pc.mtuBytes();
        for (QueueStats q : packet.queues()) {
            int l = q.link();
            if (q.tier() > 0 && byPackets.flowsOn(l) > 0) {
                packetExcess = Math.max(packetExcess, (q.dataPackets() - byPackets.share(l)) / byPackets.flowsOn(l));
            }
        }
        for (FluidLinkStats q : fluid.links()) {
            int l = q.link();
            if (q.tier() > 0 && byBytes.flowsOn(l) > 0) {
                fluidExcess = Math.max(fluidExcess, (q.dataBytes() - byBytes.share(l)) / mtu / byBytes.flowsOn(l));
            }
        }
        return new Row(s, n, packet.idealMaxFctPs(), packet.maxFctPs(), fluid.maxFctPs(), mean, p90,
                packet.wallSeconds(), fluid.wallSeconds(), packet.events(), fluid.steps(), violations, packetExcess,
                fluidExcess, byBytes.maxOverHostShare(tree, flows, wire),
                fluid.fastForwardPs() / (double) Math.max(1, fluid.endPs()));
    }

    /**
     * The speed-up measurement on scenario {@code s}: {@code repeats} rounds, each running the packet
     * simulator and then the fluid simulator on the same configuration and workload in this JVM (warm:
     * the suite ran first; a collection before each run, so neither pays for the other's garbage), timing each
     * run from construction to result by wall clock and by the thread's CPU time
     * (the CPU time is immune to other processes on a shared machine). Reports the medians.
     */
    static Speed speed(Scenario s, long seed, int repeats, boolean fastForward) {
        SimConfig pc = packetConfig(s, seed);
        List<Flow> flows = workload(pc, s);
        FluidConfig fc = FluidBridge.config(pc, SplitMode.PACKET, FluidConfig.DEFAULT_STEP_MTUS)
                .withFastForward(fastForward);
        long ideal = SimRunner.ideal(pc, flows);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        boolean cpu = mx.isCurrentThreadCpuTimeSupported();
        double[] pw = new double[repeats];
        double[] fw = new double[repeats];
        double[] pc2 = new double[repeats];
        double[] fc2 = new double[repeats];
        long events = 0;
        long steps = 0;
        double leapt = 0;
        for (int i = 0; i < repeats; i++) {
            // each run starts without the other's garbage to collect (as JMH's forced GC between iterations)
            System.gc();
            long c0 = cpu ? mx.getCurrentThreadCpuTime() : 0;
            long w0 = System.nanoTime();
            SimResult p = new PacketSimulator(pc, flows, ideal).run(ProgressListener.NONE);
            long w1 = System.nanoTime();
            long c1 = cpu ? mx.getCurrentThreadCpuTime() : 0;
            System.gc();
            long c2 = cpu ? mx.getCurrentThreadCpuTime() : 0;
            long w2 = System.nanoTime();
            FluidResult f = new FluidSimulator(fc, flows, ideal).run();
            long w3 = System.nanoTime();
            long c3 = cpu ? mx.getCurrentThreadCpuTime() : 0;
            pw[i] = (w1 - w0) / 1e9;
            fw[i] = (w3 - w2) / 1e9;
            pc2[i] = (c1 - c0) / 1e9;
            fc2[i] = (c3 - c2) / 1e9;
            events = p.events();
            steps = f.steps();
            leapt = f.fastForwardPs() / (double) f.endPs();
        }
        return new Speed(events, steps, leapt, median(pw), median(fw), cpu ? median(pc2) : Double.NaN,
                cpu ? median(fc2) : Double.NaN, repeats);
    }

    private static double median(double[] a) {
        double[] b = a.clone();
        Arrays.sort(b);
        return b[b.length / 2];
    }

    /**
     * Side-by-side timing of one scenario: the fluid run's integrated steps and the share of its simulated
     * time fast-forward leapt over, and medians over {@code repeats} rounds of the packet and fluid runs'
     * wall seconds and thread CPU seconds (CPU: NaN where the JVM cannot measure it; the CPU time of
     * a run includes its construction).
     */
    record Speed(long packetEvents, long fluidSteps, double fluidLeaptShare, double packetWallS, double fluidWallS, double packetCpuS,
                 double fluidCpuS, int repeats) {
        double wallSpeedup() {
            return packetWallS / fluidWallS;
        }

        double cpuSpeedup() {
            return packetCpuS / fluidCpuS;
        }
    }
}
