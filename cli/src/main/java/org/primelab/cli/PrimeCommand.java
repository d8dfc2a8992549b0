package org.primelab.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code prime} command: one picocli front end over every module. Each subcommand lives in its own
 * class; this class only registers them and fixes the error contract shared by all of them: bad input
 * gets one line on stderr naming the field and what is accepted, and exit status 2.
 */
@Command(name = "prime", mixinStandardHelpOptions = true, version = "PRIME lab 0.1.0",
        description = "Prove, model-check and simulate PRIME, a packet-spraying load balancer (arXiv 2507.23012).",
        footer = {"", "Also through the ./prime launcher, each with its own --help:",
            "  sweep, figures, sweep-bench, sensitivity   sweeps and figures on Spark",
            "  notebooks   run the Jupyter notebooks headless",
            "  jshell      jshell with the facade org.primelab.Prime"})
public final class PrimeCommand implements Runnable {
    /**
     * The subcommands, in the order {@code prime --help} lists them. They are registered in code, not in
     * the annotation, so that a run of one subcommand builds only that one: picocli reads every option of
     * every registered command by reflection, which took about 0.18 s of a 0.25 s {@code prime --version}.
     */
    static final List<Class<?>> SUBCOMMANDS = List.of(EvCommand.class, TopoCommand.class, SimCommand.class,
            DemoCommand.class, BenchCommand.class, MotivationCommand.class, BoundsCommand.class, FluidCommand.class,
            CrossvalCommand.class, CheckSpecsCommand.class, CheckCommand.class, WorkloadCommand.class);

    /** Exit status for bad input (picocli's usage error code). */
    public static final int EXIT_BAD_INPUT = 2;
    /** Exit status for a failure that is not the input's fault (e.g. an unwritable output directory). */
    public static final int EXIT_FAILURE = 1;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Entry point. */
    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the command line with the given streams and returns the exit status (used by tests). */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = commandLine(args.length > 0 ? args[0] : null);
        cl.setOut(out);
        cl.setErr(err);
        return cl.execute(args);
    }

    /**
     * A configured command line: one-line errors starting with the option's name (without dashes, after
     * {@code prime: }), exit 2 on bad input; {@code --version} answers on every subcommand too.
     */
    public static CommandLine commandLine() {
        return commandLine(null);
    }

    /**
     * The same, with only the subcommand named {@code first} registered when there is one by that name
     * (the command line's first word), else with every subcommand: a run parses and behaves the same
     * either way, since a command line names one subcommand; help, errors for an unknown word and the
     * root's usage see them all.
     */
    static CommandLine commandLine(String first) {
        CommandLine cl = new CommandLine(new PrimeCommand());
        Class<?> only = SUBCOMMANDS.stream().filter(c -> names(c).contains(first)).findFirst().orElse(null);
        for (Class<?> c : SUBCOMMANDS) {
            if (only == null || c == only) {
                cl.addSubcommand(c);
            }
        }
        shareVersion(cl, cl.getCommandSpec().version());
        cl.setParameterExceptionHandler((ex, args) -> {
            ex.getCommandLine().getErr().println("prime: " + message(ex));
            return EXIT_BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            if (ex instanceof IllegalArgumentException) {
                commandLine.getErr().println("prime: " + oneLine(ex.getMessage()));
                return EXIT_BAD_INPUT;
            }
            if (ex instanceof java.io.UncheckedIOException) {
                commandLine.getErr().println("prime: " + oneLine(ex.getMessage()));
                return EXIT_FAILURE;
            }
            throw ex;
        });
        return cl;
    }

    /**
     * A parse error as the one line the CLI prints after {@code prime: }: named by its option ("k: ..."), a value of
     * the wrong type with what the option accepts ({@link #notOfType}). The REPL facade words its errors the same.
     */
    public static String message(CommandLine.ParameterException ex) {
        String m = oneLine(ex.getMessage()).replaceFirst("^Error: ", "");
        CommandLine.Model.ArgSpec arg = ex.getArgSpec();
        if (arg == null && ex instanceof CommandLine.OverwrittenOptionException overwritten) {
            arg = overwritten.getOverwritten();   // "option '--k' (<k>) should be specified only once"
        }
        if (arg == null && ex instanceof CommandLine.MissingParameterException missing && !missing.getMissing().isEmpty()) {
            arg = missing.getMissing().get(0);    // "Missing required option: '--out=FILE.cm'"
        }
        if (arg instanceof CommandLine.Model.PositionalParamSpec p) {
            String name = p.paramLabel().replaceAll("[<>]", "").toLowerCase(java.util.Locale.ROOT);
            m = m.startsWith(name + ":") ? m : name + ": " + m;
        }
        if (arg instanceof CommandLine.Model.OptionSpec o) {
            String name = o.longestName().replaceFirst("^-+", "");
            m = notOfType(o, m).orElse(m);
            m = m.startsWith(name + ":") ? m : name + ": " + m;
        }
        return m;
    }

    /** picocli's message for a value its converter refuses: "Invalid value for option '--k': 'abc' is not an int". */
    private static final java.util.regex.Pattern NOT_OF_TYPE =
            java.util.regex.Pattern.compile("Invalid value for option '[^']*': '(.*)' is not an? (int|long|double|float)");

    /**
     * picocli's conversion error rewritten to say what is accepted: "k: 'abc' is not a 32-bit integer; accepted:
     * switch radix, even, 4..64 (default: 16)", the option's own help text carrying its range
     * ("is not an int" said neither that an out-of-range number fails the same way nor which values the option takes).
     */
    static java.util.Optional<String> notOfType(CommandLine.Model.OptionSpec option, String message) {
        java.util.regex.Matcher m = NOT_OF_TYPE.matcher(message);
        if (!m.matches()) {
            return java.util.Optional.empty();
        }
        String type = switch (m.group(2)) {
            case "int" -> "a 32-bit integer";
            case "long" -> "a 64-bit integer";
            default -> "a decimal number";
        };
        String help = oneLine(String.join(" ", option.description()))
                .replace("${DEFAULT-VALUE}", String.valueOf(option.defaultValue()));
        String name = option.longestName().replaceFirst("^-+", "");
        return java.util.Optional.of(name + ": '" + m.group(1) + "' is not " + type
                + (help.isEmpty() ? "" : "; accepted: " + help));
    }

    /** Gives every subcommand the root's version (picocli prints nothing for a subcommand without one). */
    private static void shareVersion(CommandLine cl, String[] version) {
        for (CommandLine sub : cl.getSubcommands().values()) {
            if (sub.getCommandSpec().version().length == 0) {
                sub.getCommandSpec().version(version);
            }
            shareVersion(sub, version);
        }
    }

    /** The name and aliases a subcommand class declares. */
    private static List<String> names(Class<?> command) {
        Command c = command.getAnnotation(Command.class);
        List<String> names = new ArrayList<>(List.of(c.aliases()));
        names.add(c.name());
        return names;
    }

    /** A message on one line: line breaks become spaces (the error contract is one line on stderr). */
    static String oneLine(String message) {
        return String.valueOf(message).replaceAll("[\\r\\n\\u2028\\u2029]+", " ").strip();
    }
}
