package org.primelab.sweep.figures;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.XYChart;
import org.primelab.sweep.Simulator;
import org.primelab.sweep.SweepSpec;

/**
 * Link degradation (paper §"Evaluation", "Link degradation"): a 2-tier FatTree at 400G with 25% of the
 * switch-to-switch cables (chosen with the seed) degraded to 100G, permutation traffic, Ratio against
 * flow size per scheme. Paper scale: k = 128 (8192 hosts), 2 to 32 MB; small scale: k = 16
 * (128 hosts), 2 and 4 MB (4 MB is the size of the paper's 27% claim).
 */
final class DegradationFigure implements Figure {
    /** Radix of the paper's 8k-host 2-tier fabric (§"Evaluation", table of topologies). */
    static final String PAPER_K = "128";
    /** Radix at small scale: 128 hosts. */
    static final String SMALL_K = "16";
    /** Fraction of links degraded (§"Evaluation": "25% of the links are randomly degraded"). */
    static final String FRACTION = "0.25";
    /** Rate of a degraded link (§"Evaluation": "to 100 Gbps"). */
    static final String DEGRADED_RATE = "100G";
    /** Link rate of the fabric (§"Evaluation": "the link speed of 400 Gbps"). */
    static final String RATE = "400G";
    /** Flow sizes at small scale. */
    static final List<String> SMALL_SIZES = List.of("2MB", "4MB");

    @Override
    public String name() {
        return "link-degradation";
    }

    @Override
    public String title() {
        return "Link degradation: 25% of links at 100G, Ratio vs flow size per scheme";
    }

    @Override
    public SweepSpec spec(Scale scale) {
        Map<String, List<String>> grid = new LinkedHashMap<>();
        grid.put("tiers", List.of("2"));
        grid.put("k", List.of(scale == Scale.PAPER ? PAPER_K : SMALL_K));
        grid.put("rate", List.of(RATE));
        grid.put("degrade-fraction", List.of(FRACTION));
        grid.put("degrade-to", List.of(DEGRADED_RATE));
        grid.put("flow-size", scale == Scale.PAPER ? PermutationFigure.PAPER_SIZES : SMALL_SIZES);
        grid.put("lb", Figures.PAPER_SCHEMES);
        grid.put("seed", Figures.SEEDS);
        return new SweepSpec(Simulator.SIM, grid, List.of());
    }

    @Override
    public void render(List<Map<String, Object>> rows, Path dir) {
        List<String> by = List.of("scheme", "flow_size_bytes");
        List<Stats> stats = Stats.of(rows, by, "ratio");
        Figures.writeStats(dir.resolve(name() + ".csv"), by, "ratio", stats);
        XYChart chart = Charts.lines("25% of links at 100G (" + Figures.topology(rows) + ", 400G)", "flow size (MB)",
                "Ratio (max FCT / ideal)");
        Charts.addLines(chart, stats, 0, 1, 1e6);
        Figures.savePanels(dir.resolve(name() + ".png"), List.of(chart));
    }
}
