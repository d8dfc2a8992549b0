package org.primelab.sweep.figures;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.CategoryChart;
import org.primelab.sweep.Simulator;
import org.primelab.sweep.SweepSpec;

/**
 * Link failure (paper §"Evaluation", "Link failure"): two links failed in a 2-tier FatTree of 128
 * hosts (k = 16), permutation of 2 MB flows at 400G (the CLI's defaults; the paper gives neither),
 * Ratio per scheme. The paper studies the steady phase, after detection, "where failed links are
 * excluded from forwarding paths": the two switch-to-switch cables (chosen with the seed, so each seed
 * fails a different pair) fail at 0 and are detected at once ({@code --detect 0ns}), so the run
 * measures the imbalanced fabric, not the black hole. The experiment is the paper's own size, so both
 * scales run it whole.
 */
final class FailureFigure implements Figure {
    /** Failed links (§"Evaluation", "two links are failed"). */
    static final String FAILED_LINKS = "2";
    /** Radix of the paper's 128-host 2-tier fabric (§"Evaluation", table of topologies). */
    static final String K = "16";

    @Override
    public String name() {
        return "link-failure";
    }

    @Override
    public String title() {
        return "Link failure: 2 failed links, 2-tier 128 hosts, Ratio per scheme";
    }

    @Override
    public SweepSpec spec(Scale scale) {
        Map<String, List<String>> grid = new LinkedHashMap<>();
        grid.put("tiers", List.of("2"));
        grid.put("k", List.of(K));
        grid.put("fail-random", List.of(FAILED_LINKS));
        grid.put("fail-at", List.of("0ns"));
        grid.put("detect", List.of("0ns"));
        grid.put("lb", Figures.PAPER_SCHEMES);
        grid.put("seed", Figures.SEEDS);
        return new SweepSpec(Simulator.SIM, grid, List.of());
    }

    @Override
    public void render(List<Map<String, Object>> rows, Path dir) {
        List<String> by = List.of("scheme");
        List<Stats> stats = Stats.of(rows, by, "ratio");
        Figures.writeStats(dir.resolve(name() + ".csv"), by, "ratio", stats);
        CategoryChart chart = Charts.bars("Two failed links (" + Figures.topology(rows) + ")", "scheme", "Ratio (max FCT / ideal)");
        Charts.addBars(chart, "Ratio", stats, 0);
        Figures.savePanels(dir.resolve(name() + ".png"), List.of(chart));
    }
}
