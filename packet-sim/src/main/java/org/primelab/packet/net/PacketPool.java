package org.primelab.packet.net;

import java.util.Arrays;

/**
 * Every packet in flight, stored as columns of primitive arrays and addressed by an int id; ids are
 * recycled through a free list, so the simulator allocates no packet objects on its hot path (the
 * pool grows by doubling until it reaches the run's working set).
 *
 * <p>A packet carries what a real header carries: its type, flow, sequence number, entropy value,
 * ECN mark and size on the wire; an ACK also carries the sequence numbers it acknowledges (at most
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

    private final int maxAcked;
    private byte[] type;
    private boolean[] ecn;
    private int[] flow;
    private int[] seq;
    private int[] ev;
    private int[] size;
    private int[] ackCount;
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
        this.type = new byte[0];
        this.ecn = new boolean[0];
        this.flow = new int[0];
        this.seq = new int[0];
        this.ev = new int[0];
        this.size = new int[0];
        this.ackCount = new int[0];
        this.acked = new int[0];
        this.free = new int[0];
        grow(Math.max(64, initialCapacity));
    }

    /** Takes a packet id and initializes its header fields; the ECN mark starts clear. */
    public int allocate(byte t, int flowId, int sequence, int entropy, int bytes) {
        if (freeTop == 0) {
            grow(capacity * 2);
        }
        int id = free[--freeTop];
        type[id] = t;
        flow[id] = flowId;
        seq[id] = sequence;
        ev[id] = entropy;
        size[id] = bytes;
        ecn[id] = false;
        ackCount[id] = 0;
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
        type = Arrays.copyOf(type, newCapacity);
        ecn = Arrays.copyOf(ecn, newCapacity);
        flow = Arrays.copyOf(flow, newCapacity);
        seq = Arrays.copyOf(seq, newCapacity);
        ev = Arrays.copyOf(ev, newCapacity);
        size = Arrays.copyOf(size, newCapacity);
        ackCount = Arrays.copyOf(ackCount, newCapacity);
        acked = Arrays.copyOf(acked, newCapacity * maxAcked);
        free = Arrays.copyOf(free, newCapacity);
        for (int id = newCapacity - 1; id >= capacity; id--) {
            free[freeTop++] = id;
        }
        capacity = newCapacity;
    }

    public byte type(int id) {
        return type[id];
    }

    public void setType(int id, byte t) {
        type[id] = t;
    }

    public int flow(int id) {
        return flow[id];
    }

    public int seq(int id) {
        return seq[id];
    }

    public int ev(int id) {
        return ev[id];
    }

    public int size(int id) {
        return size[id];
    }

    public void setSize(int id, int bytes) {
        size[id] = bytes;
    }

    public boolean ecn(int id) {
        return ecn[id];
    }

    public void setEcn(int id, boolean mark) {
        ecn[id] = mark;
    }

    /** Sequence numbers an ACK acknowledges. */
    public int ackCount(int id) {
        return ackCount[id];
    }

    /** The {@code i}-th sequence number an ACK acknowledges. */
    public int acked(int id, int i) {
        return acked[id * maxAcked + i];
    }

    /** Appends a sequence number to an ACK (at most {@code maxAcked}). */
    public void addAcked(int id, int sequence) {
        acked[id * maxAcked + ackCount[id]++] = sequence;
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
