package org.primelab.sweep;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.primelab.analytical.fct.IdealMaxFct;
import org.primelab.cli.Json;
import org.primelab.cli.PrimeCommand;
import org.primelab.cli.SimOptions;
import org.primelab.core.metrics.ProgressListener;
import org.primelab.packet.PacketSimulator;
import org.primelab.packet.SimConfig;
import org.primelab.packet.metrics.SimResult;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Runs sensitivity points: a {@code sim} point carrying a {@link PenaltySetting} is built exactly as
 * {@code prime sim} builds it (the CLI's own {@link SimOptions#scenarios()}), its schemes' penalties
 * replaced by the setting, and run by the packet simulator with the same ideal max FCT the CLI uses
 * ({@link IdealMaxFct}); the row holds the simulator's summary written and read back as
 * {@code prime sim --json} writes it, so a setting equal to the defaults gives the CLI's row exactly.
 * A point without a setting runs through the CLI ({@link CliPointRunner}), so defaults and tuned
 * points of one study share one path to the simulator.
 */
public final class TunedPointRunner implements PointRunner {
    private static final long serialVersionUID = 1L;

    @Override
    public List<Map<String, Object>> run(Point point) {
        try {
            return runChecked(point);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private List<Map<String, Object>> runChecked(Point point) throws IOException {
        PenaltySetting setting = PenaltySetting.of(point.config());
        if (setting == null) {
            return new CliPointRunner().run(point);
        }
        if (point.simulator() != Simulator.SIM) {
            throw new IllegalArgumentException("decay: penalties apply to 'sim' points only, got " + point.simulator().command());
        }
        CommandLine sim = PrimeCommand.commandLine().getSubcommands().get("sim");
        List<String> full = new ArrayList<>();
        full.add("sim");
        full.addAll(point.args());
        sim.getParent().parseArgs(full.toArray(String[]::new));
        SimOptions options = null;
        for (CommandSpec m : sim.getCommandSpec().mixins().values()) {
            if (m.userObject() instanceof SimOptions o) {
                options = o;
            }
        }
        if (options == null) {
            throw new IllegalStateException("prime sim has no scenario options");
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        for (SimConfig base : options.scenarios()) {
            SimConfig run = base.withPenalties(setting.penalties());
            SimResult r = new PacketSimulator(run, IdealMaxFct.of(run.fabric(), run.faults(), run.flows())).run(ProgressListener.NONE);
            // through the CLI's JSON writer, so numbers carry exactly the digits 'prime sim --json' prints
            for (Map<String, Object> m : CliPointRunner.parseJsonLines(Json.write(r.summary()))) {
                rows.add(Rows.row(point, m));
            }
        }
        return rows;
    }
}
