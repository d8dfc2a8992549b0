package org.primelab.cli;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.primelab.core.workload.Workload;
import org.primelab.packet.PacketSimulator;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.resources.ResourceGuard;
import org.primelab.core.scenario.FaultSpec;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workloads;
import org.primelab.packet.SimConfig;
import org.primelab.packet.metrics.SimResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code prime bench}: the end-to-end benchmarks of the packet simulator. {@code --case permutation} (the
 * default): the 2048-host 2-tier 400G permutation of 2 MB flows with PRIME. {@code --case degradation}: the
 * paper's scale, 8192 hosts ({@code k} = 128), a permutation of 4 MB flows with a quarter of the
 * switch-to-switch cables at 100G, the same run as {@code prime sim --k 128 --flow-size 4MB
 * --degrade-fraction 0.25 --degrade-to 100G}. Prints events, events per second, the simulation's wall time
 * and the most heap in use at once during the runs ({@link HeapPeak}), and the most packets alive at once (the packet pool's
 * peak, the largest part of the simulator's working set).
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Benchmark: events/s, wall time, peak heap of the packet simulator on a fixed case "
                + "(permutation: 2048 hosts, 400G, 2MB; degradation: 8192 hosts, 4MB, 25%% of cables at 100G).")
final class BenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    /** The benchmark cases: radix, flow size and the fraction of cables degraded to {@link #DEGRADED_RATE}. */
    enum Case {
        PERMUTATION("permutation", 64, 2_000_000, 0),
        DEGRADATION("degradation", 128, 4_000_000, 0.25);

        final String cliName;
        final int k;
        final long flowBytes;
        final double degradeFraction;

        Case(String cliName, int k, long flowBytes, double degradeFraction) {
            this.cliName = cliName;
            this.k = k;
            this.flowBytes = flowBytes;
            this.degradeFraction = degradeFraction;
        }

        static Case parse(String s) {
            for (Case c : values()) {
                if (c.cliName.equals(s)) {
                    return c;
                }
            }
            throw new IllegalArgumentException("case: must be permutation or degradation, got " + Units.oneLine(s));
        }
    }

    /** The rate of the degradation case's slow cables (the paper's degradation experiment). */
    static final String DEGRADED_RATE = "100G";

    @Option(names = "--case", defaultValue = "permutation",
            description = "permutation (2048 hosts, 2MB) or degradation (8192 hosts, 4MB, 25%% of cables at 100G) "
                    + "(default: ${DEFAULT-VALUE})")
    String benchCase;

    @Option(names = "--k", description = "2-tier radix, even, 4..256 (default: the case's, 64 = 2048 hosts or 128 = 8192 hosts)")
    Integer k;

    @Option(names = "--lb", defaultValue = "prime", description = "scheme (default: ${DEFAULT-VALUE})")
    String lb;

    @Option(names = "--json", description = "print one JSON object")
    boolean json;

    @Option(names = "--force", description = "run even beyond the time budget (the heap limit still applies)")
    boolean force;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "1",
            description = "run the case N times in one JVM, 1.." + MAX_REPEAT + ": the first run includes the JIT's"
                    + " warm-up, the others show the warm simulator; every run must give the same result"
                    + " (default: ${DEFAULT-VALUE})")
    int repeat;

    @Option(names = "--parts", paramLabel = "N",
            description = "parts of the fabric the threads run in turn, 1 to the ToRs (default: one per "
                    + PacketSimulator.AUTO_TORS_PER_PART + " ToRs, at least the threads)")
    Integer parts;

    /** Most runs {@code --repeat} takes. */
    static final int MAX_REPEAT = 50;

    @Option(names = "--threads", paramLabel = "N",
            description = "threads, 1 to one per ToR, as for prime sim (default: the processors from "
                    + PacketSimulator.AUTO_THREADS_MIN_HOSTS + " hosts and 100 ns of propagation delay, else 1)")
    Integer threads;

    @Override
    public Integer call() {
        Case c = Checks.as("case", () -> Case.parse(benchCase));
        LoadBalancingScheme scheme = Checks.as("lb", () -> LoadBalancingScheme.parse(lb));
        int radix = k == null ? c.k : k;
        FatTree.Dimensions dims = Checks.dimensions(2, radix);
        double packets = ResourceGuard.packets(dims.hosts(), c.flowBytes, FabricParameters.DEFAULT_MTU_BYTES,
                FabricParameters.DEFAULT_HEADER_BYTES);
        Checks.range("repeat", repeat, 1, MAX_REPEAT);
        Checks.fits(ResourceGuard.packetSim(dims, dims.hosts(), packets).times(repeat), force);
        FatTree tree = FatTree.twoTier(radix);
        SimConfig healthy = SimConfig.builder(tree).scheme(scheme).build();
        // the degraded cables prime sim --degrade-fraction picks with the same rate and seed
        FaultSpec faults = new FaultSpec(List.of(), 0, "0ns", List.of(), c.degradeFraction, DEGRADED_RATE);
        SimConfig config = healthy.withScenario(healthy.scenario().withFaults(
                faults.toFaults(tree, healthy.linkRateBps(), healthy.seed(), false)));
        List<Flow> flows = Workloads.permutation(tree, c.flowBytes, config.seed(), false);
        SimConfig run = config.withWorkload(Workload.of(flows));
        int threadCount = SimRunner.threads(threads, List.of(run));
        int threadsUsed = threadCount == SimRunner.AUTO_THREADS
                ? PacketSimulator.autoThreads(run, Runtime.getRuntime().availableProcessors()) : threadCount;
        PacketSimulator plan = new PacketSimulator(run, 1).threads(threadsUsed);
        if (parts != null) {
            plan.parts(parts);
            if (threads != null && parts < threadsUsed) {
                // the simulator gives every thread a part, so it would run threadsUsed parts, not the ones asked for
                throw new IllegalArgumentException("parts: " + parts + " is fewer than --threads " + threadsUsed
                        + ", and each thread runs at least one part; accepted: " + threadsUsed + " to the ToRs");
            }
        }
        int partsUsed = plan.parts();
        // progress on stderr once the run has lasted a few seconds (stdout keeps the result alone)
        long ideal = SimRunner.ideal(config, flows);
        HeapPeak heap = HeapPeak.start();
        SimResult r = SimRunner.run(config, flows, ideal, spec.commandLine().getErr(), true, threadsUsed, partsUsed);
        double[] walls = new double[repeat];
        walls[0] = r.wallSeconds();
        for (int i = 1; i < repeat; i++) {
            SimResult again = SimRunner.run(config, flows, ideal, spec.commandLine().getErr(), true, threadsUsed,
                    partsUsed);
            if (again.events() != r.events() || again.maxFctPs() != r.maxFctPs()
                    || again.peakPackets() != r.peakPackets()) {
                throw new IllegalStateException("bench: run " + (i + 1) + " gave " + again.events() + " events and a max"
                        + " FCT of " + again.maxFctPs() + " ps, run 1 " + r.events() + " and " + r.maxFctPs()
                        + " ps: the same run must give the same result");
            }
            walls[i] = again.wallSeconds();
        }
        WarmRuns warm = repeat > 1 ? WarmRuns.of(walls) : null;
        long peak = heap.peakBytes();
        heap.close();
        double wall = r.wallSeconds();
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            var m = new java.util.LinkedHashMap<String, Object>();
            m.put("case", c.cliName);
            m.put("hosts", tree.hosts());
            m.put("scheme", config.scheme().cliName());
            m.put("threads", threadsUsed);
            m.put("parts", partsUsed);
            m.put("events", r.events());
            m.put("events_per_s", r.events() / wall);
            m.put("wall_s", wall);
            m.put("peak_heap_mib", peak / (1024.0 * 1024.0));
            m.put("peak_packets", r.peakPackets());
            m.put("max_fct_us", r.maxFctPs() / 1e6);
            m.put("ratio", r.ratio());
            if (warm != null) {
                m.put("repeat", repeat);
                m.put("walls_s", Arrays.stream(walls).boxed().toList());
                m.put("warm_wall_s_median", warm.median());
                m.put("warm_wall_s_min", warm.min());
                m.put("warm_wall_s_max", warm.max());
                m.put("warm_events_per_s_median", r.events() / warm.median());
            }
            out.println(Json.write(m));
        } else {
            out.printf(Locale.ROOT, "bench %s: %s, %s, %d flows of %s%s, %d thread%s, %d part%s%n", c.cliName, tree,
                    config.scheme().cliName(), flows.size(), c.flowBytes / 1_000_000 + " MB",
                    c.degradeFraction > 0 ? ", " + config.faults().degradedLinks().length / 2 + " cables at " + DEGRADED_RATE : "",
                    threadsUsed, threadsUsed == 1 ? "" : "s", partsUsed, partsUsed == 1 ? "" : "s");
            out.printf(Locale.ROOT, "events %d, %.2f M events/s, wall %.2f s, peak heap %.0f MiB, peak %d packets in flight"
                            + " (max FCT %.3f us, ratio %.4f)%n", r.events(), r.events() / wall / 1e6, wall,
                    peak / (1024.0 * 1024.0), r.peakPackets(), r.maxFctPs() / 1e6, r.ratio());
            if (warm != null) {
                StringBuilder each = new StringBuilder();
                for (double w : walls) {
                    each.append(String.format(Locale.ROOT, " %.2f", w));
                }
                out.printf(Locale.ROOT, "repeat: %d runs in one JVM, the same events and max FCT in each; wall s:%s%n",
                        repeat, each);
                out.printf(Locale.ROOT, "warm (runs 2-%d): wall median %.2f s (%.2f-%.2f), %.2f M events/s; the first"
                                + " run includes the JIT's warm-up%n", repeat, warm.median(), warm.min(), warm.max(),
                        r.events() / warm.median() / 1e6);
            }
        }
        out.flush();
        return 0;
    }

    /**
     * The wall times of the runs after the first, when the JIT has compiled the simulator; the median as crossval's
     * ({@link Crossval#median}: the upper one of an even count, a run's own time).
     */
    record WarmRuns(double median, double min, double max) {
        static WarmRuns of(double[] walls) {
            double[] warm = Arrays.copyOfRange(walls, 1, walls.length);
            Arrays.sort(warm);
            return new WarmRuns(Crossval.median(warm), warm[0], warm[warm.length - 1]);
        }
    }
}
