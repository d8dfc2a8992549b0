package org.primelab.fluid;

/**
 * One directed link's egress queue after a fluid run.
 *
 * @param link directed link id
 * @param name {@code a->b}
 * @param tier tier of the sending node (0: a host NIC, never queued in the model)
 * @param uplink true if the link goes up
 * @param rateBps link rate (degraded rate if degraded; 0 once failed is not shown here)
 * @param maxBytes largest data-queue occupancy, bytes
 * @param meanPackets time-averaged occupancy over the run, in MTU packets
 * @param dataBytes data wire bytes carried (trimmed bytes excluded)
 * @param trimmedBytes data wire bytes trimmed here
 * @param markedBytes data wire bytes ECN-marked here (expected)
 */
public record FluidLinkStats(int link, String name, int tier, boolean uplink, long rateBps, double maxBytes,
                             double meanPackets, double dataBytes, double trimmedBytes, double markedBytes) {
}
