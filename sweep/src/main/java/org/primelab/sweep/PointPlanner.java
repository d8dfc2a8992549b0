package org.primelab.sweep;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.primelab.cli.PrimeCommand;
import org.primelab.cli.SimOptions;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Turns a {@link SweepSpec} into validated {@link Point}s before anything runs. Keys are checked
 * against the real options of the simulator's command (picocli's {@link CommandSpec}); each grid value
 * is then checked alone (every other option at its default), so that a bad value is reported with its
 * key; finally every point is parsed by picocli and checked by {@link ScenarioCheck}, which catches
 * what only a combination refuses (e.g. a failed link that a small fabric does not have). Any problem
 * is one {@link IllegalArgumentException} line naming the key, and the value where there is one.
 */
public final class PointPlanner {
    private PointPlanner() {
    }

    /** The validated points of {@code spec}, in spec order, without duplicates (same key). */
    public static List<Point> plan(SweepSpec spec) {
        Simulator sim = spec.simulator();
        CommandSpec command = freshCommand(sim).getCommandSpec();
        Map<String, String> keyWhere = new LinkedHashMap<>();
        spec.grid().keySet().forEach(k -> keyWhere.put(k, "grid." + k));
        for (int i = 0; i < spec.points().size(); i++) {
            for (String k : spec.points().get(i).keySet()) {
                keyWhere.putIfAbsent(k, "points[" + i + "]." + k);
            }
        }
        for (Map.Entry<String, String> e : keyWhere.entrySet()) {
            checkKey(sim, command, e.getKey(), e.getValue());
        }
        for (Map.Entry<String, List<String>> axis : spec.grid().entrySet()) {
            for (String v : axis.getValue()) {
                try {
                    point(sim, Map.of(axis.getKey(), v));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("grid." + axis.getKey() + ": bad value '" + v + "': " + e.getMessage(), e);
                }
            }
        }
        for (int i = 0; i < spec.points().size(); i++) {
            for (Map.Entry<String, String> kv : spec.points().get(i).entrySet()) {
                try {
                    point(sim, Map.of(kv.getKey(), kv.getValue()));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("points[" + i + "]." + kv.getKey() + ": bad value '" + kv.getValue()
                            + "': " + e.getMessage(), e);
                }
            }
        }
        Map<String, Point> byKey = new LinkedHashMap<>();
        Set<String> kept = new LinkedHashSet<>();   // the grid axes some point's run reads
        for (Map<String, String> a : spec.assignments()) {
            try {
                Set<String> dropped = new LinkedHashSet<>();
                Point p = point(sim, a, dropped);
                byKey.putIfAbsent(p.key(), p);
                a.keySet().stream().filter(k -> !dropped.contains(k)).forEach(kept::add);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("point " + describe(a) + ": " + e.getMessage(), e);
            }
        }
        for (String axis : spec.grid().keySet()) {
            if (!kept.contains(axis)) {
                // every point dropped it as an option its run ignores: the whole axis would do nothing
                throw new IllegalArgumentException("grid." + axis + ": no point's run reads it (each would ignore it, as"
                        + " prime " + sim.command() + " refuses it; e.g. spray-order with anything but rps, detect without a failed"
                        + " link); drop the axis or"
                        + " add the values it applies to");
            }
        }
        return List.copyOf(byKey.values());
    }

    /** One point from option values, parsed and checked. */
    public static Point point(Simulator sim, Map<String, String> assignment) {
        return point(sim, assignment, new LinkedHashSet<>());
    }

    /** The same, adding to {@code dropped} the keys the point's run ignores (the point is planned without them). */
    private static Point point(Simulator sim, Map<String, String> assignment, Set<String> dropped) {
        List<String> args = new ArrayList<>();
        CommandLine cl = freshCommand(sim);
        for (Map.Entry<String, String> kv : assignment.entrySet()) {
            OptionSpec o = cl.getCommandSpec().findOption("--" + kv.getKey());
            if (o == null || Simulator.reserved(kv.getKey())) {
                checkKey(sim, cl.getCommandSpec(), kv.getKey(), kv.getKey());
            }
            String v = kv.getValue();
            if (o.arity().max() == 0) {
                switch (v.trim().toLowerCase(Locale.ROOT)) {
                    case "true" -> args.add("--" + kv.getKey());
                    case "false" -> { }
                    default -> throw new IllegalArgumentException(kv.getKey() + ": expected true or false, got '" + v + "'");
                }
            } else if (o.isMultiValue()) {
                for (String occurrence : v.split(";")) {
                    if (!occurrence.isBlank()) {
                        args.add("--" + kv.getKey());
                        args.add(occurrence.trim());
                    }
                }
            } else {
                args.add("--" + kv.getKey());
                args.add(v);
            }
        }
        try {
            List<String> full = new ArrayList<>();
            full.add(sim.command());
            full.addAll(args);
            // Parsed from the root: picocli parses a subcommand only through its parent.
            cl.getParent().parseArgs(full.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new IllegalArgumentException(e.getMessage().lines().findFirst().orElse(""), e);
        }
        List<String> withoutEffect = ScenarioCheck.check(cl.getCommandSpec());
        if (!withoutEffect.isEmpty()) {
            // a grid crosses every value with every other, so some points name an option their run ignores (a spray
            // order with PRIME): such a point is the run without it, and dedups with it
            Map<String, String> effective = new LinkedHashMap<>(assignment);
            withoutEffect.forEach(option -> effective.remove(option.replaceFirst("^-+", "")));
            withoutEffect.forEach(option -> dropped.add(option.replaceFirst("^-+", "")));
            return point(sim, effective, dropped);
        }
        Map<String, Object> config = new LinkedHashMap<>();
        StringBuilder key = new StringBuilder(sim.keyPrefix());
        for (OptionSpec o : cl.getCommandSpec().options()) {
            String name = optionName(o);
            if (Simulator.reserved(name)) {
                continue;
            }
            Object value = column(o.getValue());
            if (Simulator.keyedOnlyWhenSet(name) && atDefault(o)) {
                continue;
            }
            config.put("opt_" + name.replace('-', '_'), value);
            key.append(' ').append(name).append('=').append(value == null ? "" : value);
            if (name.equals("traffic") && value instanceof String file && SimOptions.namesAFile(file)) {
                // a file's name is not its workload: a resume must rerun a point whose file changed
                key.append("@sha256:").append(contentDigest(Path.of(file.trim())));
            }
        }
        return new Point(sim, args, key.toString(), config);
    }

    /**
     * Whether {@code o} holds its default value: numbers compared as numbers (1 and 1.0 are the same), words
     * as the command line parses them, trimmed and ignoring case ({@code Cycle} is {@code cycle}).
     */
    private static boolean atDefault(OptionSpec o) {
        Object value = o.getValue();
        String def = o.defaultValue();
        if (value instanceof Number n && def != null) {
            try {
                return n.doubleValue() == Double.parseDouble(def);
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return def != null && String.valueOf(value).trim().equalsIgnoreCase(def);
    }

    /** The option names (without dashes) a spec may set for {@code sim}. */
    public static List<String> acceptedKeys(Simulator sim) {
        return freshCommand(sim).getCommandSpec().options().stream().map(PointPlanner::optionName)
                .filter(n -> !Simulator.reserved(n)).toList();
    }

    private static void checkKey(Simulator sim, CommandSpec command, String key, String where) {
        if (Simulator.reserved(key)) {
            throw new IllegalArgumentException(where + ": '" + key + "' is set by the sweep itself, not by a spec");
        }
        if (command.findOption("--" + key) == null) {
            throw new IllegalArgumentException(where + ": unknown option of 'prime " + sim.command() + "'; accepted: "
                    + String.join(", ", acceptedKeys(sim)));
        }
    }

    private static CommandLine freshCommand(Simulator sim) {
        CommandLine sub = PrimeCommand.commandLine().getSubcommands().get(sim.command());
        if (sub == null) {
            throw new IllegalStateException("prime has no '" + sim.command() + "' command");
        }
        return sub;
    }

    private static String optionName(OptionSpec o) {
        return o.longestName().replaceFirst("^-+", "");
    }

    /**
     * The SHA-256 of {@code file}'s bytes (hex), read again only when its size or modification time changed: a
     * sweep plans every point of a grid, and many share one traffic file.
     */
    static String contentDigest(Path file) {
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            String stamp = file.toAbsolutePath().normalize() + "|" + a.size() + "|" + a.lastModifiedTime().toMillis();
            return DIGESTS.computeIfAbsent(stamp, k -> {
                try (InputStream in = Files.newInputStream(file)) {
                    MessageDigest sha = MessageDigest.getInstance("SHA-256");
                    byte[] buf = new byte[1 << 16];
                    for (int r; (r = in.read(buf)) > 0; ) {
                        sha.update(buf, 0, r);
                    }
                    return HexFormat.of().formatHex(sha.digest());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                } catch (NoSuchAlgorithmException e) {
                    throw new IllegalStateException("SHA-256 is required of every JVM", e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            throw new IllegalArgumentException("traffic: cannot read '" + file + "': " + e.getMessage(), e);
        }
    }

    /** {@link #contentDigest} by path, size and modification time. */
    private static final Map<String, String> DIGESTS = new ConcurrentHashMap<>();

    /** An option value as a result column: integers as long, reals as double, lists joined by ';'. */
    private static Object column(Object v) {
        if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        if (v instanceof Float f) {
            return f.doubleValue();
        }
        if (v instanceof Long || v instanceof Double || v instanceof Boolean || v == null) {
            return v;
        }
        if (v instanceof List<?> l) {
            return l.stream().map(String::valueOf).collect(Collectors.joining(";"));
        }
        return String.valueOf(v);
    }

    private static String describe(Map<String, String> a) {
        Set<String> parts = new LinkedHashSet<>();
        a.forEach((k, v) -> parts.add(k + "=" + v));
        return "{" + String.join(", ", parts) + "}";
    }
}
