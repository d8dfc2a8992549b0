package org.primelab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.primelab.packet.PacketSimulator;
import org.primelab.core.metrics.FctConvention;
import org.primelab.packet.SimConfig;
import org.primelab.packet.metrics.SimResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code prime sim}: the packet-level simulator on a symmetric FatTree (docs/design.md, "The packet
 * simulator"). Prints a comparison table, or with {@code --json} one JSON object per scheme with the
 * fields of {@link SimResult#summary()} (plus {@code cct_us, ideal_cct_us} for a workload with
 * dependencies); {@code --out DIR} also writes summary.json, flows.csv and
 * queues.csv. {@code --fct-at sender} measures FCTs at the sender (htsim's convention; the run then goes on
 * until every flow's last ACK has arrived).
 */
@Command(name = "sim", mixinStandardHelpOptions = true,
        description = "Run the packet-level simulator (paper defaults: 600ns links, MTU 4160, ECN 0.25/0.75 BDP, trim at 1 BDP, ACK every 4).")
public final class SimCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    SimOptions options;

    @Option(names = "--json", description = "one JSON object per scheme on stdout instead of the table")
    boolean json;

    @Option(names = "--out", description = "directory for summary.json, flows.csv, queues.csv")
    Path out;

    @Option(names = "--no-progress", description = "never show the progress bar")
    boolean noProgress;

    @Option(names = "--fct-at", paramLabel = "receiver|sender", defaultValue = "receiver",
            description = "where a flow completes: receiver (last byte delivered, the paper's) or sender (its last"
                    + " ACK arrives, htsim's) (default: ${DEFAULT-VALUE})")
    String fctAt;

    @Option(names = "--threads", paramLabel = "N",
            description = "threads, 1 to one per ToR, each simulating a part of the fabric; the results are the same for every N"
                    + " (default: the processors from " + PacketSimulator.AUTO_THREADS_MIN_HOSTS
                    + " hosts and 100 ns of propagation delay, else 1)")
    Integer threads;

    /**
     * The runs these options ask for, every value checked and the resource guard consulted, as {@link #call} does
     * before it runs anything: the one validation, which the sweep also uses to refuse a bad point before Spark starts.
     *
     * @param runs one configuration per scheme, completions measured where {@code --fct-at} says
     * @param threads the threads each run uses
     */
    public record Plan(List<SimConfig> runs, int threads) {
    }

    /** The run's {@link Plan}; throws {@link IllegalArgumentException} (one line naming the option) on a bad value. */
    public Plan plan() {
        return plan(options, fctAt, threads);
    }

    /**
     * The {@link Plan} of {@code prime sim} on {@code options}: the command's own checks and resource guard, shared
     * with the Java facade ({@code Prime.sim()}), so a notebook is refused what the command line is refused.
     *
     * @param fctAt {@code receiver} or {@code sender}
     * @param threads the threads, or null for the default
     */
    public static Plan plan(SimOptions options, String fctAt, Integer threads) {
        FctConvention at = FctConvention.parse(fctAt);
        ScenarioGuard.beforeTree(options.tiers, options.k, ScenarioGuard.Run.PACKET, options.force);
        List<SimConfig> runs = options.scenarios().stream().map(c -> c.withFctAt(at)).toList();
        ScenarioGuard.packetSim(runs, options.traffic, options.force);
        return new Plan(runs, SimRunner.threads(threads, runs));
    }

    @Override
    public Integer call() {
        OutputDir.requireUsable(out, SimOutputs.FILES);
        Plan plan = plan();
        List<SimConfig> runs = plan.runs();
        int threadCount = plan.threads();
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<SimResult> results = SimRunner.runAll(runs, err, !noProgress, threadCount);
        if (json) {
            for (SimResult r : results) {
                stdout.println(Json.write(SimRunner.jsonFields(r)));
            }
            stdout.flush();
        } else {
            SimRunner.printTable(stdout, results);
        }
        if (out != null) {
            SimOutputs.write(out, results);
            if (!json) {
                stdout.println("wrote " + out.resolve("summary.json") + ", flows.csv, queues.csv");
                stdout.flush();
            }
        }
        return 0;
    }
}
