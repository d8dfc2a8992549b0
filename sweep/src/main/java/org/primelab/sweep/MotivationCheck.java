package org.primelab.sweep;

import java.util.ArrayList;
import java.util.List;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.resources.ResourceGuard;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The checks {@code prime motivation} makes of its options before it runs, made on a parsed sweep point so that a
 * value the command would refuse is refused while the sweep validates its points (before Spark starts), with the
 * command's own one-line message. The command makes these checks inside its {@code call()}, which then runs the
 * simulations, so they cannot be called alone: this class repeats them, message for message, and
 * {@code MotivationCheckTest} compares every refusal with the command's own so the two cannot drift apart.
 */
final class MotivationCheck {
    /** The command's tree: 2-tier, k = 16 ({@code MotivationCommand.K}). */
    private static final int K = 16;
    /** Flows from leaf 0 to leaf 1 ({@code MotivationCommand.FLOWS}). */
    private static final int FLOWS = 18;

    private MotivationCheck() {
    }

    /** Throws {@link IllegalArgumentException} with {@code prime motivation}'s message if it would refuse the point. */
    static void check(CommandSpec parsed) {
        List<LoadBalancingScheme> schemes = schemes(string(parsed, "--lb"));
        List<Integer> pcts = degradations(string(parsed, "--degradations"));
        String flowSize = string(parsed, "--flow-size");
        long size = Units.parseBytes("flow-size", flowSize);
        if (size <= 0) {
            throw new IllegalArgumentException("flow-size: must be > 0 bytes, got " + flowSize);
        }
        link(string(parsed, "--link"));
        ResourceGuard.require(ResourceGuard.packetSim(FatTree.builder(2, K).dimensions(), FLOWS, ResourceGuard.packets(FLOWS,
                size, FabricParameters.DEFAULT_MTU_BYTES, FabricParameters.DEFAULT_HEADER_BYTES))
                .times(schemes.size() * pcts.size()), Boolean.TRUE.equals(parsed.findOption("--force").getValue()));
    }

    /** {@code --lb}: distinct schemes, comma-separated. */
    private static List<LoadBalancingScheme> schemes(String lb) {
        List<LoadBalancingScheme> schemes = new ArrayList<>();
        for (String s : lb.split(",")) {
            LoadBalancingScheme scheme;
            try {
                scheme = LoadBalancingScheme.parse(s);
            } catch (IllegalArgumentException e) {
                String m = String.valueOf(e.getMessage());
                throw m.startsWith("lb:") ? e : new IllegalArgumentException("lb: " + m, e);
            }
            if (schemes.contains(scheme)) {
                throw new IllegalArgumentException("lb: '" + scheme.cliName() + "' given twice in '" + Units.oneLine(lb)
                        + "'; accepted: a comma-separated list of distinct schemes, " + LoadBalancingScheme.names());
            }
            schemes.add(scheme);
        }
        return schemes;
    }

    /** {@code --degradations}: distinct integer percentages in [0, 99], comma-separated. */
    private static List<Integer> degradations(String degradations) {
        List<Integer> pcts = new ArrayList<>();
        for (String d : degradations.split(",")) {
            int p;
            try {
                p = Integer.parseInt(d.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("degradations: expected integers in [0, 99], got '" + Units.oneLine(d) + "'");
            }
            if (p < 0 || p > 99) {
                throw new IllegalArgumentException("degradations: expected integers in [0, 99], got " + p);
            }
            if (pcts.contains(p)) {
                throw new IllegalArgumentException("degradations: " + p + " given twice in '" + Units.oneLine(degradations)
                        + "'; accepted: distinct integers in [0, 99]");
            }
            pcts.add(p);
        }
        return pcts;
    }

    /** {@code --link}: one uplink direction of leaf 0 of the command's tree. */
    private static void link(String link) {
        FatTree tree = FatTree.twoTier(K);
        String onlyUplinksOfLeaf0 = "link: must be one uplink direction of leaf0, e.g. leaf0->spine0, got '"
                + Units.oneLine(link) + "'";
        int[] links;
        try {
            links = tree.linksByName(link);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(onlyUplinksOfLeaf0, e);
        }
        if (links.length != 1 || tree.linkSource(links[0]) != tree.torNode(0) || !tree.isUplink(links[0])) {
            throw new IllegalArgumentException(onlyUplinksOfLeaf0);
        }
    }

    private static String string(CommandSpec parsed, String option) {
        return String.valueOf((Object) parsed.findOption(option).getValue());
    }
}
