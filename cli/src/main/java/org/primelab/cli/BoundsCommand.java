package org.primelab.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code prime bounds}: the analytical module's exact numbers and bounds — balls into bins, round robin
 * versus spraying (busiest port and queue), the uplink-to-downlink theorem and the ideal FCT with faults.
 */
@Command(name = "bounds", mixinStandardHelpOptions = true,
        description = "Exact distributions and proven bounds (analytical module).",
        subcommands = {BoundsBallsCommand.class, BoundsRrCommand.class, BoundsQueueCommand.class, BoundsDownlinkCommand.class,
            BoundsIdealFctCommand.class})
final class BoundsCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
