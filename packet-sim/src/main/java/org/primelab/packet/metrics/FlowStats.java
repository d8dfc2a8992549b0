package org.primelab.packet.metrics;

/**
 * One flow's outcome.
 *
 * @param id flow id
 * @param src sending host
 * @param dst receiving host
 * @param sizeBytes payload bytes
 * @param startPs when its first packet started transmission
 * @param endPs when its last new byte arrived (receiver side)
 * @param ackedPs when the ACK that left no byte unacknowledged reached the sender (sender side), or
 *        {@link #NOT_MEASURED} if the run stopped before (FCTs measured at the receiver)
 * @param packets packets the flow was cut into
 * @param deliveredBytes distinct payload bytes delivered (must equal {@code sizeBytes})
 * @param duplicates packets delivered more than once
 * @param retransmissions packets sent again
 * @param nacks NACKs received
 * @param timeouts retransmission timeouts
 * @param ecnEchoes ACKs that echoed an ECN mark
 * @param pathLinks links on the flow's path
 * @param trafficClass 0 sprayed (the run's scheme), 1 pinned to ECMP (mixed traffic)
 */
public record FlowStats(int id, int src, int dst, long sizeBytes, long startPs, long endPs, long ackedPs,
                        int packets, long deliveredBytes, long duplicates, long retransmissions, long nacks, long timeouts,
                        long ecnEchoes, int pathLinks, int trafficClass)
        implements org.primelab.core.metrics.FlowOutcome {
}
