package org.primelab.analytical.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.primelab.analytical.balls.MaxLoadCalculator;
import org.primelab.analytical.balls.PoissonizedMaxLoadCalculator;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.topology.FatTree;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workload;
import org.primelab.analytical.fct.IdealFct;

/**
 * The uplink-balance check of {@code prime check}: per switch, the packets another simulator counted on
 * each uplink port against the distribution of the busiest port under the scheme that ran. With
 * {@code N} packets sent up by a switch of {@code P} uplinks, {@code F} flows crossing it upwards and
 * {@code n_max} the most packets of any of them:
 * <ul>
 *   <li><b>Round robin</b> (PRIME, CO-PRIME: every flow cycles over the ports): a flow's count on a port
 *       exceeds its share {@code n_f / P} by less than one packet, so the busiest port carries at most
 *       {@code N / P + F}, always (docs/references.md, round-robin windows).</li>
 *   <li><b>Per-packet random spraying</b> (RPS, REPS, and AR as its reference): packets fall into ports
 *       as balls into bins; the 99.9th percentile of the busiest of {@code P} bins after {@code N} balls,
 *       exact ({@link PoissonizedMaxLoadCalculator}).</li>
 *   <li><b>Per-flow hashing</b> (ECMP): whole flows fall into ports as balls into bins; the busiest port
 *       carries at most {@code n_max} times the 99.9th percentile of the busiest of {@code P} bins after
 *       {@code F} balls.</li>
 * </ul>
 * A port beyond the named scheme's bound is flagged; the counts "fit" the tightest of the three models
 * whose bound every switch meets. Packet counts that include retransmissions can exceed the round-robin
 * bound by the retransmissions.
 */
public final class PortBalance {
    /** The percentile of the busiest-port distribution above which a port is flagged. */
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

        /** The model of {@code scheme}'s uplink choices. */
        public static Model of(LoadBalancingScheme scheme) {
            return switch (scheme) {
                case PRIME, CO_PRIME -> ROUND_ROBIN;
                case RPS, REPS, AR -> PACKET_SPRAYING;
                case ECMP -> FLOW_HASHING;
            };
        }

        /** Lower-case name for output. */
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', ' ');
        }
    }

    /**
     * Checks {@code counts} (possibly empty: the check then does not apply) of {@code workload} on
     * {@code fabric} against {@code scheme}'s model.
     *
     * @throws IllegalArgumentException naming the line of a count whose switch or port the tree lacks
     */
    public static CheckOutcome check(FabricParameters fabric, Workload workload, List<PortCount> counts,
                                     LoadBalancingScheme scheme) {
        if (counts.isEmpty()) {
            return new CheckOutcome(Check.PORT_BALANCE, 0, List.of(), "no per-port counts given");
        }
        FatTree tree = fabric.tree();
        Map<Integer, long[]> bySwitch = new LinkedHashMap<>();
        Map<Integer, List<PortCount>> lines = new LinkedHashMap<>();
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
            bySwitch.computeIfAbsent(node, k -> new long[uplinks])[c.port()] += c.packets();
            lines.computeIfAbsent(node, k -> new ArrayList<>()).add(c);
        }
        Model named = Model.of(scheme);
        List<Finding> failures = new ArrayList<>();
        boolean[] fitsAll = {true, true, true};
        int ports = 0;
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
            long[] flows = flowsUp(fabric, workload, node);
            double[] bound = new double[Model.values().length];
            for (Model m : Model.values()) {
                bound[m.ordinal()] = bound(m, total, perPort.length, flows);
                if (busiest > bound[m.ordinal()]) {
                    fitsAll[m.ordinal()] = false;
                }
            }
            double limit = bound[named.ordinal()];
            for (int p = 0; p < perPort.length; p++) {
                if (perPort[p] > limit) {
                    failures.add(new Finding(Check.PORT_BALANCE, tree.nodeName(node) + " port " + p, perPort[p], limit,
                            "packets", String.format(Locale.ROOT, "%d packets over %d uplinks from %d flows; %s bound"
                                    + " of %s", total, perPort.length, flows[0], named.label(), scheme.cliName())));
                }
            }
        }
        String fit = "none of the three models (more skewed than per-flow hashing)";
        for (Model m : Model.values()) {
            if (fitsAll[m.ordinal()]) {
                fit = m.label();
                break;
            }
        }
        return new CheckOutcome(Check.PORT_BALANCE, ports, failures, String.format(Locale.ROOT,
                "%d switches, %d ports against %s (%s); the counts fit best: %s", bySwitch.size(), ports,
                named.label(), scheme.cliName(), fit));
    }

    /** The bound on the busiest of {@code ports} ports carrying {@code total} packets of {@code flows}. */
    static double bound(Model m, long total, int ports, long[] flows) {
        return switch (m) {
            case ROUND_ROBIN -> (double) total / ports + flows[0];
            case PACKET_SPRAYING -> BALLS.maxLoad(Math.toIntExact(total), ports).quantile(PERCENTILE);
            case FLOW_HASHING -> flows[0] == 0 ? 0
                    : (double) flows[1] * BALLS.maxLoad(Math.toIntExact(flows[0]), ports).quantile(PERCENTILE);
        };
    }

    /** {flows crossing {@code node} upwards, most packets of any of them}. */
    private static long[] flowsUp(FabricParameters fabric, Workload w, int node) {
        FatTree tree = fabric.tree();
        int tier = tree.tierOf(node);
        long count = 0;
        long most = 0;
        for (Flow f : w.flows()) {
            if (tree.isAncestor(node, f.src()) && tree.upHops(f.src(), f.dst()) >= tier) {
                count++;
                most = Math.max(most, IdealFct.packets(f.sizeBytes(), fabric.mtuBytes(), fabric.headerBytes()));
            }
        }
        return new long[] {count, most};
    }
}
