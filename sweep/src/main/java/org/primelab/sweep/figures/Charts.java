package org.primelab.sweep.figures;

import java.util.List;
import java.util.Objects;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The two plot shapes the figures use, both drawing the mean over seeds with error bars that cover
 * the seeds' range ({@link Stats#errorBar()}): lines (one per value of a series column, x numeric) and
 * grouped bars (one bar group per category).
 */
final class Charts {
    private Charts() {
    }

    /** An empty line chart with the legend below. */
    static XYChart lines(String title, String xTitle, String yTitle) {
        XYChart chart = new XYChartBuilder().width(560).height(460).title(title).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        return chart;
    }

    /**
     * One line per distinct value of group element {@code seriesAt} among {@code stats}, x from group
     * element {@code xAt} divided by {@code xUnit}, y the mean.
     */
    static void addLines(XYChart chart, List<Stats> stats, int seriesAt, int xAt, double xUnit) {
        for (Object series : stats.stream().map(s -> s.group().get(seriesAt)).distinct().toList()) {
            List<Stats> line = stats.stream().filter(s -> Objects.equals(s.group().get(seriesAt), series)).toList();
            double[] x = line.stream().mapToDouble(s -> ((Number) s.group().get(xAt)).doubleValue() / xUnit).toArray();
            double[] y = line.stream().mapToDouble(Stats::mean).toArray();
            double[] e = line.stream().mapToDouble(Stats::errorBar).toArray();
            XYSeries xy = chart.addSeries(String.valueOf(series), x, y, e);
            xy.setMarker(SeriesMarkers.CIRCLE);
        }
    }

    /** An empty bar chart with the legend below. */
    static CategoryChart bars(String title, String xTitle, String yTitle) {
        CategoryChart chart = new CategoryChartBuilder().width(560).height(460).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        return chart;
    }

    /**
     * One bar series called {@code name}: a bar per stats line, its category the group element
     * {@code categoryAt}.
     */
    static void addBars(CategoryChart chart, String name, List<Stats> stats, int categoryAt) {
        List<String> x = stats.stream().map(s -> String.valueOf(s.group().get(categoryAt))).toList();
        List<Double> y = stats.stream().map(Stats::mean).toList();
        List<Double> e = stats.stream().map(Stats::errorBar).toList();
        CategorySeries series = chart.addSeries(name, x, y, e);
        Objects.requireNonNull(series);
    }
}
