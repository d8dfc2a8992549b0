package org.primelab.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import me.tongfei.progressbar.ProgressBar;
import java.util.Map;
import org.primelab.analytical.fct.CollectiveIdeal;
import org.primelab.analytical.fct.IdealMaxFct;
import org.primelab.core.metrics.FctConvention;
import org.primelab.core.metrics.ProgressListener;
import org.primelab.core.metrics.RunResult;
import org.primelab.core.scenario.Scenario;
import org.primelab.core.workload.Workload;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.workload.Flow;
import org.primelab.packet.PacketSimulator;
import org.primelab.packet.SimConfig;
import org.primelab.packet.metrics.SimResult;

/**
 * Runs the packet simulator for one or more schemes on the same workload, with a progress bar on
 * stderr once a run has taken more than {@link #PROGRESS_AFTER_NANOS}, and prints the comparison table.
 */
final class SimRunner {
    /** Runs shorter than this show no progress bar. */
    static final long PROGRESS_AFTER_NANOS = 2_000_000_000L;

    private SimRunner() {
    }

    /** Runs every scheme on the same workload; the ideal (the Ratio's denominator) is computed once for all. */
    static List<SimResult> runAll(SimConfig base, List<LoadBalancingScheme> schemes, List<Flow> flows, PrintWriter err,
                                  boolean progress) {
        SimConfig withFlows = base.withWorkload(Workload.of(flows));
        List<SimConfig> runs = new ArrayList<>();
        for (LoadBalancingScheme s : schemes) {
            runs.add(withFlows.withScheme(s));
        }
        return runAll(runs, err, progress);
    }

    /**
     * Runs every configuration (the same scenario under different schemes, each with its workload, as
     * {@link SimOptions#scenarios()} builds them); the ideal is computed once, from the first.
     */
    static List<SimResult> runAll(List<SimConfig> runs, PrintWriter err, boolean progress) {
        return runAll(runs, err, progress, AUTO_THREADS);
    }

    /** {@link #runAll(List, PrintWriter, boolean)} on {@code threads} threads ({@link #AUTO_THREADS}: the default). */
    static List<SimResult> runAll(List<SimConfig> runs, PrintWriter err, boolean progress, int threads) {
        long ideal = ideal(runs.get(0), runs.get(0).flows());
        List<SimResult> results = new ArrayList<>();
        for (SimConfig c : runs) {
            results.add(run(c, c.flows(), ideal, err, progress, threads));
        }
        return results;
    }

    /** The thread count that lets {@link PacketSimulator#autoThreads} choose. */
    static final int AUTO_THREADS = 0;

    /**
     * Checks {@code --threads} against every run before any starts: null (not given) is {@link #AUTO_THREADS}.
     */
    static int threads(Integer option, List<SimConfig> runs) {
        if (option == null) {
            return AUTO_THREADS;
        }
        for (SimConfig c : runs) {
            Checks.as("threads", () -> PacketSimulator.checkedThreads(c, option));
        }
        return option;
    }

    /** The Ratio's denominator of {@code flows} under {@code config} ({@link IdealMaxFct}, shared with the fluid runs). */
    static long ideal(SimConfig config, List<Flow> flows) {
        return IdealMaxFct.of(config.fabric(), config.faults(), flows);
    }

    /**
     * The ideal completion time of a scenario's workload measured as {@link RunResult#collectiveCompletionPs}
     * is: {@link CollectiveIdeal}'s bound (absolute time) less the earliest fixed start. Computed by the
     * caller, as the ideal max FCT is.
     */
    static long idealCompletionPs(Scenario scenario) {
        Workload w = scenario.requireWorkload();
        long first = Long.MAX_VALUE;
        for (Flow f : w.timedFlows()) {
            first = Math.min(first, f.startPs());
        }
        return CollectiveIdeal.compute(w, scenario.fabric()).idealPs() - first;
    }

    /** The {@code --json} fields of a result: its summary, then the workload's ({@link RunResult#withWorkloadFields}). */
    static Map<String, Object> jsonFields(RunResult r) {
        Workload w = r.scenario().workload();
        long idealCompletion = w != null && w.hasDependencies() ? idealCompletionPs(r.scenario()) : 0;
        return r.withWorkloadFields(r.summary(), idealCompletion);
    }

    /** Runs one scheme, computing the ideal. */
    static SimResult run(SimConfig config, List<Flow> flows, PrintWriter err, boolean progress) {
        return run(config, flows, ideal(config, flows), err, progress, AUTO_THREADS);
    }

    static SimResult run(SimConfig config, List<Flow> flows, long ideal, PrintWriter err, boolean progress,
                         int threads) {
        return run(config, flows, ideal, err, progress, threads, AUTO_PARTS);
    }

    /** The default number of parts ({@code PacketSimulator.autoParts}). */
    static final int AUTO_PARTS = 0;

    /** {@link #run(SimConfig, List, long, PrintWriter, boolean, int)} cut into {@code parts} parts ({@link #AUTO_PARTS}). */
    static SimResult run(SimConfig config, List<Flow> flows, long ideal, PrintWriter err, boolean progress,
                         int threads, int parts) {
        LazyBar bar = new LazyBar("sim " + config.scheme().cliName(), "events",
                RunEta.of(flows, ideal, config.linkRateBps()), flows.size(), err, progress);
        try {
            SimConfig run = config.scenario().workload() != null && config.flows() == flows
                    ? config : config.withWorkload(Workload.of(flows));
            PacketSimulator sim = new PacketSimulator(run, ideal);
            if (threads != AUTO_THREADS) {
                sim.threads(threads);
            }
            if (parts != AUTO_PARTS) {
                sim.parts(parts);
            }
            return sim.run(bar);
        } finally {
            bar.close();
        }
    }

    /**
     * A progress listener of the packet simulator or of a fluid engine that opens a bar only once the run has lasted
     * a while (events are the packet simulator's events, or the fluid engine's steps). Its remaining time is
     * {@link RunEta}'s, from simulated time as well as finished flows.
     */
    static final class LazyBar implements ProgressListener {
        private final String name;
        private final String unit;
        private final RunEta eta;
        private final int flows;
        private final PrintWriter err;
        private final boolean enabled;
        private final long start = System.nanoTime();
        private ProgressBar bar;
        /** The latest report's share of the run done, read by the bar's rendering thread. */
        private volatile double fractionDone;

        /**
         * @param name the bar's title, e.g. {@code sim prime}
         * @param unit what the last number counts: {@code events} (packet simulator) or {@code steps} (fluid)
         * @param eta the run's remaining-time estimate
         */
        LazyBar(String name, String unit, RunEta eta, int flows, PrintWriter err, boolean enabled) {
            this.name = name;
            this.unit = unit;
            this.eta = eta;
            this.flows = flows;
            this.err = err;
            this.enabled = enabled;
        }

        @Override
        public void progress(int completedFlows, int total, long nowPs, long events) {
            if (!enabled) {
                return;
            }
            fractionDone = eta.fraction(completedFlows, nowPs);
            if (bar == null && System.nanoTime() - start > PROGRESS_AFTER_NANOS) {
                bar = ProgressBars.onStderr(name, flows, " flows", err,
                        state -> RunEta.remaining(state.getTotalElapsed(), fractionDone));
            }
            if (bar != null) {
                bar.stepTo(completedFlows);
                bar.setExtraMessage(String.format(Locale.ROOT, " t=%.1fus %s", nowPs / 1e6, events >= 1_000_000
                        ? events / 1_000_000 + "M " + unit : events + " " + unit));
            }
        }

        void close() {
            if (bar != null) {
                bar.close();
            }
        }
    }

    /** The comparison table, one row per scheme. */
    static void printTable(PrintWriter out, List<SimResult> results) {
        if (results.isEmpty()) {
            return;
        }
        SimConfig c = results.get(0).config();
        out.printf(Locale.ROOT, "%s, %s links, %s propagation, %d flows of %d B, %s, ACK every %d%s%n",
                c.tree(), org.primelab.core.units.Units.formatRate(c.linkRateBps()),
                org.primelab.core.units.Units.formatTime(c.propagationPs()), results.get(0).flows().size(),
                results.get(0).flows().get(0).sizeBytes(), c.cc().cliName(), c.ackEvery(), c.scenario().entropyNote());
        out.printf(Locale.ROOT, "ideal max FCT %.3f us (BDP %d B = %d packets); FCT measured at the %s%s%n",
                results.get(0).idealMaxFctPs() / 1e6, c.bdpBytes(), c.bdpPackets(), c.fctAt().cliName(),
                c.fctAt() == FctConvention.SENDER ? " (last ACK; ratio stays receiver side)" : " (last byte)");
        boolean dependent = printIdealCompletion(out, c.scenario());
        out.printf(Locale.ROOT, "%-9s %10s %10s %10s %7s %7s %8s %8s %9s %10s %7s" + (dependent ? " %10s" : "") + "%n",
                "scheme", "max_us", "mean_us", "p99_us", "ratio", "max_q", "mean_q", "trims", "ecn", "events", "wall_s",
                "cct_us");
        for (SimResult r : results) {
            out.printf(Locale.ROOT, "%-9s %10.3f %10.3f %10.3f %7.4f %7d %8.3f %8d %9d %10d %7.2f",
                    r.config().scheme().cliName(), r.maxFctPs() / 1e6, r.meanFctPs() / 1e6, r.p99FctPs() / 1e6,
                    r.ratio(), r.maxQueuePackets(), r.meanQueuePackets(), r.trims(), r.ecnMarks(), r.events(),
                    r.wallSeconds());
            out.printf(Locale.ROOT, dependent ? " %10.3f%n" : "%n", r.collectiveCompletionPs() / 1e6);
        }
        out.flush();
    }

    /**
     * For a workload with dependencies, prints its ideal completion time ({@link #idealCompletionPs}) and
     * returns true (the table then has a {@code cct_us} column); otherwise prints nothing.
     */
    static boolean printIdealCompletion(PrintWriter out, Scenario scenario) {
        Workload w = scenario.workload();
        if (w == null || !w.hasDependencies()) {
            return false;
        }
        out.printf(Locale.ROOT, "%d triggers; ideal completion time %.3f us (CollectiveIdeal, a lower bound on cct_us)%n",
                w.triggers().size(), idealCompletionPs(scenario) / 1e6);
        return true;
    }
}
