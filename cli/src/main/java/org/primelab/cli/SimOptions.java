package org.primelab.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.primelab.core.entropy.EntropyConfig;
import org.primelab.core.entropy.Forwarding;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.entropy.PenaltyRtts;
import org.primelab.core.entropy.SprayOrder;
import org.primelab.core.history.CongestionHistory;
import org.primelab.core.option.CliNamed;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Workloads;
import org.primelab.core.cc.CcKind;
import org.primelab.core.scenario.FaultSpec;
import org.primelab.core.workload.Collectives;
import org.primelab.core.workload.Placement;
import org.primelab.core.workload.Workload;
import org.primelab.core.workload.htsim.CmFailure;
import org.primelab.core.workload.htsim.CmReader;
import org.primelab.core.workload.htsim.ConnectionMatrix;
import org.primelab.core.workload.Flow;
import org.primelab.packet.SimConfig;
import org.primelab.packet.transport.FlowSender;
import org.primelab.packet.net.Scheduling;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

/**
 * The scenario options shared by the simulators' commands ({@code prime sim} and {@code prime fluid},
 * which take the same options so that the two can be diffed): fabric, workload ({@code --traffic}: a
 * generator or an htsim {@code .cm} file), faults ({@link FaultSpec}), scheme, congestion control, seed.
 * Defaults are the paper's (§"Evaluation"; see {@link SimConfig}). {@link #scenarios()} validates every
 * option and builds the runs; errors are one line naming the option.
 */
public final class SimOptions {
    @Option(names = "--tiers", defaultValue = "2", description = "2 or 3 (default: ${DEFAULT-VALUE})")
    int tiers;

    @Option(names = "--k", defaultValue = "16", description = "switch radix, even, 4..256 (default: ${DEFAULT-VALUE})")
    int k;

    @Option(names = "--rate", defaultValue = "400G", description = "link rate, e.g. 100G, 400G, 800G (default: ${DEFAULT-VALUE})")
    String rate;

    @Option(names = "--delay", defaultValue = "600ns", description = "propagation delay per link (default: ${DEFAULT-VALUE})")
    String delay;

    @Option(names = "--mtu", defaultValue = "4160", description = "packet size on the wire in bytes, headers included, above the header and at most 1048576 (default: ${DEFAULT-VALUE})")
    int mtu;

    @Option(names = "--traffic", defaultValue = "permutation",
            description = "a generator: permutation, ring, alltoall, alltoall-serial, allreduce, incast; or an htsim"
                    + " connection matrix FILE.cm / FILE.cm.gz (its failure lines become link failures)"
                    + " (default: ${DEFAULT-VALUE})")
    String traffic;

    @Option(names = "--group", defaultValue = "0", paramLabel = "N",
            description = "collectives: hosts per group, 2..hosts (default: all hosts in one group); groups are"
                    + " disjoint and run at once")
    int group;

    @Option(names = "--placement", defaultValue = "packed",
            description = "collectives: where a group's hosts sit: packed (fill ToR after ToR), spread (one per"
                    + " pod/ToR first) or random (seeded) (default: ${DEFAULT-VALUE})")
    String placement;

    @Option(names = "--flow-size", defaultValue = "2MB", description = "bytes per flow, e.g. 2MB, 8MiB (default: ${DEFAULT-VALUE})")
    String flowSize;

    @Option(names = "--stagger", defaultValue = "0ns",
            description = "spread flow starts uniformly over [0, this] (default: ${DEFAULT-VALUE}: all start at 0)")
    String stagger;

    @Option(names = "--cross-tor", description = "permutation: no flow stays under one ToR")
    boolean crossTor;

    @Option(names = "--lb", defaultValue = "prime",
            description = "load balancer: ecmp, rps, reps, prime, co-prime, ar, or all (default: ${DEFAULT-VALUE})")
    String lb;

    @Option(names = "--cc", defaultValue = "dctcp", description = "congestion control: dctcp, fixed or nscc (default: ${DEFAULT-VALUE})")
    String cc;

    @Option(names = "--dctcp-alpha0", defaultValue = "0", description = "DCTCP's initial alpha in [0, 1] (default: ${DEFAULT-VALUE})")
    double dctcpAlpha0;

    @Option(names = "--ev-space", defaultValue = "65536",
            description = "EVs each flow of the hashed schemes (ecmp, rps, reps) draws from, 1..65536; htsim's default"
                    + " is 64 (default: ${DEFAULT-VALUE})")
    int evSpace;

    @Option(names = "--spray-order", defaultValue = "random",
            description = "the order rps uses its flow's EVs in: random (one per packet) or cycle (each once per"
                    + " cycle, htsim's oblivious) (default: ${DEFAULT-VALUE})")
    String sprayOrder;

    @Option(names = "--p-ecn", defaultValue = "1",
            description = "PRIME's ECN penalty in base RTTs, (0, 1e6] (default: ${DEFAULT-VALUE}; the paper leaves it open)")
    double pEcn;

    @Option(names = "--p-nack", defaultValue = "4",
            description = "PRIME's NACK penalty in base RTTs, above --p-ecn (default: ${DEFAULT-VALUE})")
    double pNack;

    @Option(names = "--penalty-decay", defaultValue = "time",
            description = "how PRIME's penalties decay: time (base RTTs of time) or count (BDP sends per RTT) (default: ${DEFAULT-VALUE})")
    String penaltyDecay;

    @Option(names = "--ack-every", defaultValue = "4", description = "data packets per coalesced ACK, 1..64 (default: ${DEFAULT-VALUE})")
    int ackEvery;

    @Option(names = "--ack-on-mark", description = "ACK at once on an ECN-marked packet (htsim's behaviour)")
    boolean ackOnMark;

    @Option(names = "--rto", description = "retransmission timeout, at least the base RTT (default: 10 base RTTs)")
    String rto;

    @Option(names = "--seed", defaultValue = "1", description = "master seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--fail", paramLabel = "LINK@TIME",
            description = "fail a link at a time, e.g. leaf0-spine3@20us (repeatable; names: 'prime topo')")
    List<String> fail = new ArrayList<>();

    @Option(names = "--fail-random", defaultValue = "0", paramLabel = "N",
            description = "fail N random switch-to-switch cables (seeded) at --fail-at (default: ${DEFAULT-VALUE})")
    int failRandom;

    @Option(names = "--fail-at", defaultValue = "0ns", description = "when --fail-random links fail (default: ${DEFAULT-VALUE})")
    String failAt;

    @Option(names = "--detect", defaultValue = "100us",
            description = "failure detection delay: the black-hole phase before routing avoids a failed link (default: ${DEFAULT-VALUE})")
    String detect;

    @Option(names = "--degrade", paramLabel = "LINK=RATE", description = "run a link at a lower rate, e.g. leaf0-spine1=100G (repeatable)")
    List<String> degrade = new ArrayList<>();

    @Option(names = "--degrade-fraction", defaultValue = "0",
            description = "degrade this fraction of switch-to-switch cables, chosen with the seed (default: ${DEFAULT-VALUE})")
    double degradeFraction;

    @Option(names = "--degrade-to", defaultValue = "100G", description = "rate of --degrade-fraction links (default: ${DEFAULT-VALUE})")
    String degradeTo;

    @Option(names = "--ecmp-fraction", defaultValue = "0",
            description = "fraction of flows pinned to ECMP in their own traffic class (default: ${DEFAULT-VALUE})")
    double ecmpFraction;

    @Option(names = "--force",
            description = "run even beyond the time budget of the resource check (never beyond the heap)")
    boolean force;

    @Option(names = "--sched", defaultValue = "sp",
            description = "egress scheduling between sprayed and ECMP classes: sp or wrr:<ecmp weight> (default: ${DEFAULT-VALUE})")
    String sched;

    /** The command these options were parsed for ({@code sim}, {@code fluid}, {@code check}, or these options alone). */
    @Spec(Spec.Target.MIXEE)
    CommandSpec parsedFor;

    /** These options' own command when they were parsed alone (the REPL facade), where no command mixes them in. */
    @Spec
    CommandSpec self;

    /** Whether options without effect are left for {@link #requireEveryOptionTakesEffect} to refuse. */
    private boolean optionsWithoutEffectAccepted;

    /**
     * Lets {@link #scenarios()} accept options this run would ignore, for a builder that sets options one call at a
     * time (the REPL facade: {@code .sprayOrder("cycle").lb("rps")} names RPS only in its second call); it calls
     * {@link #requireEveryOptionTakesEffect()} before it runs anything.
     */
    public SimOptions acceptOptionsWithoutEffect() {
        optionsWithoutEffectAccepted = true;
        return this;
    }

    /** Refuses an option the command line names that the run would ignore (after {@link #scenarios()}). */
    public void requireEveryOptionTakesEffect() {
        refuse(unusedOptions());
    }

    /** Refuses the first of {@code unused}, if any. */
    static void refuse(List<Unused> unused) {
        if (!unused.isEmpty()) {
            throw new IllegalArgumentException(unused.get(0).message());
        }
    }

    /**
     * The options ({@code --name}) the command line names that the run would ignore (after {@link #scenarios()}):
     * a sweep drops them from its points, so that a grid of {@code lb=prime,rps} and {@code spray-order=random,cycle}
     * runs PRIME once, as the run it is.
     */
    public List<String> optionsWithoutEffect() {
        return unusedOptions().stream().map(Unused::option).distinct().toList();
    }

    private List<Unused> unusedOptions() {
        return unusedOptions(schemes(), traffic(readFor != null ? readFor : tree()), CcKind.parse(cc));
    }

    /** Whether {@code --traffic traffic} names a connection-matrix file (not a generator), as every command reads it. */
    public static boolean namesAFile(String traffic) {
        return CliWorkload.generator(traffic) == null && CliWorkload.isFile(traffic);
    }

    /** Whether the command line named {@code option}, e.g. {@code "--p-ecn"} (false for options built without a parse). */
    public boolean named(String option) {
        for (CommandSpec spec : new CommandSpec[] {parsedFor, self}) {
            ParseResult parsed = spec == null || spec.commandLine() == null ? null : spec.commandLine().getParseResult();
            if (parsed != null) {
                return parsed.hasMatchedOption(option);
            }
        }
        return false;
    }

    /** An option the command line names that the run would ignore, and the one-line message saying so. */
    record Unused(String option, String message) {
    }

    /**
     * The options the command line names that this run would ignore: a user who writes {@code --p-ecn 4 --lb ecmp}
     * or {@code --flow-size 8MB} with a connection-matrix file believes the run changed when it did not. Each
     * message names the option and what it applies to. Options left at their defaults are never listed.
     */
    private List<Unused> unusedOptions(List<LoadBalancingScheme> schemes, TrafficSource source, CcKind ccKind) {
        List<Unused> unused = new ArrayList<>(workloadAndFaultOptionsWithoutEffect(this::named, traffic,
                source.file() != null, group, failRandom, degradeFraction));
        if (ccKind != CcKind.DCTCP && named("--dctcp-alpha0")) {
            unused.add(new Unused("--dctcp-alpha0", "dctcp-alpha0: applies to --cc dctcp only, got --cc "
                    + Units.oneLine(cc)));
        }
        String schemeList = "--lb " + Units.oneLine(lb);
        if (!schemes.contains(LoadBalancingScheme.PRIME)) {
            for (String option : new String[] {"--p-ecn", "--p-nack", "--penalty-decay"}) {
                if (named(option)) {
                    unused.add(new Unused(option, option.substring(2) + ": sets PRIME's congestion history, which"
                            + " no scheme of " + schemeList + " has (CO-PRIME has none by design)"));
                }
            }
        }
        boolean hashed = ecmpFraction > 0 || schemes.stream().anyMatch(x -> x.forwarding() == Forwarding.HASH);
        if (!hashed && named("--ev-space")) {
            unused.add(new Unused("--ev-space", "ev-space: applies to the hashed schemes (ecmp, rps, reps) and to"
                    + " --ecmp-fraction's flows; none runs with " + schemeList));
        }
        if (!schemes.contains(LoadBalancingScheme.RPS) && named("--spray-order")) {
            unused.add(new Unused("--spray-order", "spray-order: applies to rps only, got " + schemeList));
        }
        if (ecmpFraction == 0 && named("--sched")) {
            unused.add(new Unused("--sched", "sched: schedules between the sprayed and the ECMP class, and with"
                    + " --ecmp-fraction 0 there is one class"));
        }
        if (fail.isEmpty() && failRandom == 0 && source.failedCables().isEmpty() && named("--detect")) {
            unused.add(new Unused("--detect", "detect: no link fails in this run (--fail, --fail-random or a"
                    + " connection matrix's failure lines), so there is nothing to detect"));
        }
        return unused;
    }

    /**
     * The workload and fault options the command line names ({@code named}) that have no effect: the generators'
     * options with a connection-matrix file, a collective's options on a permutation, {@code --cross-tor} off a
     * permutation, {@code --fail-at} without {@code --fail-random}, {@code --degrade-to} without
     * {@code --degrade-fraction}. Shared by every command that takes these options ({@code prime bounds ideal-fct}
     * too).
     *
     * @param file whether {@code traffic} is a connection-matrix file
     * @param group {@code --group} (0: one group of every host)
     */
    static List<Unused> workloadAndFaultOptionsWithoutEffect(Predicate<String> named, String traffic, boolean file,
                                                             int group, int failRandom, double degradeFraction) {
        List<Unused> unused = new ArrayList<>();
        Collectives.Kind kind = file ? null : CliWorkload.generator(traffic);
        boolean permutation = kind == Collectives.Kind.PERMUTATION;
        for (String option : new String[] {"--flow-size", "--group", "--placement", "--cross-tor"}) {
            if (file && named.test(option)) {
                unused.add(new Unused(option, option.substring(2) + ": has no effect with a connection-matrix file"
                        + " (the file gives every flow, its size and its endpoints); it applies to the generators"));
            }
        }
        for (String option : new String[] {"--group", "--placement"}) {
            if (permutation && named.test(option)) {
                unused.add(new Unused(option, option.substring(2) + ": has no effect on a permutation; it applies"
                        + " to the collectives (ring, alltoall, alltoall-serial, allreduce, incast)"));
            }
        }
        if (kind == Collectives.Kind.RING && group == 0 && named.test("--placement")) {
            unused.add(new Unused("--placement", "placement: places the hosts of each --group; a ring over every host"
                    + " (no --group) runs in host order"));
        }
        if (!file && !permutation && named.test("--cross-tor")) {
            unused.add(new Unused("--cross-tor", "cross-tor: applies to --traffic permutation only, got --traffic "
                    + Units.oneLine(traffic)));
        }
        if (failRandom == 0 && named.test("--fail-at")) {
            unused.add(new Unused("--fail-at", "fail-at: is when --fail-random's links fail; give --fail-random N, or"
                    + " the time with each --fail (e.g. leaf0-spine3@20us)"));
        }
        if (degradeFraction == 0 && named.test("--degrade-to")) {
            unused.add(new Unused("--degrade-to", "degrade-to: is the rate of --degrade-fraction's links; give"
                    + " --degrade-fraction F, or the rate with each --degrade (e.g. leaf0-spine1=100G)"));
        }
        return unused;
    }

    /**
     * The validated scenario of every scheme to run, each with its workload and faults, built without
     * running anything: the one entry that checks a parsed {@code sim} / {@code fluid} option set (the
     * sweep validates its points with it). Every option is checked, even one the run would not use;
     * errors are one line naming the option.
     *
     * @throws IllegalArgumentException on any bad value
     */
    public List<SimConfig> scenarios() {
        FatTree tree = tree();
        SimConfig base = config(tree);
        List<SimConfig> out = new ArrayList<>();
        for (LoadBalancingScheme s : schemes()) {
            out.add(base.withScheme(s));
        }
        return out;
    }

    /** The schemes to run: one, or all of them for {@code --lb all}. */
    List<LoadBalancingScheme> schemes() {
        if (lb.trim().equalsIgnoreCase("all")) {
            return List.of(LoadBalancingScheme.values());
        }
        List<LoadBalancingScheme> out = new ArrayList<>();
        for (String s : lb.split(",", -1)) {
            LoadBalancingScheme scheme = s.trim().equalsIgnoreCase("all") ? null : parseOrNull(s);
            if (scheme == null || out.contains(scheme)) {
                String what = s.trim().equalsIgnoreCase("all") ? "'all' stands alone (it runs every scheme)"
                        : scheme == null ? "unknown scheme '" + Units.oneLine(s) + "'"
                        : "'" + scheme.cliName() + "' given twice";
                throw new IllegalArgumentException("lb: " + what + " in '" + Units.oneLine(lb) + "'; accepted: all"
                        + " (alone, every scheme) or a comma-separated list of " + LoadBalancingScheme.names());
            }
            out.add(scheme);
        }
        return out;
    }

    /** The scheme {@code name} names, or null. */
    private static LoadBalancingScheme parseOrNull(String name) {
        try {
            return LoadBalancingScheme.parse(name);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The fabric. */
    FatTree tree() {
        return FatTree.builder(tiers, k).build();
    }

    /** The configuration for the first scheme, with its faults and workload (use {@link SimConfig#withScheme} for the others). */
    SimConfig config(FatTree tree) {
        long rateBps = Units.parseRate("rate", rate);
        if (rateBps <= 0 || rateBps > MAX_RATE_BPS) {
            throw new IllegalArgumentException("rate: must be in (0, " + Units.formatRate(MAX_RATE_BPS) + "], got "
                    + Units.oneLine(rate));
        }
        CcKind ccKind = CcKind.parse(cc);
        Checks.range("ev-space", evSpace, 1, EntropyConfig.DEFAULT_EV_SPACE);
        SprayOrder order = SprayOrder.parse(sprayOrder);
        PenaltyRtts penalties = penalties();
        Scheduling scheduling = Scheduling.parse(sched);
        long detectPs = Units.parseTime("detect", detect);
        if (detectPs > Faults.MAX_DETECT_PS) {
            // SimConfig refuses it too; here in the user's units
            throw new IllegalArgumentException("detect: must be at most " + Units.formatTime(Faults.MAX_DETECT_PS)
                    + " (a link undetected for longer black-holes its flows past any run's end), got "
                    + Units.oneLine(detect));
        }
        if (group == 0 && named("--group")) {
            // 0 is the default's 'one group of every host', not a value the help offers
            throw new IllegalArgumentException("group: must be in [2, " + tree.hosts() + "] hosts, got 0; leave"
                    + " --group out for one group of every host");
        }
        List<LoadBalancingScheme> schemes = schemes();
        TrafficSource source = traffic(tree);
        if (!optionsWithoutEffectAccepted) {
            refuse(unusedOptions(schemes, source, ccKind));
        }
        SimConfig.Builder b = SimConfig.builder(tree)
                .rate(rateBps)
                .delay(Units.parseTime("delay", delay))
                .mtu(mtu)
                .scheme(schemes.get(0))
                .cc(ccKind)
                .dctcpInitialAlpha(dctcpAlpha0)
                .ackEvery(ackEvery)
                .ackOnMark(ackOnMark)
                .faults(faultSpec(source.failedCables()).toFaults(tree, rateBps, seed, false))
                .workload(source.workload())
                .detect(detectPs)
                .ecmpFraction(ecmpFraction)
                .scheduling(scheduling)
                .seed(seed);
        if (rto != null) {
            long r = Units.parseTime("rto", rto);
            if (r <= 0) {
                throw new IllegalArgumentException("rto: must be > 0, got " + rto);
            }
            b.rto(r);
        }
        // all three leave a scenario at the defaults as it was (no entropy configuration of its own)
        SimConfig built = b.penalties(penalties).build().withEvSpace(evSpace).withSprayOrder(order);
        if (rto != null && built.rtoPs() < built.baseRttPs()) {
            // a timer that fires before any ACK can return resends every packet over and over: a storm of
            // events with nothing learned, not a scenario
            throw new IllegalArgumentException("rto: must be at least the fabric's base RTT, "
                    + Units.formatTime(built.baseRttPs()) + " (the longest path's unloaded round trip; a shorter timer"
                    + " fires before any ACK can return), got " + rto);
        }
        refuseLinksSlowerThanTheTimer(built, rateBps);
        refuseFlowsOfTooManyPackets(built, source);
        return built;
    }

    /**
     * Refuses a flow of more packets than a sender counts ({@link FlowSender#MAX_PACKETS}), a hard limit: before
     * this, the time budget's refusal suggested --force, which then failed on it.
     */
    private void refuseFlowsOfTooManyPackets(SimConfig built, TrafficSource source) {
        long payload = built.mtuBytes() - built.headerBytes();
        for (Flow f : built.flows()) {
            long packets = (f.sizeBytes() + payload - 1) / payload;
            if (packets > FlowSender.MAX_PACKETS) {
                throw new IllegalArgumentException((source.file() != null ? "traffic" : "flow-size") + ": a flow of "
                        + f.sizeBytes() + " B is " + packets + " packets of " + payload + " B payload, more than the "
                        + FlowSender.MAX_PACKETS + " one flow may have");
            }
        }
    }

    /**
     * Refuses a degraded link that serializes one packet in no less than the retransmission timeout: every packet
     * through it would time out before it had crossed and be sent again, a storm of resends that grows without bound
     * (a 1 Mbit/s link at k=4 ran 40 s into an OutOfMemoryError) rather than a scenario. Accepted: rates above
     * {@code MTU bits / RTO} (about 0.7 Gbit/s at the paper's 400G defaults).
     */
    private void refuseLinksSlowerThanTheTimer(SimConfig built, long rateBps) {
        long rtoPs = built.effectiveRtoPs();
        double mtuBits = (double) built.mtuBytes() * Units.BITS_PER_BYTE;
        for (int link : built.faults().degradedLinks()) {
            long linkBps = built.faults().rate(link, rateBps);
            double serializePs = mtuBits * Units.PS_PER_S / linkBps;
            if (serializePs >= rtoPs) {
                String option = degradeFraction > 0 && linkBps == Units.parseRate("degrade-to", degradeTo)
                        ? "degrade-to" : "degrade";
                long slowestBps = (long) Math.floor(mtuBits * Units.PS_PER_S / rtoPs) + 1;
                throw new IllegalArgumentException(option + ": a link at " + Units.formatRate(linkBps) + " serializes"
                        + " one " + built.mtuBytes() + " B packet in " + Units.formatTime((long) serializePs)
                        + ", no less than the retransmission timeout, " + Units.formatTime(rtoPs) + ": every packet"
                        + " through it would time out and be resent; accepted: rates above "
                        + Units.formatRate((slowestBps + 999_999) / 1_000_000 * 1_000_000) + " (or a longer --rto)");
            }
        }
    }

    /** PRIME's penalties of {@code --p-ecn}, {@code --p-nack} and {@code --penalty-decay} ({@link PenaltyRtts} checks them). */
    private PenaltyRtts penalties() {
        if (named("--p-ecn") && !named("--p-nack") && pEcn >= pNack && pEcn <= PenaltyRtts.MAX_RTTS) {
            // the user turned P_ECN past P_NACK's default: say so under --p-ecn, not as "p-nack ..., got 4"
            throw new IllegalArgumentException("p-ecn: " + pEcn + " base RTTs is not below P_NACK, whose default is "
                    + pNack + " (the paper's P_NACK >> P_ECN); give --p-nack above it too");
        }
        return new PenaltyRtts(CliNamed.parse(CongestionHistory.Decay.class, "penalty-decay", penaltyDecay), pEcn, pNack);
    }

    /** The {@code --fail*} and {@code --degrade*} options, plus {@code extraFailures} failed from time 0. */
    FaultSpec faultSpec(List<String> extraFailures) {
        CliWorkload.requireOneFaultSource(traffic, !extraFailures.isEmpty(), fail, failRandom);
        List<String> all = new ArrayList<>(fail);
        for (String cable : extraFailures) {
            all.add(cable + "@0ps");
        }
        return new FaultSpec(all, failRandom, failAt, degrade, degradeFraction, degradeTo);
    }

    /**
     * A workload and the cables its source says are down (a connection matrix's failure lines).
     *
     * @param file the connection matrix as read (its file ids, node count, failures), or null for a generator
     */
    record TrafficSource(Workload workload, List<String> failedCables, ConnectionMatrix file) {
    }

    /**
     * Fastest link accepted, 1 Pbit/s: over a thousand times the paper's fastest (800G, §"Evaluation"),
     * where an MTU still takes 33 ps; near {@code Long.MAX_VALUE} bit/s a packet would serialize in under a
     * picosecond, below the clock's resolution, and the fluid model's per-packet buffers would not fit.
     */
    static final long MAX_RATE_BPS = 1_000_000 * Units.GBPS;

    /** The tree {@link #readTraffic} was read for, and what it read. */
    private FatTree readFor;
    private TrafficSource read;

    /**
     * The workload of {@code --traffic} (with {@code --flow-size}, {@code --group}, {@code --placement},
     * {@code --stagger}), read once per tree: a file may be a pipe or {@code /dev/stdin}, which can be read
     * only once, and every caller of one command (its configuration, {@code prime check}'s workload) sees
     * the same flows.
     */
    TrafficSource traffic(FatTree tree) {
        if (read == null || !readFor.equals(tree)) {
            read = traffic(tree, traffic, flowSize, stagger, group, placement, seed, crossTor);
            readFor = tree;
        }
        return read;
    }

    /**
     * The workload {@code traffic} names on {@code tree}: a connection-matrix file (with its failure lines as
     * cables) or a generator; every command that takes {@code --traffic} reads it here.
     *
     * @param flowSize bytes per flow (all-reduce: per host's buffer)
     * @param stagger spread of the start times of a workload without triggers, {@code 0ns} for none
     * @param group hosts per group of a collective, 0 = every host
     * @param placement packed, spread or random
     * @param crossTor whether a permutation keeps every flow off its own ToR
     */
    static TrafficSource traffic(FatTree tree, String traffic, String flowSize, String stagger, int group,
                                 String placement, long seed, boolean crossTor) {
        long size = Units.parseBytes("flow-size", flowSize);
        if (size <= 0) {
            throw new IllegalArgumentException("flow-size: must be > 0 bytes, got " + flowSize);
        }
        long spread = Units.parseTime("stagger", stagger);
        if (spread < 0) {
            throw new IllegalArgumentException("stagger: must be >= 0, got " + stagger);
        }
        Placement where = CliWorkload.placement(placement);
        if (group != 0 && (group < 2 || group > tree.hosts())) {
            throw new IllegalArgumentException("group: must be in [2, " + tree.hosts() + "] hosts, got " + group);
        }
        Collectives.Kind kind = CliWorkload.generator(traffic);
        TrafficSource source;
        if (kind == null && CliWorkload.isFile(traffic)) {
            ConnectionMatrix cm = CmReader.read(Path.of(traffic.trim()), tree);
            List<String> cables = new ArrayList<>();
            for (CmFailure f : cm.failures()) {
                cables.add(f.cableName(tree));
            }
            source = new TrafficSource(cm.workload(), cables, cm);
        } else if (kind == null) {
            throw new IllegalArgumentException("traffic: " + (CliWorkload.isDirectory(traffic) ? "'"
                    + Units.oneLine(traffic) + "' is a directory" : "unknown '" + Units.oneLine(traffic)
                    + "' (neither a generator nor an existing file)") + "; accepted: " + CliWorkload.TRAFFIC_NAMES);
        } else if (kind == Collectives.Kind.PERMUTATION) {
            source = new TrafficSource(Workload.of(Workloads.permutation(tree, size, seed, crossTor)), List.of(), null);
        } else if (kind == Collectives.Kind.RING && group == 0) {
            source = new TrafficSource(Workload.of(Workloads.ring(tree, size)), List.of(), null);
        } else {
            int[][] groups = where.groups(tree, group == 0 ? tree.hosts() : group, 0, seed);
            source = new TrafficSource(Collectives.generate(kind, tree, groups, size, seed), List.of(), null);
        }
        if (spread > 0) {
            if (!source.workload().triggers().isEmpty()) {
                throw new IllegalArgumentException("stagger: applies to workloads without triggers; '" + traffic
                        + "' chains its flows with triggers");
            }
            return new TrafficSource(Workload.of(Workloads.staggered(source.workload().flows(), spread, seed)),
                    source.failedCables(), source.file());
        }
        return source;
    }
}
