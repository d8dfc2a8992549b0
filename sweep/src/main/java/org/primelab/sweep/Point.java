package org.primelab.sweep;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One validated sweep point: the simulator, the options the spec set (as {@code --name value}
 * arguments, in the spec's key order), its identity {@link #key()} and its full configuration.
 *
 * @param simulator the command the point runs
 * @param args      the spec's options for this point as command-line arguments (without the command)
 * @param key       the point's identity: simulator and every option's effective value, defaults
 *                  included, so that {@code k=8} and {@code tiers=2 k=8} are the same point; a sweep
 *                  skips the points whose key is already in its results
 * @param config    the full configuration as result columns ({@code opt_<option>}, e.g. {@code opt_flow_size})
 */
public record Point(Simulator simulator, List<String> args, String key, Map<String, Object> config)
        implements Serializable {
    private static final long serialVersionUID = 1L;

    public Point {
        args = List.copyOf(args);
        config = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(config));
    }

    /** The full {@code prime} command line of this point, with the sweep's own flags. */
    public List<String> commandLine(List<String> extra) {
        List<String> all = new ArrayList<>();
        all.add(simulator.command());
        all.addAll(args);
        all.addAll(simulator.fixedArgs());
        all.addAll(extra);
        return all;
    }
}
