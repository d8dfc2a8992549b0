package org.primelab.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workloads;
import org.primelab.packet.CcKind;
import org.primelab.packet.SimConfig;
import org.primelab.packet.net.Scheduling;
import org.primelab.core.random.Seeds;
import org.primelab.core.topology.Faults;
import picocli.CommandLine.Option;

/**
 * The scenario options shared by the simulators' commands ({@code prime sim}, and later
 * {@code prime fluid}, which takes the same options so that the two can be diffed). Defaults are the
 * paper's (§"Evaluation"; see {@link SimConfig}). Parsing and validation errors name the option.
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

    @Option(names = "--mtu", defaultValue = "4160", description = "packet size on the wire in bytes, headers included (default: ${DEFAULT-VALUE})")
    int mtu;

    @Option(names = "--traffic", defaultValue = "permutation",
            description = "permutation or ring (default: ${DEFAULT-VALUE})")
    String traffic;

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

    @Option(names = "--cc", defaultValue = "dctcp", description = "congestion control: dctcp or fixed (default: ${DEFAULT-VALUE})")
    String cc;

    @Option(names = "--dctcp-alpha0", defaultValue = "0", description = "DCTCP's initial alpha in [0, 1] (default: ${DEFAULT-VALUE})")
    double dctcpAlpha0;

    @Option(names = "--ack-every", defaultValue = "4", description = "data packets per coalesced ACK, 1..64 (default: ${DEFAULT-VALUE})")
    int ackEvery;

    @Option(names = "--ack-on-mark", description = "ACK at once on an ECN-marked packet (htsim's behaviour)")
    boolean ackOnMark;

    @Option(names = "--rto", description = "retransmission timeout (default: 10 base RTTs)")
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

    @Option(names = "--sched", defaultValue = "sp",
            description = "egress scheduling between sprayed and ECMP classes: sp or wrr:<ecmp weight> (default: ${DEFAULT-VALUE})")
    String sched;

    /** The schemes to run: one, or all of them for {@code --lb all}. */
    List<LoadBalancingScheme> schemes() {
        if (lb.trim().equalsIgnoreCase("all")) {
            return List.of(LoadBalancingScheme.values());
        }
        List<LoadBalancingScheme> out = new ArrayList<>();
        for (String s : lb.split(",")) {
            out.add(LoadBalancingScheme.parse(s));
        }
        return out;
    }

    /** The fabric. */
    FatTree tree() {
        return FatTree.builder(tiers, k).build();
    }

    /** The configuration for the first scheme (use {@link SimConfig#withScheme} for the others). */
    SimConfig config(FatTree tree) {
        long rateBps = Units.parseRate(rate);
        if (rateBps <= 0) {
            throw new IllegalArgumentException("rate: must be > 0, got " + rate);
        }
        SimConfig.Builder b = SimConfig.builder(tree)
                .rate(rateBps)
                .delay(Units.parseTime(delay))
                .mtu(mtu)
                .scheme(schemes().get(0))
                .cc(CcKind.parse(cc))
                .dctcpInitialAlpha(dctcpAlpha0)
                .ackEvery(ackEvery)
                .ackOnMark(ackOnMark)
                .faults(faults(tree))
                .detect(Units.parseTime(detect))
                .ecmpFraction(ecmpFraction)
                .scheduling(Scheduling.parse(sched))
                .seed(seed);
        if (rto != null) {
            long r = Units.parseTime(rto);
            if (r <= 0) {
                throw new IllegalArgumentException("rto: must be > 0, got " + rto);
            }
            b.rto(r);
        }
        return b.build();
    }

    /** Failed and degraded links from {@code --fail*} and {@code --degrade*}. */
    Faults faults(FatTree tree) {
        Faults.Builder b = Faults.builder(tree);
        for (String f : fail) {
            int at = f.lastIndexOf('@');
            if (at <= 0 || at == f.length() - 1) {
                throw new IllegalArgumentException("fail: expected LINK@TIME (e.g. leaf0-spine3@20us), got '" + f + "'");
            }
            b.fail(f.substring(0, at), Units.parseTime(f.substring(at + 1)));
        }
        if (failRandom != 0) {
            b.failRandom(failRandom, Seeds.derive(seed, Seeds.FAULTS, 1), Units.parseTime(failAt));
        }
        for (String d : degrade) {
            int eq = d.lastIndexOf('=');
            if (eq <= 0 || eq == d.length() - 1) {
                throw new IllegalArgumentException("degrade: expected LINK=RATE (e.g. leaf0-spine1=100G), got '" + d + "'");
            }
            b.degrade(d.substring(0, eq), Units.parseRate(d.substring(eq + 1)));
        }
        if (degradeFraction != 0) {
            b.degradeRandomFraction(degradeFraction, Units.parseRate(degradeTo), Seeds.derive(seed, Seeds.FAULTS, 2));
        }
        return b.build();
    }

    /** The workload. */
    List<Flow> flows(FatTree tree) {
        long size = Units.parseBytes(flowSize);
        if (size <= 0) {
            throw new IllegalArgumentException("flow-size: must be > 0 bytes, got " + flowSize);
        }
        List<Flow> flows = switch (traffic.toLowerCase(Locale.ROOT)) {
            case "permutation" -> Workloads.permutation(tree, size, seed, crossTor);
            case "ring" -> Workloads.ring(tree, size);
            default -> throw new IllegalArgumentException("traffic: unknown '" + traffic + "'; accepted: permutation, ring");
        };
        long spread = Units.parseTime(stagger);
        return spread > 0 ? Workloads.staggered(flows, spread, seed) : flows;
    }
}
