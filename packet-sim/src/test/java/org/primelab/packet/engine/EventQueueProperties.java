package org.primelab.packet.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The event list pops in (time, insertion) order and never lets the clock run backwards. */
class EventQueueProperties {
    /**
     * The calendar queue pops exactly what one binary heap on (time, sequence) pops, event for event,
     * whatever the bucket width and ring size: delays are drawn from ties, the same bucket, the ring and
     * beyond it (the overflow), with pops interleaved, so every path of {@link EventQueue} is taken.
     */
    @Test
    void calendarPopsWhatOneHeapPops() {
        int[][] shapes = {{0, 6}, {2, 6}, {5, 7}, {12, 6}, {EventQueue.DEFAULT_BUCKET_SHIFT, EventQueue.DEFAULT_RING_BITS}};
        qt().withFixedSeed(17).withExamples(120).forAll(longs().all()).checkAssert(seed -> {
            for (int[] shape : shapes) {
                SplittableRandom r = new SplittableRandom(seed);
                EventQueue q = new EventQueue(4, shape[0], shape[1]);
                EventHeap ref = new EventHeap(4);
                long span = (1L << shape[0]) << shape[1];
                long seq = 0;
                for (int step = 0; step < 3000; step++) {
                    if (q.isEmpty() || r.nextInt(5) < 3) {
                        long delay = switch (r.nextInt(5)) {
                            case 0 -> 0;
                            case 1 -> r.nextLong(1L << shape[0]);
                            case 2 -> r.nextLong(span);
                            case 3 -> span + r.nextLong(4 * span);
                            default -> r.nextLong(1L << 45);
                        };
                        long t = q.time() + delay;
                        int kind = r.nextInt(6);
                        int b = r.nextInt();
                        q.schedule(t, kind, (int) seq, b);
                        ref.push(t, seq, kind, (int) seq, b);
                        seq++;
                    } else {
                        q.pop();
                        ref.pop();
                        assertEquals(ref.time(), q.time(), "time");
                        assertEquals(ref.a(), q.a(), "event (insertion number)");
                        assertEquals(ref.kind(), q.kind(), "kind");
                        assertEquals(ref.b(), q.b(), "second argument");
                    }
                    assertEquals(ref.size(), q.size(), "pending events");
                }
            }
        });
    }

    /**
     * Buckets whose events fall on a few distinct picoseconds, interleaved in scheduling order, as a
     * synchronized fabric produces them (on 2048 hosts 99% of a bucket's events fall on a picosecond an
     * earlier event of the bucket already has): 1 to 40 distinct times and up to 300 events per burst, in
     * order or shuffled, with late arrivals into the current bucket; it pops exactly what one binary heap
     * pops.
     */
    @Test
    void lockstepBucketsPopWhatOneHeapPops() {
        qt().withFixedSeed(23).withExamples(150).forAll(longs().all()).checkAssert(seed -> {
            SplittableRandom r = new SplittableRandom(seed);
            EventQueue q = new EventQueue(4);
            EventHeap ref = new EventHeap(4);
            long bucketPs = 1L << EventQueue.DEFAULT_BUCKET_SHIFT;
            long seq = 0;
            for (int burst = 0; burst < 40; burst++) {
                long base = (q.time() / bucketPs + 1 + r.nextInt(3)) * bucketPs;
                int distinct = 1 + r.nextInt(40);
                long[] times = new long[distinct];
                for (int i = 0; i < distinct; i++) {
                    times[i] = base + r.nextLong(bucketPs);
                }
                boolean inOrder = r.nextBoolean();
                java.util.Arrays.sort(times);
                int events = 1 + r.nextInt(300);
                for (int e = 0; e < events; e++) {
                    long t = inOrder ? times[e * distinct / events] : times[r.nextInt(distinct)];
                    q.schedule(t, 1, (int) seq, e);
                    ref.push(t, seq, 1, (int) seq, e);
                    seq++;
                }
                int pops = r.nextInt(q.size() + 1);
                for (int p = 0; p < pops; p++) {
                    q.pop();
                    ref.pop();
                    assertEquals(ref.time(), q.time(), "time");
                    assertEquals(ref.a(), q.a(), "event (insertion number)");
                    if (r.nextInt(4) == 0) {
                        long t = q.time() + r.nextLong(bucketPs);  // a late arrival into the current bucket
                        q.schedule(t, 2, (int) seq, 0);
                        ref.push(t, seq, 2, (int) seq, 0);
                        seq++;
                    }
                }
            }
            while (!q.isEmpty()) {
                q.pop();
                ref.pop();
                assertEquals(ref.time(), q.time(), "time");
                assertEquals(ref.a(), q.a(), "event (insertion number)");
            }
            assertTrue(ref.isEmpty(), "the heap holds what the queue holds");
        });
    }

    @Test
    void popsInTimeThenInsertionOrder() {
        qt().withFixedSeed(11).withExamples(200).forAll(longs().all()).checkAssert(seed -> {
            SplittableRandom r = new SplittableRandom(seed);
            EventQueue q = new EventQueue(4);
            int inserted = 0;
            long lastTime = -1;
            int lastId = -1;
            for (int step = 0; step < 2000; step++) {
                if (q.isEmpty() || r.nextInt(3) > 0) {
                    // schedule at the current time or up to 5 ps later, so ties are frequent
                    q.schedule(q.time() + r.nextInt(6), 0, inserted++, 0);
                } else {
                    q.pop();
                    assertTrue(q.time() >= lastTime, "clock ran backwards");
                    if (q.time() == lastTime) {
                        assertTrue(q.a() > lastId, "ties must pop in insertion order");
                    }
                    lastTime = q.time();
                    lastId = q.a();
                }
            }
        });
    }

    @Test
    void refusesToScheduleInThePast() {
        EventQueue q = new EventQueue(4);
        q.schedule(10, 0, 0, 0);
        q.pop();
        assertEquals(10, q.time());
        assertThrows(IllegalStateException.class, () -> q.schedule(9, 0, 0, 0));
        assertThrows(IllegalStateException.class, q::pop);
    }
}
