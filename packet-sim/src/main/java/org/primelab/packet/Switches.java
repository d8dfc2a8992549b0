package org.primelab.packet;

import java.util.SplittableRandom;
import org.primelab.core.forwarding.QueueDepths;
import org.primelab.core.forwarding.RoutingTable;
import org.primelab.core.forwarding.UplinkSelector;
import org.primelab.core.random.Seeds;
import org.primelab.core.topology.EvLayout;
import org.primelab.core.topology.FatTree;
import org.primelab.packet.net.EgressPort;
import org.primelab.packet.net.PacketPool;

/**
 * The switches' forwarding. A packet goes down, deterministically, once the switch is an ancestor of
 * its destination (the receiver for data and trimmed headers, the sender for ACKs and NACKs); otherwise
 * up, on the uplink {@link UplinkSelector} picks for the flow's forwarding rule (PRIME's port index, a
 * hash of flow, EV and the switch's salt, or the shortest queue) among the uplinks {@link RoutingTable}
 * still finds valid once a failure has been detected. ACKs and NACKs travel back with the EV they echo
 * under the flow's rule. A data packet joins the output port's queue of its flow's traffic class
 * (trimmed past 1 BDP there), a control packet the control queue.
 *
 * <p>Also counts each flow's data packets per uplink of its source ToR, the counts the balance
 * theorems speak of.
 */
final class Switches {
    private final FatTree tree;
    private final EvLayout layout;
    private final RunFlows flows;
    private final Links links;
    private final PacketPool pool;
    private final RoutingTable routing;
    private final boolean[] linkDown;
    private final long[] salt;
    private final QueueDepths queueDepths;
    private final SplittableRandom[] arRandom;
    private final int torUplinks;
    private final int[] flowUplinkCounts;

    /**
     * The forwarding of one partition's switches; the routing table, the link states and the per-uplink
     * counts are shared by every partition (each count is written only by the flow's source ToR, and
     * routing changes only between windows, {@link #detectFailure}).
     *
     * @param salt each switch's hash salt ({@link UplinkSelector#salts})
     * @param arRandom adaptive routing's tie-break stream of each switch, by node id ({@link #arTieStreams})
     * @param shared the routing and counts of the run
     */
    Switches(FatTree tree, RunFlows flows, Links links, PacketPool pool, long[] salt, SplittableRandom[] arRandom,
             Shared shared) {
        this.tree = tree;
        this.layout = tree.evLayout();
        this.flows = flows;
        this.links = links;
        this.pool = pool;
        this.routing = shared.routing();
        this.linkDown = shared.linkDown();
        this.salt = salt;
        this.queueDepths = (sw, uplink) -> links.port(tree.uplink(sw, uplink)).queuedDataBytes();
        this.arRandom = arRandom;
        this.torUplinks = tree.torUplinks();
        this.flowUplinkCounts = shared.flowUplinkCounts();
    }

    /**
     * What every partition's switches share.
     *
     * @param routing the valid uplinks once failures are detected
     * @param linkDown the links detected as failed
     * @param flowUplinkCounts data packets per (flow, uplink of its source ToR)
     */
    record Shared(RoutingTable routing, boolean[] linkDown, int[] flowUplinkCounts) {
        /** The state of a run of {@code flows} on {@code tree} before its first event. */
        static Shared of(FatTree tree, RunFlows flows) {
            return new Shared(new RoutingTable(tree), new boolean[tree.linkCount()],
                    new int[flows.count() * tree.torUplinks()]);
        }
    }

    /**
     * One AR tie-break stream per switch, by node id (null for hosts), derived from the master seed and the
     * switch: which of two equal queues a switch picks does not depend on the order other switches draw.
     */
    static SplittableRandom[] arTieStreams(FatTree tree, long seed) {
        SplittableRandom[] streams = new SplittableRandom[tree.nodeCount()];
        for (int n = 0; n < streams.length; n++) {
            if (tree.tierOf(n) > 0) {
                streams[n] = new SplittableRandom(Seeds.derive(seed, Seeds.AR_TIES, n));
            }
        }
        return streams;
    }

    /** Packet {@code pkt} arrives at switch {@code sw}: queue it at its output port. */
    void arrive(int sw, int pkt, long now) {
        int flow = pool.flow(pkt);
        byte type = pool.type(pkt);
        boolean towardsReceiver = type == PacketPool.DATA || type == PacketPool.HEADER;
        int dst = towardsReceiver ? flows.dst(flow) : flows.src(flow);
        int out;
        if (tree.isAncestor(sw, dst)) {
            out = tree.downlinkTowards(sw, dst);
        } else {
            int port = uplinkPort(sw, flow, pool.ev(pkt), dst);
            out = tree.uplink(sw, port);
            if (type == PacketPool.DATA && tree.tierOf(sw) == 1 && tree.torOf(flows.src(flow)) == sw) {
                flowUplinkCounts[flow * torUplinks + port]++;
            }
        }
        EgressPort p = links.port(out);
        if (type == PacketPool.DATA) {
            p.offerData(pool, pkt, flows.trafficClass(flow), now);
        } else {
            p.offerControl(pkt, now);
        }
        links.kick(out, now);
    }

    /** The {@link EventKind#FAILURE_DETECTED} event: routing stops using {@code link}. */
    void detectFailure(int link) {
        linkDown[link] = true;
        routing.recompute(linkDown);
    }

    /** Data packets per (flow, uplink of its source ToR): {@code [flow * torUplinks + port]}, a copy. */
    int[] flowUplinkCounts() {
        return flowUplinkCounts.clone();
    }

    /** The uplink switch {@code sw} gives a packet of {@code flow} with EV {@code ev} heading to {@code dst}. */
    private int uplinkPort(int sw, int flow, int ev, int dst) {
        long valid = routing.intact() ? UplinkSelector.ALL : routing.validUplinks(sw, tree.torIndexOf(dst));
        return UplinkSelector.select(flows.forwarding(flow), layout, sw, tree.tierOf(sw), tree.uplinkCount(sw), flow,
                ev, salt[sw], valid, queueDepths, arRandom[sw]);
    }
}
