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
