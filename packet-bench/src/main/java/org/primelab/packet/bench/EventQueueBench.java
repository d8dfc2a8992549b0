package org.primelab.packet.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.primelab.packet.engine.EventHeap;
import org.primelab.packet.engine.EventQueue;

/**
 * The future event list in the "hold" model: {@code pending} events wait; each operation pops the
 * earliest and schedules one new event a delay later, the delays drawn as the simulator draws them on a
 * 400 Gb/s fabric (a transmission ending one MTU serialization, 83.2 ns, later; a packet arriving a
 * serialization plus 600 ns of wire later; a control packet 1.3 ns plus the wire; now and then a
 * retransmission check ten round trips, 51 us, ahead). Compares the calendar {@link EventQueue} with one
 * {@link EventHeap} holding every event (the simulator's queue before the calendar). Result: time per
 * pop + schedule.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class EventQueueBench {
    /** Events pending at once: 128 hosts run about 10^4, 2048 hosts about 10^5. */
    @Param({"10000", "100000"})
    public int pending;

    /**
     * Spread of departure times, ps: 1000 draws each delay's last nanosecond at random; 0 runs in lockstep,
     * as a synchronized permutation does (on 2048 hosts 99% of a bucket's events fall on a picosecond an
     * earlier event of the bucket already has).
     */
    @Param({"1000", "0"})
    public int jitterPs;

    private static final int DELAYS = 1 << 16;
    private final long[] delays = new long[DELAYS];
    private int next;
    private EventQueue calendar;
    private EventHeap heap;
    private long heapSeq;
    private long heapNow;

    @Setup(Level.Trial)
    public void setUp() {
        SplittableRandom r = new SplittableRandom(1);
        for (int i = 0; i < DELAYS; i++) {
            int k = r.nextInt(100);
            delays[i] = k < 45 ? 83_200 : k < 85 ? 683_200 : k < 99 ? 601_280 : 51_380_000;
            delays[i] += jitterPs == 0 ? 0 : r.nextInt(jitterPs);
        }
        calendar = new EventQueue(1 << 16);
        heap = new EventHeap(1 << 16);
        for (int i = 0; i < pending; i++) {
            long t = jitterPs == 0 ? 83_200 * r.nextInt(9) : r.nextLong(700_000);
            calendar.schedule(t, 0, i, 0);
            heap.push(t, heapSeq++, 0, i, 0);
        }
    }

    private long delay() {
        long d = delays[next];
        next = (next + 1) & (DELAYS - 1);
        return d;
    }

    @Benchmark
    public int calendarQueue() {
        calendar.pop();
        int a = calendar.a();
        calendar.schedule(calendar.time() + delay(), 0, a, 0);
        return a;
    }

    @Benchmark
    public int singleBinaryHeap() {
        heap.pop();
        heapNow = heap.time();
        int a = heap.a();
        heap.push(heapNow + delay(), heapSeq++, 0, a, 0);
        return a;
    }
}
