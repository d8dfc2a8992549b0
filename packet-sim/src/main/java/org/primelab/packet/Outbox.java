package org.primelab.packet;

import java.util.Arrays;
import org.primelab.packet.engine.EventQueue;
import org.primelab.packet.net.PacketPool;

/**
 * The packets one partition's links deliver into another partition during a window
 * ({@link PartitionedRun}): each arrival's time, the link it arrives on and a copy of the packet (its header
 * record and ACK list). The sending partition releases the packet from its pool when it posts it (its pool
 * still counts it as held until the window ends, for the peak packet count); the receiving partition, after the
 * window, takes it into its own pool and schedules its arrival. No packet
 * record is shared between partitions, so two threads never write the same memory during a window.
 *
 * <p>Every posted arrival is at least one propagation delay after the window's start, so at or after its
 * end ({@link PartitionedRun#windowPs}), never in the receiver's past.
 */
final class Outbox {
    private final int recordInts;
    private long[] timePs = new long[256];
    private int[] link = new int[256];
    private int[] records;
    private int count;

    Outbox(int recordInts) {
        this.recordInts = recordInts;
        this.records = new int[256 * recordInts];
    }

    /**
     * Posts packet {@code pkt} of {@code pool}, arriving over {@code arrivalLink} at {@code atPs}; releases it
     * there. {@code recordInts} must be {@link PacketPool#recordInts} of the pool's ACK size.
     */
    void post(long atPs, int arrivalLink, PacketPool pool, int pkt) {
        if (count == timePs.length) {
            timePs = Arrays.copyOf(timePs, count * 2);
            link = Arrays.copyOf(link, count * 2);
            records = Arrays.copyOf(records, count * 2 * recordInts);
        }
        timePs[count] = atPs;
        link[count] = arrivalLink;
        pool.copyOut(pkt, records, count * recordInts);
        count++;
    }

    /** Moves every posted packet into {@code pool} and schedules its arrival on {@code events}; empties the box. */
    void deliverInto(EventQueue events, PacketPool pool) {
        for (int i = 0; i < count; i++) {
            events.schedule(timePs[i], EventKind.ARRIVE, link[i], pool.copyIn(records, i * recordInts));
        }
        count = 0;
    }
}
