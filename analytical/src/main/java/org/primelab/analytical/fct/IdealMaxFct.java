package org.primelab.analytical.fct;

import java.util.List;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.workload.Flow;

/**
 * The Ratio's denominator (paper §"Evaluation", "Metrics": max FCT over the max FCT of the ideal
 * scenario), defined once for every model. The caller that forms a Ratio computes it once per scenario
 * and hands it to whichever simulators it runs, so {@code prime sim} and {@code prime fluid} divide by
 * the same number; the simulators never compute it.
 *
 * <ul>
 *   <li>Healthy fabric (no failed or degraded link): the largest lone-flow store-and-forward time of any
 *       flow on its own path length ({@link IdealFct#lonePathPs}, {@code 2 + 2·upHops} links).</li>
 *   <li>With failed or degraded links and every flow starting at one time: the larger of that and the
 *       certified maximum-concurrent-flow bound with failures taking effect at their times
 *       ({@link IdealFctWithFaults#computeTimed}). That bound is on the last completion counted from the common
 *       start; with staggered or triggered starts it bounds no flow's FCT (review 42: with 400 us of stagger and
 *       degraded uplinks it came out 165 us, and every spraying scheme finished its flows in 84-92 us, Ratio
 *       0.51-0.56), so they get the lone times alone.</li>
 * </ul>
 */
public final class IdealMaxFct {
    private IdealMaxFct() {
    }

    /**
     * A lower bound on the last completion of {@code flows}, counted from their earliest start: every flow's lone
     * time and, with faults, the certified timed bound ({@link IdealFctWithFaults#computeTimed}), which holds for the
     * whole workload from the earliest start whatever the starts (what {@code prime check} holds a run's last
     * completion to), picoseconds.
     */
    public static long lastCompletionFromEarliestStart(FabricParameters fabric, Faults faults, List<Flow> flows) {
        long lone = longestLoneTime(fabric, flows);
        return faults.isEmpty() ? lone : Math.max(lone, IdealFctWithFaults.computeTimed(faults, flows,
                fabric.linkRateBps(), fabric.mtuBytes(), fabric.headerBytes(), fabric.propagationPs()).idealMaxFctPs());
    }

    /** The ideal max FCT of {@code flows} on {@code fabric} with {@code faults}, picoseconds. */
    public static long of(FabricParameters fabric, Faults faults, List<Flow> flows) {
        boolean oneStart = flows.stream().mapToLong(Flow::startPs).distinct().count() == 1
                && flows.stream().noneMatch(Flow::startsOnTrigger);
        return oneStart ? lastCompletionFromEarliestStart(fabric, faults, flows) : longestLoneTime(fabric, flows);
    }

    /** The largest lone-flow time of any flow on its own path length ({@link IdealFct#lonePathPs}). */
    private static long longestLoneTime(FabricParameters fabric, List<Flow> flows) {
        if (flows.isEmpty()) {
            throw new IllegalArgumentException("traffic: the workload has no flows");
        }
        FatTree tree = fabric.tree();
        long ideal = 0;
        for (Flow f : flows) {
            int hops = 2 + 2 * tree.upHops(f.src(), f.dst());
            ideal = Math.max(ideal, IdealFct.lonePathPs(f.sizeBytes(), fabric.mtuBytes(), fabric.headerBytes(),
                    fabric.linkRateBps(), fabric.propagationPs(), hops));
        }
        return ideal;
    }
}
