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
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.metrics.ProgressListener;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;
import org.primelab.core.resources.ResourceGuard;
import org.primelab.core.scenario.FaultSpec;
import org.primelab.core.topology.Faults;
import org.primelab.core.workload.Collectives;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Placement;
import org.primelab.core.workload.Workload;
import org.primelab.core.workload.Workloads;
import org.primelab.fluid.FairShareBound;
import org.primelab.fluid.FluidConfig;
import org.primelab.fluid.FluidFlowStats;
import org.primelab.fluid.FluidLinkStats;
import org.primelab.fluid.FluidResult;
import org.primelab.fluid.SplitMode;
import org.primelab.fluid.flowlevel.EngineChoice;
import org.primelab.fluid.flowlevel.FlowLevelOptions;
import org.primelab.packet.PacketSimulator;
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

    /** Allowed relative error of max and mean FCT at the issue's targets: spraying schemes (issue 16). */
    static final double SPRAY_TARGET = 0.05;
    /** Allowed relative error of max and mean FCT at the issue's targets: ECMP, and any case with a link failure. */
    static final double ECMP_AND_FAILURE_TARGET = 0.10;
    /** Speed-up target (median wall clock, side by side) on cases of {@link #LARGE_HOSTS} hosts or more. */
    static final double LARGE_SPEED_TARGET = 100;
    /** Speed-up target on smaller cases (the 128-host suite). */
    static final double SMALL_SPEED_TARGET = 20;
    /** Hosts from which {@link #LARGE_SPEED_TARGET} applies. */
    static final int LARGE_HOSTS = 2048;

    /**
     * One scenario: a workload ({@code permutation} of equal flows, or a ring {@code allreduce} of a buffer of
     * {@code flowBytes} per host in groups of {@code group} hosts placed one per ToR first) on a FatTree, with
     * optional degraded cables (a seeded fraction at a lower rate) and failures ({@code LINK@TIME}, as
     * {@code --fail}).
     */
    record Scenario(int tiers, int k, long rateBps, long flowBytes, LoadBalancingScheme scheme, String traffic, int group,
                    double degradeFraction, String degradeTo, String fail) {
        /** A permutation on a healthy fabric (the small suite's cases). */
        Scenario(int tiers, int k, long rateBps, long flowBytes, LoadBalancingScheme scheme) {
            this(tiers, k, rateBps, flowBytes, scheme, "permutation", 0, 0, "100G", null);
        }

        String label() {
            StringBuilder b = new StringBuilder().append(tiers).append("-tier k=").append(k).append(' ')
                    .append(Units.formatRate(rateBps)).append(' ').append(sizeLabel(flowBytes)).append(' ')
                    .append(scheme.cliName());
            if (!"permutation".equals(traffic)) {
                b.append(' ').append(traffic).append('/').append(group);
            }
            if (degradeFraction > 0) {
                b.append(" deg").append(Math.round(100 * degradeFraction)).append("%@").append(degradeTo);
            }
            if (fail != null) {
                b.append(" fail ").append(fail);
            }
            return b.toString();
        }

        private static String sizeLabel(long bytes) {
            return bytes % 1_000_000 == 0 ? (bytes / 1_000_000) + "MB" : bytes + "B";
        }

        boolean spraying() {
            return scheme != LoadBalancingScheme.ECMP;
        }

        boolean failure() {
            return fail != null;
        }

        int hosts() {
            return Checks.dimensions(tiers, k).hosts();
        }

        /** The issue's error target for max and mean FCT. */
        double errorTarget() {
            return failure() || !spraying() ? ECMP_AND_FAILURE_TARGET : SPRAY_TARGET;
        }

        /** The issue's speed-up target. */
        double speedTarget() {
            return hosts() >= LARGE_HOSTS ? LARGE_SPEED_TARGET : SMALL_SPEED_TARGET;
        }

        /** The faults of the scenario on {@code tree}. */
        Faults faults(FatTree tree, long seed) {
            return new FaultSpec(fail == null ? List.of() : List.of(fail), 0, "0ns", List.of(), degradeFraction,
                    degradeTo).toFaults(tree, rateBps, seed, false);
        }

        /** Refuses, before any work, a scenario that cannot fit the heap or the time budget (both simulators). */
        void checkFits() {
            FatTree.Dimensions d = Checks.dimensions(tiers, k);
            long flows = "permutation".equals(traffic) ? d.hosts() : (long) d.hosts() * 2 * (group - 1);
            double bytesPerFlow = "permutation".equals(traffic) ? flowBytes : Math.ceil(flowBytes / (double) group);
            double packets = ResourceGuard.packets(flows, bytesPerFlow, FabricParameters.DEFAULT_MTU_BYTES,
                    FabricParameters.DEFAULT_HEADER_BYTES);
            Checks.fits(ResourceGuard.packetSim(d, flows, packets), false);
            long paths = (long) d.torUplinks() * Math.max(1, d.aggUplinks());
            Checks.fits(ResourceGuard.fluidSim(d, flows, paths, flows), false);
        }
    }

    /** The scale suite (issue 16): not in the default build; {@code prime crossval --suite scale}. */
    static List<Scenario> scaleSuite() {
        List<Scenario> out = new ArrayList<>();
        LoadBalancingScheme prime = LoadBalancingScheme.PRIME;
        LoadBalancingScheme ecmp = LoadBalancingScheme.ECMP;
        for (long r : new long[] {100 * Units.GBPS, 400 * Units.GBPS, 800 * Units.GBPS}) {
            for (long size : new long[] {2_000_000, 8_000_000}) {
                out.add(new Scenario(2, 64, r, size, prime));
            }
        }
        out.add(new Scenario(2, 64, 400 * Units.GBPS, 2_000_000, ecmp));
        out.add(new Scenario(3, 16, 400 * Units.GBPS, 2_000_000, prime));
        out.add(new Scenario(3, 16, 400 * Units.GBPS, 2_000_000, ecmp));
        out.add(new Scenario(2, 128, 400 * Units.GBPS, 4_000_000, prime, "permutation", 0, 0.25, "100G", null));
        out.add(new Scenario(2, 64, 400 * Units.GBPS, 2_000_000, prime, "permutation", 0, 0, "100G",
                "leaf0-spine3@0ns"));
        out.add(new Scenario(2, 64, 400 * Units.GBPS, 2_000_000, ecmp, "permutation", 0, 0, "100G",
                "leaf0-spine3@0ns"));
        out.add(new Scenario(2, 64, 400 * Units.GBPS, 4_000_000, prime, "allreduce", 8, 0, "100G", null));
        return out;
    }

    /** The suite named {@code name}: {@code small} ({@link #suite()}) or {@code scale} ({@link #scaleSuite()}). */
    static List<Scenario> suite(String name) {
        return switch (name == null ? "" : name.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "small" -> suite();
            case "scale" -> scaleSuite();
            default -> throw new IllegalArgumentException("suite: expected small or scale, got '" + name + "'");
        };
    }

    /** One scenario's comparison. */
    record Row(Scenario scenario, int flows, long idealPs, long packetMaxPs, long fluidMaxPs, double flowErrMean,
               double flowErrP90, double packetWallS, double fluidWallS, long packetEvents, long fluidSteps,
               long idealViolations, double packetExcessPerFlow, double fluidExcessPerFlow, double fairShareOverHost,
               double fluidLeaptShare, double packetMeanPs, double fluidMeanPs, EngineChoice engine, int rounds,
               double packetFirstWallS, double fluidFirstWallS) {

        /** (fluid - packet) / packet of the mean FCT. */
        double meanRelError() {
            return (fluidMeanPs - packetMeanPs) / packetMeanPs;
        }

        /** Whether max and mean FCT are within the issue's error target and the speed-up meets its target. */
        boolean targetsMet() {
            double tol = scenario.errorTarget();
            return Math.abs(relError()) <= tol && Math.abs(meanRelError()) <= tol && speedup() >= scenario.speedTarget();
        }

        /**
         * The same comparison with wall times the medians of the warm rounds of a side-by-side measurement
         * ({@link #speed}); this row's own run, the first in the JVM for this scenario, stays as the first-run times.
         */
        Row withSpeed(Speed s) {
            return new Row(scenario, flows, idealPs, packetMaxPs, fluidMaxPs, flowErrMean, flowErrP90, s.packetWallS(),
                    s.fluidWallS(), packetEvents, fluidSteps, idealViolations, packetExcessPerFlow, fluidExcessPerFlow,
                    fairShareOverHost, fluidLeaptShare, packetMeanPs, fluidMeanPs, engine, s.repeats(),
                    packetFirstWallS, fluidFirstWallS);
        }

        /** (fluid - packet) / packet of the max FCT. */
        double relError() {
            return (fluidMaxPs - packetMaxPs) / (double) packetMaxPs;
        }

        double speedup() {
            return packetWallS / fluidWallS;
        }

        /** True if the row meets every check that applies to it. */
        boolean ok() {
            boolean fct = !scenario.spraying() || scenario.failure() || Math.abs(relError()) <= SPRAY_TOLERANCE;
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
            m.put("scenario", s.label());
            m.put("hosts", s.hosts());
            m.put("engine", engine.engine());
            m.put("engine_reason", engine.reason());
            m.put("flows", flows);
            m.put("ideal_max_fct_us", idealPs / 1e6);
            m.put("packet_max_fct_us", packetMaxPs / 1e6);
            m.put("fluid_max_fct_us", fluidMaxPs / 1e6);
            m.put("rel_error", relError());
            m.put("packet_mean_fct_us", packetMeanPs / 1e6);
            m.put("fluid_mean_fct_us", fluidMeanPs / 1e6);
            m.put("mean_rel_error", meanRelError());
            m.put("error_target", s.errorTarget());
            m.put("speed_target", s.speedTarget());
            m.put("rounds", rounds);
            m.put("flow_error_mean", flowErrMean);
            m.put("flow_error_p90", flowErrP90);
            m.put("tolerance", s.spraying() ? SPRAY_TOLERANCE : null);
            m.put("ideal_violations", idealViolations);
            m.put("packet_excess_pkts_per_flow", packetExcessPerFlow);
            m.put("fluid_excess_pkts_per_flow", fluidExcessPerFlow);
            m.put("packet_wall_s", packetWallS);
            m.put("fluid_wall_s", fluidWallS);
            m.put("speedup", speedup());
            m.put("packet_first_wall_s", packetFirstWallS);
            m.put("fluid_first_wall_s", fluidFirstWallS);
            m.put("packet_events", packetEvents);
            m.put("fluid_steps", fluidSteps);
            m.put("fluid_fast_forward_share", fluidLeaptShare);
            m.put("ok", ok());
            m.put("targets_met", targetsMet());
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
        return SimConfig.builder(tree).rate(s.rateBps()).scheme(s.scheme()).seed(seed).faults(s.faults(tree, seed))
                .build();
    }

    /** The scenario's workload (with its triggers). */
    static Workload workload(SimConfig c, Scenario s) {
        if ("allreduce".equals(s.traffic())) {
            return Collectives.ringAllReduce(Placement.SPREAD.groups(c.tree(), s.group(), 0, c.seed()), s.flowBytes());
        }
        return Workload.of(Workloads.permutation(c.tree(), s.flowBytes(), c.seed(), false));
    }

    /** The fluid configuration of a scenario and the engine that runs it ({@code engine}: auto, flow, quantum). */
    static FluidConfig fluidConfig(SimConfig pc, Workload w, boolean fastForward) {
        return FluidBridge.config(pc, SplitMode.PACKET, FluidConfig.DEFAULT_STEP_MTUS).withFastForward(fastForward)
                .withWorkload(w);
    }

    /** Runs one scenario through all three models, the fluid one on the quantum engine (fast-forward on or off). */
    static Row run(Scenario s, long seed, boolean fastForward) {
        return run(s, seed, fastForward, EngineChoice.QUANTUM);
    }

    /**
     * The packet simulator on one thread, as the fluid engines run: crossval compares the engines' costs (and
     * reads the running thread's CPU time), and packet-sim's result is the same on any number of threads.
     */
    private static PacketSimulator packetSimulator(SimConfig pc, Workload w, long ideal) {
        return new PacketSimulator(pc, w, ideal).threads(1);
    }

    /** Runs one scenario through all three models, the fluid one on {@code engine} (auto, flow or quantum). */
    static Row run(Scenario s, long seed, boolean fastForward, String engine) {
        SimConfig pc = packetConfig(s, seed);
        Workload w = workload(pc, s);
        List<Flow> flows = w.flows();
        long ideal = SimRunner.ideal(pc, flows);
        SimResult packet = packetSimulator(pc, w, ideal).run(ProgressListener.NONE);
        FluidConfig fc = fluidConfig(pc, w, fastForward);
        EngineChoice choice = EngineChoice.choose(fc, engine, !fastForward);
        FluidResult fluid = choice.run(fc, flowOptions(pc), ideal);
        return compare(s, flows, packet, fluid, choice);
    }

    /** The packet configuration's detection delay and timeout, for the flow-level model's black hole. */
    static FlowLevelOptions flowOptions(SimConfig pc) {
        return new FlowLevelOptions(pc.detectPs(), pc.effectiveRtoPs());
    }

    /** The comparison of finished runs. */
    static Row compare(Scenario s, List<Flow> flows, SimResult packet, FluidResult fluid, EngineChoice engine) {
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
                fluid.fastForwardPs() / (double) Math.max(1, fluid.endPs()), packet.meanFctPs(), fluid.meanFctPs(), engine, 1,
                packet.wallSeconds(), fluid.wallSeconds());
    }

    /**
     * Seconds of runs each engine gets on a scenario before its timed rounds (the scenario's comparison run counts):
     * the JIT has then compiled the engine's hot loops, as JMH's warm-up iterations ensure. The packet simulator's
     * runs on 2048 hosts take a second or more, so its comparison run is its warm-up; a flow-level run of 15 ms
     * is repeated about 30 times. Without it the first scenarios' fluid runs took 47-54 ms where a warm loop
     * takes 14-17 ms.
     */
    static final double WARMUP_S = 0.5;
    /** Most warm-up runs per engine and scenario, whatever {@link #WARMUP_S} asks. */
    static final int MAX_WARMUP_RUNS = 200;
    /**
     * Seconds each engine runs per timed round: its runs are repeated back to back until they have taken this
     * long (one run at least), and the round's time is the time per run, as a JMH iteration runs its benchmark
     * many times. A single run of under a millisecond is at the mercy of one collection or one interruption:
     * timed one run per round, the 128-host CO-PRIME case once gave a median of 2.3 ms for a 0.5 ms run (18x
     * where other invocations measure 74-81x).
     */
    static final double ROUND_S = 0.1;

    /**
     * The speed-up measurement on scenario {@code s}: a warm-up of each engine ({@link #WARMUP_S}), then
     * {@code repeats} rounds, each running the packet simulator and then the fluid simulator on the same
     * configuration and workload in this JVM (a collection before each engine's turn, so neither pays for the
     * other's garbage), each engine for {@link #ROUND_S} of back-to-back runs, timed from construction to result
     * by wall clock and by the thread's CPU time (the CPU time is immune to other processes on a shared
     * machine) and divided by the runs. Reports the medians of the rounds' times per run.
     */
    static Speed speed(Scenario s, long seed, int repeats, boolean fastForward) {
        return speed(s, seed, repeats, fastForward, EngineChoice.QUANTUM, 0, 0);
    }

    /**
     * The same on the fluid engine {@code engine} asks for (auto, flow, quantum), counting {@code packetWarmS} and
     * {@code fluidWarmS} seconds of runs already made in this JVM (the comparison run) toward the warm-up.
     */
    static Speed speed(Scenario s, long seed, int repeats, boolean fastForward, String engine, double packetWarmS,
            double fluidWarmS) {
        SimConfig pc = packetConfig(s, seed);
        Workload w = workload(pc, s);
        List<Flow> flows = w.flows();
        FluidConfig fc = fluidConfig(pc, w, fastForward);
        EngineChoice choice = EngineChoice.choose(fc, engine, !fastForward);
        FlowLevelOptions fo = flowOptions(pc);
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
        int warmups = 0;
        for (double warm = packetWarmS; warm < WARMUP_S && warmups < MAX_WARMUP_RUNS; warmups++) {
            long w0 = System.nanoTime();
            packetSimulator(pc, w, ideal).run(ProgressListener.NONE);
            warm += (System.nanoTime() - w0) / 1e9;
        }
        warmups = 0;
        for (double warm = fluidWarmS; warm < WARMUP_S && warmups < MAX_WARMUP_RUNS; warmups++) {
            long w0 = System.nanoTime();
            choice.run(fc, fo, ideal);
            warm += (System.nanoTime() - w0) / 1e9;
        }
        SimResult[] p = new SimResult[1];
        FluidResult[] f = new FluidResult[1];
        double[] perRun = new double[2];
        for (int i = 0; i < repeats; i++) {
            // each engine's turn starts without the other's garbage to collect (as JMH's forced GC between iterations)
            timeRound(() -> p[0] = packetSimulator(pc, w, ideal).run(ProgressListener.NONE), mx, cpu, perRun);
            pw[i] = perRun[0];
            pc2[i] = perRun[1];
            timeRound(() -> f[0] = choice.run(fc, fo, ideal), mx, cpu, perRun);
            fw[i] = perRun[0];
            fc2[i] = perRun[1];
            events = p[0].events();
            steps = f[0].steps();
            leapt = f[0].fastForwardPs() / (double) Math.max(1, f[0].endPs());
        }
        return new Speed(events, steps, leapt, median(pw), median(fw), cpu ? median(pc2) : Double.NaN,
                cpu ? median(fc2) : Double.NaN, repeats, pw, fw);
    }

    /**
     * One engine's turn in a timed round: a collection, then {@code run} back to back until {@link #ROUND_S} of
     * wall clock have passed (once at least); {@code perRun} gets the wall and thread CPU seconds per run.
     */
    private static void timeRound(Runnable run, ThreadMXBean mx, boolean cpu, double[] perRun) {
        System.gc();
        long c0 = cpu ? mx.getCurrentThreadCpuTime() : 0;
        long w0 = System.nanoTime();
        long deadline = w0 + (long) (ROUND_S * 1e9);
        int runs = 0;
        long w1;
        do {
            run.run();
            runs++;
            w1 = System.nanoTime();
        } while (w1 < deadline);
        long c1 = cpu ? mx.getCurrentThreadCpuTime() : 0;
        perRun[0] = (w1 - w0) / 1e9 / runs;
        perRun[1] = (c1 - c0) / 1e9 / runs;
    }

    /** The median (the upper one of an even count). */
    static double median(double[] a) {
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
                 double fluidCpuS, int repeats, double[] packetWalls, double[] fluidWalls) {
        double wallSpeedup() {
            return packetWallS / fluidWallS;
        }

        double cpuSpeedup() {
            return packetCpuS / fluidCpuS;
        }
    }
}
