package org.primelab.packet.engine;

import java.util.Arrays;

/**
 * The simulator's future event list, ordered by (time in picoseconds, insertion sequence): events at the
 * same picosecond run in the order they were scheduled, so a run is deterministic (docs/design.md, "The
 * packet simulator"). The order is exactly that of one binary heap on (time, sequence); only the cost
 * differs.
 *
 * <p><b>Structure: a calendar queue.</b> Time is cut into buckets of {@code 2^bucketShift} ps. A ring of
 * {@code 2^ringBits} buckets covers the near future; each ring bucket is a singly linked FIFO list of
 * event slots, appended in scheduling order, so within a bucket the list is already in sequence order.
 * The <i>current</i> bucket, the one holding the clock, lives in a small {@link EventHeap} ordered by
 * (time, sequence); events beyond the ring's span go to a second {@link EventHeap}, the overflow. With
 * {@code c} the current bucket and {@code N} the ring size the invariants are:
 * <ul>
 *   <li>every pending event with time in bucket {@code c} is in the current heap;</li>
 *   <li>an event in ring slot {@code s} belongs to the unique bucket {@code b ≡ s (mod N)} with
 *       {@code c < b < c + N} (it was put there with {@code b < c_then + N} and {@code c} only grows up to
 *       the first non-empty bucket);</li>
 *   <li>the overflow holds events of any later bucket.</li>
 * </ul>
 * When the current heap runs dry, the clock moves to the earlier of the first non-empty ring bucket
 * (found with a bitmap of non-empty slots, 64 at a time) and the overflow's least bucket; that bucket's
 * list and the overflow's events falling into it move into the current heap, which then orders them by
 * (time, sequence). Scheduling is {@code O(1)} (an append) for ring events and popping
 * {@code O(log m)} with {@code m} the events of one bucket, against {@code O(log n)} over every pending
 * event with cache misses at each level for one big heap.
 *
 * <p>Every structure is a primitive array that grows by doubling and never shrinks: once the run has
 * reached its working set, scheduling and popping allocate nothing.
 *
 * <p>Usage: {@code schedule(t, kind, a, b)}; then {@code while (!isEmpty()) { pop(); use time(),
 * kind(), a(), b() }}. {@link #schedule} refuses a time before the clock.
 */
public final class EventQueue {
    /**
     * Default bucket width: {@code 2^9} ps = 0.512 ns. The paper's 2048-host 400G fabric runs about 200
     * events per simulated nanosecond, so a bucket holds about a hundred and its heap stays in L1 cache;
     * smaller fabrics leave buckets empty, which the bitmap skips 64 at a time.
     */
    public static final int DEFAULT_BUCKET_SHIFT = 9;
    /**
     * Default ring size: {@code 2^16} buckets, a span of 33.5 us, beyond a packet hop at any rate we
     * simulate (an MTU at 100 Gb/s and 600 ns of wire is under 1 us); retransmission checks, ten round trips
     * ahead, may go to the overflow.
     */
    public static final int DEFAULT_RING_BITS = 16;

    private static final int NONE = -1;
    private static final int SLOT_LONGS = 4;
    private static final long LOW = 0xFFFF_FFFFL;

    private final int bucketShift;
    private final int ringSize;
    private final int ringMask;
    private final int[] head;
    private final int[] tail;
    private final long[] occupied;
    private int ringCount;

    /**
     * Ring events, one record of {@link #SLOT_LONGS} longs per slot: time, sequence, kind and first
     * argument, second argument and the next slot of its bucket's list. One array rather than a column
     * per field: a slot is read once, long after it was written, so its fields should share a cache line.
     */
    private long[] slots;
    private int freeSlot = NONE;
    private int slotsUsed;

    private final EventHeap current;
    private final EventHeap overflow;
    private long currentBucket;
    private long currentEnd;

    private int size;
    private long nextSeq;
    private long popped;
    private long curTime;

    /** An empty queue with the default bucket width and ring, room for {@code initialCapacity} events. */
    public EventQueue(int initialCapacity) {
        this(initialCapacity, DEFAULT_BUCKET_SHIFT, DEFAULT_RING_BITS);
    }

    /**
     * An empty queue with buckets of {@code 2^bucketShift} ps and a ring of {@code 2^ringBits} buckets.
     * The order of events does not depend on either; only the speed does.
     */
    public EventQueue(int initialCapacity, int bucketShift, int ringBits) {
        if (bucketShift < 0 || bucketShift > 40) {
            throw new IllegalArgumentException("bucketShift: must be in 0..40, got " + bucketShift);
        }
        if (ringBits < 6 || ringBits > 24) {
            throw new IllegalArgumentException("ringBits: must be in 6..24, got " + ringBits);
        }
        this.bucketShift = bucketShift;
        this.ringSize = 1 << ringBits;
        this.ringMask = ringSize - 1;
        this.head = new int[ringSize];
        this.tail = new int[ringSize];
        this.occupied = new long[ringSize >>> 6];
        int c = Math.max(16, initialCapacity);
        slots = new long[c * SLOT_LONGS];
        current = new EventHeap(256);
        overflow = new EventHeap(256);
        currentBucket = 0;
        currentEnd = 1L << bucketShift;
    }

    /** Schedules an event; {@code timePs} must not be before the current time. */
    public void schedule(long timePs, int kind, int a, int b) {
        if (timePs < curTime) {
            throw new IllegalStateException("event scheduled in the past: " + timePs + " < " + curTime);
        }
        long seq = nextSeq++;
        size++;
        if (timePs < currentEnd) {
            current.push(timePs, seq, kind, a, b);
            return;
        }
        long bucket = timePs >>> bucketShift;
        if (bucket - currentBucket >= ringSize) {
            overflow.push(timePs, seq, kind, a, b);
            return;
        }
        int s = takeSlot();
        int o = s * SLOT_LONGS;
        slots[o] = timePs;
        slots[o + 1] = seq;
        slots[o + 2] = ((long) kind << 32) | (a & LOW);
        slots[o + 3] = ((long) b << 32) | (NONE & LOW);
        int r = (int) bucket & ringMask;
        if ((occupied[r >>> 6] & (1L << r)) == 0) {
            occupied[r >>> 6] |= 1L << r;
            head[r] = s;
        } else {
            setNext(tail[r], s);
        }
        tail[r] = s;
        ringCount++;
    }

    /** Removes the earliest event and makes it current; the clock never runs backwards. */
    public void pop() {
        if (size == 0) {
            throw new IllegalStateException("pop on an empty event queue");
        }
        if (current.isEmpty()) {
            advance();
        }
        current.pop();
        curTime = current.time();
        size--;
        popped++;
    }

    /** Moves the current bucket to the next one holding an event and loads its events into the heap. */
    private void advance() {
        long ringNext = ringCount > 0 ? nextRingBucket() : Long.MAX_VALUE;
        long next = overflow.isEmpty() ? ringNext : Math.min(ringNext, overflow.minTime() >>> bucketShift);
        currentBucket = next;
        currentEnd = (next + 1) << bucketShift;
        if (next == ringNext) {
            // By the ring invariant every event in this slot is of bucket `next` exactly.
            int r = (int) next & ringMask;
            occupied[r >>> 6] &= ~(1L << r);
            int s = head[r];
            while (s != NONE) {
                int o = s * SLOT_LONGS;
                long ka = slots[o + 2];
                long bn = slots[o + 3];
                current.append(slots[o], slots[o + 1], (int) (ka >>> 32), (int) ka, (int) (bn >>> 32));
                int n = (int) bn;
                setNext(s, freeSlot);
                freeSlot = s;
                ringCount--;
                s = n;
            }
        }
        while (!overflow.isEmpty() && overflow.minTime() < currentEnd) {
            overflow.pop();
            current.append(overflow.time(), overflow.seq(), overflow.kind(), overflow.a(), overflow.b());
        }
        current.heapify();
    }

    /** The first bucket after the current one whose ring slot holds events (the ring must not be empty). */
    private long nextRingBucket() {
        long start = currentBucket + 1;
        int idx = (int) start & ringMask;
        int word = idx >>> 6;
        long bits = occupied[word] & (-1L << (idx & 63));
        long base = start - (idx & 63);             // bucket of bit 0 of `word`, in this lap of the ring
        int words = occupied.length;
        for (int i = 0; i <= words; i++) {
            if (bits != 0) {
                return base + Long.numberOfTrailingZeros(bits);
            }
            base += 64;
            word = word + 1 == words ? 0 : word + 1;
            bits = occupied[word];
        }
        throw new IllegalStateException("ring count " + ringCount + " but no occupied bucket");
    }

    private int takeSlot() {
        if (freeSlot != NONE) {
            int s = freeSlot;
            freeSlot = (int) slots[s * SLOT_LONGS + 3];
            return s;
        }
        if ((slotsUsed + 1) * SLOT_LONGS > slots.length) {
            slots = Arrays.copyOf(slots, slots.length * 2);
        }
        return slotsUsed++;
    }

    /** Sets the list successor of slot {@code s}, keeping its second argument. */
    private void setNext(int s, int next) {
        int o = s * SLOT_LONGS + 3;
        slots[o] = (slots[o] & ~LOW) | (next & LOW);
    }

    /** True if no event is pending. */
    public boolean isEmpty() {
        return size == 0;
    }

    /** Pending events. */
    public int size() {
        return size;
    }

    /** Time of the current (last popped) event: the simulation clock. */
    public long time() {
        return curTime;
    }

    /** Kind of the current event. */
    public int kind() {
        return current.kind();
    }

    /** First argument of the current event. */
    public int a() {
        return current.a();
    }

    /** Second argument of the current event. */
    public int b() {
        return current.b();
    }

    /** Events popped so far. */
    public long processed() {
        return popped;
    }
}
