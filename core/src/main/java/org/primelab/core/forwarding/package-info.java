/**
 * Switch forwarding shared by every model: {@link org.primelab.core.forwarding.UplinkSelector} turns a
 * scheme's forwarding kind, a packet's EV and flow, the switch and its live uplinks into an uplink.
 */
package org.primelab.core.forwarding;
