package org.primelab.sweep.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.primelab.sweep.CliPointRunner;
import org.primelab.sweep.Point;
import org.primelab.sweep.PointPlanner;
import org.primelab.sweep.SweepSpec;

/**
 * Every figure: its sweep validates at both scales with at least three seeds, and on a tiny run (its
 * small-scale grid on a 4-port fabric, one seed, run point by point without Spark) its writer makes a
 * readable PNG and a CSV with the expected columns and metrics.
 */
class FiguresTest {
    @TempDir
    Path dir;

    @Test
    void everyFigureValidatesAtBothScalesWithThreeSeeds() {
        Set<String> names = new LinkedHashSet<>();
        for (Figure f : Figures.all()) {
            assertTrue(names.add(f.name()), "duplicate figure name " + f.name());
            for (Scale s : Scale.values()) {
                SweepSpec spec = f.spec(s);
                assertTrue(spec.grid().get("seed") == null || spec.grid().get("seed").size() >= Figures.MIN_SEEDS, f.name());
                if (s == Scale.SMALL) {
                    // every value of every axis is validated; one seed suffices unless the seed picks failed links
                    Map<String, List<String>> grid = new LinkedHashMap<>(spec.grid());
                    if (!grid.containsKey("fail-random")) {
                        grid.put("seed", List.of("1"));
                    }
                    SweepSpec checked = new SweepSpec(spec.simulator(), grid, spec.points());
                    int product = grid.values().stream().mapToInt(List::size).reduce(1, (a, b) -> a * b);
                    assertEquals(product, PointPlanner.plan(checked).size(), f.name());
                }
            }
        }
        assertEquals(List.of("motivation", "permutation-2tier", "permutation-3tier", "fct-3tier", "buffers-3tier", "link-failure",
                "link-degradation", "mixed-traffic"), List.copyOf(names));
    }

    @Test
    void paperScaleSpecsNameThePapersFabrics() {
        assertEquals(List.of("64"), Figures.named("permutation-2tier").spec(Scale.PAPER).grid().get("k"));
        assertEquals(List.of("16"), Figures.named("permutation-3tier").spec(Scale.PAPER).grid().get("k"));
        assertEquals(List.of("128"), Figures.named("link-degradation").spec(Scale.PAPER).grid().get("k"));
        assertEquals(List.of("16"), Figures.named("link-failure").spec(Scale.PAPER).grid().get("k"));
        assertEquals(PermutationFigure.PAPER_SIZES, Figures.named("permutation-3tier").spec(Scale.PAPER).grid().get("flow-size"));
    }

    /**
     * The figure's small grid on a tiny fabric: k=4 (k=8 for failures, so two failed cables never cut a
     * leaf off), seed 1, flows of 256 and 512 KB (a figure of one case of a shared sweep: that case).
     */
    private static SweepSpec tiny(Figure f) {
        Map<String, List<String>> grid = new LinkedHashMap<>(f.spec(Scale.SMALL).grid());
        grid.put("k", List.of(grid.containsKey("fail-random") ? "8" : "4"));
        grid.put("seed", List.of("1"));
        if (!f.sweepDir().equals(f.name())) {
            // a figure that selects one case of a shared sweep: that case alone
            grid.put("rate", List.of("800G"));
            grid.put("flow-size", List.of("8MB"));
        } else if (grid.containsKey("flow-size") && grid.get("flow-size").size() > 1) {
            grid.put("flow-size", List.of("256KB", "512KB"));
        }
        SweepSpec s = f.spec(Scale.SMALL);
        return new SweepSpec(s.simulator(), grid, s.points());
    }

    private List<String> renderTiny(String name) throws Exception {
        Figure f = Figures.named(name);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Point p : PointPlanner.plan(tiny(f))) {
            rows.addAll(new CliPointRunner().run(p));
        }
        Path out = dir.resolve(name);
        Files.createDirectories(out);
        f.render(rows, out);
        BufferedImage png = ImageIO.read(out.resolve(name + ".png").toFile());
        assertNotNull(png, name + ".png");
        assertTrue(png.getWidth() > 100 && png.getHeight() > 100);
        List<String> csv = Files.readAllLines(out.resolve(name + ".csv"));
        assertFalse(csv.size() < 2, name + ".csv has no data line");
        for (String line : csv.subList(1, csv.size())) {
            String[] f2 = line.split(",");
            assertEquals(csv.get(0).split(",").length, f2.length, line);
            assertEquals("1", f2[f2.length - 4], "n: one seed in " + line);
            double mean = Double.parseDouble(f2[f2.length - 3]);
            assertTrue(Double.isFinite(mean) && mean >= 0, line);
        }
        return csv;
    }

    private static Set<String> metrics(List<String> csv) {
        Set<String> m = new LinkedHashSet<>();
        for (String line : csv.subList(1, csv.size())) {
            String[] f = line.split(",");
            m.add(f[f.length - 5]);
        }
        return m;
    }

    @Test
    void permutation3TierCsv() throws Exception {
        List<String> csv = renderTiny("permutation-3tier");
        assertEquals("rate_gbps,scheme,flow_size_bytes,metric,n,mean,min,max", csv.get(0));
        assertEquals(1 + 3 * 4 * 2, csv.size()); // 3 rates x 4 schemes x 2 sizes
        assertEquals(Set.of("ratio"), metrics(csv));
    }

    @Test
    void fctAndBufferCsvShareOneSweep() throws Exception {
        assertEquals(Figures.named("fct-3tier").sweepDir(), Figures.named("buffers-3tier").sweepDir());
        List<String> fct = renderTiny("fct-3tier");
        assertEquals("scheme,metric,n,mean,min,max", fct.get(0));
        assertEquals(Set.of("mean_fct_us", "max_fct_us"), metrics(fct));
        assertEquals(1 + 2 * 4, fct.size());
        List<String> buffers = renderTiny("buffers-3tier");
        Set<String> expected = new LinkedHashSet<>();
        for (int q : BufferFigure.QUANTILES) {
            expected.add(String.format(java.util.Locale.ROOT, "port_max_pkts_p%02d", q));
        }
        expected.add("mean_queue_pkts");
        expected.add("max_queue_pkts");
        assertEquals(expected, metrics(buffers));
        // quantiles of one scheme never decrease
        double previous = -1;
        for (String line : buffers.subList(1, buffers.size())) {
            if (line.startsWith("prime,port_max_pkts_p")) {
                double v = Double.parseDouble(line.split(",")[3]);
                assertTrue(v >= previous, line);
                previous = v;
            }
        }
    }

    @Test
    void failureDegradationAndMixedCsv() throws Exception {
        List<String> failure = renderTiny("link-failure");
        assertEquals("scheme,metric,n,mean,min,max", failure.get(0));
        assertEquals(1 + 4, failure.size());
        List<String> degradation = renderTiny("link-degradation");
        assertEquals("scheme,flow_size_bytes,metric,n,mean,min,max", degradation.get(0));
        assertEquals(1 + 4 * 2, degradation.size());
        List<String> mixed = renderTiny("mixed-traffic");
        assertEquals("opt_sched,scheme,metric,n,mean,min,max", mixed.get(0));
        assertEquals(Set.of("sprayed_max_fct_us", "ecmp_max_fct_us"), metrics(mixed));
        assertEquals(1 + 2 * 4 * 2, mixed.size()); // 2 metrics x 4 schedulers x 2 schemes
    }
}
