package org.primelab.fluid.flowlevel;

import org.primelab.core.topology.Faults;

/**
 * What the flow-level model needs beyond {@link org.primelab.fluid.FluidConfig}: the failure-detection delay
 * (the black-hole phase, during which routing still uses a failed link and what is sent onto it is lost) and the
 * retransmission timeout that recovers what the black hole swallowed. Both as the packet simulator's
 * {@code --detect} and {@code --rto}.
 *
 * @param detectPs time from a link's failure until routing avoids it, picoseconds (>= 0)
 * @param rtoPs retransmission timeout, picoseconds (> 0)
 */
public record FlowLevelOptions(long detectPs, long rtoPs) {
    /** Validates the fields; messages name the command-line option. */
    public FlowLevelOptions {
        if (detectPs < 0 || detectPs > Faults.MAX_DETECT_PS) {
            throw new IllegalArgumentException("detect: must be in [0, " + Faults.MAX_DETECT_PS
                    + "] ps (Faults.MAX_DETECT_PS), got " + detectPs);
        }
        if (rtoPs <= 0) {
            throw new IllegalArgumentException("rto: must be > 0 ps, got " + rtoPs);
        }
    }
}
