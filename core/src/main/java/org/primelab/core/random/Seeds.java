package org.primelab.core.random;

/**
 * Derivation of independent random streams from one master seed (docs/design.md, "The packet simulator":
 * one master seed, every random stream derived from it).
 *
 * <p>A stream is named by the master seed, a purpose tag and ids (host, flow, switch); the seed of the
 * stream is a SplitMix64 finalisation (Steele, Lea, Flood, "Fast splittable pseudorandom number
 * generators", OOPSLA 2014) of the names folded together, so that streams for neighbouring ids are
 * uncorrelated and the same names always give the same stream.
 */
public final class Seeds {
    /** Purpose tag: a host's PRIME generator shuffles (paper Alg. 2: "random seed per host"). */
    public static final long HOST_SHUFFLE = 0x5052494d45L;       // "PRIME"
    /** Purpose tag: a flow's entropy generator. */
    public static final long FLOW_ENTROPY = 0x464c4f57L;          // "FLOW"
    /** Purpose tag: a switch's hash salt. */
    public static final long SWITCH_SALT = 0x53414c54L;           // "SALT"
    /** Purpose tag: workload generation. */
    public static final long WORKLOAD = 0x574f524bL;              // "WORK"
    /** Purpose tag: fault placement. */
    public static final long FAULTS = 0x4641554cL;                // "FAUL"
    /** Purpose tag: the packet simulator's RED marking draws. */
    public static final long ECN_MARK = 0x4d41524bL;              // "MARK"
    /** Purpose tag: the packet simulator's adaptive-routing tie breaks. */
    public static final long AR_TIES = 0x4152L;                   // "AR"
    /** Purpose tag: the packet simulator's order of simultaneous events (its tie permutations). */
    public static final long EVENT_TIES = 0x54494553L;            // "TIES"
    /** Purpose tag: which flows the mixed-traffic experiment pins to ECMP. */
    public static final long ECMP_PINNING = 0x4d495844L;          // "MIXD"
    /** Purpose tag: the fluid simulator's ECN and trim draws of a flow's feedback. */
    public static final long FLUID_FEEDBACK = 0x464c5544L;        // "FLUD"
    /** Purpose tag: the fluid simulator's adaptive-routing tie breaks. */
    public static final long FLUID_AR_TIES = 0x4152464cL;         // "ARFL"
    /** Purpose tag: the flow-level model's draws of the packets a flow lost into an undetected failure. */
    public static final long FLUID_LOSSES = 0x4c4f5353L;          // "LOSS"

    private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;

    private Seeds() {
    }

    /** The SplitMix64 output function: a bijective 64-bit mixer. */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** Seed of the stream named by {@code master}, a purpose tag and ids. */
    public static long derive(long master, long purpose, long... ids) {
        long h = mix(master + GOLDEN_GAMMA);
        h = mix(h ^ (purpose * GOLDEN_GAMMA));
        for (long id : ids) {
            h = mix(h + GOLDEN_GAMMA + id);
        }
        return h;
    }

    /**
     * The uplink a hash-based switch maps an entropy value to: {@code hash(flow, EV, salt) mod uplinks}
     * (docs/design.md, "Entropy"). The same (flow, EV, salt) always gives the same port.
     */
    public static int hashPort(long flowId, int ev, long switchSalt, int uplinks) {
        long h = mix(mix(flowId * GOLDEN_GAMMA + switchSalt) ^ (ev & 0xffffffffL));
        return (int) Long.remainderUnsigned(h, uplinks);
    }
}
