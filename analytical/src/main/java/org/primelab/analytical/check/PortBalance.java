package org.primelab.analytical.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.primelab.analytical.balls.MaxLoadCalculator;
import org.primelab.analytical.balls.PoissonizedMaxLoadCalculator;
import org.primelab.analytical.fct.IdealFct;
import org.primelab.core.entropy.EntropyConfig;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workload;

/**
 * The uplink-balance check of {@code prime check}: per switch, the data packets another simulator counted
 * on each uplink port (retransmissions included) against the busiest port of the scheme's model.
 *
 * <p><b>Volume.</b> With {@code F} flows crossing a switch upwards, {@code n_f} packets each, every packet
 * of a completed flow leaves the switch upwards at least once, so the switch's ports carry at least
 * {@code N = sum n_f} packets: fewer is flagged (counts missing for a port, or of another workload). Above
 * the ToRs a flow leaves through one of its pod's switches of the tier, so there the pod's switches together
 * are held to it. The {@code E} packets a ToR (or a pod's switches together) counts beyond that are
 * retransmissions; they may go to any port of any of them, so every model's bound on a switch grows by
 * {@code E} (at most its own count; all of its count when its group is not wholly given). A switch no flow
 * crosses upwards should count nothing.
 *
 * <p><b>Models</b> of the busiest of {@code P} uplinks, with {@code n_max} the most packets of any flow:
 * <ul>
 *   <li><b>Round robin</b>: each flow cycles over the ports, so its count on a port exceeds its share
 *       {@code n_f / P} by less than one packet and the busiest port carries at most {@code N / P + F}
 *       (docs/references.md, round-robin windows).</li>
 *   <li><b>Per-packet random spraying</b>: packets fall into ports as balls into bins; the busiest port's
 *       quantile after {@code N} balls, exact ({@link PoissonizedMaxLoadCalculator}).</li>
 *   <li><b>Per-flow hashing</b>: whole flows fall into ports as balls into bins; {@code n_max} times the
 *       busiest port's quantile after {@code F} balls.</li>
 * </ul>
 * The statistical models are tested at the family-wise level {@link #PERCENTILE} over the {@code S}
 * switches counted: each switch at {@code 1 - (1 - PERCENTILE) / S} (Bonferroni), so a correct run of a
 * random scheme is flagged somewhere with probability at most 0.1%, however many switches it counts
 * (review 40: at one 99.9th percentile per switch, a 3-tier k = 16 tree's 256 switches flagged about one
 * correct run in four).
 *
 * <p><b>Which model a scheme is held to</b> ({@link #heldTo}):
 * <ul>
 *   <li>PRIME, CO-PRIME: the looser of round robin and spraying. PRIME round-robins while no congestion
 *       feedback arrives; an ECN mark or a NACK penalises a path and the scan skips it (paper Alg. 1), so
 *       under congestion its counts leave round robin (review 40: a healthy incast put 12 ports over it).</li>
 *   <li>RPS, AR (random spraying is AR's reference): spraying.</li>
 *   <li>REPS, ECMP: hashing. REPS sends again on the entropy values its ACKs bring back, so a flow's packets
 *       ride a window's worth of EVs, each carrying many packets: its ports spread wider than independent
 *       packets (review 40: 6 of 11 healthy 3-tier seeds over the spraying bound). How many EVs a flow keeps
 *       depends on the simulator's window, so the only model that holds for any window is whole flows.</li>
 * </ul>
 * With failed or degraded links the check does not apply: every scheme steers around them in its own way.
 * The note names the tightest of the three models every switch meets ("fits best").
 */
public final class PortBalance {
    /** The family-wise level of the statistical models over all switches counted. */
    public static final double PERCENTILE = 0.999;

    private static final MaxLoadCalculator BALLS = new PoissonizedMaxLoadCalculator();

    private PortBalance() {
    }

    /** The three distribution models, tightest first. */
    public enum Model {
        /** Each flow round-robin over the ports. */
        ROUND_ROBIN,
        /** Each packet to a uniformly random port. */
        PACKET_SPRAYING,
        /** Each flow to a uniformly random port. */
        FLOW_HASHING;

        /** Lower-case name for output. */
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', ' ');
        }
    }

    /** The models {@code scheme} is held to: a port is flagged only beyond the bounds of all of them. */
    public static List<Model> heldTo(LoadBalancingScheme scheme) {
        return heldTo(scheme, EntropyConfig.DEFAULT_EV_SPACE);
    }

    /**
     * The models {@code scheme} is held to when each flow draws its EVs from {@code evSpace} values. RPS sprays
     * over its flow's EVs, and the switches hash each EV to a port once: with fewer EVs than
     * {@link EntropyConfig#DEFAULT_EV_SPACE} (htsim's default is 64) a flow's ports get uneven shares of its packets,
     * so RPS is held to whole flows hashed, the model that holds for any EV space (review 42: 64 EVs put an RPS port
     * 56 packets over the spraying bound).
     */
    public static List<Model> heldTo(LoadBalancingScheme scheme, int evSpace) {
        if (scheme == LoadBalancingScheme.RPS && evSpace < EntropyConfig.DEFAULT_EV_SPACE) {
            return List.of(Model.FLOW_HASHING);
        }
        return switch (scheme) {
            case PRIME, CO_PRIME -> List.of(Model.ROUND_ROBIN, Model.PACKET_SPRAYING);
            case RPS, AR -> List.of(Model.PACKET_SPRAYING);
            case REPS, ECMP -> List.of(Model.FLOW_HASHING);
        };
    }

    /** How the output names {@link #heldTo}'s models. */
    static String heldToLabel(LoadBalancingScheme scheme, int evSpace) {
        List<Model> models = heldTo(scheme, evSpace);
        return models.size() == 1 ? models.get(0).label()
                : models.get(0).label() + " or " + models.get(1).label() + ", the looser";
    }

    /**
     * Checks {@code counts} (possibly empty: the check then does not apply) of {@code workload} on
     * {@code fabric} with {@code faults} against {@code scheme}'s model.
     *
     * @throws IllegalArgumentException naming the line of a count whose switch or port the tree lacks
     */
    public static CheckOutcome check(FabricParameters fabric, Faults faults, Workload workload,
                                     List<PortCount> counts, LoadBalancingScheme scheme) {
        return check(fabric, faults, workload, counts, scheme, EntropyConfig.DEFAULT_EV_SPACE);
    }

    /** As {@link #check(FabricParameters, Faults, Workload, List, LoadBalancingScheme)}, each flow's EVs from {@code evSpace} values. */
    public static CheckOutcome check(FabricParameters fabric, Faults faults, Workload workload,
                                     List<PortCount> counts, LoadBalancingScheme scheme, int evSpace) {
        if (counts.isEmpty()) {
            return new CheckOutcome(Check.PORT_BALANCE, 0, List.of(), "no per-port counts given");
        }
        FatTree tree = fabric.tree();
        Map<Integer, long[]> bySwitch = new LinkedHashMap<>();
        for (PortCount c : counts) {
            int node;
            try {
                node = tree.nodeByName(c.switchName());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("results: " + c.where() + ": " + e.getMessage());
            }
            int uplinks = tree.isHost(node) ? 0 : tree.uplinkCount(node);
            if (uplinks == 0 || c.port() >= uplinks) {
                throw new IllegalArgumentException("results: " + c.where() + ": " + c.switchName() + " has "
                        + (uplinks == 0 ? "no uplink ports (a host or a top-tier switch)"
                        : "uplink ports 0.." + (uplinks - 1) + ", got port " + c.port()));
            }
            long[] perPort = bySwitch.computeIfAbsent(node, k -> new long[uplinks]);
            perPort[c.port()] += c.packets();
            long sum = 0;
            for (long p : perPort) {
                sum += p;
                if (sum < 0 || p < 0) {
                    throw new IllegalArgumentException("results: " + c.where() + ": the packets of " + c.switchName()
                            + " add up beyond " + MAX_PACKETS + " (expected packet counts)");
                }
            }
        }
        if (!faults.isEmpty()) {
            return new CheckOutcome(Check.PORT_BALANCE, 0, List.of(), "the fabric has failed or degraded links ("
                    + faults + "), and every scheme steers around them in its own way: no balance model applies");
        }
        double level = 1 - (1 - PERCENTILE) / bySwitch.size();
        List<Model> held = heldTo(scheme, evSpace);
        List<Finding> failures = new ArrayList<>();
        boolean[] fitsAll = {true, true, true};
        int ports = 0;
        // volume, per group of switches that together carry every packet of the flows leaving the hosts below them
        // (a ToR alone, or a pod's aggregation switches): at least those packets, and what it counts beyond them
        // is retransmitted, any of it possibly through any one member (review 42: an incast's 4.5x resends failed
        // perfectly balanced aggregation ports while only ToRs were granted any); a group not wholly counted tells
        // nothing of its resends, so each member's own count may all be
        Map<List<Integer>, long[]> groups = new LinkedHashMap<>();    // (tier, first host below) -> {total, counted}
        Map<Integer, List<Integer>> groupOf = new LinkedHashMap<>();
        for (Map.Entry<Integer, long[]> e : bySwitch.entrySet()) {
            List<Integer> key = List.of(tree.tierOf(e.getKey()), firstHostBelow(tree, e.getKey()));
            groupOf.put(e.getKey(), key);
            long[] g = groups.computeIfAbsent(key, k -> new long[2]);
            for (long p : e.getValue()) {
                g[0] = g[0] > MAX_PACKETS - p ? MAX_PACKETS : g[0] + p;
            }
            g[1]++;
        }
        Map<List<Integer>, Long> groupExcess = new LinkedHashMap<>();    // wholly counted groups only
        for (Map.Entry<List<Integer>, long[]> g : groups.entrySet()) {
            List<Integer> members = switchesAbove(tree, g.getKey().get(1), g.getKey().get(0));
            if (g.getValue()[1] < members.size()) {
                continue;
            }
            int first = members.get(0);
            Up up = flowsUp(fabric, workload, first);
            groupExcess.put(g.getKey(), Math.max(0, g.getValue()[0] - up.packets()));
            if (g.getValue()[0] < up.packets()) {
                String who = members.size() == 1 ? tree.nodeName(first) : tree.nodeName(first) + ".."
                        + tree.nodeName(members.get(members.size() - 1));
                failures.add(new Finding(Check.PORT_BALANCE, who, g.getValue()[0], up.packets(), "packets",
                        String.format(Locale.ROOT, "fewer packets up than the %d flows crossing %s upwards send (each"
                                + " leaves %s at least once)", up.flows(), members.size() == 1 ? "it" : "them",
                                members.size() == 1 ? "it" : "one of them")));
                fitsAll[0] = fitsAll[1] = fitsAll[2] = false;
            }
        }
        for (Map.Entry<Integer, long[]> e : bySwitch.entrySet()) {
            int node = e.getKey();
            long[] perPort = e.getValue();
            ports += perPort.length;
            long total = 0;
            long busiest = 0;
            for (long p : perPort) {
                total += p;
                busiest = Math.max(busiest, p);
            }
            // with no flow crossing it, no packet should go up at all
            Up crossing = flowsUp(fabric, workload, node);
            long excess = crossing.flows() == 0 ? 0 : Math.min(total, groupExcess.getOrDefault(groupOf.get(node), total));
            Up up = new Up(crossing.flows(), crossing.flows() == 0 ? 0 : total - excess, crossing.mostPackets());
            double[] bound = new double[Model.values().length];
            for (Model m : Model.values()) {
                bound[m.ordinal()] = bound(m, up, perPort.length, level) + excess;
                if (busiest > bound[m.ordinal()]) {
                    fitsAll[m.ordinal()] = false;
                }
            }
            double limit = 0;
            for (Model m : held) {
                limit = Math.max(limit, bound[m.ordinal()]);
            }
            for (int p = 0; p < perPort.length; p++) {
                if (perPort[p] > limit) {
                    failures.add(new Finding(Check.PORT_BALANCE, tree.nodeName(node) + " port " + p, perPort[p], limit,
                            "packets", String.format(Locale.ROOT, "%d packets over %d uplinks from %d flows (%d"
                                    + " taken as retransmissions); %s bound of %s", total, perPort.length, up.flows(),
                                    excess, heldToLabel(scheme, evSpace), scheme.cliName())));
                }
            }
        }
        String fit = "none of the three models (more skewed than per-flow hashing, or too few packets)";
        for (Model m : Model.values()) {
            if (fitsAll[m.ordinal()]) {
                fit = m.label();
                break;
            }
        }
        return new CheckOutcome(Check.PORT_BALANCE, ports, failures, String.format(Locale.ROOT,
                "%d switches, %d ports against %s (%s), at %s per switch; the counts fit best: %s", bySwitch.size(),
                ports, heldToLabel(scheme, evSpace), scheme.cliName(), levelLabel(level), fit));
    }

    private static String levelLabel(double level) {
        return String.format(Locale.ROOT, "%.6g", level * 100).replaceAll("0+$", "").replaceAll("\\.$", "") + "%";
    }

    /** The lowest host below {@code node}: the hosts below one switch are a contiguous block, the same for its tier. */
    private static int firstHostBelow(FatTree tree, int node) {
        for (int h = 0; h < tree.hosts(); h++) {
            if (tree.isAncestor(node, h)) {
                return h;
            }
        }
        throw new IllegalStateException(tree.nodeName(node) + " has no host below it");
    }

    /** The switches of {@code tier} above {@code host}, in node order. */
    private static List<Integer> switchesAbove(FatTree tree, int host, int tier) {
        List<Integer> out = new ArrayList<>();
        if (tier == 1) {
            out.add(tree.torOf(host));
            return out;
        }
        for (int s = 0; s < tree.tier2Switches(); s++) {
            if (tree.isAncestor(tree.tier2Node(s), host)) {
                out.add(tree.tier2Node(s));
            }
        }
        return out;
    }

    /** The bound on the busiest of {@code ports} ports carrying the packets of {@code up}, at {@code level}. */
    static double bound(Model m, Up up, int ports, double level) {
        return switch (m) {
            case ROUND_ROBIN -> (double) up.packets() / ports + up.flows();
            case PACKET_SPRAYING -> busiestBin(up.packets(), ports, level);
            case FLOW_HASHING -> up.flows() == 0 ? 0 : up.mostPackets() * busiestBin(up.flows(), ports, level);
        };
    }

    /**
     * The {@code level} quantile of the busiest of {@code bins} bins after {@code balls} uniform balls: exact up to
     * {@link #EXACT_BALLS}; beyond, an upper bound from Bernstein's inequality and the union bound over the bins,
     * {@code P(max >= mu + t) <= bins exp(-t^2 / (2 (sigma^2 + t / 3)))} with {@code mu = balls / bins},
     * {@code sigma^2 = balls (1 / bins)(1 - 1 / bins)} (Boucheron, Lugosi and Massart, <i>Concentration
     * Inequalities</i>, 2013, Thm 2.10), solved for {@code t}: looser (by about 1.5% of the quantile at
     * {@link #EXACT_BALLS} on 8 bins), so never a false alarm.
     */
    static double busiestBin(long balls, int bins, double level) {
        if (balls <= EXACT_BALLS) {
            return BALLS.maxLoad((int) balls, bins).quantile(level);
        }
        double mu = (double) balls / bins;
        double variance = balls * (1.0 / bins) * (1 - 1.0 / bins);
        double log = Math.log(bins / (1 - level));
        // t^2 = 2 log (sigma^2 + t / 3): the positive root of t^2 - (2 log / 3) t - 2 log sigma^2 = 0
        double b = 2 * log / 3;
        double t = (b + Math.sqrt(b * b + 8 * log * variance)) / 2;
        return Math.min(balls, Math.ceil(mu + t));
    }

    /**
     * Most balls the exact calculator is asked for: its time grows about linearly, 0.5 s at 10^4 balls on 8 bins
     * and 17 s at 10^6 (2 cores), and the check asks once per switch.
     */
    static final int EXACT_BALLS = 10_000;

    /** Largest count a switch's ports may add up to. */
    static final long MAX_PACKETS = Long.MAX_VALUE;

    /**
     * The flows crossing a switch upwards.
     *
     * @param flows how many
     * @param packets their packets
     * @param mostPackets the most packets of any of them
     */
    record Up(int flows, long packets, long mostPackets) {
    }

    private static Up flowsUp(FabricParameters fabric, Workload w, int node) {
        FatTree tree = fabric.tree();
        int tier = tree.tierOf(node);
        int count = 0;
        long packets = 0;
        long most = 0;
        for (Flow f : w.flows()) {
            if (tree.isAncestor(node, f.src()) && tree.upHops(f.src(), f.dst()) >= tier) {
                long n = IdealFct.packets(f.sizeBytes(), fabric.mtuBytes(), fabric.headerBytes());
                count++;
                packets += n;
                most = Math.max(most, n);
            }
        }
        return new Up(count, packets, most);
    }
}
