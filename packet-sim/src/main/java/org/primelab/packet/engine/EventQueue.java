package org.primelab.packet.engine;

import java.util.Arrays;

/**
 * The simulator's future event list, ordered by (time in picoseconds, kind, {@link #tieRank} of the first
 * argument, insertion sequence). Events at the same picosecond run by kind, then by a rank of their first
 * argument (the simulator makes that a link or flow id, unique among pending events of one kind and time),
 * so the order of a run's events is a function of the events alone, not of when or by whom they were
 * scheduled: a partitioned run ({@code org.primelab.packet.PartitionedRun}) processes each partition's
 * events in the order one queue would (docs/design.md, "The packet simulator"). The rank is a permutation
 * of the arguments drawn from a seed anew every microsecond, so no link or flow wins every tie (two
 * packets reaching one queue at the same picosecond: which is queued first, which is trimmed). The order is
 * exactly that of one binary heap in the same order, {@link EventHeap}; only the cost differs.
 *
 * <p><b>Structure: a calendar queue.</b> Time is cut into buckets of {@code 2^bucketShift} ps. A ring of
 * {@code 2^ringBits} buckets covers the near future; each ring bucket is a FIFO list of chunks of
 * {@value #CHUNK_EVENTS} events, appended in scheduling order, so within a bucket the events are already
 * in sequence order and are read back sequentially (a chunk is 256 contiguous bytes, which the hardware
 * prefetches; a list of single events would cost one serial cache miss per event).
 * The <i>current</i> bucket, the one holding the clock, is held apart: its events as one sortable
 * {@code long} key each, {@code (time - bucket start, kind, rank of the first argument, local index)}
 * packed into 63 bits, where the local index is the order in which the event entered the bucket (its
 * sequence order), and its kinds and arguments in arrays by local index. Events beyond the ring's span go to an {@link EventHeap}, the overflow. With
 * {@code c} the current bucket and {@code N} the ring size the invariants are:
 * <ul>
 *   <li>every pending event with time in bucket {@code c} is in the current bucket;</li>
 *   <li>an event in ring slot {@code s} belongs to the unique bucket {@code b ≡ s (mod N)} with
 *       {@code c < b < c + N} (it was put there with {@code b < c_then + N} and {@code c} only grows up to
 *       the first non-empty bucket);</li>
 *   <li>the overflow holds events of any later bucket.</li>
 * </ul>
 * When the current bucket runs dry, the clock moves to the earlier of the first non-empty ring bucket
 * (found with a bitmap of non-empty slots, 64 at a time) and the overflow's least bucket; that bucket's
 * overflow events and then its ring list become the new current bucket, and one sort of their keys puts
 * them in (time, kind, rank, sequence) order; they are then read in order. The few events scheduled into the
 * current bucket after that (delays shorter than a bucket) are inserted in place among the keys not yet
 * read. Scheduling is {@code O(1)} (an append) for ring events and popping costs a share of one sort
 * of a bucket's keys (a single {@code long[]}, in cache), against {@code O(log n)} over every pending
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
     * events per simulated nanosecond, so a bucket holds about a hundred and its keys stay in L1 cache;
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
    /**
     * Longs per event in a chunk: time, kind and first argument, second argument. No sequence number: a
     * ring event's place in its bucket's list is its sequence order.
     */
    private static final int EVENT_LONGS = 3;
    /** Events per chunk. */
    static final int CHUNK_EVENTS = 8;
    private static final int CHUNK_LONGS = CHUNK_EVENTS * EVENT_LONGS;
    private static final long LOW = 0xFFFF_FFFFL;
    /** Bits of a current-bucket key for the kind: kinds 0 to 7. */
    public static final int KIND_BITS = 3;
    /** A current bucket must be able to hold at least this many events ({@code 2^16}). */
    private static final int MIN_LOCAL_BITS = 16;

    /** Bits of the first argument in a current-bucket key: arguments in {@code [0, 2^argBits)}. */
    private final int argBits;
    /** Low bits of a current-bucket key that hold the local index; the argument, kind and offset sit above. */
    private final int localBits;
    private final long localMask;
    private final int kindShift;
    private final int offsetShift;

    private final int bucketShift;
    private final int ringSize;
    private final int ringMask;
    private final int[] head;
    private final int[] tail;
    private final int[] tailFill;
    private final long[] occupied;
    private int ringCount;

    /** Every chunk's events, {@link #CHUNK_LONGS} longs per chunk. */
    private long[] chunks;
    /** Next chunk of the same bucket, or the next free chunk. */
    private int[] chunkNext;
    private int freeChunk = NONE;
    private int chunksUsed;

    /**
     * The current bucket's events: their kind and first argument packed in one long, their second argument,
     * by local index (the order they entered the bucket, which is their sequence order).
     */
    private long[] localKindA;
    private int[] localB;
    private int localCount;
    /**
     * The current bucket's pending events as sort keys ({@link #key}: offset in the bucket, kind, tie rank,
     * local index): one long orders an event by (time, kind, rank, sequence) within the bucket. The events loaded when the
     * clock reached the bucket are sorted once and read in order from {@code loadedNext}; the few
     * scheduled into the bucket after that (delays shorter than a bucket) are inserted in place.
     */
    private long[] loadedKeys;
    private int loadedCount;
    private int loadedNext;
    private final EventHeap overflow;
    private long currentBucket;
    private long currentStart;
    private long currentEnd;
    /** The seed of the tie order ({@link #tieRank}). */
    private final long tieSeed;
    /** {@link #tieKey} of the current bucket's epoch (used when a bucket is no wider than an epoch). */
    private long currentTieKey;

    private int curKind;
    private int curA;
    private int curB;

    private int size;
    private long nextSeq;
    private long popped;
    private long curTime;

    /**
     * An empty queue with the default bucket width and ring, room for {@code initialCapacity} events, first
     * arguments in {@code [0, 2^31)}.
     */
    public EventQueue(int initialCapacity) {
        this(initialCapacity, DEFAULT_BUCKET_SHIFT, DEFAULT_RING_BITS, 31);
    }

    /** An empty queue with first arguments in {@code [0, 2^31)} (see {@link #EventQueue(int, int, int, int)}). */
    public EventQueue(int initialCapacity, int bucketShift, int ringBits) {
        this(initialCapacity, bucketShift, ringBits, 31);
    }

    /**
     * An empty queue with buckets of {@code 2^bucketShift} ps and a ring of {@code 2^ringBits} buckets,
     * for events whose first argument lies in {@code [0, 2^argBits)}. The order of events does not depend
     * on the bucket width or the ring; only the speed does. A current bucket holds at most
     * {@code 2^(63 - bucketShift - 3 - argBits)} events, refused below {@code 2^16}.
     */
    public EventQueue(int initialCapacity, int bucketShift, int ringBits, int argBits) {
        this(initialCapacity, bucketShift, ringBits, argBits, 0);
    }

    /**
     * {@link #EventQueue(int, int, int, int)} with ties ordered by the permutations {@code tieSeed} keys
     * ({@link #tieRank}).
     */
    public EventQueue(int initialCapacity, int bucketShift, int ringBits, int argBits, long tieSeed) {
        if (bucketShift < 0 || bucketShift > 30) {
            throw new IllegalArgumentException("bucketShift: must be in 0..30, got " + bucketShift);
        }
        if (ringBits < 6 || ringBits > 24) {
            throw new IllegalArgumentException("ringBits: must be in 6..24, got " + ringBits);
        }
        if (argBits < 1 || argBits > 31 || 63 - bucketShift - KIND_BITS - argBits < MIN_LOCAL_BITS) {
            throw new IllegalArgumentException("argBits: must be in 1.." + Math.min(31, 63 - bucketShift - KIND_BITS
                    - MIN_LOCAL_BITS) + " with a bucket of 2^" + bucketShift + " ps, got " + argBits);
        }
        this.argBits = argBits;
        this.tieSeed = tieSeed;
        this.localBits = 63 - bucketShift - KIND_BITS - argBits;
        this.localMask = (1L << localBits) - 1;
        this.kindShift = localBits + argBits;
        this.offsetShift = kindShift + KIND_BITS;
        this.bucketShift = bucketShift;
        this.ringSize = 1 << ringBits;
        this.ringMask = ringSize - 1;
        this.head = new int[ringSize];
        this.tail = new int[ringSize];
        this.tailFill = new int[ringSize];
        this.occupied = new long[ringSize >>> 6];
        int c = Math.max(1, initialCapacity / CHUNK_EVENTS);
        chunks = new long[c * CHUNK_LONGS];
        chunkNext = new int[c];
        localKindA = new long[256];
        localB = new int[256];
        loadedKeys = new long[256];
        overflow = new EventHeap(256, argBits, tieSeed);
        currentBucket = 0;
        currentStart = 0;
        currentEnd = 1L << bucketShift;
        currentTieKey = tieKey(0, tieSeed);
    }

    /**
     * Schedules an event; {@code timePs} must not be before the current time, {@code kind} must be in
     * {@code [0, 8)} and {@code a} in {@code [0, 2^argBits)}.
     */
    public void schedule(long timePs, int kind, int a, int b) {
        if (timePs < curTime) {
            throw new IllegalStateException("event scheduled in the past: " + timePs + " < " + curTime);
        }
        if ((kind >>> KIND_BITS) != 0 || (a >>> argBits) != 0) {
            throw new IllegalArgumentException("event kind " + kind + " or first argument " + a
                    + " out of range: kind in [0, 8), argument in [0, 2^" + argBits + ")");
        }
        long seq = nextSeq++;
        size++;
        if (timePs < currentEnd) {
            insertLate(timePs, kind, a, b);
            return;
        }
        long bucket = timePs >>> bucketShift;
        if (bucket - currentBucket >= ringSize) {
            overflow.push(timePs, seq, kind, a, b);
            return;
        }
        int r = (int) bucket & ringMask;
        int c;
        if ((occupied[r >>> 6] & (1L << r)) == 0) {
            occupied[r >>> 6] |= 1L << r;
            c = takeChunk();
            head[r] = c;
            tail[r] = c;
            tailFill[r] = 0;
        } else if (tailFill[r] == CHUNK_EVENTS) {
            c = takeChunk();
            chunkNext[tail[r]] = c;
            tail[r] = c;
            tailFill[r] = 0;
        } else {
            c = tail[r];
        }
        int o = c * CHUNK_LONGS + tailFill[r]++ * EVENT_LONGS;
        chunks[o] = timePs;
        chunks[o + 1] = ((long) kind << 32) | (a & LOW);
        chunks[o + 2] = b;
        ringCount++;
    }

    /**
     * A lower bound on the earliest pending event's time, exact when the current bucket still holds events
     * (otherwise the start of the next non-empty bucket, or the overflow's least time); Long.MAX_VALUE when
     * nothing is pending. Changes nothing: events may still be scheduled at any time from the clock on.
     */
    public long nextTimeLowerBound() {
        if (size == 0) {
            return Long.MAX_VALUE;
        }
        if (loadedNext < loadedCount) {
            return currentStart + (loadedKeys[loadedNext] >>> offsetShift);
        }
        long ring = ringCount > 0 ? nextRingBucket() << bucketShift : Long.MAX_VALUE;
        return overflow.isEmpty() ? ring : Math.min(ring, overflow.minTime());
    }

    /**
     * The earliest pending event's time if it is before {@code limitPs}, else Long.MAX_VALUE. It may move
     * the current bucket forward, but only to a bucket that starts before {@code limitPs}: afterwards events
     * may still be scheduled at any time from {@code limitPs} on (a partitioned run's next inbox).
     */
    public long nextTimeBefore(long limitPs) {
        if (size == 0) {
            return Long.MAX_VALUE;
        }
        if (loadedNext == loadedCount) {
            if (nextTimeLowerBound() >= limitPs) {
                return Long.MAX_VALUE;
            }
            advance();
        }
        long t = currentStart + (loadedKeys[loadedNext] >>> offsetShift);
        return t < limitPs ? t : Long.MAX_VALUE;
    }

    /** Removes the earliest event and makes it current; the clock never runs backwards. */
    public void pop() {
        if (size == 0) {
            throw new IllegalStateException("pop on an empty event queue");
        }
        if (loadedNext == loadedCount) {
            advance();
        }
        long key = loadedKeys[loadedNext++];
        int local = (int) (key & localMask);
        long ka = localKindA[local];
        curTime = currentStart + (key >>> offsetShift);
        curKind = (int) (ka >>> 32);
        curA = (int) ka;
        curB = localB[local];
        size--;
        popped++;
    }

    /**
     * Moves the current bucket to the next one holding an event and loads its events: first those from
     * the overflow, then those of the ring slot. Every overflow event of a bucket was scheduled before
     * every ring event of it (it went to the overflow because the clock was then at least a ring's span
     * earlier, and the clock only moves forward), so this is sequence order wherever times tie, and one
     * sort of the keys gives (time, kind, rank, sequence) order.
     */
    private void advance() {
        long ringNext = ringCount > 0 ? nextRingBucket() : Long.MAX_VALUE;
        long next = overflow.isEmpty() ? ringNext : Math.min(ringNext, overflow.minTime() >>> bucketShift);
        currentBucket = next;
        currentStart = next << bucketShift;
        currentEnd = (next + 1) << bucketShift;
        currentTieKey = tieKey(currentStart, tieSeed);   // the bucket's epoch (a bucket never spans two)
        localCount = 0;
        loadedCount = 0;
        loadedNext = 0;
        while (!overflow.isEmpty() && overflow.minTime() < currentEnd) {
            overflow.pop();
            load(overflow.time(), ((long) overflow.kind() << 32) | (overflow.a() & LOW), overflow.b());
        }
        if (next == ringNext) {
            // By the ring invariant every event in this slot is of bucket `next` exactly.
            int r = (int) next & ringMask;
            occupied[r >>> 6] &= ~(1L << r);
            int c = head[r];
            int last = tail[r];
            while (c != NONE) {
                int n = c == last ? tailFill[r] : CHUNK_EVENTS;
                for (int o = c * CHUNK_LONGS, end = o + n * EVENT_LONGS; o < end; o += EVENT_LONGS) {
                    load(chunks[o], chunks[o + 1], (int) chunks[o + 2]);
                }
                ringCount -= n;
                int following = chunkNext[c];
                chunkNext[c] = freeChunk;
                freeChunk = c;
                c = following;
            }
        }
        Arrays.sort(loadedKeys, 0, loadedCount);
    }

    /** Adds an event of the current bucket, at the end of its local order, to the keys to sort. */
    private void load(long timePs, long kindA, int b) {
        int local = addLocal(kindA, b);
        if (loadedCount == loadedKeys.length) {
            loadedKeys = Arrays.copyOf(loadedKeys, loadedCount * 2);
        }
        loadedKeys[loadedCount++] = key(timePs, kindA, local);
    }

    /** The sort key of an event of the current bucket: offset, kind, rank of the first argument, local index. */
    private long key(long timePs, long kindA, int local) {
        long tie = bucketShift <= TIE_EPOCH_SHIFT ? currentTieKey : tieKey(timePs, tieSeed);
        return ((timePs - currentStart) << offsetShift) | ((kindA >>> 32) << kindShift)
                | ((long) scramble((int) kindA, tie, argBits) << localBits) | local;
    }

    /**
     * The rank that orders events of one kind at picosecond {@code timePs} by their first argument {@code a}:
     * a keyed bijection of {@code [0, 2^argBits)} ({@link #scramble}), keyed by a SplitMix64 hash of the
     * seed and the time's epoch ({@code timePs >> }{@value #TIE_EPOCH_SHIFT}, about a microsecond). Distinct
     * arguments never tie; the order of any few arguments is close to a uniform random permutation, drawn
     * anew each epoch, so no link or flow wins the ties of a run (three links into one queue: each of their
     * six orders comes up alike, tested; an xor with a random mask, tried first, gave four of the six and put
     * one link last in half of the epochs).
     * Within an epoch the order is fixed, as a switch's arbiter might hold a priority for a while. That does
     * not make sorting a bucket cheap: a packet hop (600 ns of wire and a serialization) often ends in the next
     * epoch, whose permutation differs, so tied events enter a bucket in no particular rank order. Sorting
     * rose from 9% to 13% of a one-thread run's samples against the earlier order by argument (async-profiler,
     * 3-tier k=16 800G 8 MB); a longer epoch would sort faster but changes which event wins each tie.
     */
    public static int tieRank(int a, long timePs, int argBits, long tieSeed) {
        return scramble(a, tieKey(timePs, tieSeed), argBits);
    }

    /** Picoseconds per epoch of the tie order, as a shift: {@code 2^20} ps, 1.05 us. */
    public static final int TIE_EPOCH_SHIFT = 20;

    /** The SplitMix64 hash of {@code timePs}'s epoch and the seed that keys {@link #tieRank}'s permutation. */
    private static long tieKey(long timePs, long tieSeed) {
        long h = (timePs >> TIE_EPOCH_SHIFT) * 0x9E3779B97F4A7C15L + tieSeed;
        h = (h ^ (h >>> 30)) * 0xBF58476D1CE4E5B9L;
        h = (h ^ (h >>> 27)) * 0x94D049BB133111EBL;
        return h ^ (h >>> 31);
    }

    /**
     * A keyed bijection of {@code [0, 2^bits)}: add, multiply by an odd constant, xor-shift, multiply, xor,
     * each invertible modulo {@code 2^bits}.
     */
    private static int scramble(int a, long key, int bits) {
        int mask = (int) ((1L << bits) - 1);
        int x = (a + (int) key) & mask;
        x = (x * 0x9E3779B1) & mask;
        x ^= x >>> ((bits + 1) >>> 1);
        x = (x * 0x85EBCA6B) & mask;
        return x ^ ((int) (key >>> 32) & mask);
    }

    private int addLocal(long kindA, int b) {
        if (localCount > localMask) {
            throw new IllegalStateException("more than " + (localMask + 1) + " events in one bucket of the event queue");
        }
        if (localCount == localKindA.length) {
            localKindA = Arrays.copyOf(localKindA, localCount * 2);
            localB = Arrays.copyOf(localB, localCount * 2);
        }
        localKindA[localCount] = kindA;
        localB[localCount] = b;
        return localCount++;
    }

    /**
     * An event scheduled into the current bucket after it was loaded: its key goes into place among the
     * keys not yet read (never before the next one to read: an event at the clock's picosecond with a
     * smaller kind or argument than the current one is the next popped, as one heap would pop it). The keys
     * after it (events later in the same bucket, about a hundred with the default width) move up one.
     */
    private void insertLate(long timePs, int kind, int a, int b) {
        long kindA = ((long) kind << 32) | (a & LOW);
        int local = addLocal(kindA, b);
        long key = key(timePs, kindA, local);
        if (loadedCount == loadedKeys.length) {
            loadedKeys = Arrays.copyOf(loadedKeys, loadedCount * 2);
        }
        int i = loadedCount++;
        while (i > loadedNext && loadedKeys[i - 1] > key) {
            loadedKeys[i] = loadedKeys[i - 1];
            i--;
        }
        loadedKeys[i] = key;
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

    /** A chunk for a bucket's list, with no successor. */
    private int takeChunk() {
        int c;
        if (freeChunk != NONE) {
            c = freeChunk;
            freeChunk = chunkNext[c];
        } else {
            if (chunksUsed == chunkNext.length) {
                chunkNext = Arrays.copyOf(chunkNext, chunkNext.length * 2);
                chunks = Arrays.copyOf(chunks, chunks.length * 2);
            }
            c = chunksUsed++;
        }
        chunkNext[c] = NONE;
        return c;
    }

    /**
     * The event {@code ahead} places after the current one in this bucket, as its local index, or -1 if
     * the bucket holds no such event (the next bucket is not looked at). A hint for the caller to
     * touch the memory that event will need while the current one runs; never needed for correctness.
     */
    public int loadedAhead(int ahead) {
        int i = loadedNext + ahead - 1;
        return i < loadedCount ? (int) (loadedKeys[i] & localMask) : -1;
    }

    /** Kind of the loaded event with local index {@code local} ({@link #loadedAhead}). */
    public int kindOf(int local) {
        return (int) (localKindA[local] >>> 32);
    }

    /** First argument of the loaded event with local index {@code local}. */
    public int aOf(int local) {
        return (int) localKindA[local];
    }

    /** Second argument of the loaded event with local index {@code local}. */
    public int bOf(int local) {
        return localB[local];
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
        return curKind;
    }

    /** First argument of the current event. */
    public int a() {
        return curA;
    }

    /** Second argument of the current event. */
    public int b() {
        return curB;
    }

    /** Events popped so far. */
    public long processed() {
        return popped;
    }
}
