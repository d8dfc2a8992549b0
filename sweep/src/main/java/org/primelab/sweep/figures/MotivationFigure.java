package org.primelab.sweep.figures;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.primelab.sweep.Simulator;
import org.primelab.sweep.SweepSpec;

/**
 * The motivation experiment (paper §"Design Motivation", "Unfair penalization of flows during
 * asymmetric network conditions"): 18 flows from leaf 0 to leaf 1 of a 2-tier k = 16 fabric at 400G,
 * one leaf-0 uplink degraded by 0 to 75%. Plotted: the degraded port's share of each flow's packets,
 * smallest and largest over the flows, per scheme and degradation (mean over seeds, error bars
 * covering the seeds' range). Equal lines mean every flow shifts the same share away from the
 * degraded port; a gap is the unevenness the paper points at. The experiment is the paper's own size,
 * so both scales run it whole.
 */
final class MotivationFigure implements Figure {
    @Override
    public String name() {
        return "motivation";
    }

    @Override
    public String title() {
        return "Motivation: per-flow share of the degraded leaf-0 uplink vs degradation (REPS, PRIME)";
    }

    @Override
    public SweepSpec spec(Scale scale) {
        Map<String, List<String>> grid = new LinkedHashMap<>();
        grid.put("lb", List.of("reps", "prime"));
        grid.put("degradations", List.of("0", "25", "50", "75"));
        grid.put("seed", Figures.SEEDS);
        return new SweepSpec(Simulator.MOTIVATION, grid, List.of());
    }

    @Override
    public void render(List<Map<String, Object>> rows, Path dir) {
        List<String> by = List.of("scheme", "degradation_pct");
        List<Stats> min = Stats.of(rows, by, "min_flow_share");
        List<Stats> max = Stats.of(rows, by, "max_flow_share");
        writeBoth(dir, by, min, max);
        XYChart chart = new XYChartBuilder().width(800).height(500).title("Per-flow share of the degraded port")
                .xAxisTitle("degradation of one leaf-0 uplink (%)").yAxisTitle("share of a flow's packets").build();
        for (String scheme : schemes(min)) {
            addSeries(chart, scheme + " min over flows", min, scheme);
            addSeries(chart, scheme + " max over flows", max, scheme);
        }
        chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.OutsideS);
        Figures.savePanels(dir.resolve(name() + ".png"), List.of(chart));
    }

    private void writeBoth(Path dir, List<String> by, List<Stats> min, List<Stats> max) {
        List<Stats> merged = new ArrayList<>();
        for (Stats s : min) {
            List<Object> g = new ArrayList<>(s.group());
            g.add("min_flow_share");
            merged.add(new Stats(g, s.n(), s.mean(), s.min(), s.max()));
        }
        for (Stats s : max) {
            List<Object> g = new ArrayList<>(s.group());
            g.add("max_flow_share");
            merged.add(new Stats(g, s.n(), s.mean(), s.min(), s.max()));
        }
        List<String> cols = new ArrayList<>(by);
        cols.add("over_flows");
        Figures.writeStats(dir.resolve(name() + ".csv"), cols, "share_of_degraded_port", merged);
    }

    private static List<String> schemes(List<Stats> stats) {
        return stats.stream().map(s -> String.valueOf(s.group().get(0))).distinct().toList();
    }

    private static void addSeries(XYChart chart, String label, List<Stats> stats, String scheme) {
        List<Stats> mine = stats.stream().filter(s -> scheme.equals(String.valueOf(s.group().get(0)))).toList();
        double[] x = mine.stream().mapToDouble(s -> ((Number) s.group().get(1)).doubleValue()).toArray();
        double[] y = mine.stream().mapToDouble(Stats::mean).toArray();
        double[] e = mine.stream().mapToDouble(Stats::errorBar).toArray();
        XYSeries series = chart.addSeries(label, x, y, e);
        series.setMarker(org.knowm.xchart.style.markers.SeriesMarkers.CIRCLE);
    }
}
