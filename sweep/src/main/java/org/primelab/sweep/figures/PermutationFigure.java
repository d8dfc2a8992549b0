package org.primelab.sweep.figures;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.XYChart;
import org.primelab.sweep.Simulator;
import org.primelab.sweep.SweepSpec;

/**
 * Permutation traffic (paper §"Evaluation", "Permutation traffic"; figures "Permutation traffic in a
 * 2-tier FatTree topology with 2048 hosts" and "... 3-tier FatTree topology with 1024 hosts under
 * varying link bandwidths"): Ratio (max FCT / ideal max FCT) against flow size, one panel per link
 * rate (100, 400, 800G), one line per scheme; mean over seeds with error bars covering their range.
 * 2-tier: paper scale k = 64 (2048 hosts), small k = 8 (32 hosts), every scheme of the CLI. 3-tier:
 * paper scale k = 16 (1024 hosts), small k = 8 (128 hosts), the paper's four schemes
 * ({@link Figures#PAPER_SCHEMES}), recording per-port queue depths ({@link Simulator#SIM_QUEUES}) so
 * that its 800G 8 MB points serve the FCT and buffer figures ({@link Fct8MbCase}) without running
 * again. Paper scale runs 2 to 32 MB, small scale 2 and 8 MB.
 */
final class PermutationFigure implements Figure {
    /** Radix of the paper's 2-tier fabric: k^2/2 = 2048 hosts (§"Evaluation", table of topologies). */
    static final String PAPER_K_2TIER = "64";
    /** Radix of the paper's 3-tier fabric: k^3/4 = 1024 hosts (§"Evaluation", table of topologies). */
    static final String PAPER_K_3TIER = "16";
    /** Radix at small scale: 32 hosts on 2 tiers, 128 on 3. */
    static final String SMALL_K = "8";
    /** The paper's link rates (§"Evaluation", "Setup"). */
    static final List<String> RATES = List.of("100G", "400G", "800G");
    /** The paper's flow sizes (§"Evaluation", "Traffic": 2 to 32 MB). */
    static final List<String> PAPER_SIZES = List.of("2MB", "4MB", "8MB", "16MB", "32MB");
    /** Flow sizes at small scale. */
    static final List<String> SMALL_SIZES = List.of("2MB", "8MB");
    /** The schemes of the 2-tier figure: every scheme of the CLI. */
    static final List<String> ALL_SCHEMES = List.of("ecmp", "rps", "reps", "prime", "co-prime", "ar");

    private final int tiers;

    /** The permutation figure on a {@code tiers}-tier fabric (2 or 3). */
    PermutationFigure(int tiers) {
        if (tiers != 2 && tiers != 3) {
            throw new IllegalArgumentException("tiers: must be 2 or 3, got " + tiers);
        }
        this.tiers = tiers;
    }

    @Override
    public String name() {
        return "permutation-" + tiers + "tier";
    }

    @Override
    public String title() {
        return "Permutation, " + tiers + "-tier FatTree: Ratio vs flow size at 100/400/800G per scheme";
    }

    @Override
    public SweepSpec spec(Scale scale) {
        Map<String, List<String>> grid = new LinkedHashMap<>();
        grid.put("tiers", List.of(String.valueOf(tiers)));
        grid.put("k", List.of(scale == Scale.PAPER ? (tiers == 2 ? PAPER_K_2TIER : PAPER_K_3TIER) : SMALL_K));
        grid.put("rate", RATES);
        grid.put("flow-size", scale == Scale.PAPER ? PAPER_SIZES : SMALL_SIZES);
        grid.put("lb", tiers == 2 ? ALL_SCHEMES : Figures.PAPER_SCHEMES);
        grid.put("seed", Figures.SEEDS);
        // The 3-tier sweep also records per-port queues: its 800G 8 MB points are the FCT and buffer figures' case.
        return new SweepSpec(tiers == 3 ? Simulator.SIM_QUEUES : Simulator.SIM, grid, List.of());
    }

    @Override
    public void render(List<Map<String, Object>> all, Path dir) {
        List<Map<String, Object>> rows = Figures.select(all, Figures.numberIs("tiers", tiers));
        List<String> by = List.of("rate_gbps", "scheme", "flow_size_bytes");
        List<Stats> stats = Stats.of(rows, by, "ratio");
        Figures.writeStats(dir.resolve(name() + ".csv"), by, "ratio", stats);
        List<XYChart> panels = new ArrayList<>();
        for (Object rate : stats.stream().map(s -> s.group().get(0)).distinct().toList()) {
            XYChart chart = Charts.lines(String.format(Locale.ROOT, "%.0f Gbps (%s)", ((Number) rate).doubleValue(),
                    Figures.topology(rows)), "flow size (MB)", "Ratio (max FCT / ideal)");
            Charts.addLines(chart, stats.stream().filter(s -> s.group().get(0).equals(rate)).toList(), 1, 2, 1e6);
            panels.add(chart);
        }
        Figures.savePanels(dir.resolve(name() + ".png"), panels);
    }
}
