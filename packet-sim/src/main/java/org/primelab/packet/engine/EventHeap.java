package org.primelab.packet.engine;

import java.util.Arrays;

/**
 * A binary min-heap of events ordered by (time in picoseconds, kind, {@link EventQueue#tieRank} of the first
 * argument, insertion sequence), on parallel primitive
 * arrays that grow by doubling and are never shrunk, so pushing and popping allocate nothing once the heap
 * has reached its working size.
 *
 * <p>An event is a time, its sequence number and three ints: a kind and two arguments. Of two events at the
 * same picosecond the one of the smaller kind runs first, then the one whose first argument ranks first at
 * that time, then the one scheduled first; {@link EventQueue} explains why. {@link #pop()} removes the least
 * event and keeps its fields readable through {@link #time()}, {@link #kind()},
 * {@link #a()}, {@link #b()} until the next pop. The heap does not check the clock; {@link EventQueue}
 * does.
 *
 * <p>Cost: {@code O(log n)} per push and pop, each level touching the five columns at one index. The
 * calendar {@link EventQueue} keeps one of these for the rare events scheduled beyond its ring; the
 * property tests use one as the reference order.
 */
public final class EventHeap {
    private long[] times;
    private long[] seqs;
    private int[] kinds;
    private int[] as;
    private int[] bs;
    private int size;

    private long topTime;
    private int topKind;
    private int topA;
    private int topB;

    /** An empty heap with room for {@code initialCapacity} events before it grows. */
    private final int argBits;
    private final long tieSeed;

    /** An empty heap for first arguments in {@code [0, 2^31)}, ties ordered with seed 0. */
    public EventHeap(int initialCapacity) {
        this(initialCapacity, 31, 0);
    }

    /**
     * An empty heap for first arguments in {@code [0, 2^argBits)}, their ties ordered by
     * {@link EventQueue#tieRank} with {@code tieSeed}.
     */
    public EventHeap(int initialCapacity, int argBits, long tieSeed) {
        this.argBits = argBits;
        this.tieSeed = tieSeed;
        int c = Math.max(16, initialCapacity);
        times = new long[c];
        seqs = new long[c];
        kinds = new int[c];
        as = new int[c];
        bs = new int[c];
    }

    /** Adds an event; {@code seq} must be unique (the queue's insertion counter). */
    public void push(long timePs, long seq, int kind, int a, int b) {
        if (size == times.length) {
            grow();
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (before(parent, timePs, kind, a, seq)) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        times[i] = timePs;
        seqs[i] = seq;
        kinds[i] = kind;
        as[i] = a;
        bs[i] = b;
    }

    /** Removes the least event (by time, then sequence) and makes its fields readable. */
    public void pop() {
        if (size == 0) {
            throw new IllegalStateException("pop on an empty event heap");
        }
        topTime = times[0];
        topKind = kinds[0];
        topA = as[0];
        topB = bs[0];
        int last = --size;
        if (last == 0) {
            return;
        }
        siftDown(0, times[last], seqs[last], kinds[last], as[last], bs[last], last);
    }

    /** Places the given event at {@code i} or below, in a heap of {@code n} events. */
    private void siftDown(int i, long lt, long ls, int lk, int la, int lb, int n) {
        int half = n >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < n && before(right, times[child], kinds[child], as[child], seqs[child])) {
                child = right;
            }
            if (!before(child, lt, lk, la, ls)) {
                break;
            }
            move(child, i);
            i = child;
        }
        times[i] = lt;
        seqs[i] = ls;
        kinds[i] = lk;
        as[i] = la;
        bs[i] = lb;
    }

    /** Whether the event at {@code i} comes before the event (time, kind, a, seq). */
    private boolean before(int i, long time, int kind, int a, long seq) {
        if (times[i] != time) {
            return times[i] < time;
        }
        if (kinds[i] != kind) {
            return kinds[i] < kind;
        }
        if (as[i] != a) {
            return EventQueue.tieRank(as[i], time, argBits, tieSeed) < EventQueue.tieRank(a, time, argBits, tieSeed);
        }
        return seqs[i] < seq;
    }

    private void move(int from, int to) {
        times[to] = times[from];
        seqs[to] = seqs[from];
        kinds[to] = kinds[from];
        as[to] = as[from];
        bs[to] = bs[from];
    }

    private void grow() {
        int c = times.length * 2;
        times = Arrays.copyOf(times, c);
        seqs = Arrays.copyOf(seqs, c);
        kinds = Arrays.copyOf(kinds, c);
        as = Arrays.copyOf(as, c);
        bs = Arrays.copyOf(bs, c);
    }

    /** True if the heap holds no event. */
    public boolean isEmpty() {
        return size == 0;
    }

    /** Events held. */
    public int size() {
        return size;
    }

    /** Time of the least event held; the heap must not be empty. */
    public long minTime() {
        return times[0];
    }

    /** Time of the last popped event. */
    public long time() {
        return topTime;
    }

    /** Kind of the last popped event. */
    public int kind() {
        return topKind;
    }

    /** First argument of the last popped event. */
    public int a() {
        return topA;
    }

    /** Second argument of the last popped event. */
    public int b() {
        return topB;
    }
}
