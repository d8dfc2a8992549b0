package org.primelab.packet.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.packet.net.PacketPool;

/** The sender hands a delay-reading control the exact round trip of the packet an ACK or NACK answers. */
class RttSampleTest {
    /** A control with a huge window that records what it is told. */
    private static final class Recorder implements CongestionControl {
        final List<long[]> acks = new ArrayList<>();
        final List<long[]> nacks = new ArrayList<>();
        final boolean samples;

        Recorder(boolean samples) {
            this.samples = samples;
        }

        @Override
        public boolean usesRttSamples() {
            return samples;
        }

        @Override
        public long windowBytes() {
            return Long.MAX_VALUE / 4;
        }

        @Override
        public long minWindowBytes() {
            return windowBytes();
        }

        @Override
        public void onAck(long ackedBytes, boolean marked, long nowPs) {
            acks.add(new long[] {ackedBytes, NO_RTT_SAMPLE, -1});
        }

        @Override
        public void onNack(long bytes, long nowPs) {
            nacks.add(new long[] {bytes, NO_RTT_SAMPLE, -1});
        }

        @Override
        public void onTimeout(long nowPs) {
        }

        @Override
        public void onAckSample(long ackedBytes, boolean marked, long rtt, long inFlight, long nowPs) {
            acks.add(new long[] {ackedBytes, rtt, inFlight});
        }

        @Override
        public void onNackSample(long bytes, long rtt, long inFlight, long nowPs) {
            nacks.add(new long[] {bytes, rtt, inFlight});
        }
    }

    @Test
    void samplesAreTheTriggeringPacketsRoundTripAndNoneForAResentPacket() {
        Recorder cc = new Recorder(true);
        FlowSender s = new FlowSender(0, 3 * 4096, 4160, 64, 4, now -> 7, cc);
        PacketPool pool = new PacketPool(16, 4);
        s.sendNext(pool, 1_000);     // seq 0
        s.sendNext(pool, 2_000);     // seq 1
        s.sendNext(pool, 3_000);     // seq 2
        s.onNack(1, 7, 9_500);       // seq 1 trimmed: its round trip is 7,500 ps
        assertEquals(7_500, cc.nacks.get(0)[1]);
        assertEquals(2 * 4160, cc.nacks.get(0)[2], "seq 0 and 2 still in flight");
        s.onAck(new int[] {0, 2}, 2, 2, 7, false, 10_000);   // triggered by seq 2 (sent at 3,000)
        assertEquals(7_000, cc.acks.get(0)[1]);
        assertEquals(0, cc.acks.get(0)[2]);
        assertTrue(s.canSend());
        s.sendNext(pool, 11_000);    // seq 1 again: ambiguous from now on
        s.onAck(new int[] {1}, 1, 1, 7, false, 20_000);
        assertEquals(CongestionControl.NO_RTT_SAMPLE, cc.acks.get(1)[1]);
        assertTrue(s.finished());
    }

    @Test
    void anEcnOnlyControlGetsThePlainCalls() {
        Recorder cc = new Recorder(false);
        FlowSender s = new FlowSender(0, 4096, 4160, 64, 4, now -> 7, cc);
        s.sendNext(new PacketPool(16, 4), 1_000);
        s.onAck(new int[] {0}, 1, 0, 7, false, 5_000);
        assertEquals(-1, cc.acks.get(0)[2], "onAck, not onAckSample");
        assertFalse(s.canSend());
    }
}
