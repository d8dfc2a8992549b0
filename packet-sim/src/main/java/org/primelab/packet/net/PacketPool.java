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
 * {@code maxAcked}, the ACK coalescing factor), the receiver's cumulative point (every sequence number below it
 * received), the EV and ECN mark it echoes.
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
     * Header fields, one record of {@link #STRIDE} ints (16 bytes) per packet: flow, sequence, EV, and one word
     * packing the size on the wire, the type, the ECN mark, the ACK request and the ACK count. Four records
     * share a 64-byte cache line, half the memory of the 32-byte record this replaced, so more of the packets
     * in flight stay in cache; where the array's data starts on a 16-byte boundary no record spans two lines
     * (a 32-byte record starting 16 bytes into a line spanned two), so a hop that reads several fields costs
     * one miss. The sequence numbers an ACK lists live apart, in {@link #acked}, followed by its cumulative point.
     */
    private static final int STRIDE = 4;
    private static final int FLOW = 0;
    private static final int SEQ = 1;
    private static final int EV = 2;
    private static final int PACKED = 3;
    /** Bits of the packed word holding the size in bytes: up to {@value #MAX_BYTES} (the largest MTU accepted, 1 MiB). */
    private static final int SIZE_BITS = 21;
    /** The largest size a packet may have. */
    public static final int MAX_BYTES = (1 << SIZE_BITS) - 1;
    private static final int SIZE_MASK = MAX_BYTES;
    private static final int TYPE_SHIFT = SIZE_BITS;
    private static final int TYPE_MASK = 0b11 << TYPE_SHIFT;
    private static final int ECN_BIT = 1 << (TYPE_SHIFT + 2);
    private static final int ACK_REQUEST_BIT = ECN_BIT << 1;
    private static final int ACK_COUNT_SHIFT = TYPE_SHIFT + 4;
    /** The most sequence numbers one ACK may list (7 bits of the packed word). */
    public static final int MAX_ACKED = (1 << (32 - ACK_COUNT_SHIFT)) - 1;

    private final int maxAcked;
    /** Ints per packet in {@link #acked}: the listed sequence numbers, then the cumulative point. */
    private final int ackInts;
    private int[] fields;
    private int[] acked;
    private int[] free;
    private int freeTop;
    private int capacity;
    private int live;
    /**
     * The packets allocated plus those copied out ({@link #copyOut}, posted to another partition) since
     * {@link #takeStretchPeak} last ran: what this pool is answerable for until they are taken in elsewhere.
     */
    private int held;
    /** Most packets held at once since {@link #takeStretchPeak} last ran. */
    private int stretchPeak;

    /** A pool whose ACKs can list up to {@code maxAcked} sequence numbers (1 to {@link #MAX_ACKED}). */
    public PacketPool(int initialCapacity, int maxAcked) {
        if (maxAcked < 1 || maxAcked > MAX_ACKED) {
            throw new IllegalArgumentException("ack-every: must be in [1, " + MAX_ACKED + "], got " + maxAcked);
        }
        this.maxAcked = maxAcked;
        this.ackInts = maxAcked + 1;
        this.capacity = 0;
        this.fields = new int[0];
        this.acked = new int[0];
        this.free = new int[0];
        grow(Math.max(64, initialCapacity));
    }

    /** Takes a packet id and initializes its header fields; the ECN mark and the ACK request start clear. */
    public int allocate(byte t, int flowId, int sequence, int entropy, int bytes) {
        int id = takeId();
        int o = id * STRIDE;
        fields[o + FLOW] = flowId;
        fields[o + SEQ] = sequence;
        fields[o + EV] = entropy;
        fields[o + PACKED] = checkedBytes(bytes) | checkedType(t);
        if (t == ACK) {
            acked[id * ackInts + maxAcked] = 0;   // a recycled id must not carry an old cumulative point
        }
        return id;
    }

    /** A free packet id, counted live (the pool grows when none is free). */
    private int takeId() {
        if (freeTop == 0) {
            grow(capacity * 2);
        }
        live++;
        if (++held > stretchPeak) {
            stretchPeak = held;
        }
        return free[--freeTop];
    }

    private static int checkedBytes(int bytes) {
        if (bytes < 0 || bytes > MAX_BYTES) {
            throw new IllegalArgumentException("packet size: must be in [0, " + MAX_BYTES + "] bytes, got " + bytes);
        }
        return bytes;
    }

    /** The type's bits in the packed word; a type other than the four refused. */
    private static int checkedType(byte t) {
        if (t < DATA || t > NACK) {
            throw new IllegalArgumentException("packet type: must be DATA, HEADER, ACK or NACK (0-3), got " + t);
        }
        return t << TYPE_SHIFT;
    }

    /** Returns a packet id to the pool. */
    public void release(int id) {
        free[freeTop++] = id;
        live--;
        held--;
    }

    private void grow(int newCapacity) {
        fields = Arrays.copyOf(fields, newCapacity * STRIDE);
        acked = Arrays.copyOf(acked, newCapacity * ackInts);
        free = Arrays.copyOf(free, newCapacity);
        for (int id = newCapacity - 1; id >= capacity; id--) {
            free[freeTop++] = id;
        }
        capacity = newCapacity;
    }

    /** Reads a packet's record and returns a word of it: a load issued early so the record is in cache when needed. */
    public int touch(int id) {
        return fields[id * STRIDE + PACKED];
    }

    public byte type(int id) {
        return (byte) ((fields[id * STRIDE + PACKED] & TYPE_MASK) >>> TYPE_SHIFT);
    }

    public void setType(int id, byte t) {
        int o = id * STRIDE + PACKED;
        fields[o] = (fields[o] & ~TYPE_MASK) | checkedType(t);
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
        return fields[id * STRIDE + PACKED] & SIZE_MASK;
    }

    public void setSize(int id, int bytes) {
        int o = id * STRIDE + PACKED;
        fields[o] = (fields[o] & ~SIZE_MASK) | checkedBytes(bytes);
    }

    public boolean ecn(int id) {
        return (fields[id * STRIDE + PACKED] & ECN_BIT) != 0;
    }

    public void setEcn(int id, boolean mark) {
        int o = id * STRIDE + PACKED;
        fields[o] = mark ? fields[o] | ECN_BIT : fields[o] & ~ECN_BIT;
    }

    /** Whether a data packet asks its receiver for an ACK at once (the AR flag). */
    public boolean ackRequest(int id) {
        return (fields[id * STRIDE + PACKED] & ACK_REQUEST_BIT) != 0;
    }

    /** Sets a data packet's ACK request. */
    public void setAckRequest(int id) {
        fields[id * STRIDE + PACKED] |= ACK_REQUEST_BIT;
    }

    /** Sequence numbers an ACK acknowledges. */
    public int ackCount(int id) {
        return fields[id * STRIDE + PACKED] >>> ACK_COUNT_SHIFT;
    }

    /** The {@code i}-th sequence number an ACK acknowledges. */
    public int acked(int id, int i) {
        return acked[id * ackInts + i];
    }

    /** Appends a sequence number to an ACK (at most {@code maxAcked}). */
    public void addAcked(int id, int sequence) {
        int o = id * STRIDE + PACKED;
        int count = fields[o] >>> ACK_COUNT_SHIFT;
        if (count == maxAcked) {
            throw new IllegalStateException("ACK of packet " + id + " already lists " + maxAcked + " sequence numbers");
        }
        acked[id * ackInts + count] = sequence;
        fields[o] += 1 << ACK_COUNT_SHIFT;
    }

    /** An ACK's cumulative point: the receiver had every sequence number below it (0 until set). */
    public int cumulativeAck(int id) {
        return acked[id * ackInts + maxAcked];
    }

    /** Sets an ACK's cumulative point. */
    public void setCumulativeAck(int id, int sequence) {
        acked[id * ackInts + maxAcked] = sequence;
    }

    /** Ints {@link #copyOut} writes per packet in a pool whose ACKs list up to {@code maxAcked} sequence numbers. */
    public static int recordInts(int maxAcked) {
        return STRIDE + maxAcked + 1;
    }

    /**
     * Copies packet {@code id}'s header and ACK list into {@code into} from {@code at} ({@link #recordInts(int)}
     * ints) and releases its id: the packet leaves this pool for another one ({@link #copyIn}). It stays counted
     * as held here until the next {@link #takeStretchPeak}, when the other pool takes it in.
     */
    public void copyOut(int id, int[] into, int at) {
        System.arraycopy(fields, id * STRIDE, into, at, STRIDE);
        System.arraycopy(acked, id * ackInts, into, at + STRIDE, ackInts);
        free[freeTop++] = id;
        live--;   // still held: on its way to another partition until the window ends
    }

    /** Takes a packet id holding what {@link #copyOut} wrote at {@code at} of {@code from}, as it was. */
    public int copyIn(int[] from, int at) {
        int id = takeId();
        System.arraycopy(from, at, fields, id * STRIDE, STRIDE);
        System.arraycopy(from, at + STRIDE, acked, id * ackInts, ackInts);
        return id;
    }

    /** Packets currently allocated. */
    public int live() {
        return live;
    }

    /**
     * Most packets held at once since the last call (or since the pool was made), and a new stretch from now, in
     * which the packets copied out so far no longer count: a partitioned run bounds the whole fabric's peak one
     * window at a time with it, calling it before the window's packets are taken in by their partitions.
     */
    public int takeStretchPeak() {
        int peak = stretchPeak;
        held = live;
        stretchPeak = live;
        return peak;
    }
}
