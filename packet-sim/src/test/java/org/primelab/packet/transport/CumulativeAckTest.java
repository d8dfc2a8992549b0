package org.primelab.packet.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.primelab.packet.net.PacketPool;

/**
 * The cumulative point every ACK carries ({@link FlowReceiver#cumulativeAck()}): the receiver's lowest sequence
 * number not yet received, with which the sender acknowledges what a lost ACK listed.
 */
class CumulativeAckTest {
    private static final int MTU = 4160;
    private static final int HEADER = 64;
    private static final int ACK_EVERY = 4;

    /** 8 packets, a window that holds them all. */
    private static FlowSender sender() {
        return new FlowSender(0, 8L * (MTU - HEADER), MTU, HEADER, ACK_EVERY, now -> 7, new FixedWindow(100L * MTU));
    }

    /** Sends the sender's 8 packets, one per nanosecond from 1 ns. */
    private static void sendAll(FlowSender s, PacketPool pool) {
        for (int i = 0; i < 8; i++) {
            s.sendNext(pool, 1_000 + i);
        }
    }

    @Test
    void theReceiversCumulativePointIsItsFirstMissingSequenceNumber() {
        FlowReceiver r = new FlowReceiver(130, ACK_EVERY, false);
        int[] arrivals = {1, 2, 0, 5, 3, 3, 4, 64, 6, 65, 7};
        int[] expected = {0, 0, 3, 3, 4, 4, 6, 6, 7, 7, 8};
        for (int i = 0; i < arrivals.length; i++) {
            receive(r, arrivals[i]);
            assertEquals(expected[i], r.cumulativeAck(), "after seq " + arrivals[i]);
        }
        for (int s = 8; s < 130; s++) {
            receive(r, s);
        }
        assertEquals(130, r.cumulativeAck(), "every packet received");
    }

    /** Packet {@code seq} arrives; the ACK it makes due, if any, is sent (its list cleared). */
    private static void receive(FlowReceiver r, int seq) {
        if (r.onData(seq, MTU - HEADER, false, false, 0)) {
            r.clearPending();
        }
    }

    @Test
    void theNextAckAcknowledgesWhatALostAckListed() {
        FlowSender s = sender();
        PacketPool pool = new PacketPool(16, ACK_EVERY);
        sendAll(s, pool);
        assertEquals(8L * MTU, s.inFlightBytes());
        // the ACK of packets 0-3 is lost; the ACK of 4-7 says every packet below 8 arrived
        s.onAck(new int[] {4, 5, 6, 7}, 4, 8, 7, 7, false, 10_000);
        assertEquals(0, s.inFlightBytes(), "the lost ACK's packets are out of flight");
        assertTrue(s.finished());
        // the lost ACK, had it come late after all, changes nothing
        s.onAck(new int[] {0, 1, 2, 3}, 4, 4, 3, 7, false, 11_000);
        assertEquals(0, s.inFlightBytes());
        assertTrue(s.finished());
    }

    @Test
    void aCumulativePointBelowAHoleAcknowledgesOnlyBelowIt() {
        FlowSender s = sender();
        PacketPool pool = new PacketPool(16, ACK_EVERY);
        sendAll(s, pool);
        // the ACK of 0-3 is lost, packet 4 was trimmed (NACKed), 5-7 arrived
        s.onNack(4, 7, 9_000);
        s.onAck(new int[] {5, 6, 7}, 3, 4, 7, 7, false, 10_000);
        assertEquals(0, s.inFlightBytes(), "0-3 by the cumulative point, 5-7 listed, 4 waits for its resend");
        assertFalse(s.finished());
        assertTrue(s.canSend(), "packet 4 is resent");
        assertEquals(4, pool.seq(s.sendNext(pool, 11_000)));
        s.onAck(new int[] {4}, 1, 8, 4, 7, false, 20_000);
        assertTrue(s.finished());
    }

    @Test
    void packetsATimeoutQueuedForResendingAreNotResentOnceACumulativePointCoversThem() {
        FlowSender s = sender();
        PacketPool pool = new PacketPool(16, ACK_EVERY);
        sendAll(s, pool);
        assertTrue(s.checkTimeout(1_000_000, 100_000), "nothing heard: every packet presumed lost");
        assertEquals(0, pool.seq(s.sendNext(pool, 1_000_001)), "resends start at packet 0");
        // the receiver had them all; the resend of 0 gets an ACK (sent at once: the flow is complete) saying so
        s.onAck(new int[] {0}, 1, 8, 0, 7, false, 1_010_000);
        assertTrue(s.finished());
        assertFalse(s.canSend(), "nothing is left to resend");
        assertEquals(1, s.retransmissions());
    }
}
