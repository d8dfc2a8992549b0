package org.primelab.analytical.fct;

/**
 * Minimum-congestion routing of a {@link PathFlowInstance} with a certified interval: the engine of
 * {@link CertifiedMaxConcurrentFlow} (see there for the method, its guarantee and sources).
 *
 * <p>Minimises {@code lambda(x) = max_e load_e(x) / cap_e} over path flows {@code x >= 0} with
 * {@code sum_{p in P_c} x_p = d_c} by descent on the exponential potential
 * {@code F_a(x) = sum_e exp(a load_e / cap_e)} for an increasing sequence of {@code a}; each commodity in
 * turn takes a diagonally scaled projected Newton step on its own path flows (a backtracking step keeps
 * {@code F_a} decreasing). After every sweep:
 * <ul>
 *   <li>{@code lambda(x)} of the current routing is an upper bound on the optimum {@code lambda*};</li>
 *   <li>for edge lengths {@code l_e = exp(a' (rho_e - lambda)) / cap_e} (a few {@code a'}) weak LP duality
 *       gives {@code lambda* >= sum_c d_c dist_l(c) / sum_e cap_e l_e}: for an optimal {@code x*},
 *       {@code sum_c d_c dist_l(c) <= sum_p x*_p l(p) = sum_e l_e load_e(x*) <= lambda* sum_e cap_e l_e}.</li>
 * </ul>
 * and, once, the same bound for unit lengths on each of the instance's edge groups (cuts such as a ToR's
 * uplinks, where it reads demand through the cut / capacity of the cut).
 *
 * <p>Both bounds are widened by {@link #ROUNDING}: every quantity is a sum of positive terms (fewer than
 * {@code 10^5} per sum in the trees handled, relative error below {@code 10^5} ulp {@code ~ 10^-11}).
 */
final class MinCongestionSolver {
    /** Relative safety margin applied to both bounds to cover floating-point summation. */
    static final double ROUNDING = 1e-10;
    private static final int MAX_BACKTRACK = 12;

    private final PathFlowInstance in;
    private final double[] x;
    private final double[] load;
    private final double[] invCap;
    // per-commodity scratch
    private final double[] w;
    private final double[] g;
    private final double[] h;
    private final double[] dl;
    private final double[] len;
    private final double[] curv;
    private final double[] step;
    private final boolean[] active;

    /**
     * Certified bounds on the minimum congestion.
     *
     * @param lambdaLower dual bound, {@code <= lambda*}
     * @param lambdaUpper congestion of the best routing found, {@code >= lambda*}
     * @param sweeps passes over all commodities
     * @param converged whether the requested relative gap was reached
     */
    record Bounds(double lambdaLower, double lambdaUpper, int sweeps, boolean converged) {
    }

    MinCongestionSolver(PathFlowInstance in) {
        this.in = in;
        this.x = new double[in.paths()];
        this.load = new double[in.edges()];
        this.invCap = new double[in.edges()];
        for (int e = 0; e < in.edges(); e++) {
            invCap[e] = 1 / in.cap[e];
        }
        int maxLocal = 1;
        int maxPaths = 1;
        for (int c = 0; c < in.commodities(); c++) {
            maxLocal = Math.max(maxLocal, in.comEdgeOff[c + 1] - in.comEdgeOff[c]);
            maxPaths = Math.max(maxPaths, in.comOff[c + 1] - in.comOff[c]);
        }
        w = new double[maxLocal];
        g = new double[maxLocal];
        h = new double[maxLocal];
        dl = new double[maxLocal];
        len = new double[maxPaths];
        curv = new double[maxPaths];
        step = new double[maxPaths];
        active = new boolean[maxPaths];
        // start: every commodity split over its paths in proportion to the paths' bottleneck capacities
        // (on a healthy tree, the even split)
        for (int c = 0; c < in.commodities(); c++) {
            double total = 0;
            for (int p = in.comOff[c]; p < in.comOff[c + 1]; p++) {
                double b = Double.MAX_VALUE;
                for (int i = in.pathOff[p]; i < in.pathOff[p + 1]; i++) {
                    b = Math.min(b, in.cap[in.pathEdges[i]]);
                }
                x[p] = b;
                total += b;
            }
            for (int p = in.comOff[c]; p < in.comOff[c + 1]; p++) {
                x[p] *= in.demand[c] / total;
            }
        }
    }

    /**
     * Runs until {@code lambdaUpper <= (1 + gap) lambdaLower}, until {@code deadlineNanos}
     * ({@link System#nanoTime()}), or until {@code stopBelow}: as soon as the dual bound certifies
     * {@code lambda* > stopAbove} or the routing certifies {@code lambda* <= stopBelow} (use
     * {@code +inf} / {@code -inf} to disable), which a caller testing one threshold needs.
     */
    Bounds solve(double gap, long deadlineNanos, double stopAbove, double stopBelow) {
        double lam = recomputeLoads();
        double upper = lam;
        double lower = groupBound();
        double a = 16 / lam;
        int sweeps = 0;
        while (true) {
            // the dual bound at a: lam - bound = (lam - softmax average of rho) + Frank-Wolfe gap
            double[] at = dualBound(a, lam);
            lower = Math.max(lower, at[0]);
            lower = Math.max(lower, dualBound(a / 2, lam)[0]);
            lower = Math.max(lower, dualBound(2 * a, lam)[0]);
            boolean done = upper * (1 - ROUNDING) <= (1 + gap) * lower * (1 + ROUNDING);
            if (done || lower * (1 - ROUNDING) > stopAbove || upper * (1 + ROUNDING) <= stopBelow
                    || System.nanoTime() > deadlineNanos) {
                return new Bounds(lower * (1 - ROUNDING), upper * (1 + ROUNDING), sweeps, done);
            }
            double smoothing = lam - at[1];
            double frankWolfe = at[1] - at[0];
            // sharpen the potential once the routing nearly minimises this one (its gradient is then a
            // near-optimal dual for it) and smoothing dominates what is left of the gap
            if (frankWolfe <= smoothing && a * lam < 1e12) {
                a *= 2;
                continue;
            }
            sweep(a);
            sweeps++;
            lam = recomputeLoads();
            upper = Math.min(upper, lam);
        }
    }

    /** Loads from scratch (commodity sums renormalised to their demands); returns the congestion. */
    private double recomputeLoads() {
        java.util.Arrays.fill(load, 0);
        for (int c = 0; c < in.commodities(); c++) {
            double sum = 0;
            for (int p = in.comOff[c]; p < in.comOff[c + 1]; p++) {
                if (x[p] < 0) {
                    x[p] = 0;
                }
                sum += x[p];
            }
            double scale = in.demand[c] / sum;
            for (int p = in.comOff[c]; p < in.comOff[c + 1]; p++) {
                x[p] *= scale;
                for (int i = in.pathOff[p]; i < in.pathOff[p + 1]; i++) {
                    load[in.pathEdges[i]] += x[p];
                }
            }
        }
        double lam = 0;
        for (int e = 0; e < load.length; e++) {
            lam = Math.max(lam, load[e] * invCap[e]);
        }
        return lam;
    }

    /** Largest weak-duality bound over unit lengths on one edge group: the best cut among the groups. */
    private double groupBound() {
        int[] groupsOfEdge = new int[in.edges() + 1];
        for (int[] grp : in.groups) {
            for (int e : grp) {
                groupsOfEdge[e + 1]++;
            }
        }
        for (int e = 0; e < in.edges(); e++) {
            groupsOfEdge[e + 1] += groupsOfEdge[e];
        }
        int[] list = new int[groupsOfEdge[in.edges()]];
        int[] fill = groupsOfEdge.clone();
        double[] capOf = new double[in.groups.length];
        for (int gi = 0; gi < in.groups.length; gi++) {
            for (int e : in.groups[gi]) {
                list[fill[e]++] = gi;
                capOf[gi] += in.cap[e];
            }
        }
        double[] crossing = new double[in.groups.length];
        int[] stamp = new int[in.groups.length];
        int[] minCount = new int[in.groups.length];
        int[] count = new int[in.groups.length];
        java.util.Arrays.fill(stamp, -1);
        int[] touched = new int[in.groups.length];
        for (int c = 0; c < in.commodities(); c++) {
            int nt = 0;
            for (int i = in.pathOff[in.comOff[c]]; i < in.pathOff[in.comOff[c + 1]]; i++) {
                int e = in.pathEdges[i];
                for (int j = groupsOfEdge[e]; j < groupsOfEdge[e + 1]; j++) {
                    int gi = list[j];
                    if (stamp[gi] != c) {
                        stamp[gi] = c;
                        minCount[gi] = Integer.MAX_VALUE;
                        touched[nt++] = gi;
                    }
                }
            }
            for (int p = in.comOff[c]; p < in.comOff[c + 1]; p++) {
                for (int t = 0; t < nt; t++) {
                    count[touched[t]] = 0;
                }
                for (int i = in.pathOff[p]; i < in.pathOff[p + 1]; i++) {
                    int e = in.pathEdges[i];
                    for (int j = groupsOfEdge[e]; j < groupsOfEdge[e + 1]; j++) {
                        count[list[j]]++;
                    }
                }
                for (int t = 0; t < nt; t++) {
                    minCount[touched[t]] = Math.min(minCount[touched[t]], count[touched[t]]);
                }
            }
            for (int t = 0; t < nt; t++) {
                crossing[touched[t]] += in.demand[c] * minCount[touched[t]];
            }
        }
        double best = 0;
        for (int gi = 0; gi < in.groups.length; gi++) {
            best = Math.max(best, crossing[gi] / capOf[gi]);
        }
        return best;
    }

    /**
     * Weak-duality bound for lengths {@code exp(a (rho_e - lam)) / cap_e}, and the average of
     * {@code rho} under the weights {@code exp(a (rho_e - lam))} (which the bound reaches when every
     * commodity uses only shortest paths).
     */
    private double[] dualBound(double a, double lam) {
        double[] l = new double[load.length];
        double d = 0;
        double avg = 0;
        for (int e = 0; e < load.length; e++) {
            double v = Math.exp(a * (load[e] * invCap[e] - lam));
            d += v;
            avg += v * load[e] * invCap[e];
            l[e] = v * invCap[e];
        }
        double alpha = 0;
        for (int c = 0; c < in.commodities(); c++) {
            double best = Double.MAX_VALUE;
            for (int p = in.comOff[c]; p < in.comOff[c + 1]; p++) {
                double s = 0;
                for (int i = in.pathOff[p]; i < in.pathOff[p + 1]; i++) {
                    s += l[in.pathEdges[i]];
                }
                best = Math.min(best, s);
            }
            alpha += in.demand[c] * best;
        }
        return d > 0 ? new double[] {alpha / d, avg / d} : new double[] {0, 0};
    }

    /** One Gauss-Seidel pass: every commodity re-splits its demand with a projected Newton step on F_a. */
    private void sweep(double a) {
        for (int c = 0; c < in.commodities(); c++) {
            int p0 = in.comOff[c];
            int n = in.comOff[c + 1] - p0;
            if (n == 1) {
                continue;
            }
            int e0 = in.comEdgeOff[c];
            int ne = in.comEdgeOff[c + 1] - e0;
            double ref = 0;
            for (int i = 0; i < ne; i++) {
                int e = in.comEdges[e0 + i];
                ref = Math.max(ref, load[e] * invCap[e]);
            }
            double f0 = 0;
            for (int i = 0; i < ne; i++) {
                int e = in.comEdges[e0 + i];
                double v = Math.exp(a * (load[e] * invCap[e] - ref));
                w[i] = v;
                g[i] = v * invCap[e];
                h[i] = a * g[i] * invCap[e];
                f0 += v;
            }
            double maxCurv = 0;
            for (int k = 0; k < n; k++) {
                int p = p0 + k;
                double l = 0;
                double hh = 0;
                for (int i = in.pathOff[p]; i < in.pathOff[p + 1]; i++) {
                    int j = in.pathLocal[i];
                    l += g[j];
                    hh += h[j];
                }
                len[k] = l;
                curv[k] = hh;
                maxCurv = Math.max(maxCurv, hh);
            }
            if (!(maxCurv > 0)) {
                continue;
            }
            double floor = maxCurv * 1e-15;
            for (int k = 0; k < n; k++) {
                curv[k] = Math.max(curv[k], floor);
                active[k] = true;
            }
            // projection of x - diag(H)^-1 grad onto {sum = d, x >= 0} in the H metric:
            // x'_k = max(0, x_k + (nu - L_k) / H_k); the active set only shrinks (Michelot's method)
            double d = in.demand[c];
            double nu = 0;
            for (int iter = 0; iter <= n; iter++) {
                double sa = 0;
                double sb = 0;
                for (int k = 0; k < n; k++) {
                    if (active[k]) {
                        sa += x[p0 + k] - len[k] / curv[k];
                        sb += 1 / curv[k];
                    }
                }
                nu = (d - sa) / sb;
                boolean removed = false;
                for (int k = 0; k < n; k++) {
                    if (active[k] && x[p0 + k] + (nu - len[k]) / curv[k] <= 0) {
                        active[k] = false;
                        removed = true;
                    }
                }
                if (!removed) {
                    break;
                }
            }
            boolean moves = false;
            for (int k = 0; k < n; k++) {
                double target = active[k] ? Math.max(0, x[p0 + k] + (nu - len[k]) / curv[k]) : 0;
                step[k] = target - x[p0 + k];
                moves |= step[k] != 0;
            }
            if (!moves) {
                continue;
            }
            double s = 1;
            for (int bt = 0; bt < MAX_BACKTRACK; bt++, s *= 0.5) {
                java.util.Arrays.fill(dl, 0, ne, 0);
                for (int k = 0; k < n; k++) {
                    int p = p0 + k;
                    double v = s * step[k];
                    for (int i = in.pathOff[p]; i < in.pathOff[p + 1]; i++) {
                        dl[in.pathLocal[i]] += v;
                    }
                }
                double f1 = 0;
                for (int i = 0; i < ne; i++) {
                    int e = in.comEdges[e0 + i];
                    f1 += Math.exp(a * ((load[e] + dl[i]) * invCap[e] - ref));
                }
                if (f1 < f0) {
                    for (int k = 0; k < n; k++) {
                        x[p0 + k] = Math.max(0, x[p0 + k] + s * step[k]);
                    }
                    for (int i = 0; i < ne; i++) {
                        load[in.comEdges[e0 + i]] += dl[i];
                    }
                    break;
                }
            }
        }
    }
}
