package org.primelab.sweep.figures;

import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.primelab.sweep.SweepSpec;

/**
 * The one case behind the average-FCT and buffer-occupancy figures (paper §"Evaluation", "average
 * FCT" and "Buffer analysis"): permutation of 8 MB flows on a 3-tier FatTree with 800G links, the
 * paper's four schemes, 3 seeds; paper scale k = 16 (1024 hosts), small k = 8 (128 hosts). The case
 * is part of the 3-tier permutation sweep, which records the per-port queue distribution
 * ({@link org.primelab.sweep.Simulator#SIM_QUEUES}): both figures share that sweep and select the case's rows.
 */
final class Fct8MbCase {
    /** The sweep directory both figures share: the 3-tier permutation's. */
    static final String SWEEP_DIR = "permutation-3tier";

    private Fct8MbCase() {
    }

    /** The 3-tier permutation sweep, which holds the case at both scales. */
    static SweepSpec spec(Scale scale) {
        return new PermutationFigure(3).spec(scale);
    }

    /** The rows of the case among a sweep directory's rows. */
    static Predicate<Map<String, Object>> rows() {
        return Figures.numberIs("tiers", 3).and(Figures.numberIs("rate_gbps", 800)).and(Figures.numberIs("flow_size_bytes", 8e6));
    }
}
