package org.primelab.sweep.figures;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.CategoryChart;
import org.primelab.sweep.Simulator;
import org.primelab.sweep.SweepSpec;

/**
 * Mixed flow (paper §"Evaluation", "Mixed flow (coexistence of packet sprayed with non-sprayed
 * traffic)"): on a 3-tier FatTree, 1% of the permutation's flows are pinned to ECMP in their own
 * traffic class, and ports share the wire between the classes by strict priority (ECMP first) or
 * weighted round robin with ECMP weights 50, 66 and 80%; PRIME vs REPS for the sprayed flows, the
 * maximum FCT of each class. The paper gives neither rate nor flow size: the CLI's defaults (400G,
 * 2 MB). Paper scale k = 16 (1024 hosts, about 10 ECMP flows), small k = 8 (128 hosts, 1 ECMP flow).
 */
final class MixedTrafficFigure implements Figure {
    /** Share of flows on ECMP (§"Evaluation": "1% of the total 1024 flows"). */
    static final String ECMP_FRACTION = "0.01";
    /** The scheduling policies (§"Evaluation": strict priority, WRR with ECMP weights 50/66/80%). */
    static final List<String> SCHEDULERS = List.of("sp", "wrr:0.5", "wrr:0.66", "wrr:0.8");

    @Override
    public String name() {
        return "mixed-traffic";
    }

    @Override
    public String title() {
        return "Mixed ECMP + sprayed traffic: max FCT per class under SP and WRR 50/66/80%, PRIME vs REPS";
    }

    @Override
    public SweepSpec spec(Scale scale) {
        Map<String, List<String>> grid = new LinkedHashMap<>();
        grid.put("tiers", List.of("3"));
        grid.put("k", List.of(scale == Scale.PAPER ? PermutationFigure.PAPER_K_3TIER : PermutationFigure.SMALL_K));
        grid.put("ecmp-fraction", List.of(ECMP_FRACTION));
        grid.put("sched", SCHEDULERS);
        grid.put("lb", List.of("prime", "reps"));
        grid.put("seed", Figures.SEEDS);
        return new SweepSpec(Simulator.SIM, grid, List.of());
    }

    @Override
    public void render(List<Map<String, Object>> rows, Path dir) {
        List<String> by = List.of("opt_sched", "scheme");
        Map<String, List<Stats>> stats = new LinkedHashMap<>();
        stats.put("sprayed_max_fct_us", Stats.of(rows, by, "sprayed_max_fct_us"));
        stats.put("ecmp_max_fct_us", Stats.of(rows, by, "ecmp_max_fct_us"));
        Figures.writeStats(dir.resolve(name() + ".csv"), by, stats);
        CategoryChart chart = Charts.bars("Mixed traffic (" + Figures.topology(rows) + ")", "ECMP class scheduling",
                "maximum FCT (us)");
        for (String scheme : List.of("prime", "reps")) {
            for (Map.Entry<String, List<Stats>> m : stats.entrySet()) {
                List<Stats> mine = m.getValue().stream().filter(s -> scheme.equals(String.valueOf(s.group().get(1)))).toList();
                String cls = m.getKey().startsWith("ecmp") ? "ECMP flows" : "sprayed flows";
                Charts.addBars(chart, scheme + ": " + cls, mine, 0);
            }
        }
        Figures.savePanels(dir.resolve(name() + ".png"), List.of(chart));
    }
}
