package org.primelab.fluid.flowlevel;

import java.util.List;
import java.util.Locale;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.metrics.ProgressListener;
import org.primelab.core.workload.Flow;
import org.primelab.fluid.FluidConfig;
import org.primelab.fluid.FluidResult;
import org.primelab.fluid.FluidSimulator;

/**
 * Which fluid engine runs a configuration, and why: the flow-level model ({@link FlowLevelSimulator}, cost
 * growing with flows and links) or the quantum engine ({@link FluidSimulator}, per-packet quanta, the reference
 * for what the flow-level model does not cover). {@code auto} picks the flow-level model whenever it covers the
 * configuration and the quantum engine's own knobs ({@code --step}, {@code --no-fast-forward}) were not asked
 * for.
 *
 * @param engine {@code flow} or {@code quantum}
 * @param reason one line saying why
 */
public record EngineChoice(String engine, String reason) {
    /** The flow-level model's name. */
    public static final String FLOW = "flow";
    /** The quantum engine's name (with the fine-step engine for expected splits, as {@link FluidSimulator} picks). */
    public static final String QUANTUM = "quantum";
    /** What {@code --engine} accepts. */
    public static final String ACCEPTED = "auto, flow, quantum";

    /**
     * {@code asked} as an engine name ({@link #ACCEPTED}, any case, {@code null} for auto), for a command that checks
     * {@code --engine} before it builds the scenario; {@link #choose} checks it too.
     */
    public static String requireName(String asked) {
        String a = asked == null ? "auto" : asked.trim().toLowerCase(Locale.ROOT);
        if (!List.of("auto", FLOW, QUANTUM).contains(a)) {
            throw new IllegalArgumentException("engine: expected one of " + ACCEPTED + ", got '" + asked + "'");
        }
        return a;
    }

    /**
     * The engine for {@code config} when {@code asked} ({@code auto}, {@code flow} or {@code quantum}) was asked.
     *
     * @param quantumKnobs whether options only the quantum engine reads were given explicitly
     */
    public static EngineChoice choose(FluidConfig config, String asked, boolean quantumKnobs) {
        String a = requireName(asked);
        String gap = FlowLevelSimulator.unsupported(config);
        switch (a) {
            case FLOW -> {
                if (gap != null) {
                    throw new IllegalArgumentException("engine: the flow-level model does not cover " + gap
                            + "; use --engine quantum or auto");
                }
                return new EngineChoice(FLOW, "asked (--engine flow)");
            }
            case QUANTUM -> {
                return new EngineChoice(QUANTUM, "asked (--engine quantum)");
            }
            default -> {   // auto
                if (gap != null) {
                    return new EngineChoice(QUANTUM, "auto: the flow-level model does not cover " + gap);
                }
                if (quantumKnobs) {
                    return new EngineChoice(QUANTUM, "auto: --step or --no-fast-forward given (quantum engine options)");
                }
                String inaccurate = outsideMeasuredAccuracy(config);
                if (inaccurate != null) {
                    return new EngineChoice(QUANTUM, "auto: " + inaccurate + " (--engine flow runs it anyway)");
                }
                String slow = costlyStarts(config);
                if (slow != null) {
                    return new EngineChoice(QUANTUM, "auto: " + slow + " (--engine flow runs it anyway)");
                }
                return new EngineChoice(FLOW, "auto: flow level covers " + config.scheme().cliName() + " with "
                        + config.cc().cliName() + " (cost grows with flows x links, not packets)");
            }
        }
    }

    /**
     * Why {@code auto} leaves a configuration the flow-level model can run to the quantum engine, or null.
     * <ul>
     *   <li>RPS and REPS: the flow-level model gives every flow its mean split, so it carries no per-packet
     *       imbalance and cannot tell random or hashed spraying from PRIME's round robin, whose per-port counts
     *       stay within 2 packets of the even share (on the 128-host permutation it gives all four the same max
     *       FCT, where packet-sim's differ by 8%).</li>
     *   <li>Degraded links: its capacity-proportional steering misses packet-sim's max FCT by 56% on the
     *       8192-host case.</li>
     * </ul>
     * A failed link is covered, RPS's and REPS's too: ECMP within 8.1%, PRIME within 6.3% on 128 hosts; PRIME's max
     * is +46.5% on 2048 hosts, where its timeouts fall within about a microsecond of detection, but the quantum engine,
     * which has neither the black hole nor timeouts, is further off on both (-60% and -72%). RPS and REPS through a
     * failure (128 hosts, seeds 1-3) are far off on both engines, the flow level less so: max -42% to -54% against
     * -87% to -89%. Measurements: fluid-sim/README.md, "How far to trust a fluid estimate" and "The flow-level model
     * and crossval at scale". The cases above keep the reference engine unless the flow-level model is asked for by
     * name.
     */
    static String outsideMeasuredAccuracy(FluidConfig config) {
        LoadBalancingScheme scheme = config.scheme();
        boolean failed = config.faults().failedLinks().length > 0;
        if ((scheme == LoadBalancingScheme.RPS || scheme == LoadBalancingScheme.REPS) && !failed) {
            return "the flow-level model has no per-packet imbalance, which sets " + scheme.cliName() + "'s tail";
        }
        if (config.faults().degradedLinks().length > 0) {
            return "the flow-level model is outside its measured accuracy with degraded links";
        }
        return null;
    }

    /**
     * Distinct start times times flows above which {@code auto} leaves a workload to the quantum engine. Every start
     * at its own time reallocates every flow a spraying flow is connected to, so the flow-level model's cost grows
     * with starts times active flows, where the quantum engine's grows with packets. Measured (2-core machine,
     * {@code prime fluid --json}'s {@code wall_s}): a 2048-host permutation staggered over 20 us (2048 start times,
     * product 4.2 M) 1.3 s flow level, 0.54 s quantum; a 128-host all-to-all of 50 KB staggered over 2 us (16,256,
     * product 2.6e8) 87 s flow level, 1.1 s quantum; unstaggered, both run in milliseconds on the flow level. Only
     * fixed start times count: a collective's triggered steps start together and cost one reallocation each.
     */
    static final long STAGGERED_STARTS_LIMIT = 2_000_000;

    /**
     * The distinct fixed start times of {@code config}'s flows (a collective's triggered steps have none): each is one
     * reallocation of the flow-level model, which is how its cost grows with time where the quantum engine's grows
     * with packets.
     */
    public static long distinctStartTimes(FluidConfig config) {
        long[] times = config.flows().stream().filter(f -> !f.startsOnTrigger()).mapToLong(Flow::startPs).sorted()
                .toArray();
        long distinct = times.length == 0 ? 0 : 1;
        for (int i = 1; i < times.length; i++) {
            distinct += times[i] != times[i - 1] ? 1 : 0;
        }
        return distinct;
    }

    /** Why {@code auto} leaves a workload to the quantum engine for speed ({@link #STAGGERED_STARTS_LIMIT}), or null. */
    static String costlyStarts(FluidConfig config) {
        List<Flow> flows = config.flows();
        long distinct = distinctStartTimes(config);
        if (distinct * flows.size() <= STAGGERED_STARTS_LIMIT) {
            return null;
        }
        return flows.size() + " flows start at " + distinct + " different times: the flow-level model reallocates at"
                + " each start, the quantum engine's cost grows with packets";
    }

    /** Runs {@code config} on the chosen engine. */
    public FluidResult run(FluidConfig config, FlowLevelOptions options, long idealMaxFctPs) {
        return run(config, options, idealMaxFctPs, ProgressListener.NONE);
    }

    /** The same, reporting progress to {@code progress}. */
    public FluidResult run(FluidConfig config, FlowLevelOptions options, long idealMaxFctPs, ProgressListener progress) {
        return FLOW.equals(engine) ? new FlowLevelSimulator(config, options, idealMaxFctPs).run(progress)
                : new FluidSimulator(config, idealMaxFctPs).run(progress);
    }
}
