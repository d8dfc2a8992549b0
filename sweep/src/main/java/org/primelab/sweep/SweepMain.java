package org.primelab.sweep;

import java.io.PrintWriter;
import org.primelab.cli.PrimeCommand;
import org.primelab.sweep.figures.FiguresCommand;
import picocli.CommandLine;

/**
 * Entry point of the Spark-using commands ({@code prime sweep}, {@code prime figures},
 * {@code prime sweep-bench}, {@code prime sensitivity}): the {@code prime} command line of the CLI,
 * with its one-line error contract (exit 2 on bad input), plus these commands. The launcher starts this class, on the sweep
 * module's classpath, only for them, so Spark never slows the start of the other commands.
 */
public final class SweepMain {
    private SweepMain() {
    }

    /** Entry point. */
    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the command line with the given streams and returns the exit status. */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = PrimeCommand.commandLine();
        cl.addSubcommand(new SweepCommand());
        cl.addSubcommand(new FiguresCommand());
        cl.addSubcommand(new SweepBenchCommand());
        cl.addSubcommand(new SensitivityCommand());
        cl.setOut(out);
        cl.setErr(err);
        return cl.execute(args);
    }
}
