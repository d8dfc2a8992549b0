package org.primelab.packet.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The pool's packed records: every field reads back what was written last, whatever the other fields of the
 * packet and of its neighbours hold, at the extremes of every field's range.
 */
class PacketPoolTest {
    private static final byte[] TYPES = {PacketPool.DATA, PacketPool.HEADER, PacketPool.ACK, PacketPool.NACK};

    /** What a packet's fields should hold. */
    private static final class Expected {
        byte type;
        int flow;
        int seq;
        int ev;
        int size;
        boolean ecn;
        boolean ackRequest;
        /** An ACK's cumulative point: 0 when allocated as an ACK, null while unknown (allocated as another type). */
        Integer cumulative;
        final List<Integer> acked = new ArrayList<>();
    }

    /**
     * 200,000 random operations (allocate, release, set every settable field, append acknowledged sequence
     * numbers) on a pool that grows from 64 packets, each field drawn from its whole range or its extremes;
     * after every operation the packet touched, and every 97th operation every live packet, is compared with a
     * plain record of what was written.
     */
    @Test
    void everyFieldReadsBackWhatWasWrittenWhateverItsNeighboursHold() {
        int maxAcked = 5;
        PacketPool pool = new PacketPool(64, maxAcked);
        Map<Integer, Expected> live = new HashMap<>();
        List<Integer> ids = new ArrayList<>();
        SplittableRandom rnd = new SplittableRandom(7);
        for (int op = 0; op < 200_000; op++) {
            int choice = rnd.nextInt(11);
            if (ids.isEmpty() || choice < 3) {
                Expected e = new Expected();
                e.type = TYPES[rnd.nextInt(4)];
                e.flow = anyInt(rnd);
                e.seq = anyInt(rnd);
                e.ev = anyInt(rnd);
                e.size = anySize(rnd);
                e.cumulative = e.type == PacketPool.ACK ? 0 : null;
                int id = pool.allocate(e.type, e.flow, e.seq, e.ev, e.size);
                live.put(id, e);
                ids.add(id);
                check(pool, id, e);
                continue;
            }
            int at = rnd.nextInt(ids.size());
            int id = ids.get(at);
            Expected e = live.get(id);
            switch (choice) {
                case 3 -> {
                    pool.release(id);
                    live.remove(id);
                    ids.set(at, ids.get(ids.size() - 1));
                    ids.remove(ids.size() - 1);
                    continue;
                }
                case 4 -> {
                    e.type = TYPES[rnd.nextInt(4)];
                    pool.setType(id, e.type);
                }
                case 5 -> {
                    e.size = anySize(rnd);
                    pool.setSize(id, e.size);
                }
                case 6 -> {
                    e.ecn = rnd.nextBoolean();
                    pool.setEcn(id, e.ecn);
                }
                case 7 -> {
                    e.ackRequest = true;
                    pool.setAckRequest(id);
                }
                case 8 -> {
                    e.cumulative = anyInt(rnd);
                    pool.setCumulativeAck(id, e.cumulative);
                }
                default -> {
                    if (e.acked.size() < maxAcked) {
                        int s = anyInt(rnd);
                        e.acked.add(s);
                        pool.addAcked(id, s);
                    }
                }
            }
            check(pool, id, e);
            if (op % 97 == 0) {
                for (Map.Entry<Integer, Expected> x : live.entrySet()) {
                    check(pool, x.getKey(), x.getValue());
                }
            }
        }
        assertEquals(live.size(), pool.live());
    }

    @Test
    void refusesWhatItCannotHold() {
        PacketPool pool = new PacketPool(16, 2);
        assertThrows(IllegalArgumentException.class, () -> pool.allocate(PacketPool.DATA, 0, 0, 0, -1));
        assertThrows(IllegalArgumentException.class,
                () -> pool.allocate(PacketPool.DATA, 0, 0, 0, PacketPool.MAX_BYTES + 1));
        assertThrows(IllegalArgumentException.class, () -> pool.allocate((byte) 4, 0, 0, 0, 64));
        assertThrows(IllegalArgumentException.class, () -> pool.allocate((byte) -1, 0, 0, 0, 64));
        int ack = pool.allocate(PacketPool.ACK, 0, 0, 0, 64);
        assertThrows(IllegalArgumentException.class, () -> pool.setType(ack, (byte) 4));
        pool.addAcked(ack, 1);
        pool.addAcked(ack, 2);
        assertThrows(IllegalStateException.class, () -> pool.addAcked(ack, 3));
        assertThrows(IllegalArgumentException.class, () -> new PacketPool(16, 0));
        assertThrows(IllegalArgumentException.class, () -> new PacketPool(16, PacketPool.MAX_ACKED + 1));
    }

    private static void check(PacketPool pool, int id, Expected e) {
        assertEquals(e.type, pool.type(id), "type of " + id);
        assertEquals(e.flow, pool.flow(id), "flow of " + id);
        assertEquals(e.seq, pool.seq(id), "seq of " + id);
        assertEquals(e.ev, pool.ev(id), "ev of " + id);
        assertEquals(e.size, pool.size(id), "size of " + id);
        assertEquals(e.ecn, pool.ecn(id), "ecn of " + id);
        assertEquals(e.ackRequest, pool.ackRequest(id), "ack request of " + id);
        assertEquals(e.acked.size(), pool.ackCount(id), "ack count of " + id);
        for (int i = 0; i < e.acked.size(); i++) {
            assertEquals(e.acked.get(i), pool.acked(id, i), "acked " + i + " of " + id);
        }
        if (e.cumulative != null) {
            assertEquals(e.cumulative, pool.cumulativeAck(id), "cumulative point of " + id);
        }
    }

    /** A packet copied out of one pool into another ({@code Outbox}) arrives whole, cumulative point included. */
    @Test
    void aCopiedAckKeepsItsListAndItsCumulativePoint() {
        int maxAcked = 4;
        PacketPool from = new PacketPool(16, maxAcked);
        PacketPool to = new PacketPool(16, maxAcked);
        to.allocate(PacketPool.DATA, 1, 2, 3, 4160);   // so the copy takes another id than the original's
        int ack = from.allocate(PacketPool.ACK, 9, 7, 12345, 64);
        from.setEcn(ack, true);
        for (int s = 4; s < 8; s++) {
            from.addAcked(ack, s);
        }
        from.setCumulativeAck(ack, 8);
        int[] record = new int[PacketPool.recordInts(maxAcked)];
        from.copyOut(ack, record, 0);
        int copy = to.copyIn(record, 0);
        assertEquals(PacketPool.ACK, to.type(copy));
        assertEquals(9, to.flow(copy));
        assertEquals(7, to.seq(copy));
        assertEquals(12345, to.ev(copy));
        assertEquals(64, to.size(copy));
        assertEquals(true, to.ecn(copy));
        assertEquals(4, to.ackCount(copy));
        for (int i = 0; i < 4; i++) {
            assertEquals(4 + i, to.acked(copy, i));
        }
        assertEquals(8, to.cumulativeAck(copy));
        // a recycled id allocated as a new ACK carries no old cumulative point
        int again = from.allocate(PacketPool.ACK, 9, 0, 0, 64);
        assertEquals(ack, again, "the id was recycled");
        assertEquals(0, from.cumulativeAck(again));
    }

    private static int anyInt(SplittableRandom rnd) {
        return switch (rnd.nextInt(4)) {
            case 0 -> Integer.MAX_VALUE;
            case 1 -> Integer.MIN_VALUE;
            case 2 -> -1;
            default -> rnd.nextInt();
        };
    }

    private static int anySize(SplittableRandom rnd) {
        return switch (rnd.nextInt(3)) {
            case 0 -> PacketPool.MAX_BYTES;
            case 1 -> 0;
            default -> rnd.nextInt(PacketPool.MAX_BYTES + 1);
        };
    }
}
