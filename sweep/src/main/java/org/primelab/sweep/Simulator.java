package org.primelab.sweep;

import java.util.List;
import java.util.Locale;

/**
 * The {@code prime} command a sweep point runs, in-process, through
 * {@link org.primelab.cli.PrimeCommand#execute}: the packet simulator ({@code sim}), the flow-level
 * simulator ({@code fluid}), both with {@code --json}, or the paper's motivation experiment
 * ({@code motivation}, used by the figures). Each names the options the sweep itself sets, which a
 * spec may therefore not set.
 */
public enum Simulator {
    /** {@code prime sim --json --no-progress}. */
    SIM("sim", List.of("--json", "--no-progress")),
    /**
     * {@code prime sim --json --no-progress --out TMP}: the summary plus the distribution of queue
     * depths over the switch ports ({@link QueueRows}); used by the buffer-occupancy figure.
     */
    SIM_QUEUES("sim", List.of("--json", "--no-progress")),
    /** {@code prime fluid --json}. */
    FLUID("fluid", List.of("--json")),
    /** {@code prime motivation --out TMP}: the CSV of per-flow, per-port packet counts. */
    MOTIVATION("motivation", List.of());

    private final String command;
    private final List<String> fixedArgs;

    Simulator(String command, List<String> fixedArgs) {
        this.command = command;
        this.fixedArgs = fixedArgs;
    }

    /**
     * The point key's first word: the command, with {@code +queues} for {@link #SIM_QUEUES}, whose
     * rows have more columns than the same point's {@link #SIM} rows.
     */
    public String keyPrefix() {
        return this == SIM_QUEUES ? command + "+queues" : command;
    }

    /** The subcommand name of {@code prime}. */
    public String command() {
        return command;
    }

    /** The flags the sweep appends to every point of this simulator. */
    public List<String> fixedArgs() {
        return fixedArgs;
    }

    /** Option names (without dashes) a spec may not set: the sweep owns output and formatting. */
    public static boolean reserved(String key) {
        return switch (key) {
            case "json", "out", "no-progress", "help", "version" -> true;
            default -> false;
        };
    }

    /**
     * Options added after results were committed (results/): at their default they are left out of a
     * point's key and columns, so the keys of every committed point stay what they were and a sweep resumes
     * over them; set to anything else they are keyed like every other option.
     */
    public static boolean keyedOnlyWhenSet(String key) {
        return switch (key) {
            case "ev-space", "p-ecn", "p-nack", "penalty-decay", "spray-order" -> true;
            default -> false;
        };
    }

    /** Parses {@code sim}, {@code fluid} or {@code motivation}. */
    public static Simulator parse(String s) {
        for (Simulator sim : values()) {
            if (sim.command.equals(s.trim().toLowerCase(Locale.ROOT))) {
                return sim;
            }
        }
        throw new IllegalArgumentException("simulator: unknown '" + SpecReader.oneLine(s) + "'; accepted: sim, fluid, motivation");
    }
}
