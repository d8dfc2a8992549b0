package org.primelab.fluid;

import java.util.List;
import java.util.SplittableRandom;
import org.primelab.core.cc.CcKind;
import org.primelab.core.cc.NsccParameters;
import org.primelab.core.entropy.EntropyConfig;
import org.primelab.core.entropy.Forwarding;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.history.CongestionHistory;
import org.primelab.core.random.Seeds;
import org.primelab.core.topology.FatTree;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.HostFlows;
import org.primelab.core.workload.Workload;

/**
 * How both fluid engines set a run's flows up: the workload's checks, each host's flows, and each flow's
 * congestion control and split rule. The engines differ only in what a split rule sees of the network
 * ({@link SplitRule.Network}: which queue it calls the backlog), which they pass in.
 */
final class FluidSetup {
    private FluidSetup() {
    }

    /**
     * Rejects a workload the engines cannot run: unknown hosts ({@link HostFlows#check}). Ids, triggers
     * and startability were checked when the {@link Workload} was built (the engines take a Workload).
     */
    static void validate(FatTree tree, List<Flow> flows) {
        HostFlows.check(tree, flows);
    }

    /** The flows each host sends, by index into {@code flows}, in flow order ({@link HostFlows#of}). */
    static int[][] hostFlows(FatTree tree, List<Flow> flows) {
        return HostFlows.of(tree, flows);
    }

    /**
     * A flow's congestion control, as the packet simulator starts it: NSCC at its maximum window
     * ({@code 1.5} network BDP, htsim's default) with the fabric's {@link NsccParameters} and the base RTT
     * as its starting base RTT; otherwise DCTCP (or a fixed window) at the line-rate window {@code w0}
     * (the configuration's, computed once per run), floor {@code ackEvery·MTU}, cap {@code 1.5·w0}.
     */
    static FluidCc newCc(FluidConfig config, double w0) {
        double mtu = config.mtuBytes();
        if (config.cc() == CcKind.NSCC) {
            return FluidNscc.atMaxWindow(NsccParameters.of(config.fabric()), config.baseRttPs(), config.linkRateBps(),
                    config.ackEvery() * mtu);
        }
        return new FluidDctcp(config.cc() == CcKind.FIXED, w0, config.ackEvery() * mtu, w0 * 1.5, mtu,
                config.ackEvery() * mtu, config.dctcpInitialAlpha());
    }

    /**
     * Whether {@code scheme}'s expected split is a single path: ECMP keeps the one path its EV hashes to;
     * every other scheme spreads uniformly over the live paths in expectation ({@link SplitMode#EXPECTED}).
     */
    static boolean onePathExpectedSplit(LoadBalancingScheme scheme) {
        return scheme == LoadBalancingScheme.ECMP;
    }

    /**
     * Flow {@code s}'s split rule: AR's adaptive choice; for {@link SplitMode#EXPECTED} (other than ECMP)
     * the expected fractions; otherwise the scheme's own generator with the switches' hash salts.
     */
    static SplitRule newRule(FluidConfig config, EntropyConfig entropy, long[] salts, FluidFlow s,
                             SplitRule.Network net) {
        FatTree tree = config.tree();
        LoadBalancingScheme scheme = config.scheme();
        Flow f = s.flow;
        if (scheme.forwarding() == Forwarding.ADAPTIVE) {
            return new AdaptiveSplit(tree, s.paths, f.src(), net,
                    new SplittableRandom(Seeds.derive(config.seed(), FluidSimulator.AR_SALT, f.id())));
        }
        if (config.split() == SplitMode.EXPECTED && !onePathExpectedSplit(scheme)) {
            double mtu = config.mtuBytes();
            CongestionHistory history = scheme == LoadBalancingScheme.PRIME
                    ? new CongestionHistory(s.paths.count(), entropy.history()) : null;
            return new ExpectedSplit(s.paths.count(), net, history, config.ackEvery() * mtu, mtu);
        }
        return new GeneratorSplit(scheme.newGenerator(tree.evLayout(), entropy, config.seed(), f.src(), f.id()),
                scheme.forwarding(), tree, s.paths, salts, f.id(), f.src(), f.dst(), config.ackEvery(),
                new SplittableRandom(Seeds.derive(config.seed(), FluidSimulator.FEEDBACK_SALT, f.id())), net);
    }

    /**
     * What a flow's split rule sees of the network: a path is alive while all its links are (read from
     * {@code alive} as the run updates it; always when {@code anyFailure} is false), and a link's backlog
     * is {@code queue[link] + headed[link]} (the engine's queue and what is on its way to it).
     */
    static SplitRule.Network network(FlowPaths paths, boolean anyFailure, boolean[] alive, double[] queue,
                                     double[] headed) {
        return new SplitRule.Network() {
            @Override
            public boolean alive(int path) {
                return !anyFailure || pathAlive(alive, paths.forward(path));
            }

            @Override
            public double backlog(int link) {
                return queue[link] + headed[link];
            }
        };
    }

    /** Whether every link of {@code links} is {@code alive}. */
    private static boolean pathAlive(boolean[] alive, int[] links) {
        for (int l : links) {
            if (!alive[l]) {
                return false;
            }
        }
        return true;
    }
}
