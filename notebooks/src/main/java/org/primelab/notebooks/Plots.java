package org.primelab.notebooks;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;

/**
 * Inline plots for the notebooks: XChart charts rendered to PNG.
 *
 * <p>{@link #show} renders the chart and, under the Java Jupyter kernel, displays the image in the cell's
 * output ({@link KernelDisplay}); anywhere else (plain JShell, the build's notebook test) it renders all
 * the same and returns, so the notebook's plotting code runs, and can fail, in both places. The chart
 * factories give every notebook the same size and style.
 */
public final class Plots {
    /** Width of every chart, pixels. */
    public static final int WIDTH = 760;
    /** Height of every chart, pixels. */
    public static final int HEIGHT = 420;

    private Plots() {
    }

    /** An empty line/scatter chart with the notebooks' size and style. */
    public static XYChart xy(String title, String xTitle, String yTitle) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        style(chart.getStyler());
        chart.getStyler().setMarkerSize(6);
        return chart;
    }

    /** An empty bar chart with the notebooks' size and style. */
    public static CategoryChart bars(String title, String xTitle, String yTitle) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        style(chart.getStyler());
        chart.getStyler().setOverlapped(false);
        return chart;
    }

    private static void style(Styler styler) {
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setLegendPosition(Styler.LegendPosition.OutsideE);
        styler.setAntiAlias(true);
    }

    /**
     * Renders {@code chart}; under the Jupyter kernel, shows it in the cell's output as a PNG. Returns
     * nothing on purpose: a value would be shown a second time as the cell's result.
     */
    public static void show(Chart<?, ?> chart) {
        BufferedImage image = render(chart);
        KernelDisplay.find(Plots.class.getClassLoader()).ifPresent(k -> k.show("image/png", image));
    }

    /** The chart drawn into an image of its own size. */
    public static BufferedImage render(Chart<?, ?> chart) {
        return BitmapEncoder.getBufferedImage(chart);
    }

    /** The chart as PNG bytes. */
    public static byte[] png(Chart<?, ?> chart) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(render(chart), "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
