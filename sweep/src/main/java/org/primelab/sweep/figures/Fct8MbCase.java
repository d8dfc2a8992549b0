package org.primelab.sweep.figures;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.primelab.sweep.Simulator;
import org.primelab.sweep.SweepSpec;

/**
 * The one case behind the average-FCT and buffer-occupancy figures (paper §"Evaluation", "average
 * FCT" and "Buffer analysis"): permutation of 8 MB flows on a 3-tier FatTree with 800G links, the
 * paper's four schemes, 3 seeds; paper scale k = 16 (1024 hosts), small k = 8 (128 hosts). The sweep
 * records the per-port queue distribution ({@link Simulator#SIM_QUEUES}), and both figures share it.
 */
final class Fct8MbCase {
    /** The sweep directory both figures share. */
    static final String SWEEP_DIR = "fct-buffers-3tier";
    /** Flow size of the case (§"Evaluation": "flow sizes of 8 MB"). */
    static final String FLOW_SIZE = "8MB";
    /** Link rate of the case (§"Evaluation": "800 Gbps links"). */
    static final String RATE = "800G";

    private Fct8MbCase() {
    }

    static SweepSpec spec(Scale scale) {
        Map<String, List<String>> grid = new LinkedHashMap<>();
        grid.put("tiers", List.of("3"));
        grid.put("k", List.of(scale == Scale.PAPER ? PermutationFigure.PAPER_K_3TIER : PermutationFigure.SMALL_K));
        grid.put("rate", List.of(RATE));
        grid.put("flow-size", List.of(FLOW_SIZE));
        grid.put("lb", Figures.PAPER_SCHEMES);
        grid.put("seed", Figures.SEEDS);
        return new SweepSpec(Simulator.SIM_QUEUES, grid, List.of());
    }

    /** The rows of the case among a sweep directory's rows. */
    static Predicate<Map<String, Object>> rows() {
        return Figures.numberIs("tiers", 3).and(Figures.numberIs("rate_gbps", 800)).and(Figures.numberIs("flow_size_bytes", 8e6));
    }
}
