package org.primelab.core.entropy;

/** How a switch turns a packet's EV into an uplink (docs/design.md, "Entropy" and "Competitors"). */
public enum Forwarding {
    /** PRIME: the EV part of the switch's tier is the uplink port index. */
    PORT_INDEX,
    /** REPS, RPS, ECMP: {@code hash(flow, EV, switch salt) mod uplinks}. */
    HASH,
    /** AR: the EV is ignored; the uplink with the shortest egress queue wins, ties at random. */
    ADAPTIVE
}
