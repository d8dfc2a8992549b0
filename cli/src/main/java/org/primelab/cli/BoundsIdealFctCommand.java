package org.primelab.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.primelab.analytical.fct.IdealFct;
import org.primelab.analytical.fct.IdealFctWithFaults;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workloads;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code prime bounds ideal-fct}: ideal max FCT of a symmetric (cross-ToR) permutation on a FatTree with
 * failed and degraded links, from the maximum concurrent flow LP; with no faults it equals the lone-path
 * closed form the packet simulator uses for the Ratio.
 */
@Command(name = "ideal-fct", mixinStandardHelpOptions = true,
        description = "Ideal max FCT of a permutation with failed/degraded links (max concurrent flow LP).")
final class BoundsIdealFctCommand implements Callable<Integer> {
    /** MTU on the wire (DESIGN.md, paper §"Evaluation"). */
    static final String DEFAULT_MTU = "4160";
    /** Header bytes per packet (DESIGN.md). */
    static final String DEFAULT_HEADER = "64";
    /** Per-link propagation delay (DESIGN.md: the paper's "600 us" read as 600 ns). */
    static final String DEFAULT_DELAY = "600ns";

    @Spec
    CommandSpec spec;

    @Option(names = "--tiers", defaultValue = "2", description = "2 or 3 (default: ${DEFAULT-VALUE})")
    int tiers;

    @Option(names = "--k", defaultValue = "16", description = "switch radix, even (default: ${DEFAULT-VALUE})")
    int k;

    @Option(names = "--rate", required = true, description = "link rate, e.g. 400G")
    String rate;

    @Option(names = "--flow-size", required = true, description = "bytes per flow, e.g. 2MB")
    String flowSize;

    @Option(names = "--fail", description = "failed cable or direction, e.g. leaf0-spine3 (repeatable)")
    List<String> fail = new ArrayList<>();

    @Option(names = "--degrade", description = "degraded link LINK=RATE, e.g. leaf0-spine3=100G (repeatable)")
    List<String> degrade = new ArrayList<>();

    @Option(names = "--mtu", defaultValue = DEFAULT_MTU, description = "MTU on the wire in bytes (default: ${DEFAULT-VALUE})")
    int mtu;

    @Option(names = "--header", defaultValue = DEFAULT_HEADER, description = "header bytes (default: ${DEFAULT-VALUE})")
    int header;

    @Option(names = "--delay", defaultValue = DEFAULT_DELAY, description = "propagation per link (default: ${DEFAULT-VALUE})")
    String delay;

    @Option(names = "--seed", defaultValue = "1", description = "permutation seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--json", description = "print one JSON object instead of text")
    boolean json;

    @Override
    public Integer call() {
        long rateBps = Units.parseRate(rate);
        if (rateBps <= 0) {
            throw new IllegalArgumentException("rate: must be > 0, got " + rate);
        }
        long size = Units.parseBytes(flowSize);
        if (size <= 0) {
            throw new IllegalArgumentException("flow-size: must be > 0 bytes, got " + flowSize);
        }
        long delayPs = Units.parseTime(delay);
        FatTree tree = FatTree.builder(tiers, k).build();
        Faults.Builder fb = Faults.builder(tree);
        for (String f : fail) {
            fb.fail(f, 0);
        }
        for (String d : degrade) {
            int eq = d.lastIndexOf('=');
            if (eq <= 0 || eq == d.length() - 1) {
                throw new IllegalArgumentException("degrade: expected LINK=RATE, e.g. leaf0-spine3=100G, got '" + d + "'");
            }
            fb.degrade(d.substring(0, eq), Units.parseRate(d.substring(eq + 1)));
        }
        Faults faults = fb.build();
        List<Flow> flows = Workloads.permutation(tree, size, seed, true);
        IdealFctWithFaults.Result r = IdealFctWithFaults.compute(faults, flows, rateBps, mtu, header, delayPs);
        long lone = IdealFct.lonePathPs(size, mtu, header, rateBps, delayPs, r.hops());
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("tiers", tiers);
            o.put("k", k);
            o.put("hosts", tree.hosts());
            o.put("rate_bps", rateBps);
            o.put("flow_bytes", size);
            o.put("failed", fail);
            o.put("degraded", degrade);
            o.put("phi", r.phi());
            o.put("ideal_max_fct_ps", r.idealMaxFctPs());
            o.put("ideal_max_fct_us", Units.toMicros(r.idealMaxFctPs()));
            o.put("lone_path_fct_ps", lone);
            o.put("hops", r.hops());
            o.put("lp_commodities", r.lp().commodities());
            o.put("lp_variables", r.lp().variables());
            o.put("lp_constraints", r.lp().constraints());
            o.put("lp_millis", r.lp().solveMillis());
            out.println(Json.write(o));
        } else {
            out.printf(Locale.ROOT, "%s, permutation of %d B flows at %s; %d failed, %d degraded%n", tree, size,
                    Units.formatRate(rateBps), fail.size(), degrade.size());
            out.printf(Locale.ROOT, "max concurrent flow: every flow can hold %.4f of line rate (LP: %d commodities, "
                    + "%d variables, %d constraints, %d ms)%n", r.phi(), r.lp().commodities(), r.lp().variables(),
                    r.lp().constraints(), r.lp().solveMillis());
            out.printf(Locale.ROOT, "ideal max FCT %s (healthy lone path: %s, %d hops)%n",
                    Units.formatTime(r.idealMaxFctPs()), Units.formatTime(lone), r.hops());
        }
        out.flush();
        return 0;
    }
}
