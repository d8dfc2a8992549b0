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
import org.primelab.packet.engine.EventQueue;
import org.primelab.packet.net.EgressPort;
import org.primelab.packet.net.PacketPool;
import org.primelab.packet.net.RedMarker;

/**
 * The per-hop path of the packet simulator without its routing: pop a packet's arrival, queue it at an
 * egress port (trimming check, occupancy accounting), dequeue the port's head (RED marking at dequeue)
 * and schedule that packet's arrival one serialization plus the wire later. Ports are drawn at random
 * from {@code ports} (the 2048-host 2-tier fabric has 8192 directed links), so the cost includes the
 * cache misses of touching a random port and a random packet, as in a large run. Result: time per hop.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class HopBench {
    /** Directed links: 512 for 128 hosts, 8192 for 2048 hosts (2-tier). */
    @Param({"512", "8192"})
    public int ports;

    private static final int MTU = 4160;
    private static final int HEADER = 64;
    private static final long RATE_BPS = 400_000_000_000L;
    private static final long WIRE_PS = 600_000;
    private static final long BDP_BYTES = 256_896;
    private static final int ROUTES = 1 << 16;

    private final int[] route = new int[ROUTES];
    private int next;
    private EgressPort[] port;
    private PacketPool pool;
    private EventQueue events;
    private SplittableRandom mark;

    @Setup(Level.Trial)
    public void setUp() {
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < ROUTES; i++) {
            route[i] = r.nextInt(ports);
        }
        RedMarker red = new RedMarker(BDP_BYTES / 4, 3 * BDP_BYTES / 4);
        port = new EgressPort[ports];
        for (int l = 0; l < ports; l++) {
            port[l] = new EgressPort(l, RATE_BPS, WIRE_PS, BDP_BYTES, red, MTU, HEADER);
        }
        pool = new PacketPool(1 << 16, 4);
        events = new EventQueue(1 << 16);
        mark = new SplittableRandom(3);
        // A standing queue of 20 packets per port (0.32 BDP: RED marks now and then), kept by one packet
        // out per packet in, and eight packets in flight per port.
        for (int l = 0; l < ports; l++) {
            for (int i = 0; i < 20; i++) {
                port[l].offerData(pool, pool.allocate(PacketPool.DATA, l, i, r.nextInt(1 << 12), MTU), 0, 0);
            }
        }
        for (int i = 0; i < 8 * ports; i++) {
            int pkt = pool.allocate(PacketPool.DATA, i, i, r.nextInt(1 << 12), MTU);
            events.schedule(r.nextLong(WIRE_PS), 0, route[i & (ROUTES - 1)], pkt);
        }
    }

    @Benchmark
    public int hop() {
        events.pop();
        long now = events.time();
        int pkt = events.b();
        EgressPort p = port[route[next]];
        next = (next + 1) & (ROUTES - 1);
        p.offerData(pool, pkt, 0, now);
        int out = p.poll(pool, mark, now);      // never -1: a packet was just queued
        long done = Math.max(now, p.busyUntil()) + p.serializationPs(pool.size(out));
        p.setBusyUntil(done);
        if (pool.type(out) == PacketPool.HEADER) {
            pool.setType(out, PacketPool.DATA);     // keep the population full-size
            pool.setSize(out, MTU);
        }
        events.schedule(done + p.propagationPs(), 0, 0, out);
        return out;
    }
}
