package org.primelab.packet.engine;

import java.util.Arrays;

/**
 * The simulator's future event list: a binary min-heap of events ordered by (time in picoseconds,
 * insertion sequence), so that events at the same picosecond run in the order they were scheduled
 * and a run is deterministic (docs/design.md, "The packet simulator").
 *
 * <p>An event is three ints: a kind and two arguments (a node, link, flow or packet id). Keys and
 * payloads live in parallel primitive arrays that grow by doubling and are never shrunk, so scheduling
 * and popping allocate nothing once the heap has reached its working size.
 *
 * <p>Usage: {@code schedule(t, kind, a, b)}; then {@code while (!isEmpty()) { pop(); use time(),
 * kind(), a(), b() }}. {@link #pop()} refuses to move the clock backwards.
 */
public final class EventQueue {
    private long[] times;
    private long[] seqs;
    private int[] kinds;
    private int[] as;
    private int[] bs;
    private int size;
    private long nextSeq;
    private long popped;

    private long curTime;
    private int curKind;
    private int curA;
    private int curB;

    /** An empty queue with room for {@code initialCapacity} events before it grows. */
    public EventQueue(int initialCapacity) {
        int c = Math.max(16, initialCapacity);
        times = new long[c];
        seqs = new long[c];
        kinds = new int[c];
        as = new int[c];
        bs = new int[c];
    }

    /** Schedules an event; {@code timePs} must not be before the current time. */
    public void schedule(long timePs, int kind, int a, int b) {
        if (timePs < curTime) {
            throw new IllegalStateException("event scheduled in the past: " + timePs + " < " + curTime);
        }
        if (size == times.length) {
            grow();
        }
        int i = size++;
        long seq = nextSeq++;
        // sift up
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            long pt = times[parent];
            if (pt < timePs || (pt == timePs && seqs[parent] < seq)) {
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

    /** Removes the earliest event and makes it current; the clock never runs backwards. */
    public void pop() {
        if (size == 0) {
            throw new IllegalStateException("pop on an empty event queue");
        }
        long t = times[0];
        if (t < curTime) {
            throw new IllegalStateException("clock would run backwards: " + t + " < " + curTime);
        }
        curTime = t;
        curKind = kinds[0];
        curA = as[0];
        curB = bs[0];
        popped++;
        int last = --size;
        if (last == 0) {
            return;
        }
        long lt = times[last];
        long ls = seqs[last];
        int lk = kinds[last];
        int la = as[last];
        int lb = bs[last];
        int i = 0;
        int half = last >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < last && (times[right] < times[child]
                    || (times[right] == times[child] && seqs[right] < seqs[child]))) {
                child = right;
            }
            long ct = times[child];
            if (lt < ct || (lt == ct && ls < seqs[child])) {
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
