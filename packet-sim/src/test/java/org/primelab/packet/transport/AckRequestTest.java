package org.primelab.packet.transport;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.primelab.core.cc.NsccParameters;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.topology.FatTree;
import org.primelab.packet.net.PacketPool;

/**
 * The AR flag ({@link FlowSender}, "ACK request"): a sender whose window can hold less than one
 * coalesced ACK asks for an ACK where htsim's UEC source does, and the receiver answers at once; without
 * it a window of one MTU sends one packet that the receiver holds, unacknowledged, until the
 * retransmission timer fires (the stall {@code NsccCoalescingStallTest} reproduces end to end).
 */
class AckRequestTest {
    private static final int MTU = 4160;
    private static final int HEADER = 64;
    private static final int ACK_EVERY = 4;
    private static final FabricParameters F = FabricParameters.paperDefaults(FatTree.twoTier(16));

    private static Nscc nscc() {
        return Nscc.atMaxWindow(NsccParameters.of(F), F.baseRttPs(), F.linkRateBps());
    }

    private static FlowSender sender(long bytes, CongestionControl cc) {
        return new FlowSender(0, bytes, MTU, HEADER, ACK_EVERY, now -> 7, cc);
    }

    @Test
    void nsccAtItsOneMtuFloorRequestsAnAckAndTheReceiverSendsItAtOnce() {
        Nscc cc = nscc();
        cc.onTimeout(0);                                   // the window falls to its floor, one MTU
        FlowSender s = sender(100L * (MTU - HEADER), cc);
        PacketPool pool = new PacketPool(16, ACK_EVERY);
        int pkt = s.sendNext(pool, 1_000);
        assertFalse(s.canSend(), "one MTU of window: one packet in flight");
        assertTrue(pool.ackRequest(pkt), "the packet that fills the window asks for an ACK");
        FlowReceiver r = new FlowReceiver(s.packets(), ACK_EVERY, false);
        FlowReceiver coalescing = new FlowReceiver(s.packets(), ACK_EVERY, false);
        int seq = pool.seq(pkt);
        assertTrue(r.onData(seq, s.payloadBytes(seq), false, pool.ackRequest(pkt), 5_000), "ACK at once");
        assertFalse(coalescing.onData(seq, s.payloadBytes(seq), false, false, 5_000),
                "without the flag the receiver waits for 3 more packets the window does not admit");
    }

    @Test
    void nsccRequestsAnAckOnEveryRetransmissionAndOnTheLastPacketNotOnOthers() {
        Nscc cc = nscc();                                  // 1.5 BDP of window: far from full
        FlowSender s = sender(3L * (MTU - HEADER), cc);
        PacketPool pool = new PacketPool(16, ACK_EVERY);
        int first = s.sendNext(pool, 1_000);
        int second = s.sendNext(pool, 2_000);
        assertFalse(pool.ackRequest(first));
        assertFalse(pool.ackRequest(second));
        s.onNack(pool.seq(first), 7, 9_000);
        int resent = s.sendNext(pool, 10_000);
        assertTrue(pool.seq(resent) == pool.seq(first) && pool.ackRequest(resent), "a retransmission asks");
        int last = s.sendNext(pool, 11_000);
        assertTrue(pool.seq(last) == s.packets() - 1 && pool.ackRequest(last), "the last new packet asks");
    }

    @Test
    void controlsThatNeverHoldLessThanOneCoalescedAckSendNoFlag() {
        long floor = (long) ACK_EVERY * MTU;
        CongestionControl[] ccs = {new Dctcp(floor, floor, 2 * floor, MTU, 0), new FixedWindow(floor)};
        for (CongestionControl cc : ccs) {
            cc.onTimeout(0);
            FlowSender s = sender(100L * (MTU - HEADER), cc);
            PacketPool pool = new PacketPool(16, ACK_EVERY);
            int sent = 0;
            while (s.canSend()) {
                assertFalse(pool.ackRequest(s.sendNext(pool, 1_000L * sent)), cc.getClass().getSimpleName());
                sent++;
            }
            assertTrue(sent == ACK_EVERY, "a full window of " + ACK_EVERY + " packets, got " + sent);
        }
    }
}
