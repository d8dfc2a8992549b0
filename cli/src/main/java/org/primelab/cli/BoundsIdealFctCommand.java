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
import org.primelab.core.resources.ResourceGuard;
import org.primelab.core.scenario.FaultSpec;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code prime bounds ideal-fct}: ideal max FCT of a workload (by default the permutation {@code prime sim} runs
 * with the same {@code --k}, {@code --seed} and {@code --cross-tor};
 * {@code --traffic} takes any generator or {@code .cm} file without triggers, as {@code prime sim}) on a FatTree with
 * failed and degraded links, from the maximum concurrent flow ({@link IdealFctWithFaults}: the certified
 * solver by default, any size up to 2-tier {@code k = 128} in seconds; {@code --solver lp} for the exact
 * LP on small trees); with no faults it equals the lone-path closed form the packet simulator uses for
 * the Ratio. A failure given as {@code LINK@TIME} with {@code TIME > 0} takes effect at that time
 * ({@link IdealFctWithFaults#computeTimed}). JSON fields {@code phi .. lp_millis} are those of the first
 * version ({@code phi} is the upper end of the certified interval, {@code lp_*} the size and time of the
 * solve); later fields were added after them.
 */
@Command(name = "ideal-fct", mixinStandardHelpOptions = true,
        description = "Ideal max FCT of a permutation with failed/degraded links (max concurrent flow).")
final class BoundsIdealFctCommand implements Callable<Integer> {
    /** MTU on the wire (docs/design.md, paper §"Evaluation"). */
    static final String DEFAULT_MTU = "4160";
    /** Header bytes per packet (docs/design.md). */
    static final String DEFAULT_HEADER = "64";
    /** Per-link propagation delay (docs/design.md: the paper's "600 us" read as 600 ns). */
    static final String DEFAULT_DELAY = "600ns";

    @Spec
    CommandSpec spec;

    @Option(names = "--tiers", defaultValue = "2", description = "2 or 3 (default: ${DEFAULT-VALUE})")
    int tiers;

    @Option(names = "--k", defaultValue = "16", description = "switch radix, even, 4..256 (default: ${DEFAULT-VALUE})")
    int k;

    @Option(names = "--rate", required = true, description = "link rate, e.g. 400G")
    String rate;

    @Option(names = "--flow-size", required = true, description = "bytes per flow, e.g. 2MB")
    String flowSize;

    @Option(names = "--traffic", defaultValue = "permutation",
            description = "the workload, as 'prime sim' takes it: a generator (permutation, ring, incast, alltoall,"
                    + " ...) or FILE.cm[.gz]; workloads with triggers are refused (their bound is the collective's,"
                    + " 'prime sim' prints it as ideal_cct_us) (default: ${DEFAULT-VALUE})")
    String traffic;

    @Option(names = "--group", defaultValue = "0",
            description = "hosts per group of a collective, 0 = every host (default: ${DEFAULT-VALUE})")
    int group;

    @Option(names = "--placement", defaultValue = "packed",
            description = "packed, spread or random placement of a collective's groups (default: ${DEFAULT-VALUE})")
    String placement;

    @Option(names = "--cross-tor", description = "permutation: no flow stays under one ToR (as 'prime sim --cross-tor')")
    boolean crossTor;

    @Option(names = "--fail", description = "failed cable or direction, from time 0 or from TIME: LINK[@TIME], "
            + "e.g. leaf0-spine3 or leaf0-spine3@20us (repeatable)")
    List<String> fail = new ArrayList<>();

    @Option(names = "--degrade", description = "degraded link LINK=RATE, e.g. leaf0-spine3=100G (repeatable)")
    List<String> degrade = new ArrayList<>();

    @Option(names = "--fail-random", defaultValue = "0", paramLabel = "N",
            description = "fail N random switch-to-switch cables at --fail-at, chosen as 'prime sim' does with the same"
                    + " --seed (default: ${DEFAULT-VALUE})")
    int failRandom;

    @Option(names = "--fail-at", defaultValue = "0ns", description = "when --fail-random links fail (default: ${DEFAULT-VALUE})")
    String failAt;

    @Option(names = "--degrade-fraction", defaultValue = "0",
            description = "degrade this fraction of switch-to-switch cables, chosen as 'prime sim' does with the same"
                    + " --seed (default: ${DEFAULT-VALUE})")
    double degradeFraction;

    @Option(names = "--degrade-to", defaultValue = "100G", description = "rate of --degrade-fraction links (default: ${DEFAULT-VALUE})")
    String degradeTo;

    @Option(names = "--mtu", defaultValue = DEFAULT_MTU, description = "MTU on the wire in bytes, above the header and at most 1048576 (default: ${DEFAULT-VALUE})")
    int mtu;

    @Option(names = "--header", defaultValue = DEFAULT_HEADER, description = "header bytes, >= 1 and below the MTU (default: ${DEFAULT-VALUE})")
    int header;

    @Option(names = "--delay", defaultValue = DEFAULT_DELAY, description = "propagation per link (default: ${DEFAULT-VALUE})")
    String delay;

    @Option(names = "--seed", defaultValue = "1", description = "permutation seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--solver", defaultValue = "certified",
            description = "certified (any size, certified interval) or lp (exact, small trees) (default: ${DEFAULT-VALUE})")
    String solver;

    @Option(names = "--gap", defaultValue = "1e-6",
            description = "relative gap of the certified interval (default: ${DEFAULT-VALUE})")
    double gap;

    @Option(names = "--json", description = "print one JSON object instead of text")
    boolean json;

    @Option(names = "--force", description = "run even beyond the time budget (the heap limit still applies)")
    boolean force;

    /** Largest MTU accepted (as the simulators). */
    static final int MAX_MTU = 1 << 20;

    @Override
    public Integer call() {
        // Every option is parsed and checked before any work starts.
        long rateBps = Units.parseRate("rate", rate);
        if (rateBps <= 0) {
            throw new IllegalArgumentException("rate: must be > 0, got " + rate);
        }
        long size = Units.parseBytes("flow-size", flowSize);
        if (size <= 0) {
            throw new IllegalArgumentException("flow-size: must be > 0 bytes, got " + flowSize);
        }
        long delayPs = Units.parseTime("delay", delay);
        Checks.range("header", header, 1, MAX_MTU - 1);
        Checks.range("mtu", mtu, 2, MAX_MTU);
        if (header >= mtu) {
            // the two together: name the one the user turned away from its default
            String which = header != Integer.parseInt(DEFAULT_HEADER) ? "header" : "mtu";
            throw new IllegalArgumentException(which + ": the header (" + header + " B) must be smaller than the MTU ("
                    + mtu + " B), which carries it and the payload");
        }
        IdealFctWithFaults.Solver which = switch (solver) {
            case "certified" -> IdealFctWithFaults.Solver.CERTIFIED;
            case "lp" -> IdealFctWithFaults.Solver.LP;
            default -> throw new IllegalArgumentException("solver: expected certified or lp, got '" + solver + "'");
        };
        if (!(gap > 0 && gap < 1)) {
            throw new IllegalArgumentException("gap: must be in (0, 1), got " + gap);
        }
        // an option this run would ignore, as prime sim refuses it (the same rules; --flow-size is required here)
        boolean file = CliWorkload.generator(traffic) == null && CliWorkload.isFile(traffic);
        ParseResult parsed = spec.commandLine().getParseResult();
        SimOptions.refuse(SimOptions.workloadAndFaultOptionsWithoutEffect(
                o -> !o.equals("--flow-size") && parsed.hasMatchedOption(o), traffic, file, group, failRandom,
                degradeFraction));
        // the faults' values are checked before any tree is built (their link names once it is)
        FaultSpec faultSpec = new FaultSpec(fail, failRandom, failAt, degrade, degradeFraction, degradeTo);
        boolean timed = faultSpec.failsDuringRun(rateBps, true);
        if (timed && which == IdealFctWithFaults.Solver.LP) {
            throw new IllegalArgumentException("solver: failures at a time > 0 need the certified solver");
        }
        FatTree.Dimensions dims = Checks.dimensions(tiers, k);
        // the ideal of a healthy tree first: refuses a flow whose FCT overflows before any tree is built
        IdealFct.lonePathPs(size, mtu, header, rateBps, delayPs, dims.longestPathHops());
        ResourceGuard.Estimate need = ResourceGuard.pathLp(dims, dims.hosts(),
                ResourceGuard.pathVariables(dims, dims.hosts()));
        Checks.fits(timed ? need.times(2) : need, force);
        FatTree tree = FatTree.builder(tiers, k).build();
        SimOptions.TrafficSource source = SimOptions.traffic(tree, traffic, flowSize, "0ns", group, placement, seed, crossTor);
        if (source.workload().hasDependencies()) {
            throw new IllegalArgumentException("traffic: '" + Units.oneLine(traffic) + "' starts flows on triggers; the"
                    + " max concurrent flow assumes every flow runs at once, which is no bound for it (its bound is the"
                    + " collective's: 'prime sim --traffic' prints it as ideal_cct_us)");
        }
        if (!source.failedCables().isEmpty()) {
            CliWorkload.requireOneFaultSource(traffic, true, fail, failRandom);
            List<String> all = new ArrayList<>(fail);
            for (String cable : source.failedCables()) {
                all.add(cable + "@0ps");
            }
            faultSpec = new FaultSpec(all, failRandom, failAt, degrade, degradeFraction, degradeTo);
        }
        Faults faults = faultSpec.toFaults(tree, rateBps, seed, true);
        List<Flow> flows = source.workload().flows();
        long largestBytes = flows.stream().mapToLong(Flow::sizeBytes).max().orElse(size);
        IdealFctWithFaults.TimedResult tr = timed
                ? IdealFctWithFaults.computeTimed(faults, flows, rateBps, mtu, header, delayPs, gap) : null;
        IdealFctWithFaults.Result r = timed ? tr.late()
                : IdealFctWithFaults.compute(faults, flows, rateBps, mtu, header, delayPs, which, gap);
        long ideal = timed ? tr.idealMaxFctPs() : r.idealMaxFctPs();
        String solverName = which.name().toLowerCase(Locale.ROOT);
        long lone = IdealFct.lonePathPs(largestBytes, mtu, header, rateBps, delayPs, r.hops());
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("tiers", tiers);
            o.put("k", k);
            o.put("hosts", tree.hosts());
            o.put("rate_bps", rateBps);
            o.put("flow_bytes", largestBytes);
            o.put("failed", fail);
            o.put("degraded", degrade);
            o.put("phi", r.phi());
            o.put("ideal_max_fct_ps", ideal);
            o.put("ideal_max_fct_us", Units.toMicros(ideal));
            o.put("lone_path_fct_ps", lone);
            o.put("hops", r.hops());
            o.put("lp_commodities", r.commodities());
            o.put("lp_variables", r.variables());
            o.put("lp_constraints", r.constraints());
            o.put("lp_millis", r.solveMillis());
            o.put("fail_random", failRandom);
            o.put("degrade_fraction", degradeFraction);
            o.put("solver", solverName);
            o.put("phi_lower", r.phiLower());
            o.put("phi_upper", r.phiUpper());
            o.put("gap", r.phiUpper() / r.phiLower() - 1);
            if (timed) {
                o.put("fail_after_ps", tr.failAfterPs());
                o.put("phi_early_lower", tr.early().phiLower());
                o.put("phi_early_upper", tr.early().phiUpper());
                o.put("throughput_ps", tr.throughputPs());
                o.put("two_pace_throughput_ps", tr.twoPaceThroughputPs());
                o.put("bisections", tr.bisections());
                o.put("timed_millis", tr.solveMillis());
            }
            out.println(Json.write(o));
        } else {
            String what = traffic.trim().equalsIgnoreCase("permutation") ? "permutation of " + size + " B flows"
                    : Units.oneLine(traffic) + " (" + flows.size() + " flows, the largest " + largestBytes + " B)";
            out.printf(Locale.ROOT, "%s, %s at %s; %d failed, %d degraded directed links%n", tree, what,
                    Units.formatRate(rateBps), faults.failedLinks().length, faults.degradedLinks().length);
            out.printf(Locale.ROOT, "max concurrent flow: every flow can hold %.4f of line rate (%s solver: %d "
                    + "commodities, %d variables, %d constraints, %d ms)%n", r.phi(), solverName, r.commodities(),
                    r.variables(), r.constraints(), r.solveMillis());
            out.printf(Locale.ROOT, "phi in [%.9f, %.9f] (relative gap %.1e); the ideal uses the upper end%n",
                    r.phiLower(), r.phiUpper(), r.phiUpper() / r.phiLower() - 1);
            if (timed) {
                out.printf(Locale.ROOT, "first failure after %s: phi before it in [%.9f, %.9f]; throughput time %s "
                        + "(two-pace formula %s, %d bisections, %d ms)%n", Units.formatTime(tr.failAfterPs()),
                        tr.early().phiLower(), tr.early().phiUpper(), Units.formatTime(tr.throughputPs()),
                        Units.formatTime(tr.twoPaceThroughputPs()), tr.bisections(), tr.solveMillis());
            }
            out.printf(Locale.ROOT, "ideal max FCT %s (healthy lone path: %s, %d hops)%n",
                    Units.formatTime(ideal), Units.formatTime(lone), r.hops());
        }
        out.flush();
        return 0;
    }
}
