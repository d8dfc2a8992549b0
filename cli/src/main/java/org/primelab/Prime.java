package org.primelab;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.primelab.analytical.balls.MaxLoadDistribution;
import org.primelab.analytical.fct.IdealMaxFct;
import org.primelab.cli.BoundsBallsCommand;
import org.primelab.cli.FluidCommand;
import org.primelab.cli.PrimeCommand;
import org.primelab.cli.SimCommand;
import org.primelab.cli.SimOptions;
import org.primelab.core.metrics.ProgressListener;
import org.primelab.core.metrics.RunResult;
import org.primelab.core.scenario.Scenario;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workload;
import org.primelab.fluid.FluidConfig;
import org.primelab.fluid.FluidResult;
import org.primelab.fluid.flowlevel.EngineChoice;
import org.primelab.fluid.flowlevel.FluidCaveats;
import org.primelab.packet.PacketSimulator;
import org.primelab.packet.SimConfig;
import org.primelab.packet.metrics.SimResult;
import picocli.CommandLine;

/**
 * The REPL facade: one-line what-ifs from jshell or a notebook, with units written as people write them
 * ({@code "400G"}, {@code "600ns"}, {@code "2MB"}).
 *
 * <pre>{@code
 * import org.primelab.Prime;
 * Prime.fatTree(2, 8).rate("400G").flowSize("2MB").sim("all")          // every load balancer, one table
 * Prime.fatTree(2, 16).fail("leaf0-spine3@0ns").sim("prime,reps")      // a failed link
 * Prime.fatTree(2, 8).allReduce("1MB").fluid("prime")                   // the flow-level model
 * Prime.balls(64, 16)                                                   // exact max load, balls into bins
 * }</pre>
 *
 * <p>A {@code Prime} value is an immutable experiment: a fat tree, its links, a workload, faults, a load
 * balancer, a congestion control and the master seed. Each fluent call returns a new value and is
 * validated at once by the very code that validates {@code prime sim} and {@code prime fluid}'s options
 * ({@link SimOptions#scenarios()}): the same one-line messages naming the option (e.g.
 * {@code rate: cannot parse 'fast'; ...}), refused before anything runs. An option the run would ignore
 * ({@code .sprayOrder("cycle")} with PRIME) is refused when {@link #sim} or {@link #fluid} starts a run, not at
 * the call that sets it, since a later call may make it count ({@code .sprayOrder("cycle").lb("rps")}).
 * {@link #toString()} is the scenario in one line; {@link #toCommandLine()} the equivalent {@code prime sim}
 * command.
 *
 * <p>{@link #sim} and {@link #fluid} run the packet and the fluid simulator on it and return their own
 * result types ({@link SimResult}, {@link FluidResult}) in a {@link Runs} table; every run of one call
 * is divided by one ideal ({@link IdealMaxFct}, the Ratio's denominator, §"Evaluation", "Metrics"), as
 * {@code prime sim --lb all} does. The bounds and the checker that have a command of their own
 * ({@link #roundRobin}, {@link #downlink}, {@link #check}) run that command in this JVM and return its
 * printed report ({@link Output}), so the REPL and the command line can never disagree.
 */
public final class Prime {
    /** Single-valued {@code prime sim} options, by name without dashes, in the order they were given. */
    private final Map<String, String> options;
    /** {@code --fail} values. */
    private final List<String> failures;
    /** {@code --degrade} values. */
    private final List<String> degradations;
    /** The validated configurations, one per load balancer of {@code lb}. */
    private final List<SimConfig> configs;
    /** The options as {@code prime sim} parsed them; options without effect are refused when a run starts. */
    private final SimOptions parsed;

    private Prime(Map<String, String> options, List<String> failures, List<String> degradations) {
        this.options = options;
        this.failures = failures;
        this.degradations = degradations;
        this.parsed = parse(arguments(options, failures, degradations)).acceptOptionsWithoutEffect();
        this.configs = parsed.scenarios();
    }

    // ---------------------------------------------------------------------------------------- fabric

    /**
     * A {@code tiers}-tier fat tree of radix {@code k} with the paper's defaults (§"Evaluation",
     * "Setup": 400 Gb/s, 600 ns, MTU 4160 B; a permutation of 2 MB flows; PRIME over DCTCP; seed 1).
     */
    public static Prime fatTree(int tiers, int k) {
        Map<String, String> o = new LinkedHashMap<>();
        o.put("tiers", String.valueOf(tiers));
        o.put("k", String.valueOf(k));
        return new Prime(o, List.of(), List.of());
    }

    /** Link rate, e.g. {@code "100G"}, {@code "800G"}. */
    public Prime rate(String rate) {
        return with("rate", rate);
    }

    /** Propagation delay per link, e.g. {@code "600ns"}. */
    public Prime delay(String delay) {
        return with("delay", delay);
    }

    /** Packet size on the wire in bytes, headers included. */
    public Prime mtu(int bytes) {
        return with("mtu", String.valueOf(bytes));
    }

    /** The master seed: every random choice of the run derives from it. */
    public Prime seed(long seed) {
        return with("seed", String.valueOf(seed));
    }

    /**
     * Runs {@link #sim()} and {@link #fluid()} even beyond the resource check's time budget, as {@code --force}
     * does; a run that cannot fit the heap is still refused.
     */
    public Prime force() {
        return with("force", "true");
    }

    // -------------------------------------------------------------------------------------- workload

    /** Bytes per flow (per flow of a collective), e.g. {@code "2MB"}, {@code "8MiB"}. */
    public Prime flowSize(String size) {
        return with("flow-size", size);
    }

    /** A random permutation (the default workload), drawn with the master seed. */
    public Prime permutation() {
        return with("traffic", "permutation");
    }

    /** A random permutation drawn with {@code seed}, which becomes the master seed. */
    public Prime permutation(long seed) {
        return permutation().seed(seed);
    }

    /** A permutation in which no flow stays under one ToR. */
    public Prime crossTor() {
        return permutation().with("cross-tor", "true");
    }

    /** Host {@code i} sends to host {@code i + 1}. */
    public Prime ring() {
        return with("traffic", "ring");
    }

    /** Every host of a group sends one flow to every other, all at once. */
    public Prime allToAll() {
        return with("traffic", "alltoall");
    }

    /** A ring all-reduce whose steps each move {@code size} per flow (flows chained by triggers). */
    public Prime allReduce(String size) {
        return with("traffic", "allreduce").flowSize(size);
    }

    /**
     * Incast: the hosts form disjoint groups of {@code senders + 1} (packed, as {@link #placement} says)
     * and in each group {@code senders} hosts send one flow each to the group's receiver, all at once.
     */
    public Prime incast(int senders) {
        if (senders < 1 || senders >= Integer.MAX_VALUE) {
            // its group is the senders and the receiver: say the count the caller gave, not senders + 1
            throw new IllegalArgumentException("incast: senders must be >= 1 (each group is the senders and one"
                    + " receiver, at most the fabric's hosts), got " + senders);
        }
        return with("traffic", "incast").with("group", String.valueOf(senders + 1));
    }

    /** An htsim connection matrix ({@code .cm} or {@code .cm.gz}); its failure lines become link failures. */
    public Prime cm(String file) {
        return with("traffic", file);
    }

    /** Collectives: hosts per group, 2..hosts (default: all hosts in one group; {@code 0} goes back to it). */
    public Prime group(int hosts) {
        if (hosts == 0) {
            // the default, which the command line says by leaving --group out (it refuses --group 0)
            Map<String, String> o = new LinkedHashMap<>(options);
            o.remove("group");
            return new Prime(o, failures, degradations);
        }
        return with("group", String.valueOf(hosts));
    }

    /** Collectives: where a group's hosts sit: {@code packed}, {@code spread} or {@code random}. */
    public Prime placement(String placement) {
        return with("placement", placement);
    }

    /** Spread the flows' starts uniformly over {@code [0, window]}, e.g. {@code "10us"}. */
    public Prime stagger(String window) {
        return with("stagger", window);
    }

    // ---------------------------------------------------------------------------------------- faults

    /** Fail a link, {@code LINK@TIME} (names as {@code prime topo} prints them), e.g. {@code "leaf0-spine3@20us"}. */
    public Prime fail(String linkAtTime) {
        required("fail", linkAtTime);
        List<String> f = new ArrayList<>(failures);
        f.add(linkAtTime);
        return new Prime(options, List.copyOf(f), degradations);
    }

    /** Fail {@code cables} switch-to-switch cables chosen with the master seed, at {@code at}. */
    public Prime failRandom(int cables, String at) {
        return with("fail-random", String.valueOf(cables)).with("fail-at", at);
    }

    /** The black-hole phase before routing avoids a failed link, e.g. {@code "100us"}. */
    public Prime detect(String delay) {
        return with("detect", delay);
    }

    /** Run one link slower, {@code LINK=RATE}, e.g. {@code "leaf0-spine1=100G"}. */
    public Prime degrade(String linkEqualsRate) {
        required("degrade", linkEqualsRate);
        List<String> d = new ArrayList<>(degradations);
        d.add(linkEqualsRate);
        return new Prime(options, failures, List.copyOf(d));
    }

    /** Run {@code fraction} of the switch-to-switch cables, chosen with the master seed, at {@code rate}. */
    public Prime degrade(double fraction, String rate) {
        return with("degrade-fraction", String.valueOf(fraction)).with("degrade-to", rate);
    }

    // ------------------------------------------------------------------------- schemes and transport

    /** The load balancer(s): {@code ecmp}, {@code rps}, {@code reps}, {@code prime}, {@code co-prime}, {@code ar}, a comma list or {@code all}. */
    public Prime lb(String schemes) {
        return with("lb", schemes);
    }

    /** Congestion control: {@code dctcp}, {@code fixed} or {@code nscc}. */
    public Prime cc(String cc) {
        return with("cc", cc);
    }

    /**
     * EVs per flow of the hashed schemes ({@code --ev-space}, 1..65536; default 65536; htsim's default is 64):
     * with few, a flow's split over the uplinks is fixed by how its EVs hash (docs/design.md, "The EV space
     * of the hashed schemes"). PRIME and CO-PRIME do not hash and ignore it.
     */
    public Prime evSpace(int evs) {
        return with("ev-space", String.valueOf(evs));
    }

    /**
     * The order RPS uses its flow's EVs in ({@code --spray-order}): {@code random} (the default, one per packet)
     * or {@code cycle} (each once per cycle, htsim's oblivious spraying; with {@link #evSpace} 64 it runs as
     * htsim's defaults do).
     */
    public Prime sprayOrder(String order) {
        return with("spray-order", order);
    }

    /**
     * PRIME's penalties in base RTTs ({@code --p-ecn}, {@code --p-nack}, {@code --penalty-decay}; defaults 1, 4,
     * time): how long a path stays out after an ECN mark and after a NACK (docs/design.md, "Penalty lengths
     * and the number of paths").
     */
    public Prime penalties(double ecnRtts, double nackRtts, String decay) {
        Map<String, String> three = new LinkedHashMap<>();   // set together: each alone may not fit the other defaults
        three.put("p-ecn", String.valueOf(ecnRtts));
        three.put("p-nack", String.valueOf(nackRtts));
        three.put("penalty-decay", decay);
        return with(three);
    }

    /** Mixed traffic: pin {@code fraction} of the flows to ECMP in their own class, scheduled by {@code sched} ({@code sp} or {@code wrr:W}). */
    public Prime ecmp(double fraction, String sched) {
        return with("ecmp-fraction", String.valueOf(fraction)).with("sched", sched);
    }

    // --------------------------------------------------------------------------------------- queries

    /** The fabric. */
    public FatTree tree() {
        return configs.get(0).tree();
    }

    /** The scenario of the first load balancer, with its workload and faults. */
    public Scenario scenario() {
        return configs.get(0).scenario();
    }

    /** The packet simulator's configuration of every load balancer of {@link #lb}. */
    public List<SimConfig> configs() {
        return configs;
    }

    /** The failed and degraded links. */
    public Faults faults() {
        return scenario().faults();
    }

    /** The workload (flows and the triggers that chain them). */
    public Workload workload() {
        return scenario().requireWorkload();
    }

    /** The workload's flows. */
    public List<Flow> flows() {
        return workload().flows();
    }

    /**
     * The ideal max FCT of the workload on this fabric and its faults: the Ratio's denominator
     * ({@link IdealMaxFct}: every flow at its max-concurrent-flow rate, no queueing).
     */
    public Ideal idealFct() {
        SimConfig c = configs.get(0);
        return new Ideal(IdealMaxFct.of(c.fabric(), c.faults(), c.flows()));
    }

    /** The ideal max FCT, printed in microseconds. */
    public record Ideal(long maxFctPs) {
        /** In microseconds. */
        public double us() {
            return Units.toMicros(maxFctPs);
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "ideal max FCT %.3f us", us());
        }
    }

    // ------------------------------------------------------------------------------------------- runs

    /** The packet simulator on every load balancer of {@link #lb} (default {@code prime}). */
    public Runs<SimResult> sim() {
        parsed.requireEveryOptionTakesEffect();
        // prime sim's own checks and resource guard (force() lifts its time budget), then its default threads
        SimCommand.Plan plan = SimCommand.plan(parsed, "receiver", null);
        long ideal = idealFct().maxFctPs();
        List<SimResult> out = new ArrayList<>();
        for (SimConfig c : plan.runs()) {
            out.add(new PacketSimulator(c, ideal).run(ProgressListener.NONE));
        }
        return new Runs<>(out);
    }

    /** The packet simulator with load balancer(s) {@code schemes} (a name, a comma list or {@code all}). */
    public Runs<SimResult> sim(String schemes) {
        return lb(schemes).sim();
    }

    /** The fluid (flow-level) simulator on every load balancer of {@link #lb}, default split and step. */
    public Runs<FluidResult> fluid() {
        parsed.requireEveryOptionTakesEffect();
        // prime fluid's own plan with its defaults: the same checks, engine choice (--engine auto) and resource guard
        FluidCommand.Plan plan = FluidCommand.plan(parsed, "packet", null, false, "auto", "receiver");
        long ideal = idealFct().maxFctPs();
        List<FluidResult> out = new ArrayList<>();
        List<List<String>> notes = new ArrayList<>();
        for (int i = 0; i < plan.runs().size(); i++) {
            FluidConfig f = plan.runs().get(i);
            EngineChoice engine = plan.engines().get(i);
            out.add(engine.run(f, plan.flowOptions().get(i), ideal));
            notes.add(fluidNotes(f, engine));
        }
        return new Runs<>(out, notes);
    }

    /**
     * What {@code prime fluid} prints under its table for one run: the engine and why, then each known
     * one-sided error of the estimate ({@link FluidCaveats}) and where their ranges were measured.
     */
    static List<String> fluidNotes(FluidConfig config, EngineChoice engine) {
        List<String> notes = new ArrayList<>();
        notes.add("engine " + engine.engine() + " (" + engine.reason() + ")");
        List<String> caveats = FluidCaveats.of(config, engine.engine());
        for (String c : caveats) {
            notes.add("caveat: " + c);
        }
        if (!caveats.isEmpty()) {
            notes.add(FluidCaveats.WHERE_MEASURED_LINE);
        }
        return notes;
    }

    /** The fluid simulator with load balancer(s) {@code schemes}. */
    public Runs<FluidResult> fluid(String schemes) {
        return lb(schemes).fluid();
    }

    /**
     * Runs of one call, all divided by the same ideal: one line per load balancer.
     *
     * @param runs one result per load balancer, in the order asked
     * @param notes per run, the lines printed under it: for a fluid run the engine that ran and the estimate's
     *        known one-sided errors ({@link #fluid}), as {@code prime fluid} prints them; none for a packet run
     */
    public record Runs<R extends RunResult>(List<R> runs, List<List<String>> notes) {
        /** Copies the lists; one list of notes per run. */
        public Runs {
            runs = List.copyOf(runs);
            notes = notes.stream().map(List::copyOf).toList();
            if (notes.size() != runs.size()) {
                throw new IllegalArgumentException("notes: one list per run, got " + notes.size() + " for "
                        + runs.size() + " runs");
            }
        }

        /** Runs without notes. */
        public Runs(List<R> runs) {
            this(runs, runs.stream().map(r -> List.<String>of()).toList());
        }

        /** The notes printed under {@code scheme}'s run (for a fluid run: its engine, then its caveats). */
        public List<String> notes(String scheme) {
            return notes.get(indexOf(scheme));
        }

        /** The run of load balancer {@code scheme} (its command-line name, e.g. {@code "prime"}). */
        public R get(String scheme) {
            return runs.get(indexOf(scheme));
        }

        private int indexOf(String scheme) {
            required("lb", scheme);
            for (int i = 0; i < runs.size(); i++) {
                if (runs.get(i).scenario().scheme().cliName().equalsIgnoreCase(scheme.trim())) {
                    return i;
                }
            }
            throw new IllegalArgumentException("lb: no run of '" + scheme + "' here; ran " + names());
        }

        /** The first (or only) run. */
        public R first() {
            return runs.get(0);
        }

        /** The Ratio (max FCT / ideal max FCT) of {@code scheme}'s run. */
        public double ratio(String scheme) {
            return get(scheme).ratio();
        }

        private List<String> names() {
            return runs.stream().map(r -> r.scenario().scheme().cliName()).toList();
        }

        /** The scenario (without its scheme), the ideal, then one line per run. */
        @Override
        public String toString() {
            StringBuilder s = new StringBuilder();
            if (!runs.isEmpty()) {
                RunResult r0 = runs.get(0);
                s.append(r0.scenario().tree()).append(", ")
                        .append(Units.formatRate(r0.scenario().fabric().linkRateBps())).append(" links, ")
                        .append(r0.flows().size()).append(" flows; ")
                        .append(new Ideal(r0.idealMaxFctPs()));
                for (int i = 0; i < runs.size(); i++) {
                    s.append('\n').append(runs.get(i));
                    for (String note : notes.get(i)) {
                        s.append("\n    ").append(note);
                    }
                }
            }
            return s.toString();
        }
    }

    // ------------------------------------------------------------------------------------------ bounds

    /**
     * The exact distribution of the fullest bin when {@code balls} balls fall uniformly into {@code bins}
     * bins, with the calculator {@code prime bounds balls} picks ({@link BoundsBallsCommand#calculator}).
     */
    public static MaxLoadDistribution balls(int balls, int bins) {
        return BoundsBallsCommand.calculator("auto", balls, bins).maxLoad(balls, bins);
    }

    /**
     * The busiest of {@code ports} uplinks when {@code flows} flows each send {@code window} packets:
     * PRIME's shuffled round robin against random spraying and hashed EVs ({@code prime bounds rr}).
     */
    public static Output roundRobin(int flows, int ports, int window) {
        return cli("bounds", "rr", "--flows", String.valueOf(flows), "--ports", String.valueOf(ports),
                "--window", String.valueOf(window));
    }

    /**
     * The uplink-to-downlink theorem on a cross-ToR permutation of a {@code tiers}-tier radix-{@code k}
     * tree whose uplinks deviate from the even split by at most {@code delta} packets: the integral bound
     * and the LP worst case per downlink class, and the aggregate-balance counterexample
     * ({@code prime bounds downlink}).
     */
    public static Output downlink(int tiers, int k, double delta) {
        return cli("bounds", "downlink", "--tiers", String.valueOf(tiers), "--k", String.valueOf(k), "--delta",
                String.valueOf(delta));
    }

    // ------------------------------------------------------------------------- another simulator's output

    /**
     * Checks another simulator's per-flow results of this experiment ({@code prime check}): an htsim
     * standard output ({@code .txt}, {@code .txt.gz}, {@code .log}) or a CSV ({@code .csv},
     * {@code .csv.gz}) of the workload given by {@link #cm} or a generator, {@code prime sim --out}'s
     * {@code flows.csv} included. The load balancer must be the one the results ran ({@link #lb}; of a
     * {@code flows.csv} holding several schemes, the one to check). Exit status 0 in
     * {@link Output#exitStatus()}: consistent; 1: a check failed (the report names it).
     */
    public Output check(String results) {
        required("results", results);
        List<String> args = new ArrayList<>();
        args.add("check");
        args.addAll(arguments(options, failures, degradations));
        String r = results.toLowerCase(Locale.ROOT);
        args.add(r.endsWith(".csv") || r.endsWith(".csv.gz") ? "--results" : "--htsim");
        args.add(results);
        return cli(args.toArray(String[]::new));
    }

    /** {@code prime check} with its own arguments, e.g. {@code check("--k", "16", "--traffic", "x.cm", "--htsim", "x.txt")}. */
    public static Output check(String... arguments) {
        if (arguments == null) {
            throw new IllegalArgumentException("arguments: missing (give prime check's options, e.g. \"--k\", \"16\", ...)");
        }
        String[] args = new String[arguments.length + 1];
        args[0] = "check";
        System.arraycopy(arguments, 0, args, 1, arguments.length);
        return cli(args);
    }

    // ---------------------------------------------------------------------------------- command line

    /**
     * Any {@code prime} command, run in this JVM, e.g. {@code cli("motivation")}. Bad input is refused as
     * on the command line, here as an {@link IllegalArgumentException} carrying the one-line message.
     */
    public static Output cli(String... arguments) {
        if (arguments == null) {
            throw new IllegalArgumentException("arguments: missing (give the command line's words, e.g. \"sim\", \"--k\", \"8\")");
        }
        for (int i = 0; i < arguments.length; i++) {
            if (arguments[i] == null) {
                throw new IllegalArgumentException("arguments: word " + i + " is null in " + java.util.Arrays.toString(arguments));
            }
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = PrimeCommand.execute(arguments, new PrintWriter(out, true), new PrintWriter(err, true));
        if (status == PrimeCommand.EXIT_BAD_INPUT) {
            String m = err.toString().strip();
            throw new IllegalArgumentException(m.startsWith("prime: ") ? m.substring("prime: ".length()) : m);
        }
        return new Output(String.join(" ", arguments), status, out.toString(), err.toString());
    }

    /**
     * What a {@code prime} command printed.
     *
     * @param command its arguments
     * @param exitStatus 0 success; 1 a check failed or the run failed
     * @param out standard output
     * @param err standard error
     */
    public record Output(String command, int exitStatus, String out, String err) {
        /** The lines of standard output. */
        public List<String> lines() {
            return out.lines().toList();
        }

        /** Standard output (and standard error, if any). */
        @Override
        public String toString() {
            return (out + err).stripTrailing();
        }

        /**
         * Prints {@link #toString} whole on standard output: jshell cuts a value's display at about 1000 characters,
         * and a report such as {@code prime check}'s is longer.
         */
        public void print() {
            System.out.println(this);
        }
    }

    /** The {@code prime sim} command that runs this experiment. */
    public String toCommandLine() {
        return "prime sim " + String.join(" ", arguments(options, failures, degradations));
    }

    /** The scenario in one line (with every load balancer when several are named). */
    @Override
    public String toString() {
        String s = scenario().toString();
        if (configs.size() == 1) {
            return s;
        }
        String names = String.join(",", configs.stream().map(c -> c.scheme().cliName()).toList());
        return s.replace(", " + scenario().scheme().cliName() + ", ", ", " + names + ", ");
    }

    // ---------------------------------------------------------------------------------------- internal

    /** Refuses a null value of {@code option} as the builder's other setters do. */
    private static void required(String option, String value) {
        if (value == null) {
            throw new IllegalArgumentException(option + ": missing value");
        }
    }

    private Prime with(String option, String value) {
        return with(java.util.Collections.singletonMap(option, value));
    }

    /** The options {@code several} set together (validated once), each re-inserted last so the command line reads in the order of the calls. */
    private Prime with(Map<String, String> several) {
        Map<String, String> o = new LinkedHashMap<>(options);
        several.forEach((option, value) -> {
            if (value == null) {
                throw new IllegalArgumentException(option + ": missing value");
            }
            o.remove(option);
            o.put(option, value);
        });
        return new Prime(o, failures, degradations);
    }

    private static List<String> arguments(Map<String, String> options, List<String> failures,
                                          List<String> degradations) {
        List<String> a = new ArrayList<>();
        options.forEach((name, value) -> {
            a.add("--" + name);
            if (!name.equals("cross-tor") && !name.equals("force")) {
                a.add(value);
            }
        });
        for (String f : failures) {
            a.add("--fail");
            a.add(f);
        }
        for (String d : degradations) {
            a.add("--degrade");
            a.add(d);
        }
        return a;
    }

    /** {@code prime sim}'s options parsed by the command line's own parser; refusals as one line. */
    private static SimOptions parse(List<String> arguments) {
        SimOptions o = new SimOptions();
        try {
            new CommandLine(o).parseArgs(arguments.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new IllegalArgumentException(PrimeCommand.message(e), e);
        }
        return o;
    }
}
