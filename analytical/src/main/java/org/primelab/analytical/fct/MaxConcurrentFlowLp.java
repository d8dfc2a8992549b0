package org.primelab.analytical.fct;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;
import org.ojalgo.optimisation.linear.LinearSolver;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.workload.Flow;

/**
 * Maximum concurrent flow of a workload on a FatTree with failed and degraded links, as a linear
 * program (ojalgo): the largest fraction {@code phi} of line rate at which every flow can send
 * simultaneously, each in proportion to its size (docs/references.md "Ideal FCT"; Shahrokhi and Matula, "The
 * maximum concurrent flow problem", J. ACM 1990).
 *
 * <p><b>LP.</b> Units: rates in multiples of the fabric rate {@code r}, demands in multiples of the largest
 * flow size. Flows are aggregated by (source ToR, destination ToR) — a commodity {@code c} with demand
 * {@code D_c} = the sum of its flows' sizes — which is exact because all flows of a ToR pair have the same
 * switch paths and the LP only constrains sums. Variables {@code y_{c,p} >= 0} (commodity {@code c} on its
 * switch path {@code p}, paths through a failed link removed) and {@code phi >= 0}:
 * <pre>
 *   maximise phi
 *   sum_p y_{c,p} = phi D_c                           for every commodity c
 *   sum_{(c,p) ∋ l} y_{c,p} <= rate(l) / r            for every live switch-to-switch link l
 *   phi * (bytes sent by h) / Smax <= rate(h->ToR)/r  and the same for bytes received (host links)
 * </pre>
 * Paths are up-then-down only (as PRIME routes), {@link FatTree#paths}. If every flow has the same size,
 * {@code phi = 1} means every flow can run at line rate at once; in general every flow can hold rate
 * {@code phi r S_f / Smax}, and no schedule finishes all flows sooner than {@code 8 Smax / (phi r)}: the
 * average rates of any schedule form a feasible concurrent flow (time-averaging preserves the linear
 * constraints). Same-ToR flows use host links only.
 *
 * <p><b>Solver.</b> ojalgo's primal simplex: its default dual simplex returned a wrong "OPTIMAL" value
 * (0.643 instead of 1) on a healthy 2-tier {@code k = 32} permutation. As a certificate check the optimum is
 * compared with the value of the even split over live paths, which is feasible, and a solve below it is
 * rejected. Size: commodities x paths variables (2-tier
 * {@code k}: up to {@code k(k-1)} commodities x {@code k/2} paths). Measured on 2 cores: a random
 * permutation on 2-tier {@code k = 16} (800 variables) or 3-tier {@code k = 8} solves in about a second,
 * 2-tier {@code k = 32} (6.6k variables) in 20-33 s; larger LPs are refused. Beyond that, and by default,
 * {@link CertifiedMaxConcurrentFlow} solves the same problem to a certified interval.
 */
public final class MaxConcurrentFlowLp {
    /** Slack allowed between the LP optimum and the even-split lower bound (solver rounding). */
    public static final double SOLVER_TOLERANCE = 1e-9;
    /** Largest LP accepted: 2-tier k=32 (6.6k variables) takes 20-30 s with the primal simplex. */
    public static final int MAX_VARIABLES = 8_000;
    private MaxConcurrentFlowLp() {
    }

    /**
     * Result of the LP.
     *
     * @param phi the maximum concurrent fraction of line rate (1 = every flow at line rate)
     * @param commodities ToR pairs with demand
     * @param variables LP variables
     * @param constraints LP constraints
     * @param solveMillis wall time of the solve
     */
    public record Result(double phi, int commodities, int variables, int constraints, long solveMillis) {
    }

    /** Solves the LP for {@code flows} on the faulted tree at fabric rate {@code rateBps} (after every failure). */
    public static Result solve(Faults faults, List<Flow> flows, long rateBps) {
        long start = System.nanoTime();
        // Commodities by (source ToR, destination ToR) and the host-link bound on phi, as the certified
        // solver builds them (validates rate and flows).
        FatTreeCommodities com = FatTreeCommodities.of(faults, flows, rateBps);
        FatTree tree = com.tree;
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        // ojalgo 56's default (dual) simplex reports OPTIMAL with phi = 0.643 on a healthy 2-tier k=32
        // permutation whose optimum is 1 (measured); the primal simplex finds 1. Use primal.
        model.options.linear(new LinearSolver.Configuration().primal());
        double[] evenLoad = new double[tree.linkCount()];
        Variable phi = model.addVariable("phi").lower(0).weight(1);
        int constraints = 0;
        // host links bound phi directly
        double phiCap = com.phiCap;
        phi.upper(phiCap);
        Map<Integer, Expression> linkRows = new LinkedHashMap<>();
        int idx = 0;
        for (int c = 0; c < com.commodities(); c++) {
            Expression demand = model.addExpression("d" + idx).level(0);
            constraints++;
            demand.set(phi, -com.demand[c]);
            List<int[]> paths = new ArrayList<>();
            for (int[] path : tree.paths(com.srcHost[c], com.dstHost[c])) {
                if (FatTreeCommodities.alive(faults, path, Faults.NEVER - 1)) {
                    paths.add(path);
                }
            }
            int p = 0;
            for (int[] path : paths) {
                Variable y = model.addVariable("y" + idx + "_" + p++).lower(0);
                demand.set(y, 1);
                for (int l : path) {
                    if (tree.tierOf(tree.linkSource(l)) == 0 || tree.tierOf(tree.linkTarget(l)) == 0) {
                        continue; // host links are handled through phi's bound
                    }
                    Expression row = linkRows.get(l);
                    if (row == null) {
                        row = model.addExpression("l" + l).upper(faults.rate(l, rateBps) / (double) rateBps);
                        linkRows.put(l, row);
                    }
                    row.set(y, 1);
                    evenLoad[l] += com.demand[c] / paths.size();
                }
            }
            if (p == 0) {
                throw new IllegalArgumentException("fail: no live path between ToRs of flow " + com.srcHost[c] + " -> "
                        + com.dstHost[c]);
            }
            idx++;
        }
        constraints += linkRows.size();
        if (model.countVariables() > MAX_VARIABLES) {
            throw new IllegalArgumentException("k: the LP would have " + model.countVariables() + " variables; at most "
                    + MAX_VARIABLES + " solve in reasonable time (e.g. 2-tier k <= 32, 3-tier k <= 8)");
        }
        Optimisation.Result r = model.maximise();
        if (!r.getState().isOptimal()) {
            throw new IllegalStateException("LP: solver ended in state " + r.getState());
        }
        // certificate check: the even split over live paths is feasible, so the optimum cannot be below it
        double evenPhi = phiCap;
        for (Map.Entry<Integer, Expression> e : linkRows.entrySet()) {
            int l = e.getKey();
            evenPhi = Math.min(evenPhi, faults.rate(l, rateBps) / (double) rateBps / evenLoad[l]);
        }
        if (r.getValue() < evenPhi - SOLVER_TOLERANCE) {
            throw new IllegalStateException("LP: solver returned phi = " + r.getValue()
                    + " below the feasible even split's " + evenPhi);
        }
        long ms = (System.nanoTime() - start) / 1_000_000;
        return new Result(r.getValue(), com.commodities(), model.countVariables(), constraints, ms);
    }

}
