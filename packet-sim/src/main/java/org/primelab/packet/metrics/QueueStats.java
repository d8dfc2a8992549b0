package org.primelab.packet.metrics;

/**
 * One egress queue's statistics after a run.
 *
 * @param link directed link id
 * @param name link name {@code a->b}
 * @param tier tier of the sending node (0 host NIC, 1 ToR, 2 spine/aggregation, 3 core)
 * @param uplink true if the link goes up
 * @param rateBps link rate
 * @param maxPackets largest data-queue depth in packets
 * @param maxBytes largest data-queue depth in bytes
 * @param meanPackets time-averaged data-queue depth in packets over the run
 * @param maxControlPackets largest control-queue depth in packets
 * @param dataPackets data packets transmitted
 * @param trims data packets trimmed here
 * @param ecnMarks data packets ECN-marked here
 * @param lostData data packets lost on this link while it was failed
 * @param lostControl control packets (trimmed headers, ACKs, NACKs) lost on this link while it was failed
 * @param classBytes data bytes transmitted per traffic class (sprayed, ECMP)
 */
public record QueueStats(int link, String name, int tier, boolean uplink, long rateBps, int maxPackets, long maxBytes,
                         double meanPackets, int maxControlPackets, long dataPackets, long trims, long ecnMarks, long lostData, long lostControl,
                         long[] classBytes) {
    /** Packets of any kind lost on this link while it was failed. */
    public long lost() {
        return lostData + lostControl;
    }
}
