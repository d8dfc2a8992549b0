package org.primelab.cli;

import java.util.ArrayList;
import java.util.List;
import org.primelab.fluid.FluidConfig;
import org.primelab.fluid.SplitMode;
import org.primelab.fluid.flowlevel.EngineChoice;
import org.primelab.packet.SimConfig;

/**
 * Turns a packet-simulator configuration into the fluid simulator's configuration of the same system,
 * field by field, so that {@code prime sim} and {@code prime fluid} with the same options model the
 * same scenario. Options of the packet simulator that an engine has no counterpart for are refused when named
 * ({@link #requireEngineReads}): {@code --ack-on-mark} by both (the fluid ACK clock uses the mean coalescing
 * hold whatever the marks); {@code --rto} and {@code --detect} by the quantum engine (nothing is lost in it except
 * trimmed bytes, which are NACKed, so no timeout fires); PRIME's penalties, {@code --dctcp-alpha0} and
 * {@code --spray-order} by the flow-level engine (its splits and rates are fixed points); and
 * {@code --ecmp-fraction} by both ({@link #requireModelled}).
 */
public final class FluidBridge {
    private FluidBridge() {
    }

    /** The fluid configuration of the system {@code c} describes: the same scenario, with the fluid knobs. */
    static FluidConfig config(SimConfig c, SplitMode split, double stepMtus) {
        requireModelled(c);
        return new FluidConfig(c.scenario(), split, stepMtus, FluidConfig.DEFAULT_FAST_FORWARD);
    }

    /**
     * The engine {@code prime fluid --engine engine} picks for {@code c} with this split ({@code stepping}: a
     * {@code --step} or {@code --no-fast-forward} was given), on the configuration the command itself builds.
     */
    public static String engineFor(SimConfig c, SplitMode split, String engine, boolean stepping) {
        return EngineChoice.choose(config(c, split, Double.NaN), engine, stepping).engine();
    }

    /**
     * Refuses an option the command line names that the fluid engine running it ignores (each measured: the same
     * result with and without it): a run you believe you changed is refused, as {@link SimOptions} refuses options
     * no scheme reads.
     *
     * @param options the parsed options
     * @param engine {@link EngineChoice#FLOW} or {@link EngineChoice#QUANTUM}, as chosen for the run
     */
    public static void requireEngineReads(SimOptions options, String engine) {
        List<String[]> ignored = ignoredByEngine(options, engine);
        if (!ignored.isEmpty()) {
            throw new IllegalArgumentException(ignored.get(0)[1]);
        }
    }

    /** The options ({@code --name}) the command line names that {@code engine} ignores (a sweep drops them). */
    public static List<String> optionsTheEngineIgnores(SimOptions options, String engine) {
        return ignoredByEngine(options, engine).stream().map(o -> o[0]).toList();
    }

    /** Each option the command line names that {@code engine} ignores, with its one-line message. */
    private static List<String[]> ignoredByEngine(SimOptions options, String engine) {
        List<String[]> out = new ArrayList<>();
        if (options.named("--ack-on-mark")) {
            out.add(new String[] {"--ack-on-mark", "ack-on-mark: the fluid engines' ACK clock holds the mean"
                    + " coalescing delay, marked or not; prime sim models it"});
        }
        boolean flow = EngineChoice.FLOW.equals(engine);
        String[][] ignored = flow ? new String[][] {
            {"--p-ecn", "splits PRIME's traffic by path capacity, without a congestion history"},
            {"--p-nack", "splits PRIME's traffic by path capacity, without a congestion history"},
            {"--penalty-decay", "splits PRIME's traffic by path capacity, without a congestion history"},
            {"--dctcp-alpha0", "takes DCTCP's fixed point, which the initial alpha does not move"},
            {"--spray-order", "gives RPS its mean split, whatever the order"}}
            : new String[][] {
            {"--detect", "models neither a failure's black hole nor its detection"},
            {"--rto", "has no retransmission timer (it loses nothing but trimmed bytes, which are NACKed)"}};
        for (String[] option : ignored) {
            if (options.named(option[0])) {
                out.add(new String[] {option[0], option[0].substring(2) + ": the " + (flow ? "flow-level" : "quantum")
                        + " engine that runs this " + option[1] + "; --engine " + (flow ? EngineChoice.QUANTUM
                        : EngineChoice.FLOW) + " or prime sim models it"});
            }
        }
        return out;
    }

    /**
     * Refuses what neither fluid engine models: {@code --ecmp-fraction}'s flows pinned to ECMP in a traffic class of
     * their own (the engines would run every flow with the scheme of {@code --lb}, so {@code --sched} and the class's
     * EV space would do nothing either).
     */
    public static void requireModelled(SimConfig c) {
        if (c.ecmpFraction() > 0) {
            throw new IllegalArgumentException("ecmp-fraction: the fluid engines do not model flows pinned to ECMP in a"
                    + " traffic class of their own (every flow would run with --lb " + c.scheme().cliName()
                    + "); prime sim does");
        }
    }
}
