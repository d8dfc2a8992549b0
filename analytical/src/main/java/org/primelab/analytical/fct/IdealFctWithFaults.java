package org.primelab.analytical.fct;

import java.util.List;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.workload.Flow;

/**
 * Ideal (no-queueing) max FCT of a workload on a fabric with failed or degraded links: the throughput
 * bound of {@link MaxConcurrentFlowLp} combined with {@link IdealFct}'s store-and-forward latency.
 *
 * <p><b>Formula.</b> With {@code phi} the maximum concurrent fraction of line rate, the largest flow
 * ({@code n} packets of MTU serialization {@code T}) can do no better than one packet every
 * {@code T / phi} at its bottleneck, so its ideal completion is
 * <pre>  FCT = IdealFct.lonePathPs(...) + (n - 1) (ceil(T / phi) - T)</pre>
 * on the longest path {@code h} of the workload: the lone-flow store-and-forward time at the fabric
 * rate, with each of the first {@code n - 1} packet slots stretched to the bottleneck's pace. With {@code phi = 1} this
 * is exactly {@link IdealFct#lonePathPs}: for a symmetric permutation on a healthy non-blocking tree the
 * LP gives {@code phi = 1} (even splitting routes every hose matrix, {@code UplinkDownlinkTheorem}), so
 * both agree — tested. An LP optimum within {@value #PHI_SNAP} of 1 is taken as 1 (solver rounding).
 *
 * <p><b>Size handled</b> (measured on 2 cores with ojalgo's primal simplex): a random permutation on a
 * 2-tier {@code k = 16} tree (about 100 commodities, 800 variables) or a 3-tier {@code k = 8} tree (1.8k
 * variables) solves in under a second; 2-tier {@code k = 32} (400 commodities, 6.6k variables) takes
 * 20-30 s; 2-tier {@code k = 64} (1.6k commodities, 53k variables) and 3-tier {@code k = 16} (1k
 * commodities, 61k variables) are beyond reasonable time for this solver.
 */
public final class IdealFctWithFaults {
    /** Tolerance below which an LP optimum is snapped to 1. */
    public static final double PHI_SNAP = 1e-9;

    private IdealFctWithFaults() {
    }

    /**
     * Result.
     *
     * @param phi maximum concurrent fraction of line rate
     * @param idealMaxFctPs ideal completion time of the slowest flow, picoseconds
     * @param hops links on the workload's longest path
     * @param lp the LP's statistics
     */
    public record Result(double phi, long idealMaxFctPs, int hops, MaxConcurrentFlowLp.Result lp) {
    }

    /** Ideal max FCT of {@code flows} on the faulted tree. */
    public static Result compute(Faults faults, List<Flow> flows, long rateBps, int mtuBytes, int headerBytes,
                                 long propagationPs) {
        MaxConcurrentFlowLp.Result lp = MaxConcurrentFlowLp.solve(faults, flows, rateBps);
        double phi = Math.abs(lp.phi() - 1) < PHI_SNAP ? 1.0 : lp.phi();
        if (!(phi > 0)) {
            throw new IllegalArgumentException("fail: the faults leave some flow with no capacity (phi = 0)");
        }
        FatTree tree = faults.tree();
        long largest = 0;
        int hops = 0;
        for (Flow f : flows) {
            largest = Math.max(largest, f.sizeBytes());
            hops = Math.max(hops, 2 + 2 * tree.upHops(f.src(), f.dst()));
        }
        return new Result(phi, fct(largest, mtuBytes, headerBytes, rateBps, propagationPs, hops, phi), hops, lp);
    }

    /** {@code IdealFct.lonePathPs + (n - 1)(ceil(T / phi) - T)}; equals {@link IdealFct#lonePathPs} at {@code phi = 1}. */
    public static long fct(long flowBytes, int mtuBytes, int headerBytes, long rateBps, long propagationPs, int hops,
                           double phi) {
        if (!(phi > 0 && phi <= 1)) {
            throw new IllegalArgumentException("phi: must be in (0, 1], got " + phi);
        }
        long lone = IdealFct.lonePathPs(flowBytes, mtuBytes, headerBytes, rateBps, propagationPs, hops);
        if (phi == 1.0) {
            return lone;
        }
        long packets = IdealFct.packets(flowBytes, mtuBytes, headerBytes);
        long t = org.primelab.core.units.Units.serializationPs(mtuBytes, rateBps);
        long stretched = (long) Math.ceil(t / phi);
        return lone + (packets - 1) * (stretched - t);
    }
}
