package org.primelab.packet;

import java.util.SplittableRandom;
import org.primelab.core.random.Seeds;
import org.primelab.core.topology.FatTree;
import org.primelab.core.workload.TriggerRuntime;
import org.primelab.packet.engine.EventQueue;
import org.primelab.packet.net.PacketPool;

/**
 * One partition of a run ({@link PartitionedRun}): the nodes {@link Partitioning} gives it, with their ports,
 * their own event queue and packet pool, and the {@link Links}, {@link Switches} and {@link Hosts} that act
 * on them. It processes its events one window at a time, in the event queue's order, and hands packets
 * bound for other partitions to their {@link Outbox}es.
 */
final class Partition {
    /**
     * How many events ahead the loop touches the packet (an arrival) or port (a transmission end) that
     * event will need, so its cache miss overlaps the current event's work: 2 measured fastest of 1, 2, 4
     * on {@code prime bench} (packet-sim/README.md, "Performance"). Results do not depend on it.
     */
    static final int PREFETCH_AHEAD = 2;
    /** Room for events and packets a run starts with, shared by its partitions (both grow by doubling). */
    private static final int INITIAL_EVENTS = 1 << 16;
    private static final int INITIAL_PACKETS = 1 << 14;
    private static final int MIN_INITIAL_EVENTS = 1 << 10;
    private static final int MIN_INITIAL_PACKETS = 1 << 8;

    private final int index;
    private final FatTree tree;
    private final int hostCount;
    private final EventQueue events;
    private final PacketPool pool;
    private final Links links;
    private final Switches switches;
    private final Hosts hosts;
    /** {@code inboxes[from]}: what partition {@code from} sends this one. */
    private final Outbox[] inboxes;
    private int lastStretchPeak;
    /** Keeps the prefetching loads alive (a value nobody reads is otherwise optimized away). */
    @SuppressWarnings("unused")
    private long touchedSink;

    /**
     * @param boxes {@code boxes[from][to]}, the outboxes between every two partitions
     */
    Partition(int index, SimConfig config, Partitioning partitioning, Wiring wiring, RunFlows flows, Nics nics,
              long[] salts, SplittableRandom[] arTies, Switches.Shared shared, TriggerRuntime triggers,
              Outbox[][] boxes, int argBits) {
        this.index = index;
        this.tree = config.tree();
        this.hostCount = tree.hosts();
        int parts = partitioning.parts();
        this.events = new EventQueue(Math.max(MIN_INITIAL_EVENTS, INITIAL_EVENTS / parts), EventQueue.DEFAULT_BUCKET_SHIFT,
                EventQueue.DEFAULT_RING_BITS, argBits, Seeds.derive(config.seed(), Seeds.EVENT_TIES));
        this.pool = new PacketPool(Math.max(MIN_INITIAL_PACKETS, INITIAL_PACKETS / parts), config.ackEvery());
        this.links = new Links(tree, wiring, events, pool, nics, partitioning, index, boxes[index]);
        this.switches = new Switches(tree, flows, links, pool, salts, arTies, shared);
        this.hosts = new Hosts(config, flows, links, events, pool, triggers);
        this.inboxes = new Outbox[boxes.length];
        for (int from = 0; from < boxes.length; from++) {
            inboxes[from] = boxes[from][index];
        }
    }

    /** Puts an event on this partition's queue (before the run: flow starts, link failures). */
    void schedule(long timePs, int kind, int a, int b) {
        events.schedule(timePs, kind, a, b);
    }

    /**
     * Takes in what the other partitions sent during the last window, after noting the most packets this
     * partition held at once during it (its own, and those it sent others, until they are taken in).
     */
    void deliverInboxes() {
        lastStretchPeak = pool.takeStretchPeak();
        for (Outbox box : inboxes) {
            box.deliverInto(events, pool);
        }
    }

    /** The most packets this partition held at once during the last window ({@link #deliverInboxes}). */
    int lastStretchPeak() {
        return lastStretchPeak;
    }

    /** A lower bound on this partition's next event time, Long.MAX_VALUE if it has none. */
    long nextEventLowerBoundPs() {
        return events.nextTimeLowerBound();
    }

    /** Processes every event of this partition before {@code endPs}, in the queue's order. */
    void runWindow(long endPs) {
        EventQueue ev = events;
        long touched = 0;
        while (ev.nextTimeBefore(endPs) != Long.MAX_VALUE) {
            ev.pop();
            long now = ev.time();
            int ahead = ev.loadedAhead(PREFETCH_AHEAD);
            if (ahead >= 0) {
                int aheadKind = ev.kindOf(ahead);
                if (aheadKind == EventKind.ARRIVE) {
                    touched += pool.touch(ev.bOf(ahead));
                } else if (aheadKind == EventKind.TX_DONE) {
                    touched += links.touch(ev.aOf(ahead));
                }
            }
            switch (ev.kind()) {
                case EventKind.ARRIVE -> {
                    int node = tree.linkTarget(ev.a());
                    if (node < hostCount) {
                        hosts.arrive(node, ev.b(), now);
                    } else {
                        switches.arrive(node, ev.b(), now);
                    }
                }
                case EventKind.TX_DONE -> links.onTxDone(ev.a(), now);
                case EventKind.FLOW_START -> hosts.startFlow(ev.a(), now);
                case EventKind.RTO_CHECK -> hosts.checkTimeout(ev.a(), now);
                case EventKind.LINK_FAIL -> links.fail(ev.a());
                default -> throw new IllegalStateException("unknown event kind " + ev.kind());
            }
        }
        touchedSink += touched;
    }

    int index() {
        return index;
    }

    Switches switches() {
        return switches;
    }

    /** Flows this partition's hosts completed. */
    int completed() {
        return hosts.completed();
    }

    long lastCompletionPs() {
        return hosts.lastCompletionPs();
    }

    /** Events processed. */
    long processed() {
        return events.processed();
    }
}
