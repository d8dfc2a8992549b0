package org.primelab.sweep.figures;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;

/** The registered figures, and what they share: seeds, the stats CSV and the PNG panels. */
public final class Figures {
    /** Seeds every figure runs (the issue asks for at least three, with the spread shown). */
    public static final List<String> SEEDS = List.of("1", "2", "3");
    /** The least number of seeds a figure may use. */
    public static final int MIN_SEEDS = 3;

    private Figures() {
    }

    /** Every figure, in the order {@code prime figures} makes them. */
    public static List<Figure> all() {
        return List.of(new MotivationFigure(), new PermutationFigure());
    }

    /**
     * Writes the numbers behind a plot: one line per group with the grouping columns, then
     * {@code metric,n,mean,min,max}.
     */
    static void writeStats(Path file, List<String> groupColumns, String metric, List<Stats> stats) {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write(String.join(",", groupColumns) + ",metric,n,mean,min,max\n");
            for (Stats s : stats) {
                List<String> f = new ArrayList<>();
                s.group().forEach(g -> f.add(String.valueOf(g)));
                w.write(String.join(",", f));
                w.write(String.format(Locale.ROOT, ",%s,%d,%.6g,%.6g,%.6g%n", metric, s.n(), s.mean(), s.min(), s.max()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Saves {@code panels} side by side as one PNG. */
    static void savePanels(Path file, List<XYChart> panels) {
        List<BufferedImage> images = new ArrayList<>();
        int width = 0;
        int height = 0;
        for (XYChart c : panels) {
            BufferedImage img = BitmapEncoder.getBufferedImage(c);
            images.add(img);
            width += img.getWidth();
            height = Math.max(height, img.getHeight());
        }
        BufferedImage all = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = all.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
        int x = 0;
        for (BufferedImage img : images) {
            g.drawImage(img, x, 0, null);
            x += img.getWidth();
        }
        g.dispose();
        try {
            ImageIO.write(all, "png", file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
