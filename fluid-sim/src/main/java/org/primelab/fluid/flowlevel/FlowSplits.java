package org.primelab.fluid.flowlevel;

import java.util.Arrays;
import org.primelab.core.entropy.EntropyConfig;
import org.primelab.core.entropy.Forwarding;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.forwarding.UplinkSelector;
import org.primelab.core.topology.EvLayout;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.fluid.FlowPaths;

/**
 * The load balancer's effect at flow level: which links a flow loads and by how much ({@link LinkShares}).
 *
 * <ul>
 *   <li><b>ECMP</b>: exactly the one path the switches hash the flow's EV to — the EV from the scheme's own
 *       core generator, each upward hop {@link UplinkSelector} with the switch's salt
 *       ({@link FlowPaths#hashedPath}), and after a detected failure {@link FlowPaths#livePath}, the
 *       remap the packet simulator's switches apply. Collisions are therefore the packet simulator's, flow
 *       by flow.</li>
 *   <li><b>RPS, CO-PRIME</b> (oblivious spraying): uniform over the paths routing can use. Their per-link
 *       imbalance over a window (multinomial for RPS; at most a few packets per flow for shuffled round robin,
 *       {@code analytical}'s {@code roundrobin.RoundRobinDeviationTheorem}) has mean zero, so the mean
 *       split is the fluid limit; its queueing cost is carried by {@link LinkWaits}.</li>
 *   <li><b>PRIME, REPS</b> (congestion-steered spraying): in proportion to each usable path's capacity (its
 *       slowest link). Both move traffic off paths that mark (PRIME's history, REPS's recycling) until the
 *       marks equalize, i.e. until every path they keep is loaded in proportion to what it can carry; on a
 *       healthy fabric this is the uniform split.</li>
 * </ul>
 * A path whose link has failed and been detected is not usable (routing remaps its EVs); a failed link not
 * yet detected is still used, and what the flow sends onto it is lost ({@link LinkShares#lostFraction}).
 *
 * <p><b>Timing.</b> Shares are read at the sender's clock, but a failure and its detection happen in the
 * fabric. A packet sent at {@code t} reaches the {@code i}-th link of its path (0: the host's own) at
 * {@code t + i · hop}, {@code hop} being one MTU's serialization at the line rate plus the propagation delay
 * (queueing and slower links left out). So a link that fails at {@code F} loses what a flow sends from
 * {@code F - i · hop} on. Routing avoids a detected link where a switch picks its uplink, on arrival (the
 * packet simulator's {@code Switches.arrive}): for a link between tiers {@code j} and {@code j + 1}, either
 * way, that is the source side's tier-{@code j} switch, {@code j} hops from the sender (the uplink choice
 * there fixes the tier-{@code j + 1} switch, hence also the downlink from it on the destination side). So a
 * packet sent from {@code F + detect - j · hop} on avoids it; sent before, it was routed onto the failed
 * link and is lost there. At 400G with 600 ns links {@code hop} is 0.68 us: a retransmission timeout that
 * fires 0.3 us before detection sends its burst past the failure, where reading the fabric at the send time
 * would lose part of it again and cost a second timeout ({@link #failedAt}, {@link #withdrawnAt}).
 */
final class FlowSplits {
    private final FatTree tree;
    private final Faults faults;
    private final LoadBalancingScheme scheme;
    private final long linkRateBps;
    private final long seed;
    private final EntropyConfig entropy;
    private final long[] salts;
    private final long detectPs;
    private final long hopPs;
    /** The links that fail at some time ({@link Faults#failedLinks}, read once). */
    private final int[] failedLinks;
    // scratch: accumulated weight per link and the links touched
    private final double[] acc;
    private final int[] touched;

    FlowSplits(FatTree tree, Faults faults, LoadBalancingScheme scheme, long linkRateBps, long seed,
               EntropyConfig entropy, long detectPs, long hopPs) {
        if (scheme.forwarding() == Forwarding.ADAPTIVE) {
            throw new IllegalArgumentException("lb: ar has no flow-level split; use the quantum engine");
        }
        this.tree = tree;
        this.faults = faults;
        this.scheme = scheme;
        this.linkRateBps = linkRateBps;
        this.seed = seed;
        this.entropy = entropy;
        this.salts = FlowPaths.salts(tree, seed);
        this.detectPs = detectPs;
        this.hopPs = hopPs;
        this.failedLinks = faults.failedLinks();
        this.acc = new double[tree.linkCount()];
        this.touched = new int[tree.linkCount()];
    }

    /** Whether {@code scheme} keeps one path per flow. */
    static boolean onePath(LoadBalancingScheme scheme) {
        return scheme == LoadBalancingScheme.ECMP;
    }

    /** Whether {@code scheme} picks each packet's path at random (its per-path counts are multinomial). */
    static boolean randomSpraying(LoadBalancingScheme scheme) {
        return scheme == LoadBalancingScheme.RPS || scheme == LoadBalancingScheme.REPS;
    }

    /** Whether {@code scheme} steers traffic away from congested paths. */
    static boolean congestionSteered(LoadBalancingScheme scheme) {
        return scheme == LoadBalancingScheme.PRIME || scheme == LoadBalancingScheme.REPS;
    }

    /**
     * One hop's base time, picoseconds: an MTU's serialization at the line rate plus the propagation delay.
     *
     * @param mtuBytes the MTU
     * @param linkRateBps the line rate
     * @param propagationPs the propagation delay of a link
     */
    static long hopPs(long mtuBytes, long linkRateBps, long propagationPs) {
        return Units.serializationPs(mtuBytes, linkRateBps) + propagationPs;
    }

    /**
     * Whether routing avoids link {@code l} for a packet sent at {@code sentPs}: it has failed and the switch
     * that picks the packet's uplink at the link's lower tier learned of it before the packet got there.
     */
    boolean withdrawnAt(int l, long sentPs) {
        long f = faults.failTime(l);
        return f != Faults.NEVER && sentPs + decisionHops(l) * hopPs >= f + detectPs;
    }

    /**
     * Whether link {@code l}, the {@code position}-th of a path (0: the host's), has failed when a packet sent at
     * {@code sentPs} reaches it.
     */
    boolean failedAt(int l, int position, long sentPs) {
        return faults.isFailed(l, sentPs + position * hopPs);
    }

    /**
     * Hops from a sender to the switch whose uplink choice decides whether a path crosses {@code l}: the link's
     * lower tier.
     */
    int decisionHops(int l) {
        return Math.min(tree.tierOf(tree.linkSource(l)), tree.tierOf(tree.linkTarget(l)));
    }

    /**
     * The sender times from which link {@code l}'s failure, then its detection, changes what some flow's packets
     * or their ACKs meet: {@code F - i · hop} for every position {@code i} the link can hold in a path, and
     * {@code F + detect - j · hop}; for an ACK, which leaves the receiver {@code h · hop} after its packet left
     * the sender ({@code h} the path's links), the same with {@code h} added to both. Those before 0 are left out
     * (no flow starts before 0, and one starting later reads the state at its start). Sorted, distinct.
     */
    long[] changeTimes(int l) {
        long f = faults.failTime(l);
        if (f == Faults.NEVER) {
            return new long[0];
        }
        int from = tree.tierOf(tree.linkSource(l));
        int to = tree.tierOf(tree.linkTarget(l));
        long[] out = new long[4 * (tree.tiers() + 1)];
        int count = 0;
        // a path up to tier `up` has 2·up links; the ACK's way back starts where the data's ends
        for (int up = Math.max(from, to); up <= tree.tiers(); up++) {
            int position = to > from ? from : 2 * up - from;
            for (int ackOffset : new int[] {0, 2 * up}) {
                out[count++] = f - (long) (position + ackOffset) * hopPs;
                if (f <= Long.MAX_VALUE - detectPs) {
                    out[count++] = f + detectPs - (long) (decisionHops(l) + ackOffset) * hopPs;
                }
            }
        }
        return Arrays.stream(out, 0, count).filter(t -> t >= 0).sorted().distinct().toArray();
    }

    /** The shares of {@code flow} at {@code nowPs}; {@code paths} are its paths (built once per flow). */
    LinkShares shares(Flow flow, FlowPaths paths, long nowPs) {
        int n = paths.count();
        double[] pathWeight = new double[n];
        if (onePath(scheme)) {
            pathWeight[ecmpPath(flow, paths, nowPs)] = 1;
        } else {
            double total = 0;
            for (int p = 0; p < n; p++) {
                if (!pathWithdrawn(paths.forward(p), nowPs)) {
                    pathWeight[p] = congestionSteered(scheme) ? pathCapacity(paths.forward(p)) : 1;
                    total += pathWeight[p];
                }
            }
            if (total == 0) {
                throw new IllegalArgumentException("fail: host " + flow.src() + " has no live path to host "
                        + flow.dst() + " (flow " + flow.id() + ")");
            }
            for (int p = 0; p < n; p++) {
                pathWeight[p] /= total;
            }
        }
        int count = 0;
        double lost = 0;
        double ackLost = 0;
        int hops = paths.hops();
        // the ACK of a packet on path p: port-index schemes retrace p, ECMP hashes its one EV from the receiver,
        // random spraying hashes each packet's own EV there, so its ACKs spread over the way back uniformly
        boolean ackExposed = ackExposed(paths);
        int ackPathEcmp = ackExposed && onePath(scheme) && scheme.forwarding() != Forwarding.PORT_INDEX
                ? ecmpAckPath(flow, paths, nowPs) : -1;
        double ackLossRandom = ackExposed && randomSpraying(scheme) ? uniformAckLoss(paths, nowPs) : 0;
        for (int p = 0; p < n; p++) {
            double w = pathWeight[p];
            if (w == 0) {
                continue;
            }
            int[] path = paths.forward(p);
            boolean dataLost = false;
            for (int i = 0; i < path.length; i++) {
                int l = path[i];
                if (failedAt(l, i, nowPs)) {
                    lost += w;   // the black hole: the rest of this path carries nothing of it
                    dataLost = true;
                    break;
                }
                if (acc[l] == 0) {
                    touched[count++] = l;
                }
                acc[l] += w;
            }
            if (!dataLost && ackExposed) {
                if (scheme.forwarding() == Forwarding.PORT_INDEX) {
                    ackLost += ackLostOn(paths.reverse(p), hops, nowPs) ? w : 0;
                } else if (ackPathEcmp >= 0) {
                    ackLost += ackLostOn(paths.reverse(ackPathEcmp), hops, nowPs) ? w : 0;
                } else {
                    ackLost += w * ackLossRandom;
                }
            }
        }
        int[] links = Arrays.copyOf(touched, count);
        Arrays.sort(links);
        double[] weights = new double[count];
        for (int i = 0; i < count; i++) {
            weights[i] = acc[links[i]];
            acc[links[i]] = 0;
        }
        double lostShare = Math.min(1, lost);
        return new LinkShares(links, weights, lostShare, Math.min(1 - lostShare, ackLost), hops);
    }

    /**
     * Whether some way back of the flow whose paths are {@code paths} crosses a link that fails in this run: a link
     * is on a way back exactly when its reverse is on a way there (a fat tree's paths are symmetric). Most flows'
     * are not, and then no way back is built.
     */
    private boolean ackExposed(FlowPaths paths) {
        for (int l : failedLinks) {
            if (paths.uses(FatTree.reverse(l))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether an ACK on the way back {@code ackPath}, sent by the receiver when a packet the sender sends at
     * {@code nowPs} arrives ({@code hops} links later), is lost: routing does not avoid its path and one of its
     * links has failed when the ACK gets there.
     */
    private boolean ackLostOn(int[] ackPath, int hops, long nowPs) {
        if (pathWithdrawn(ackPath, nowPs + hops * hopPs)) {
            return false;   // the receiver's side routes it around the detected failure
        }
        for (int i = 0; i < ackPath.length; i++) {
            if (failedAt(ackPath[i], hops + i, nowPs)) {
                return true;
            }
        }
        return false;
    }

    /** Random spraying's ACKs: the share of the ways back routing still uses on which an ACK is lost. */
    private double uniformAckLoss(FlowPaths paths, long nowPs) {
        int hops = paths.hops();
        int usable = 0;
        int losing = 0;
        for (int q = 0; q < paths.count(); q++) {
            int[] back = paths.reverse(q);
            if (!pathWithdrawn(back, nowPs + hops * hopPs)) {
                usable++;
                losing += ackLostOn(back, hops, nowPs) ? 1 : 0;
            }
        }
        return usable == 0 ? 0 : losing / (double) usable;
    }

    /** ECMP's way back: its EV hashed from the receiver ({@code reverse} index), remapped as the switches do. */
    private int ecmpAckPath(Flow flow, FlowPaths paths, long nowPs) {
        int ev = ecmpEv(flow);
        int back = FlowPaths.hashedPath(tree, salts, flow.id(), ev, flow.dst(), flow.src());
        long ackSentPs = nowPs + paths.hops() * hopPs;
        if (pathWithdrawn(paths.reverse(back), ackSentPs)) {
            back = paths.livePath(tree, scheme.forwarding(), salts, flow.id(), ev, flow.dst(),
                    q -> !pathWithdrawn(paths.reverse(q), ackSentPs));
        }
        return back;
    }

    /** ECMP's EV of {@code flow}: the first its scheme's generator gives. */
    private int ecmpEv(Flow flow) {
        return scheme.newGenerator(tree.evLayout(), entropy, seed, flow.src(), flow.id()).next(0);
    }

    /** ECMP's one path: the flow's hashed EV, remapped around withdrawn links as the switches do. */
    private int ecmpPath(Flow flow, FlowPaths paths, long nowPs) {
        EvLayout layout = tree.evLayout();
        int ev = ecmpEv(flow);
        int path = scheme.forwarding() == Forwarding.PORT_INDEX ? paths.pathOfEv(layout, ev)
                : FlowPaths.hashedPath(tree, salts, flow.id(), ev, flow.src(), flow.dst());
        if (pathWithdrawn(paths.forward(path), nowPs)) {
            path = paths.livePath(tree, scheme.forwarding(), salts, flow.id(), ev, flow.src(),
                    p -> !pathWithdrawn(paths.forward(p), nowPs));
        }
        return path;
    }

    private boolean pathWithdrawn(int[] links, long nowPs) {
        for (int l : links) {
            if (withdrawnAt(l, nowPs)) {
                return true;
            }
        }
        return false;
    }

    private double pathCapacity(int[] links) {
        long c = Long.MAX_VALUE;
        for (int l : links) {
            c = Math.min(c, faults.rate(l, linkRateBps));
        }
        return c;
    }
}
