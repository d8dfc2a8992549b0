package org.primelab.packet.net;

import java.util.Arrays;

/**
 * Every packet in flight, stored as fixed-size records in one primitive array and addressed by an int
 * id; ids are recycled through a free list, so the simulator allocates no packet objects on its hot path
 * (the pool grows by doubling until it reaches the run's working set).
 *
 * <p>A packet carries what a real header carries: its type, flow, sequence number, entropy value,
 * ECN mark and size on the wire; a data packet may carry an ACK request (the UET header's AR flag: the
 * receiver acknowledges it at once); an ACK also carries the sequence numbers it acknowledges (at most
 * {@code maxAcked}, the ACK coalescing factor), the EV and ECN mark it echoes.
 */
public final class PacketPool {
    /** A full data packet. */
    public static final byte DATA = 0;
    /** A data packet whose payload was trimmed at a full queue: the header travels on. */
    public static final byte HEADER = 1;
    /** A (coalesced) acknowledgement. */
    public static final byte ACK = 2;
    /** A negative acknowledgement for a trimmed packet. */
    public static final byte NACK = 3;

    /**
     * Header fields, one record of {@link #STRIDE} ints per packet (type, ECN mark, flow, sequence, EV,
     * size, ACK count, ACK request): a packet's fields share a cache line, so a hop that reads three of them costs one
     * miss, not three. The sequence numbers an ACK lists live apart, in {@link #acked}.
     */
    private static final int STRIDE = 8;
    private static final int TYPE = 0;
    private static final int ECN = 1;
    private static final int FLOW = 2;
    private static final int SEQ = 3;
    private static final int EV = 4;
    private static final int SIZE = 5;
    private static final int ACK_COUNT = 6;
    private static final int ACK_REQUEST = 7;

    private final int maxAcked;
    private int[] fields;
    private int[] acked;
    private int[] free;
    private int freeTop;
    private int capacity;
    private int live;
    private int peakLive;

    /** A pool whose ACKs can list up to {@code maxAcked} sequence numbers. */
    public PacketPool(int initialCapacity, int maxAcked) {
        this.maxAcked = maxAcked;
        this.capacity = 0;
        this.fields = new int[0];
        this.acked = new int[0];
        this.free = new int[0];
        grow(Math.max(64, initialCapacity));
    }

    /** Takes a packet id and initializes its header fields; the ECN mark and the ACK request start clear. */
    public int allocate(byte t, int flowId, int sequence, int entropy, int bytes) {
        if (freeTop == 0) {
            grow(capacity * 2);
        }
        int id = free[--freeTop];
        int o = id * STRIDE;
        fields[o + TYPE] = t;
        fields[o + ECN] = 0;
        fields[o + FLOW] = flowId;
        fields[o + SEQ] = sequence;
        fields[o + EV] = entropy;
        fields[o + SIZE] = bytes;
        fields[o + ACK_COUNT] = 0;
        fields[o + ACK_REQUEST] = 0;
        if (++live > peakLive) {
            peakLive = live;
        }
        return id;
    }

    /** Returns a packet id to the pool. */
    public void release(int id) {
        free[freeTop++] = id;
        live--;
    }

    private void grow(int newCapacity) {
        fields = Arrays.copyOf(fields, newCapacity * STRIDE);
        acked = Arrays.copyOf(acked, newCapacity * maxAcked);
        free = Arrays.copyOf(free, newCapacity);
        for (int id = newCapacity - 1; id >= capacity; id--) {
            free[freeTop++] = id;
        }
        capacity = newCapacity;
    }

    /** Reads a packet's record and returns a word of it: a load issued early so the record is in cache when needed. */
    public int touch(int id) {
        return fields[id * STRIDE];
    }

    public byte type(int id) {
        return (byte) fields[id * STRIDE + TYPE];
    }

    public void setType(int id, byte t) {
        fields[id * STRIDE + TYPE] = t;
    }

    public int flow(int id) {
        return fields[id * STRIDE + FLOW];
    }

    public int seq(int id) {
        return fields[id * STRIDE + SEQ];
    }

    public int ev(int id) {
        return fields[id * STRIDE + EV];
    }

    public int size(int id) {
        return fields[id * STRIDE + SIZE];
    }

    public void setSize(int id, int bytes) {
        fields[id * STRIDE + SIZE] = bytes;
    }

    public boolean ecn(int id) {
        return fields[id * STRIDE + ECN] != 0;
    }

    public void setEcn(int id, boolean mark) {
        fields[id * STRIDE + ECN] = mark ? 1 : 0;
    }

    /** Whether a data packet asks its receiver for an ACK at once (the AR flag). */
    public boolean ackRequest(int id) {
        return fields[id * STRIDE + ACK_REQUEST] != 0;
    }

    /** Sets a data packet's ACK request. */
    public void setAckRequest(int id) {
        fields[id * STRIDE + ACK_REQUEST] = 1;
    }

    /** Sequence numbers an ACK acknowledges. */
    public int ackCount(int id) {
        return fields[id * STRIDE + ACK_COUNT];
    }

    /** The {@code i}-th sequence number an ACK acknowledges. */
    public int acked(int id, int i) {
        return acked[id * maxAcked + i];
    }

    /** Appends a sequence number to an ACK (at most {@code maxAcked}). */
    public void addAcked(int id, int sequence) {
        acked[id * maxAcked + fields[id * STRIDE + ACK_COUNT]++] = sequence;
    }

    /** Packets currently allocated. */
    public int live() {
        return live;
    }

    /** Most packets allocated at once. */
    public int peakLive() {
        return peakLive;
    }
}
