package org.primelab.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.primelab.analytical.downlink.AggregateBalanceCounterexample;
import org.primelab.analytical.downlink.Demand;
import org.primelab.analytical.downlink.EvenSplitLinkLoads;
import org.primelab.analytical.downlink.UplinkDownlinkTheorem;
import org.primelab.analytical.downlink.WorstCaseDownlinkLp;
import org.primelab.core.resources.ResourceGuard;
import org.primelab.core.topology.FatTree;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workloads;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code prime bounds downlink}: the uplink-to-downlink theorem on a cross-ToR permutation of W packets
 * per host — per class of downlink the even-split (fair) load, the integral bound with deviation delta,
 * and the LP worst case against its closed form; plus the aggregate-balance counterexample.
 */
@Command(name = "downlink", mixinStandardHelpOptions = true,
        description = "Downlink loads from per-flow uplink balance: theorem, integral bound, LP worst case.")
final class BoundsDownlinkCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--tiers", defaultValue = "2", description = "2 or 3 (default: ${DEFAULT-VALUE})")
    int tiers;

    @Option(names = "--k", defaultValue = "16", description = "switch radix, even, 4..64 (default: ${DEFAULT-VALUE})")
    int k;

    @Option(names = "--delta", required = true, description = "per-flow per-link deviation in packets, >= 0 (PRIME: 2)")
    double delta;

    @Option(names = "--window", defaultValue = "1000", description = "packets each host sends, >= 1 (default: ${DEFAULT-VALUE})")
    int window;

    @Option(names = "--seed", defaultValue = "1", description = "permutation seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--json", description = "print one JSON object instead of text")
    boolean json;

    @Option(names = "--force", description = "run even beyond the time budget (the heap limit still applies)")
    boolean force;

    @Override
    public Integer call() {
        if (!(delta >= 0) || Double.isInfinite(delta)) {
            throw new IllegalArgumentException("delta: must be finite and >= 0 packets, got " + delta);
        }
        if (window < 1) {
            throw new IllegalArgumentException("window: must be >= 1 packet, got " + window);
        }
        if (k < 4 || k > 64 || k % 2 != 0) {
            throw new IllegalArgumentException("k: switch radix must be even and in [4, 64] for this command, got " + k);
        }
        FatTree.Dimensions dims = Checks.dimensions(tiers, k);
        double[] lpSize = WorstCaseDownlinkLp.largestModel(dims);
        Checks.fits(ResourceGuard.denseLp(dims, "the worst-case downlink LP (" + String.format(Locale.ROOT, "%.3g",
                lpSize[0]) + " variables)", "k", lpSize[0], lpSize[1]), force);
        FatTree tree = FatTree.builder(tiers, k).build();
        List<Demand> demands = new ArrayList<>();
        for (Flow f : Workloads.permutation(tree, 1, seed, true)) {
            demands.add(new Demand(f.src(), f.dst(), window));
        }
        double[] loads = EvenSplitLinkLoads.compute(tree, demands);
        double hose = UplinkDownlinkTheorem.hoseBound(tree, window);
        // the most loaded downlink of each switch-to-switch class
        Map<String, Integer> worst = new LinkedHashMap<>();
        for (int l = 0; l < tree.linkCount(); l++) {
            int a = tree.tierOf(tree.linkSource(l));
            int b = tree.tierOf(tree.linkTarget(l));
            if (tree.isUplink(l) || b == 0) {
                continue;
            }
            String cls = a == 3 ? "core->agg" : (tiers == 2 ? "spine->leaf" : "agg->edge");
            Integer cur = worst.get(cls);
            if (cur == null || loads[l] > loads[cur]) {
                worst.put(cls, l);
            }
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Map.Entry<String, Integer> e : worst.entrySet()) {
            int l = e.getValue();
            WorstCaseDownlinkLp.Result lp = WorstCaseDownlinkLp.solve(tree, demands, delta, l);
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("class", e.getKey());
            row.put("link", tree.linkName(l));
            row.put("fair_share", loads[l]);
            row.put("closed_form_fair", UplinkDownlinkTheorem.closedFormLoad(tree, demands, l));
            row.put("flows", lp.flowsOnLink());
            row.put("integral_bound", UplinkDownlinkTheorem.integralBound(loads[l], delta, lp.flowsOnLink()));
            row.put("lp_worst_case", lp.lpLoad());
            row.put("closed_form_worst_case", lp.closedForm());
            row.put("lp_variables", lp.variables());
            row.put("lp_constraints", lp.constraints());
            rows.add(row);
        }
        AggregateBalanceCounterexample cx = AggregateBalanceCounterexample.build();
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("tiers", tiers);
            o.put("k", k);
            o.put("delta", delta);
            o.put("window", window);
            o.put("capacity", (double) window);
            o.put("hose_bound", hose);
            o.put("downlinks", rows);
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("max_uplink_load", cx.maxUplinkLoad());
            c.put("max_downlink_load", cx.maxDownlinkLoad());
            c.put("max_downlink_load_even_split", cx.maxDownlinkLoadEvenSplit());
            c.put("overloaded_link", cx.tree().linkName(cx.overloadedLink()));
            o.put("counterexample", c);
            out.println(Json.write(o));
        } else {
            out.printf(Locale.ROOT, "%s, cross-ToR permutation, %d packets per host (link capacity %d per window)%n",
                    tree, window, window);
            out.printf(Locale.ROOT, "theorem: even split puts at most H r / S = %.2f on every switch link%n", hose);
            for (Map<String, Object> row : rows) {
                out.printf(Locale.ROOT, "%-11s %s: fair %.2f, %s flows; fair + delta x flows = %.2f; LP worst case %.2f "
                        + "(closed form %.2f)%n", row.get("class"), row.get("link"), row.get("fair_share"), row.get("flows"),
                        row.get("integral_bound"), row.get("lp_worst_case"), row.get("closed_form_worst_case"));
            }
            out.printf(Locale.ROOT, "counterexample (2-tier k=4, unit links): aggregate-balanced uplinks (max %.0f) still "
                    + "put %.0f on %s; even split per flow: max downlink %.0f%n", cx.maxUplinkLoad(),
                    cx.maxDownlinkLoad(), cx.tree().linkName(cx.overloadedLink()), cx.maxDownlinkLoadEvenSplit());
        }
        out.flush();
        return 0;
    }
}
