package org.primelab.analytical.fct;

import java.util.List;
import org.primelab.core.topology.Faults;
import org.primelab.core.workload.Flow;

/**
 * Maximum concurrent flow of a workload on a FatTree with failed and degraded links, for fabrics far
 * beyond {@link MaxConcurrentFlowLp}'s reach (2-tier {@code k = 128}: 8192 hosts), returned as a
 * <em>certified interval</em> {@code [phiLower, phiUpper]} that contains the LP's optimum {@code phi*}.
 *
 * <p><b>Problem.</b> The same LP as {@link MaxConcurrentFlowLp}: commodities are (source ToR,
 * destination ToR) pairs with the summed sizes of their flows as demand (in multiples of the largest
 * flow), routed on the up-down switch paths of the tree that avoid every failed link, switch links of
 * capacity {@code rate(l) / r}; host links bound {@code phi} directly by {@code phiCap} (min over hosts
 * of host-link rate / bytes sent or received). Then {@code phi* = min(phiCap, 1 / lambda*)} where
 * {@code lambda* = min_x max_l load_l(x) / cap_l} is the minimum congestion of routing every demand once
 * (scale a concurrent flow by {@code 1/phi} and back).
 *
 * <p><b>Method</b> (an exponential-potential method, chosen over Garg and Könemann's because its
 * {@code O(eps^-2 m log m)} phases are too many for a 1% gap at this size: about {@code 10^5} phases of
 * 6.5k commodities x 64 paths). Minimise the smooth potential {@code F_a(x) = sum_l exp(a rho_l(x))},
 * {@code rho_l = load_l / cap_l}, whose minimiser is within {@code ln(m) / a} of {@code lambda*}
 * (Shahrokhi and Matula, J. ACM 1990; Bienstock, "Potential Function Methods for Approximately Solving
 * Linear Programming Problems", Kluwer 2002), for {@code a = 16 / lambda, 32 / lambda, ...}. The
 * sharpness {@code a} is doubled once the routing nearly minimises the current potential: the gap
 * {@code lambda(x) - bound} splits into a smoothing part ({@code lambda(x)} minus the average of
 * {@code rho} weighted by {@code exp(a rho)}) and a Frank-Wolfe part (that average minus the dual bound
 * below, zero at the potential's minimiser); {@code a} doubles when the second is the smaller. A sweep
 * visits every commodity and re-splits its demand over its paths with one diagonally scaled projected
 * Newton step on {@code F_a} (Bertsekas, Gafni and Gallager, "Second derivative algorithms for minimum
 * delay distributed routing in networks", IEEE Trans. Commun. 1984): {@code x'_p = max(0, x_p + (nu - L_p) / H_p)}, {@code L_p} and {@code H_p} the
 * first and second derivatives of {@code F_a} along path {@code p}, {@code nu} chosen so the demand is
 * met (Michelot's active-set projection), halving the step until {@code F_a} decreases. A path is at
 * most 4 switch links, so a commodity costs O(paths) ({@code <= (k/2)^2}); the start is the split in
 * proportion to the paths' bottleneck capacities (the even split on a healthy tree).
 *
 * <p><b>Certificate</b> (independent of how well the method converged). After every sweep:
 * <ul>
 *   <li><em>lower:</em> the current routing has congestion {@code lambda(x)}, so
 *       {@code phi* >= phiLower = min(phiCap, 1 / lambda(x))} (it is a feasible concurrent flow);</li>
 *   <li><em>upper:</em> for any lengths {@code l >= 0} on the links, weak LP duality (the bound Garg and
 *       Könemann's analysis rests on, FOCS 1998) gives
 *       {@code 1 / lambda* <= D(l) / alpha(l)}, {@code D(l) = sum_l cap_l l_l},
 *       {@code alpha(l) = sum_c d_c dist_l(c)}: routing optimally,
 *       {@code alpha(l) <= sum_l l_l load_l <= lambda* D(l)}. The lengths are the potential's gradient
 *       {@code l_l = exp(a' (rho_l - lambda(x))) / cap_l} for {@code a'} in {@code a/2, a, 2a}; a
 *       shortest path is a minimum over at most {@code (k/2)^2} paths. Once, the same bound for unit
 *       lengths on each cut group (a switch's uplinks in use, its downlinks, a 3-tier pod's links to
 *       and from the cores), where it reads demand that must cross / capacity of the cut: often exact
 *       (a failed or degraded ToR uplink).</li>
 * </ul>
 * No iteration bound is claimed for this schedule of {@code a}; the interval's validity does not depend
 * on one, and the time limit bounds the work.
 * The best bounds seen are kept; both are widened by a relative {@value MinCongestionSolver#ROUNDING}
 * for floating-point summation. The solve stops when {@code phiUpper <= (1 + gap) phiLower}, or when the
 * routing reaches {@code phiCap} (then {@code phi* = phiCap} exactly), or at the time limit (the interval
 * is still certified; {@link Result#converged()} is false). An interval narrower than
 * {@link IdealFctWithFaults#PHI_SNAP} (relative) is collapsed to its upper end, the tolerance the LP
 * uses: a healthy non-blocking tree under a symmetric permutation gives exactly 1, because the even
 * split, the start, routes any hose matrix at congestion 1 (uplink-to-downlink theorem) and
 * {@code phiCap = 1}.
 *
 * <p><b>Measured</b> on 2 cores, random cross-ToR permutation, 25% of switch cables at a quarter rate,
 * gap 1% / 1e-6 (wall time of the solve; more sizes in {@link IdealFctWithFaults}): 2-tier {@code k = 32}
 * 0.05 / 0.1 s, {@code k = 64} 0.15 / 0.4 s, {@code k = 128} (8192 hosts, 415k path variables) 0.6 /
 * 1.5 s, 3-tier {@code k = 16} 0.3 / 0.9 s; peak heap about 110 MB at {@code k = 128}. It agrees with the
 * LP wherever the LP runs (tested: the LP's optimum lies in the interval, healthy, failed and degraded,
 * permutations and all-to-all, oversubscribed trees).
 */
public final class CertifiedMaxConcurrentFlow {
    /** Default relative gap {@code phiUpper / phiLower - 1}. */
    public static final double DEFAULT_GAP = 0.01;
    /** Default wall-time limit of one solve. */
    public static final long DEFAULT_TIME_LIMIT_MILLIS = 300_000;

    private CertifiedMaxConcurrentFlow() {
    }

    /**
     * A certified interval on the maximum concurrent flow.
     *
     * @param phiLower value of a feasible routing found, {@code <= phi*}
     * @param phiUpper dual bound, {@code >= phi*}
     * @param phiCap the host links' bound ({@code phi* <= phiCap})
     * @param commodities ToR pairs with demand
     * @param variables path variables (commodity, live path)
     * @param links switch links used by some path
     * @param sweeps passes over all commodities
     * @param converged whether the requested gap was reached (else the time limit ended the solve)
     * @param solveMillis wall time including building the instance
     */
    public record Result(double phiLower, double phiUpper, double phiCap, int commodities, int variables, int links,
                         int sweeps, boolean converged, long solveMillis) {
        /** Relative width {@code phiUpper / phiLower - 1} of the interval. */
        public double gap() {
            return phiUpper / phiLower - 1;
        }
    }

    /** {@link #solve(Faults, List, long, double)} with {@link #DEFAULT_GAP}. */
    public static Result solve(Faults faults, List<Flow> flows, long rateBps) {
        return solve(faults, flows, rateBps, DEFAULT_GAP);
    }

    /** Bounds on the maximum concurrent flow once every failure of {@code faults} has happened. */
    public static Result solve(Faults faults, List<Flow> flows, long rateBps, double relativeGap) {
        return solveAt(faults, flows, rateBps, relativeGap, Faults.NEVER - 1, DEFAULT_TIME_LIMIT_MILLIS);
    }

    /**
     * Bounds on the maximum concurrent flow of the fabric as it is at time {@code atPs}: links whose
     * failure time is {@code <= atPs} are removed, degraded links run at their rate.
     *
     * @param relativeGap target {@code phiUpper / phiLower - 1}, > 0
     * @param timeLimitMillis wall-time limit; the interval returned is certified in any case
     */
    public static Result solveAt(Faults faults, List<Flow> flows, long rateBps, double relativeGap, long atPs,
                                 long timeLimitMillis) {
        if (!(relativeGap > 0)) {
            throw new IllegalArgumentException("gap: must be > 0, got " + relativeGap);
        }
        long start = System.nanoTime();
        FatTreeCommodities com = FatTreeCommodities.of(faults, flows, rateBps);
        PathFlowInstance in = com.switchInstance(faults, atPs);
        if (in == null) {
            return new Result(com.phiCap, com.phiCap, com.phiCap, 0, 0, 0, 0, true, millisSince(start));
        }
        MinCongestionSolver.Bounds b = new MinCongestionSolver(in).solve(relativeGap,
                start + timeLimitMillis * 1_000_000, Double.POSITIVE_INFINITY,
                (1 + 2 * MinCongestionSolver.ROUNDING) / com.phiCap);
        double lower = Math.min(com.phiCap, 1 / b.lambdaUpper());
        double upper = Math.min(com.phiCap, 1 / b.lambdaLower());
        boolean converged = b.converged() || lower == com.phiCap;
        if (upper - lower <= IdealFctWithFaults.PHI_SNAP * upper) {
            lower = upper;
        }
        return new Result(lower, upper, com.phiCap, in.commodities(), in.paths(), in.edges(), b.sweeps(), converged,
                millisSince(start));
    }

    static long millisSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }
}
