/**
 * The discrete-event packet simulator (docs/design.md, "The packet simulator"): picosecond event engine,
 * hosts, switches with ECN/trimming egress queues, transports and metrics. Filled by the "packet-sim"
 * issue.
 */
package org.primelab.packet;
