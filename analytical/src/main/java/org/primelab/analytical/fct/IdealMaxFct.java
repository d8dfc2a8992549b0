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
 *   <li>With failed or degraded links: the larger of that and the certified maximum-concurrent-flow bound
 *       with failures taking effect at their times ({@link IdealFctWithFaults#computeTimed}). It assumes every
 *       flow starts at the earliest start, so with staggered starts it is looser.</li>
 * </ul>
 */
public final class IdealMaxFct {
    private IdealMaxFct() {
    }

    /** The ideal max FCT of {@code flows} on {@code fabric} with {@code faults}, picoseconds. */
    public static long of(FabricParameters fabric, Faults faults, List<Flow> flows) {
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
        if (!faults.isEmpty()) {
            ideal = Math.max(ideal, IdealFctWithFaults.computeTimed(faults, flows, fabric.linkRateBps(),
                    fabric.mtuBytes(), fabric.headerBytes(), fabric.propagationPs()).idealMaxFctPs());
        }
        return ideal;
    }
}
