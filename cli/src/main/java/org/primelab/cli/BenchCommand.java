package org.primelab.cli;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.resources.ResourceGuard;
import org.primelab.core.topology.FatTree;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workloads;
import org.primelab.packet.SimConfig;
import org.primelab.packet.metrics.SimResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code prime bench}: the end-to-end benchmark of the packet simulator (issue "packet-sim", item 11):
 * the 2048-host 2-tier 400G permutation of 2 MB flows with PRIME. Prints events, events per second,
 * wall time and the JVM's peak heap (sum of the heap pools' peak usage).
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Benchmark: 2048-host 2-tier 400G 2MB permutation with PRIME; events/s, wall time, peak heap.")
final class BenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--k", defaultValue = "64", description = "2-tier radix (default: ${DEFAULT-VALUE}, 2048 hosts)")
    int k;

    @Option(names = "--lb", defaultValue = "prime", description = "scheme (default: ${DEFAULT-VALUE})")
    String lb;

    @Option(names = "--json", description = "print one JSON object")
    boolean json;

    @Option(names = "--force", description = "run even beyond the time budget (the heap limit still applies)")
    boolean force;

    /** Flow size of the benchmark: 2 MB, the paper's smallest (§"Evaluation"). */
    static final long BENCH_FLOW_BYTES = 2_000_000;

    @Override
    public Integer call() {
        LoadBalancingScheme scheme = Checks.as("lb", () -> LoadBalancingScheme.parse(lb));
        FatTree.Dimensions dims = Checks.dimensions(2, k);
        double packets = ResourceGuard.packets(dims.hosts(), BENCH_FLOW_BYTES, FabricParameters.DEFAULT_MTU_BYTES,
                FabricParameters.DEFAULT_HEADER_BYTES);
        Checks.fits(ResourceGuard.packetSim(dims, dims.hosts(), packets), force);
        FatTree tree = FatTree.twoTier(k);
        SimConfig config = SimConfig.builder(tree).scheme(scheme).build();
        List<Flow> flows = Workloads.permutation(tree, BENCH_FLOW_BYTES, config.seed(), false);
        // progress on stderr once the run has lasted a few seconds (stdout keeps the result alone)
        SimResult r = SimRunner.run(config, flows, spec.commandLine().getErr(), true);
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        double wall = r.wallSeconds();
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            var m = new java.util.LinkedHashMap<String, Object>();
            m.put("hosts", tree.hosts());
            m.put("scheme", config.scheme().cliName());
            m.put("events", r.events());
            m.put("events_per_s", r.events() / wall);
            m.put("wall_s", wall);
            m.put("peak_heap_mib", peak / (1024.0 * 1024.0));
            m.put("max_fct_us", r.maxFctPs() / 1e6);
            m.put("ratio", r.ratio());
            out.println(Json.write(m));
        } else {
            out.printf(Locale.ROOT, "bench: %s, %s, %d flows of 2 MB%n", tree, config.scheme().cliName(), flows.size());
            out.printf(Locale.ROOT, "events %d, %.2f M events/s, wall %.2f s, peak heap %.0f MiB (max FCT %.3f us, ratio %.4f)%n",
                    r.events(), r.events() / wall / 1e6, wall, peak / (1024.0 * 1024.0), r.maxFctPs() / 1e6, r.ratio());
        }
        out.flush();
        return 0;
    }
}
