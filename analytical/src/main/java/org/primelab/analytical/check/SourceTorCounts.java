package org.primelab.analytical.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;

/**
 * Per-port counts from a results file's {@code uplink_counts} column, as {@code prime sim --out} writes it in
 * {@code flows.csv}: per flow, the data packets (retransmissions included) its source ToR sent up on each of its
 * uplink ports, {@code ;}-separated, port {@code p} being the ToR's uplink port {@code p} as {@code prime topo}
 * numbers them. Summed per ToR and port they are the ToR's {@link PortCount}s: every packet a ToR sends up is of a
 * flow from a host below it, so the sum is all it sent. Switches above the ToRs are not counted.
 */
final class SourceTorCounts {
    private final FatTree tree;
    /** Per ToR node, in the order first seen: its ports' packets so far. */
    private final Map<Integer, long[]> byTor = new LinkedHashMap<>();
    /** Per ToR node, the row that first counted it, for messages. */
    private final Map<Integer, String> firstRow = new LinkedHashMap<>();

    SourceTorCounts(FatTree tree) {
        this.tree = tree;
    }

    /** Whether any row was added. */
    boolean isEmpty() {
        return byTor.isEmpty();
    }

    /**
     * Adds the {@code uplink_counts} cell {@code text} of a flow sent by host {@code src}, read at {@code where}.
     *
     * @throws IllegalArgumentException naming {@code where} if the cell is not one count per uplink of the ToR
     */
    void add(int src, String text, String where) {
        int tor = tree.torOf(src);
        int uplinks = tree.uplinkCount(tor);
        String[] cells = text.split(";", -1);
        if (cells.length != uplinks) {
            throw new IllegalArgumentException("results: " + where + ": uplink_counts must hold " + uplinks + " packet"
                    + " counts separated by ';', one per uplink port of the flow's source ToR " + tree.nodeName(tor)
                    + " (as prime sim --out writes it), got '" + Units.oneLine(text) + "'");
        }
        long[] ports = byTor.computeIfAbsent(tor, t -> new long[uplinks]);
        firstRow.putIfAbsent(tor, where);
        for (int p = 0; p < uplinks; p++) {
            long packets;
            try {
                packets = Long.parseLong(cells[p].strip());
            } catch (NumberFormatException e) {
                packets = -1;
            }
            if (packets < 0) {
                throw new IllegalArgumentException("results: " + where + ": uplink_counts must hold integers in [0, "
                        + Long.MAX_VALUE + "] separated by ';', got '" + Units.oneLine(text) + "'");
            }
            if (ports[p] > Long.MAX_VALUE - packets) {
                throw new IllegalArgumentException("results: " + where + ": the uplink_counts of " + tree.nodeName(tor)
                        + " port " + p + " add up beyond " + Long.MAX_VALUE + " (expected packet counts)");
            }
            ports[p] += packets;
        }
    }

    /** The sums, one count per port of every ToR a row named, ToRs in the order first seen. */
    List<PortCount> counts() {
        List<PortCount> out = new ArrayList<>();
        for (Map.Entry<Integer, long[]> e : byTor.entrySet()) {
            String name = tree.nodeName(e.getKey());
            for (int p = 0; p < e.getValue().length; p++) {
                out.add(new PortCount(name, p, e.getValue()[p], firstRow.get(e.getKey()) + " (uplink_counts)"));
            }
        }
        return out;
    }
}
