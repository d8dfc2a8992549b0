package org.primelab.sweep.figures;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.primelab.sweep.Simulator;
import org.primelab.sweep.SweepSpec;

/**
 * Permutation traffic on a 2-tier FatTree (paper §"Evaluation", figure "Permutation traffic in a
 * 2-tier FatTree topology with 2048 hosts under varying link bandwidths"): Ratio (max FCT / ideal max
 * FCT) against flow size, one panel per link rate (100, 400, 800G), one line per scheme; mean over
 * seeds with error bars covering their range. Paper scale: k = 64 (2048 hosts), 2 to 32 MB; small
 * scale: k = 8 (32 hosts), 2 and 8 MB.
 */
final class PermutationFigure implements Figure {
    /** Radix of the paper's 2-tier fabric: k^2/2 = 2048 hosts (§"Evaluation"). */
    static final String PAPER_K = "64";
    /** Radix at small scale: 32 hosts. */
    static final String SMALL_K = "8";
    /** The paper's link rates (§"Evaluation"). */
    static final List<String> RATES = List.of("100G", "400G", "800G");
    /** The paper's flow sizes (§"Evaluation", 2 to 32 MB). */
    static final List<String> PAPER_SIZES = List.of("2MB", "4MB", "8MB", "16MB", "32MB");
    /** Flow sizes at small scale. */
    static final List<String> SMALL_SIZES = List.of("2MB", "8MB");
    /** The schemes compared. */
    static final List<String> SCHEMES = List.of("ecmp", "rps", "reps", "prime", "co-prime", "ar");

    @Override
    public String name() {
        return "permutation-2tier";
    }

    @Override
    public String title() {
        return "Permutation, 2-tier FatTree: Ratio vs flow size at 100/400/800G per scheme";
    }

    @Override
    public SweepSpec spec(Scale scale) {
        Map<String, List<String>> grid = new LinkedHashMap<>();
        grid.put("tiers", List.of("2"));
        grid.put("k", List.of(scale == Scale.PAPER ? PAPER_K : SMALL_K));
        grid.put("rate", RATES);
        grid.put("flow-size", scale == Scale.PAPER ? PAPER_SIZES : SMALL_SIZES);
        grid.put("lb", SCHEMES);
        grid.put("seed", Figures.SEEDS);
        return new SweepSpec(Simulator.SIM, grid, List.of());
    }

    @Override
    public void render(List<Map<String, Object>> rows, Path dir) {
        List<String> by = List.of("rate_gbps", "scheme", "flow_size_bytes");
        List<Stats> stats = Stats.of(rows, by, "ratio");
        Figures.writeStats(dir.resolve(name() + ".csv"), by, "ratio", stats);
        List<XYChart> panels = new ArrayList<>();
        for (Object rate : stats.stream().map(s -> s.group().get(0)).distinct().toList()) {
            XYChart chart = new XYChartBuilder().width(560).height(460)
                    .title(String.format(java.util.Locale.ROOT, "%.0f Gbps", ((Number) rate).doubleValue()))
                    .xAxisTitle("flow size (MB)").yAxisTitle("Ratio (max FCT / ideal)").build();
            chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
            for (Object scheme : stats.stream().map(s -> s.group().get(1)).distinct().toList()) {
                List<Stats> line = stats.stream().filter(s -> s.group().get(0).equals(rate) && s.group().get(1).equals(scheme))
                        .toList();
                double[] x = line.stream().mapToDouble(s -> ((Number) s.group().get(2)).doubleValue() / 1e6).toArray();
                double[] y = line.stream().mapToDouble(Stats::mean).toArray();
                double[] e = line.stream().mapToDouble(Stats::errorBar).toArray();
                XYSeries series = chart.addSeries(String.valueOf(scheme), x, y, e);
                series.setMarker(SeriesMarkers.CIRCLE);
            }
            panels.add(chart);
        }
        Figures.savePanels(dir.resolve(name() + ".png"), panels);
    }
}
