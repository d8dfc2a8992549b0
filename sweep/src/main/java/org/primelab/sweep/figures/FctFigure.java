package org.primelab.sweep.figures;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.CategoryChart;
import org.primelab.sweep.SweepSpec;

/**
 * Average FCT (paper §"Evaluation", figure "Average FCT for 8 MB flows in 3-tier FatTree topology with
 * 800 Gbps"): mean and maximum FCT per scheme ({@link Fct8MbCase}), mean over seeds with error bars
 * covering their range. The paper's point: PRIME lowers the average as well as the tail.
 */
final class FctFigure implements Figure {
    @Override
    public String name() {
        return "fct-3tier";
    }

    @Override
    public String title() {
        return "Average and maximum FCT, 8 MB flows, 3-tier 800G, per scheme";
    }

    @Override
    public SweepSpec spec(Scale scale) {
        return Fct8MbCase.spec(scale);
    }

    @Override
    public String sweepDir() {
        return Fct8MbCase.SWEEP_DIR;
    }

    @Override
    public void render(List<Map<String, Object>> all, Path dir) {
        List<Map<String, Object>> rows = Figures.select(all, Fct8MbCase.rows());
        List<String> by = List.of("scheme");
        Map<String, List<Stats>> stats = new LinkedHashMap<>();
        stats.put("mean_fct_us", Stats.of(rows, by, "mean_fct_us"));
        stats.put("max_fct_us", Stats.of(rows, by, "max_fct_us"));
        Figures.writeStats(dir.resolve(name() + ".csv"), by, stats);
        CategoryChart chart = Charts.bars("FCT, 8 MB, 800G (" + Figures.topology(rows) + ")", "scheme", "FCT (us)");
        Charts.addBars(chart, "average FCT", stats.get("mean_fct_us"), 0);
        Charts.addBars(chart, "maximum FCT", stats.get("max_fct_us"), 0);
        Figures.savePanels(dir.resolve(name() + ".png"), List.of(chart));
    }
}
