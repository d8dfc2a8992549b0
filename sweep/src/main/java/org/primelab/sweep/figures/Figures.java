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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

/** The registered figures, and what they share: seeds, schemes, the stats CSV and the PNG panels. */
public final class Figures {
    /** Seeds every figure runs (the issue asks for at least three, with the spread shown). */
    public static final List<String> SEEDS = List.of("1", "2", "3");
    /** The least number of seeds a figure may use. */
    public static final int MIN_SEEDS = 3;
    /**
     * The schemes the paper's evaluation compares (§"Evaluation", "Algorithms"): PRIME, its
     * congestion-oblivious variant ("OB", our CO-PRIME), REPS and adaptive routing.
     */
    public static final List<String> PAPER_SCHEMES = List.of("prime", "co-prime", "reps", "ar");

    private Figures() {
    }

    /** Every figure, in the order {@code prime figures} makes them. */
    public static List<Figure> all() {
        return List.of(new MotivationFigure(), new PermutationFigure(2), new PermutationFigure(3), new FctFigure(),
                new BufferFigure(), new FailureFigure(), new DegradationFigure(), new MixedTrafficFigure());
    }

    /** The figure called {@code name}. */
    public static Figure named(String name) {
        return all().stream().filter(f -> f.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("figure: unknown '" + name + "'"));
    }

    /** The rows whose column {@code column} holds the number {@code value}. */
    static Predicate<Map<String, Object>> numberIs(String column, double value) {
        return r -> r.get(column) instanceof Number n && n.doubleValue() == value;
    }

    /** {@code rows} that pass {@code keep}. */
    static List<Map<String, Object>> select(List<Map<String, Object>> rows, Predicate<Map<String, Object>> keep) {
        return rows.stream().filter(keep).toList();
    }

    /**
     * The topology the rows were measured on, for a plot's title: e.g. {@code 3-tier k=8, 128 hosts}
     * (the small scale states its reduced fabric on every plot this way).
     */
    static String topology(List<Map<String, Object>> rows) {
        if (rows.isEmpty()) {
            return "no rows";
        }
        Map<String, Object> r = rows.get(0);
        return String.format(Locale.ROOT, "%s-tier k=%s, %s hosts", whole(r.get("tiers")), whole(r.get("k")), whole(r.get("hosts")));
    }

    private static String whole(Object v) {
        return v instanceof Number n ? String.valueOf(n.longValue()) : String.valueOf(v);
    }

    /**
     * Writes the numbers behind a plot: one line per group with the grouping columns, then
     * {@code metric,n,mean,min,max}.
     */
    static void writeStats(Path file, List<String> groupColumns, String metric, List<Stats> stats) {
        Map<String, List<Stats>> one = new LinkedHashMap<>();
        one.put(metric, stats);
        writeStats(file, groupColumns, one);
    }

    /** Writes several metrics' stats into one CSV: the lines of each metric in turn, layout as above. */
    static void writeStats(Path file, List<String> groupColumns, Map<String, List<Stats>> byMetric) {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write(String.join(",", groupColumns) + ",metric,n,mean,min,max\n");
            for (Map.Entry<String, List<Stats>> m : byMetric.entrySet()) {
                for (Stats s : m.getValue()) {
                    List<String> f = new ArrayList<>();
                    s.group().forEach(g -> f.add(String.valueOf(g)));
                    w.write(String.join(",", f));
                    w.write(String.format(Locale.ROOT, ",%s,%d,%.6g,%.6g,%.6g%n", m.getKey(), s.n(), s.mean(), s.min(), s.max()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Saves {@code panels} side by side as one PNG. */
    static void savePanels(Path file, List<? extends Chart<?, ?>> panels) {
        List<BufferedImage> images = new ArrayList<>();
        int width = 0;
        int height = 0;
        for (Chart<?, ?> c : panels) {
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
