package org.primelab.packet;

import org.primelab.core.metrics.FctConvention;
import org.primelab.core.topology.FatTree;
import org.primelab.core.workload.TriggerRuntime;
import org.primelab.packet.engine.EventQueue;
import org.primelab.packet.net.PacketPool;
import org.primelab.packet.transport.FlowReceiver;
import org.primelab.packet.transport.FlowSender;

/**
 * The end hosts: what happens when a flow starts, when its retransmission timer is due and when a packet
 * reaches a host. A receiver takes data and answers with a selective ACK when one is due (carrying the
 * EV and ECN mark of the packet that triggered it, and its cumulative point) and with a NACK for a trimmed
 * header at once; both go out through the host's control queue. A sender takes ACKs and NACKs and lets its
 * NIC send again. A flow is complete when its last new byte arrives (the paper's completion, receiver side) or, with
 * {@link SimConfig#fctAt()} at the sender, when the ACK that leaves no byte unacknowledged arrives (htsim's);
 * both moments are recorded. Triggers fire on these two moments and start the flows they release at
 * that instant. A flow's retransmission timer runs until its last ACK reaches the sender (a lost final ACK
 * is recovered by a retransmission the receiver acknowledges again), whichever end measures completion:
 * the sender knows only what reaches it, and a partitioned run ({@link PartitionedRun}) keeps the two ends
 * of a flow apart.
 */
final class Hosts {
    private final FatTree tree;
    private final RunFlows flows;
    private final Links links;
    private final EventQueue events;
    private final PacketPool pool;
    private final TriggerRuntime triggers;
    private final int[] triggered;
    private final int[] ackScratch;
    private final int headerBytes;
    private final long rtoPs;
    private final boolean completeAtSender;
    private int completed;
    private long lastCompletionPs;

    Hosts(SimConfig config, RunFlows flows, Links links, EventQueue events, PacketPool pool, TriggerRuntime triggers) {
        this.tree = config.tree();
        this.flows = flows;
        this.links = links;
        this.events = events;
        this.pool = pool;
        this.triggers = triggers;
        this.triggered = new int[triggers.maxStartedPerActivation()];
        this.ackScratch = new int[config.ackEvery()];
        this.headerBytes = config.headerBytes();
        this.rtoPs = config.effectiveRtoPs();
        this.completeAtSender = config.fctAt() == FctConvention.SENDER;
    }

    /** Flows complete so far, where {@link SimConfig#fctAt()} measures completion, among this partition's. */
    int completed() {
        return completed;
    }

    /** The moment the last of those flows completed (0 before any). */
    long lastCompletionPs() {
        return lastCompletionPs;
    }

    /** The {@link EventKind#FLOW_START} event: the flow's NIC may pull its packets; its timer starts. */
    void startFlow(int flow, long now) {
        flows.markStarted(flow);
        links.kick(tree.hostUplink(flows.src(flow)), now);
        events.schedule(now + rtoPs, EventKind.RTO_CHECK, flow, 0);
    }

    /** The {@link EventKind#RTO_CHECK} event: retransmit on timeout, then check again later. */
    void checkTimeout(int flow, long now) {
        FlowSender s = flows.sender(flow);
        if (s.finished()) {
            return;
        }
        if (s.checkTimeout(now, rtoPs)) {
            links.kick(tree.hostUplink(flows.src(flow)), now);
        }
        long next = Math.max(now + 1, s.nextTimeoutCheck(rtoPs));
        events.schedule(next, EventKind.RTO_CHECK, flow, 0);
    }

    /** Packet {@code pkt} arrives at {@code host}, which is its destination. */
    void arrive(int host, int pkt, long now) {
        int flow = pool.flow(pkt);
        switch (pool.type(pkt)) {
            case PacketPool.DATA -> {
                FlowReceiver r = flows.receiver(flow);
                boolean wasComplete = r.complete();
                int seq = pool.seq(pkt);
                // the payload is what the packet carries beyond its header: the receiver reads nothing of the
                // sender, whose state another thread may be writing (PartitionedRun)
                if (r.onData(seq, pool.size(pkt) - headerBytes, pool.ecn(pkt), pool.ackRequest(pkt), now)) {
                    int ack = pool.allocate(PacketPool.ACK, flow, seq, pool.ev(pkt), headerBytes);
                    pool.setEcn(ack, pool.ecn(pkt));
                    int[] pending = r.pending();
                    for (int i = 0; i < r.pendingCount(); i++) {
                        pool.addAcked(ack, pending[i]);
                    }
                    pool.setCumulativeAck(ack, r.cumulativeAck());
                    r.clearPending();
                    sendControl(host, ack, now);
                }
                if (!wasComplete && r.complete()) {
                    if (!completeAtSender) {
                        completed++;
                        lastCompletionPs = now;
                    }
                    startTriggered(triggers.onRecvDone(flow, triggered), now);
                }
            }
            case PacketPool.HEADER -> {
                int nack = pool.allocate(PacketPool.NACK, flow, pool.seq(pkt), pool.ev(pkt), headerBytes);
                sendControl(host, nack, now);
            }
            case PacketPool.ACK -> {
                int c = pool.ackCount(pkt);
                for (int i = 0; i < c; i++) {
                    ackScratch[i] = pool.acked(pkt, i);
                }
                FlowSender s = flows.sender(flow);
                s.onAck(ackScratch, c, pool.cumulativeAck(pkt), pool.seq(pkt), pool.ev(pkt), pool.ecn(pkt), now);
                if (flows.ackedPs(flow) == RunFlows.NOT_YET && s.finished()) {
                    flows.markAcked(flow, now);
                    if (completeAtSender) {
                        completed++;
                        lastCompletionPs = now;
                    }
                    startTriggered(triggers.onSendDone(flow, triggered), now);
                }
                links.kick(tree.hostUplink(host), now);
            }
            case PacketPool.NACK -> {
                flows.sender(flow).onNack(pool.seq(pkt), pool.ev(pkt), now);
                links.kick(tree.hostUplink(host), now);
            }
            default -> throw new IllegalStateException("unknown packet type " + pool.type(pkt));
        }
        pool.release(pkt);
    }

    /** Starts, now, the {@code count} flows a trigger released into {@link #triggered}. */
    private void startTriggered(int count, long now) {
        for (int i = 0; i < count; i++) {
            events.schedule(now, EventKind.FLOW_START, triggered[i], 0);
        }
    }

    private void sendControl(int host, int pkt, long now) {
        int link = tree.hostUplink(host);
        links.port(link).offerControl(pkt, now);
        links.kick(link, now);
    }
}
