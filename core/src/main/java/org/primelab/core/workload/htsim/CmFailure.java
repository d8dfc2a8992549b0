package org.primelab.core.workload.htsim;

import org.primelab.core.topology.FatTree;

/**
 * A {@code failure switch_type T switch_id I link_id J} line of an htsim connection matrix: a cable that
 * is down for the whole run.
 *
 * <p><b>Which cable.</b> htsim (commit 40ccb05, {@code FatTreeTopology::add_failed_link}) accepts only
 * {@code switch_type AGG} in a 3-tier tree; {@code TOR} and {@code CORE} parse but abort the run. It
 * numbers aggregation switches globally, pod by pod ({@code I = pod * A + p}, {@code A} aggregation
 * switches per pod, {@code p} the position in the pod), exactly as this project numbers tier-2 switches
 * ({@link FatTree#tier2Node(int)}), and designates the cable from aggregation switch {@code I} to core
 * {@code p * A + J}. htsim wires the uplink {@code l} of the switch at position {@code p} to core
 * {@code p + A * l}; the two agree only for {@code J = p}, and for any other {@code J} htsim finds no such
 * cable and aborts. So every failure htsim runs is "uplink port {@code J = p} of aggregation switch
 * {@code I}", and that is the cable this class maps it to: {@code tree.uplink(tree.tier2Node(I), J)}, both
 * directions. (Core numbering differs between the two tools, htsim's core {@code p + A*l} being this
 * project's core {@code p * A + l}; for {@code l = p} both are core {@code p * (A + 1)}.)
 *
 * @param switchType {@code TOR}, {@code AGG} or {@code CORE} as written in the file
 * @param switchId the switch, {@code >= 0}
 * @param linkId the uplink port, {@code >= 0}
 */
public record CmFailure(SwitchType switchType, int switchId, int linkId) {
    /** The switch types of htsim's failure lines. */
    public enum SwitchType {
        /** Top-of-rack (edge/leaf) switch: parsed by htsim, but its run aborts. */
        TOR,
        /** Aggregation switch: the only type htsim can fail. */
        AGG,
        /** Core switch: parsed by htsim, but its run aborts. */
        CORE
    }

    /** Validates the fields (the tree-dependent checks are in {@link #uplink(FatTree)}). */
    public CmFailure {
        if (switchType == null) {
            throw new IllegalArgumentException("switch_type: required, one of TOR, AGG, CORE");
        }
        if (switchId < 0) {
            throw new IllegalArgumentException("switch_id: must be >= 0, got " + switchId);
        }
        if (linkId < 0) {
            throw new IllegalArgumentException("link_id: must be >= 0, got " + linkId);
        }
    }

    /**
     * The directed uplink (aggregation to core) of the failed cable in {@code tree}; the cable is this
     * link and {@link FatTree#reverse(int)} of it.
     *
     * @throws IllegalArgumentException (message starting with the field) when htsim would not run this
     *         failure on the tree, or the tree has no such switch or port
     */
    public int uplink(FatTree tree) {
        if (switchType != SwitchType.AGG) {
            throw new IllegalArgumentException("switch_type: htsim can fail only switch_type AGG (an aggregation"
                    + " switch's uplink to a core); its run aborts on " + switchType);
        }
        if (tree.tiers() != 3) {
            throw new IllegalArgumentException("switch_type: AGG failures need a 3-tier tree (aggregation-to-core"
                    + " cables); this tree has " + tree.tiers() + " tiers");
        }
        if (switchId >= tree.tier2Switches()) {
            throw new IllegalArgumentException("switch_id: must be in [0, " + (tree.tier2Switches() - 1)
                    + "] (aggregation switches of this tree), got " + switchId);
        }
        int position = switchId % tree.torUplinks();
        if (linkId >= tree.aggUplinks() || linkId != position) {
            throw new IllegalArgumentException("link_id: htsim can fail only link_id " + position + " of AGG switch "
                    + switchId + " (its position in its pod; other link ids abort htsim), got " + linkId);
        }
        return tree.uplink(tree.tier2Node(switchId), linkId);
    }

    /** The name of the failed cable in {@code tree} (as {@code prime topo} prints it). */
    public String cableName(FatTree tree) {
        return tree.cableName(uplink(tree));
    }

    /**
     * The failure line designating the cable of directed link {@code link} in {@code tree}.
     *
     * @throws IllegalArgumentException if htsim cannot express a failure of that cable
     */
    public static CmFailure ofLink(FatTree tree, int link) {
        int up = link & ~1;
        int agg = tree.linkSource(up);
        if (tree.tiers() != 3 || tree.tierOf(agg) != 2 || tree.tierOf(tree.linkTarget(up)) != 3) {
            throw new IllegalArgumentException("fail: htsim's connection matrix can fail only aggregation-to-core"
                    + " cables of a 3-tier tree, not " + tree.cableName(link));
        }
        int switchId = agg - tree.tier2Node(0);
        int port = -1;
        for (int p = 0; p < tree.uplinkCount(agg); p++) {
            if (tree.uplink(agg, p) == up) {
                port = p;
            }
        }
        CmFailure f = new CmFailure(SwitchType.AGG, switchId, port);
        try {
            f.uplink(tree);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("fail: htsim cannot fail " + tree.cableName(link) + ": "
                    + e.getMessage());
        }
        return f;
    }

    /** The line as written in a connection matrix. */
    public String toLine() {
        return "failure switch_type " + switchType + " switch_id " + switchId + " link_id " + linkId;
    }
}
