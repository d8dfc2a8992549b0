package org.primelab.analytical.downlink;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;
import org.primelab.core.topology.FatTree;

/**
 * The worst-case load of one link when every flow may deviate from its even split by up to
 * {@code delta} on every link, as a linear program (ojalgo {@link ExpressionsBasedModel}).
 *
 * <p><b>LP.</b> Variables {@code x_{f,p} >= 0}: flow {@code f}'s traffic on its path {@code p}. Constraints:
 * {@code sum_p x_{f,p} = d_f}; for every switch-to-switch link {@code l'} that {@code f} can use,
 * {@code |sum_{p ∋ l'} x_{f,p} - d_f n_{f,l'}/P_f| <= delta} (the integral version's per-flow, per-link
 * deviation). Objective: maximise {@code sum_{f, p ∋ l} x_{f,p}} for the target link {@code l}. The
 * constraints couple only the paths of one flow, so only flows that can use {@code l} enter the model;
 * its size is {@code sum_f P_f} variables (e.g. 8 flows x 64 paths into an edge switch of a 3-tier
 * {@code k = 16} tree).
 *
 * <p><b>Closed form</b> ({@link #closedForm}): {@code sum_{f uses l} min(d_f, d_f n_{f,l}/P_f + delta)}.
 * <i>Proof.</i> Upper bound: the constraint on {@code l} itself and {@code x >= 0}. Attained: add
 * {@code delta' = min(delta, d_f - share)} to the paths through {@code l}, spread evenly over them, and
 * remove it evenly from the others; every other link gains or loses at most {@code delta'} because it
 * contains only paths of one kind or a proportional mix (FatTree paths are products of per-tier
 * choices). The test checks LP = closed form on random traffic for 2- and 3-tier trees.
 */
public final class WorstCaseDownlinkLp {
    private WorstCaseDownlinkLp() {
    }

    /** Result: the LP optimum, the closed form, the flows that can use the link and the model size. */
    public record Result(int link, double lpLoad, double closedForm, double fairShare, int flowsOnLink, int variables,
                         int constraints) {
    }

    /**
     * Size of the largest of these LPs on a full tree of dimensions {@code d} under a cross-ToR permutation,
     * known before the tree is built: {@code {variables, constraints}}. The busiest downlink class carries
     * {@code F} flows of {@code P} paths each, each flow with one demand row and one row per switch link its
     * paths use ({@code S}): 3-tier (core to aggregation) {@code F = P = k^2/4}, {@code S = k + k^2/2};
     * 2-tier (spine to leaf) {@code F = P = k/2}, {@code S = k}. Used to refuse, before any allocation,
     * an LP that cannot fit in memory.
     */
    public static double[] largestModel(FatTree.Dimensions d) {
        double k = d.k();
        double flows = d.tiers() == 3 ? k * k / 4 : k / 2;
        double paths = flows;
        double links = d.tiers() == 3 ? k + k * k / 2 : k;
        return new double[] {flows * paths, flows * (1 + links)};
    }

    /** Solves the LP for {@code link} (a switch-to-switch link) with deviation {@code delta >= 0}. */
    public static Result solve(FatTree tree, List<Demand> demands, double delta, int link) {
        if (!(delta >= 0) || Double.isInfinite(delta)) {
            throw new IllegalArgumentException("delta: must be finite and >= 0, got " + delta);
        }
        checkLink(tree, link);
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        Expression objective = model.addExpression("load").weight(1);
        int flows = 0;
        double fair = 0;
        int constraints = 0;
        for (Demand d : demands) {
            List<int[]> paths = tree.paths(d.src(), d.dst());
            int through = 0;
            for (int[] p : paths) {
                through += contains(p, link) ? 1 : 0;
            }
            if (through == 0 || d.rate() == 0) {
                continue;
            }
            flows++;
            fair += d.rate() * through / paths.size();
            List<Variable> vars = new ArrayList<>();
            Expression total = model.addExpression("demand" + flows).level(d.rate());
            constraints++;
            Map<Integer, List<Variable>> byLink = new HashMap<>();
            for (int i = 0; i < paths.size(); i++) {
                Variable x = model.addVariable("x" + flows + "_" + i).lower(0);
                vars.add(x);
                total.set(x, 1);
                if (contains(paths.get(i), link)) {
                    objective.set(x, 1);
                }
                for (int l : paths.get(i)) {
                    if (isSwitchLink(tree, l)) {
                        byLink.computeIfAbsent(l, key -> new ArrayList<>()).add(x);
                    }
                }
            }
            for (Map.Entry<Integer, List<Variable>> e : byLink.entrySet()) {
                double share = d.rate() * e.getValue().size() / paths.size();
                Expression dev = model.addExpression("dev" + flows + "_" + e.getKey())
                        .lower(share - delta).upper(share + delta);
                constraints++;
                for (Variable x : e.getValue()) {
                    dev.set(x, 1);
                }
            }
        }
        double lp = 0;
        int variables = model.countVariables();
        if (flows > 0) {
            Optimisation.Result r = model.maximise();
            if (!r.getState().isOptimal()) {
                throw new IllegalStateException("LP: solver ended in state " + r.getState());
            }
            lp = r.getValue();
        }
        return new Result(link, lp, closedForm(tree, demands, delta, link), fair, flows, variables, constraints);
    }

    /** {@code sum_{f uses l} min(d_f, d_f n_{f,l}/P_f + delta)}. */
    public static double closedForm(FatTree tree, List<Demand> demands, double delta, int link) {
        if (!(delta >= 0)) {
            throw new IllegalArgumentException("delta: must be >= 0, got " + delta);
        }
        checkLink(tree, link);
        double sum = 0;
        for (Demand d : demands) {
            int through = EvenSplitLinkLoads.pathsThrough(tree, d.src(), d.dst(), link);
            if (through > 0 && d.rate() > 0) {
                int paths = tree.pathCount(d.src(), d.dst());
                sum += Math.min(d.rate(), d.rate() * through / paths + delta);
            }
        }
        return sum;
    }

    private static void checkLink(FatTree tree, int link) {
        if (link < 0 || link >= tree.linkCount() || !isSwitchLink(tree, link)) {
            throw new IllegalArgumentException("link: must be a switch-to-switch link id in [0, " + tree.linkCount()
                    + "), got " + link);
        }
    }

    static boolean isSwitchLink(FatTree tree, int l) {
        return tree.tierOf(tree.linkSource(l)) >= 1 && tree.tierOf(tree.linkTarget(l)) >= 1;
    }

    private static boolean contains(int[] path, int link) {
        for (int l : path) {
            if (l == link) {
                return true;
            }
        }
        return false;
    }
}
