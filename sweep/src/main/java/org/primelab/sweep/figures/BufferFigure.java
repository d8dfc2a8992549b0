package org.primelab.sweep.figures;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.internal.chartpart.Chart;
import org.primelab.sweep.SweepSpec;

/**
 * Buffer occupancy (paper §"Evaluation", "Buffer analysis", figure "Buffer occupancy for 8 MB flows in
 * a 3-tier FatTree topology with 800 Gbps links"), on {@link Fct8MbCase}. Left, the distribution: the
 * largest depth each switch port reached, as quantiles over the ports that carried data (x the
 * quantile in %, y the depth in packets; one line per scheme, mean over seeds, error bars over seeds).
 * Right, the average: the time-averaged depth averaged over those ports ({@code mean_queue_pkts}) and
 * the largest depth of any port ({@code max_queue_pkts}), per scheme.
 */
final class BufferFigure implements Figure {
    /** The quantiles plotted (percent), a subset of those the sweep records. */
    static final List<Integer> QUANTILES = List.of(0, 10, 25, 50, 75, 90, 99, 100);

    @Override
    public String name() {
        return "buffers-3tier";
    }

    @Override
    public String title() {
        return "Buffer occupancy distribution and average, 8 MB flows, 3-tier 800G, per scheme";
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
        List<Stats> quantiles = new ArrayList<>();
        for (int q : QUANTILES) {
            String column = String.format(Locale.ROOT, "port_max_pkts_p%02d", q);
            List<Stats> s = Stats.of(rows, by, column);
            stats.put(column, s);
            for (Stats one : s) {
                quantiles.add(new Stats(List.of(one.group().get(0), (long) q), one.n(), one.mean(), one.min(), one.max()));
            }
        }
        stats.put("mean_queue_pkts", Stats.of(rows, by, "mean_queue_pkts"));
        stats.put("max_queue_pkts", Stats.of(rows, by, "max_queue_pkts"));
        Figures.writeStats(dir.resolve(name() + ".csv"), by, stats);
        XYChart distribution = Charts.lines("Per-port max queue depth (" + Figures.topology(rows) + ")",
                "quantile over switch ports (%)", "max queue depth (packets)");
        Charts.addLines(distribution, quantiles, 0, 1, 1);
        CategoryChart average = Charts.bars("Average buffer occupancy, 8 MB, 800G", "scheme", "queue depth (packets)");
        Charts.addBars(average, "time-averaged depth, mean over ports", stats.get("mean_queue_pkts"), 0);
        Charts.addBars(average, "largest depth of any port", stats.get("max_queue_pkts"), 0);
        List<Chart<?, ?>> panels = List.of(distribution, average);
        Figures.savePanels(dir.resolve(name() + ".png"), panels);
    }
}
