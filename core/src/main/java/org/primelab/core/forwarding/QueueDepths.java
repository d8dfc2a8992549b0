package org.primelab.core.forwarding;

/**
 * What adaptive routing reads of a switch: the data bytes waiting at each of its uplinks. A simulator
 * implements it once over its own port state, so a pick allocates nothing.
 */
@FunctionalInterface
public interface QueueDepths {
    /** Data bytes queued at uplink {@code uplink} (index among the switch's uplinks) of switch {@code sw}. */
    long queuedBytes(int sw, int uplink);
}
