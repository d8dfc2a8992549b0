package org.primelab.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code prime demo}: the README's main job. Until the packet simulator lands it shows PRIME's
 * multi-part EV generator on the paper's topologies (DESIGN.md, Table "Simulation topologies"):
 * 2-tier k=16, 64, 128 and 3-tier k=16, each for 4096 packets of one flow.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Run the main demonstration on the paper's topologies.")
final class DemoCommand implements Callable<Integer> {
    /** Packets per flow shown on each topology. */
    static final int DEMO_PACKETS = 4096;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        int[][] topologies = {{2, 16}, {2, 64}, {2, 128}, {3, 16}};
        CommandLine ev = spec.commandLine().getParent().getSubcommands().get("ev");
        for (int[] t : topologies) {
            int rc = ev.execute("--tiers", String.valueOf(t[0]), "--k", String.valueOf(t[1]),
                    "--packets", String.valueOf(DEMO_PACKETS), "--show", "12");
            if (rc != 0) {
                return rc;
            }
            out.println();
        }
        out.flush();
        return 0;
    }
}
