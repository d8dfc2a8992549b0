package org.primelab.packet;

import org.primelab.core.topology.FatTree;
import org.primelab.packet.engine.EventQueue;
import org.primelab.packet.net.EgressPort;
import org.primelab.packet.net.PacketPool;

/**
 * Transmission on every directed link. A port that finds its wire free sends at once; otherwise one
 * {@link EventKind#TX_DONE} event wakes it when the wire frees (never more than one pending per port).
 * A transmission takes the port's next packet (control first, then data by the port's scheduling; a NIC
 * with nothing queued pulls data from its host's flows, {@link Nics}), occupies the wire for the
 * packet's serialization time and delivers it {@link EventKind#ARRIVE} over the link one propagation delay
 * after its last bit left (store-and-forward): on this partition's queue, or through the {@link Outbox} of
 * the partition that owns the far end. A failed link swallows what is sent on it. ECN marking happens at
 * dequeue, each port with its own stream ({@link EgressPort}).
 */
final class Links {
    private final FatTree tree;
    private final EgressPort[] ports;
    private final boolean[] fromHost;
    private final EventQueue events;
    private final PacketPool pool;
    private final Nics nics;
    private final int part;
    private final int[] nodePart;
    private final boolean partitioned;
    private final Outbox[] outboxes;

    /**
     * The links of partition {@code part}: it transmits on the ports of its nodes and sends arrivals at
     * other partitions' nodes through {@code outboxes[thatPartition]}.
     */
    Links(FatTree tree, Wiring wiring, EventQueue events, PacketPool pool, Nics nics, Partitioning partitioning,
          int part, Outbox[] outboxes) {
        this.tree = tree;
        this.ports = wiring.ports();
        this.fromHost = wiring.fromHost();
        this.events = events;
        this.pool = pool;
        this.nics = nics;
        this.part = part;
        this.nodePart = partitioning.nodePart();
        this.partitioned = partitioning.parts() > 1;
        this.outboxes = outboxes;
    }

    /** The port of {@code link}. */
    EgressPort port(int link) {
        return ports[link];
    }

    /** Every port, by link id. */
    EgressPort[] ports() {
        return ports;
    }

    /** Reads a word of {@code link}'s port: an early load (see {@code PacketSimulator}) that changes nothing. */
    long touch(int link) {
        return ports[link].busyUntil();
    }

    /** Makes sure the port transmits as soon as its wire is free. */
    void kick(int link, long now) {
        EgressPort p = ports[link];
        if (p.txPending()) {
            return;
        }
        if (p.busyUntil() <= now) {
            startTransmission(link, now);
        } else {
            p.setTxPending(true);
            events.schedule(p.busyUntil(), EventKind.TX_DONE, link, 0);
        }
    }

    /** The {@link EventKind#TX_DONE} event: the wire of {@code link} is free again. */
    void onTxDone(int link, long now) {
        ports[link].setTxPending(false);
        startTransmission(link, now);
    }

    /** The {@link EventKind#LINK_FAIL} event: from now on {@code link} swallows what it sends. */
    void fail(int link) {
        ports[link].setFailed(true);
    }

    private void startTransmission(int link, long now) {
        EgressPort p = ports[link];
        int pkt = p.poll(pool, now);
        boolean nic = fromHost[link];
        if (pkt < 0 && nic) {
            pkt = nics.pull(tree.linkSource(link), pool, now);
        }
        if (pkt < 0) {
            return;
        }
        if (nic && pool.type(pkt) == PacketPool.DATA) {
            p.countDirectData(pool.size(pkt));
        }
        long done = now + p.serializationPs(pool.size(pkt));
        p.setBusyUntil(done);
        if (p.failed()) {
            p.countLost(pool.type(pkt) == PacketPool.DATA);     // black hole: the wire is cut, the packet never arrives
            pool.release(pkt);
        } else {
            long at = done + p.propagationPs();
            int to = partitioned ? nodePart[tree.linkTarget(link)] : part;
            if (to == part) {
                events.schedule(at, EventKind.ARRIVE, link, pkt);
            } else {
                outboxes[to].post(at, link, pool, pkt);
            }
        }
        if (p.hasQueued() || (nic && nics.canSend(tree.linkSource(link)))) {
            p.setTxPending(true);
            events.schedule(done, EventKind.TX_DONE, link, 0);
        }
    }
}
