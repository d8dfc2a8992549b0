package org.primelab.packet.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** RED marking at dequeue and trimming at the data-queue limit. */
class EgressPortTest {
    private static final int MTU = 4160;
    private static final int HDR = 64;
    private static final long KMIN = 10L * MTU;
    private static final long KMAX = 30L * MTU;

    /**
     * Holds the data queue at a constant occupancy (one packet in per packet out) and measures the
     * fraction of departures marked: it must follow the RED line within 4 standard errors.
     */
    @Test
    void markingRateFollowsTheRedCurveAtConstantOccupancy() {
        RedMarker red = new RedMarker(KMIN, KMAX);
        int samples = 20_000;
        for (int depth : new int[] {5, 10, 15, 20, 25, 29, 30, 40}) {
            PacketPool pool = new PacketPool(64, 4);
            EgressPort port = new EgressPort(0, 400_000_000_000L, 0, Long.MAX_VALUE, red, MTU, HDR);
            SplittableRandom rnd = new SplittableRandom(depth);
            for (int i = 0; i < depth; i++) {
                port.offerData(pool, pool.allocate(PacketPool.DATA, 0, i, 0, MTU), 0);
            }
            int marked = 0;
            for (int i = 0; i < samples; i++) {
                port.offerData(pool, pool.allocate(PacketPool.DATA, 0, i, 0, MTU), i);   // depth + 1 in the queue
                int pkt = port.poll(pool, rnd, i);
                marked += pool.ecn(pkt) ? 1 : 0;
                pool.release(pkt);
            }
            double p = red.probability((depth + 1L) * MTU);
            double measured = marked / (double) samples;
            double se = Math.sqrt(Math.max(p * (1 - p), 1e-12) / samples);
            assertTrue(Math.abs(measured - p) <= 4 * se + 1e-9,
                    "depth " + depth + ": marked " + measured + " expected " + p + " (4 s.e. = " + 4 * se + ")");
            assertEquals(marked, port.marks());
        }
    }

    @Test
    void dataPastTheLimitIsTrimmedToAHeaderInTheControlQueue() {
        PacketPool pool = new PacketPool(64, 4);
        EgressPort port = new EgressPort(0, 400_000_000_000L, 0, 3L * MTU, null, MTU, HDR);
        for (int i = 0; i < 3; i++) {
            assertTrue(!port.offerData(pool, pool.allocate(PacketPool.DATA, 0, i, 0, MTU), 0));
        }
        int fourth = pool.allocate(PacketPool.DATA, 0, 3, 7, MTU);
        assertTrue(port.offerData(pool, fourth, 0));
        assertEquals(PacketPool.HEADER, pool.type(fourth));
        assertEquals(HDR, pool.size(fourth));
        assertEquals(3L * MTU, port.maxDataBytes());
        assertEquals(fourth, port.poll(pool, new SplittableRandom(1), 0), "control goes first");
        assertEquals(1, port.trims());
    }
}
