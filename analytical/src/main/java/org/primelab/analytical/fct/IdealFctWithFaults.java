package org.primelab.analytical.fct;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.function.ToLongFunction;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;

/**
 * Ideal (no-queueing) max FCT of a workload on a fabric with failed or degraded links: the throughput
 * bound of the maximum concurrent flow ({@link CertifiedMaxConcurrentFlow}, or the exact
 * {@link MaxConcurrentFlowLp} on request) combined with {@link IdealFct}'s store-and-forward latency.
 *
 * <p><b>Formula.</b> With {@code phi} the maximum concurrent fraction of line rate, the largest flow
 * ({@code n} packets of MTU serialization {@code T}) can do no better than one packet every
 * {@code T / phi} at its bottleneck, so its ideal completion is
 * <pre>  FCT = IdealFct.lonePathPs(...) + (n - 1) (ceil(T / phi) - T)</pre>
 * on a path of {@code h} links (the shortest path of any flow, or the longest for the flows on it alone,
 * whichever bound is larger: {@link #slowestHopClass}): the lone-flow store-and-forward time at the fabric
 * rate, with each of the first {@code n - 1} packet slots stretched to the bottleneck's pace. With {@code phi = 1} this
 * is exactly {@link IdealFct#lonePathPs}: for a symmetric permutation on a healthy non-blocking tree
 * {@code phi = 1} (even splitting routes every hose matrix, {@code UplinkDownlinkTheorem}), so both
 * agree — tested. Since the FCT decreases in {@code phi}, the formula is evaluated at the certified
 * upper bound {@code phiUpper} of the interval: the ideal never exceeds what a schedule can achieve.
 *
 * <p><b>Solver choice.</b> {@link #compute(Faults, List, long, int, int, long)} always uses
 * {@link CertifiedMaxConcurrentFlow} with relative gap {@value #DEFAULT_GAP}: at that gap the ideal FCT
 * is within a millionth (below a picosecond per microsecond) of the exact one, it is certified by
 * duality rather than trusted from a simplex run, and it is faster than the LP at every size (2-tier
 * {@code k = 32}: 0.15 s against the LP's 33 s). The LP remains selectable ({@link Solver#LP}) for
 * cross-checks up to its {@link MaxConcurrentFlowLp#MAX_VARIABLES}.
 *
 * <p><b>Measured</b> (random cross-ToR 4 MB permutation at 400G, 2 cores, certified solver; "25%" =
 * 25% of switch cables at 100G, "2 failed" = 2 random cables failed from the start; time of the solve):
 * <pre>
 *   fabric        faults   commodities  variables  phi in (gap 1e-6)          1e-6    1% gap
 *   2-tier k=32   25%          414         6.6k    [0.6718746, 0.6718750]   0.10 s   0.05 s
 *   2-tier k=32   2 failed     414         6.6k    0.9375 exactly           0.04 s   0.05 s
 *   2-tier k=64   25%         1646          53k    [0.7187494, 0.7187500]   0.39 s   0.15 s
 *   2-tier k=64   2 failed    1646          53k    [0.9687496, 0.9687500]   0.15 s   0.10 s
 *   2-tier k=128  none        6482         415k    1 exactly                0.26 s   0.30 s
 *   2-tier k=128  25%         6482         415k    [0.7070306, 0.7070313]   1.5 s    0.6 s
 *   2-tier k=128  2 failed    6482         415k    0.984375 exactly         0.22 s   0.23 s
 *   3-tier k=16   25%         1002          61k    [0.5312497, 0.5312500]   0.9 s    0.3 s
 *   3-tier k=16   2 failed    1002          61k    0.875 exactly            0.23 s   0.11 s
 *   3-tier k=32   25%         8113         2.0M    [0.5312497, 0.5312500]    12 s      -
 * </pre>
 * ("exactly": the routing found reaches a cut bound.) The LP takes 0.9 s on 2-tier {@code k = 16} and
 * 33 s on {@code k = 32}. {@link #computeTimed} with the 2 cables failing 40 us into the run (gap 1e-6):
 * 2-tier {@code k = 16} 0.15 s, 3-tier {@code k = 16} 2.8 s, 2-tier {@code k = 128} 7.7 s (13 bisections).
 *
 * <p><b>Failures during the run</b> ({@link #computeTimed}): see {@link TimedResult}.
 */
public final class IdealFctWithFaults {
    /** Tolerance below which an optimum is snapped to 1 (LP), or an interval collapsed (certified solver). */
    public static final double PHI_SNAP = 1e-9;
    /** Relative gap the certified solver is run to by default. */
    public static final double DEFAULT_GAP = 1e-6;
    /**
     * Wall-time limit of one bisection candidate of {@link #computeTimed}. A candidate sitting exactly on
     * the feasibility boundary (congestion 1) is never decided by the solver; without a limit it would
     * run to the solver's full time limit (found on a 3-tier k=4 tree: 5 minutes).
     */
    public static final long BISECTION_STEP_LIMIT_MILLIS = 2_000;
    /** Wall-time limit of the whole bisection of {@link #computeTimed}; the bound found so far stays valid. */
    public static final long BISECTION_TIME_LIMIT_MILLIS = 30_000;

    private IdealFctWithFaults() {
    }

    /** Maximum concurrent flow solver. */
    public enum Solver {
        /** {@link CertifiedMaxConcurrentFlow}: certified interval, any size. */
        CERTIFIED,
        /** {@link MaxConcurrentFlowLp}: ojalgo primal simplex, at most {@link MaxConcurrentFlowLp#MAX_VARIABLES}. */
        LP
    }

    /**
     * Result.
     *
     * @param phi the fraction of line rate the ideal is computed with: {@code phiUpper}
     * @param phiLower lower end of the certified interval on the maximum concurrent flow (a feasible routing)
     * @param phiUpper upper end (a dual bound); equal to {@code phiLower} for the LP
     * @param idealMaxFctPs ideal completion time of the slowest flow, picoseconds
     * @param hops links of the path whose latency is charged ({@link #slowestHopClass})
     * @param solver the solver used
     * @param commodities ToR pairs with demand
     * @param variables path variables of the LP (solved exactly or approximately)
     * @param constraints its rows: commodities plus switch links
     * @param solveMillis wall time of the solve
     */
    public record Result(double phi, double phiLower, double phiUpper, long idealMaxFctPs, int hops, Solver solver,
                         int commodities, int variables, int constraints, long solveMillis) {
    }

    /** Ideal max FCT of {@code flows} once every failure has happened; certified solver, {@link #DEFAULT_GAP}. */
    public static Result compute(Faults faults, List<Flow> flows, long rateBps, int mtuBytes, int headerBytes,
                                 long propagationPs) {
        return compute(faults, flows, rateBps, mtuBytes, headerBytes, propagationPs, Solver.CERTIFIED, DEFAULT_GAP);
    }

    /**
     * Ideal max FCT of {@code flows} on the tree once every failure of {@code faults} has happened.
     *
     * @param gap relative gap for {@link Solver#CERTIFIED} (ignored by the LP)
     */
    public static Result compute(Faults faults, List<Flow> flows, long rateBps, int mtuBytes, int headerBytes,
                                 long propagationPs, Solver solver, double gap) {
        return slowestHopClass(faults.tree(), flows, (sub, hops) -> computeAt(faults, sub, rateBps, mtuBytes,
                headerBytes, propagationPs, solver, gap, Faults.NEVER - 1, hops), Result::idealMaxFctPs);
    }

    /**
     * The larger of two bounds, each a lower bound on the workload's last completion: {@code at} applied to every
     * flow with the latency of the shortest path any flow takes, and, when paths differ in length, to the flows
     * on the longest paths alone with that path's latency. The throughput term is the whole workload's, but the
     * packet that completes it may belong to any flow, so charging every flow the longest path (as this class did
     * until review 40) overstates the ideal when the largest flow has the shorter path: an 8 MB flow under one
     * ToR with a 100 kB flow across ToRs came out 1.4 us above the 8 MB flow's own lone time. A subset of the
     * flows finishes no later than the whole, so the second bound is sound too, and it keeps the usual case (a
     * permutation whose throughput is bound across ToRs, with a few flows under one ToR) at the longer latency.
     */
    private static <R> R slowestHopClass(FatTree tree, List<Flow> flows, BiFunction<List<Flow>, Integer, R> at,
                                         ToLongFunction<R> idealPs) {
        int shortest = Integer.MAX_VALUE;
        int longest = 0;
        for (Flow f : flows) {
            shortest = Math.min(shortest, hops(tree, f));
            longest = Math.max(longest, hops(tree, f));
        }
        R all = at.apply(flows, flows.isEmpty() ? 0 : shortest);
        if (longest == shortest) {
            return all;
        }
        List<Flow> farthest = new ArrayList<>();
        for (Flow f : flows) {
            if (hops(tree, f) == longest) {
                farthest.add(f);
            }
        }
        R far = at.apply(farthest, longest);
        return idealPs.applyAsLong(far) > idealPs.applyAsLong(all) ? far : all;
    }

    private static Result computeAt(Faults faults, List<Flow> flows, long rateBps, int mtuBytes, int headerBytes,
                                    long propagationPs, Solver solver, double gap, long atPs, int hops) {
        double lower;
        double upper;
        int commodities;
        int variables;
        int constraints;
        long millis;
        if (solver == Solver.LP) {
            MaxConcurrentFlowLp.Result lp = MaxConcurrentFlowLp.solve(faults, flows, rateBps);
            lower = Math.abs(lp.phi() - 1) < PHI_SNAP ? 1.0 : lp.phi();
            upper = lower;
            commodities = lp.commodities();
            variables = lp.variables();
            constraints = lp.constraints();
            millis = lp.solveMillis();
        } else {
            CertifiedMaxConcurrentFlow.Result r = CertifiedMaxConcurrentFlow.solveAt(faults, flows, rateBps, gap, atPs,
                    CertifiedMaxConcurrentFlow.DEFAULT_TIME_LIMIT_MILLIS);
            lower = r.phiLower();
            upper = r.phiUpper();
            commodities = r.commodities();
            variables = r.variables();
            constraints = r.commodities() + r.links();
            millis = r.solveMillis();
        }
        if (!(upper > 0)) {
            throw new IllegalArgumentException("fail: the faults leave some flow with no capacity (phi = 0)");
        }
        long fct = fct(largest(flows), mtuBytes, headerBytes, rateBps, propagationPs, hops, upper);
        return new Result(upper, lower, upper, fct, hops, solver, commodities, variables, constraints, millis);
    }

    /**
     * Ideal max FCT when links fail during the run.
     *
     * <p><b>Model.</b> All flows start together at {@code s0} (the earliest start). Let
     * {@code t_1 < t_2 < ...} be the distinct failure times after {@code s0} (relative to it); links failed
     * at or before {@code s0} and degraded links are in effect from the start. During {@code [t_i, t_{i+1})}
     * the fabric is as at {@code t_i}; its capacity region shrinks at each {@code t_i}. The throughput term
     * of {@link #fct}, {@code X = (n-1) T / phi}, generalises to the least time {@code X*} in which a fluid
     * schedule, its rates feasible for the fabric of the moment, delivers {@code d_c W} for every commodity
     * ({@code W = (n-1) T}, {@code d_c} relative to the largest flow); the ideal is
     * {@code IdealFct.lonePathPs + X - W} with {@code X} a certified lower bound on {@code X*}. That is a
     * lower bound on the FCT in the same sense as {@link #compute}: the time-averaged rates of any real
     * schedule over each phase form such a fluid schedule.
     *
     * <p><b>The two-pace formula is not a lower bound.</b> Sending at the early optimum {@code phi_e} until
     * {@code t_1}, then at the optimum {@code phi_l} of the fully failed fabric gives
     * {@code X_2 = t_1 + (W - t_1 phi_e) / phi_l} (if {@code W > t_1 phi_e}); it is the makespan of one
     * schedule, so {@code X* <= X_2}, but a schedule may send early the flows the failure will hurt most:
     * on a 2-tier {@code k = 4} tree with leaf2's downlinks at half rate, {@code leaf0-spine1} at a
     * quarter, flows {@code h0 -> h4} and {@code h2 -> h5}, and {@code leaf0-spine0} failing at
     * {@code t_1 = W}, {@code phi_e = 1/2}, {@code phi_l = 1/4} and {@code X_2 = 3W}, yet sending the first
     * flow at 3/4 before the failure finishes both by {@code 2W = X*} (tested). {@code X_2} is reported as
     * {@link TimedResult#twoPaceThroughputPs()}, the ideal uses the valid bound.
     *
     * <p><b>Computation.</b> {@code X* >= W / phiUpper_e} always (the fabric never has more capacity than
     * at the start); if that is at most {@code t_1} the run ends before the failure and the result is
     * {@link #compute}'s on the early fabric. Otherwise {@code X} is bisected in
     * {@code [W / phiUpper_e, X_2]}: a candidate {@code X} is a concurrent flow instance over the
     * time-expanded fabric (one copy of every link per phase, capacity rate x phase length; per phase and
     * ToR one edge for the summed host-link rates, a relaxation), infeasible ({@code X* > X}) when the
     * certified solver's dual bound shows congestion above 1, feasible when a routing reaches 1. The lower
     * end is kept: a certified lower bound on the relaxation's {@code X} within the relative {@code gap} (an
     * undecided candidate ends the bisection early, still valid). Because the relaxation lets a commodity use its
     * ToR's other host links, the result is the larger of that and {@link #aloneBound} (each commodity through a
     * failing link alone); where neither binds, {@code X*} may still be above it.
     *
     * @param failAfterPs first failure time after the start, relative to it ({@link Faults#NEVER} if none)
     * @param early the fabric at the start (links failed by then, and degraded links)
     * @param late the fabric after every failure
     * @param throughputPs {@code X}: certified lower bound on the time to send the largest flow's first
     *     {@code n - 1} packets (and the other flows' share)
     * @param twoPaceThroughputPs {@code X_2} of the two-pace formula (an upper bound on {@code X*})
     * @param idealMaxFctPs {@code IdealFct.lonePathPs + X - W}
     * @param hops links of the path whose latency is charged ({@link #slowestHopClass})
     * @param bisections time-expanded instances solved
     * @param solveMillis wall time of the whole computation
     */
    public record TimedResult(long failAfterPs, Result early, Result late, long throughputPs,
                              long twoPaceThroughputPs, long idealMaxFctPs, int hops, int bisections,
                              long solveMillis) {
    }

    /** {@link #computeTimed(Faults, List, long, int, int, long, double)} with {@link #DEFAULT_GAP}. */
    public static TimedResult computeTimed(Faults faults, List<Flow> flows, long rateBps, int mtuBytes,
                                           int headerBytes, long propagationPs) {
        return computeTimed(faults, flows, rateBps, mtuBytes, headerBytes, propagationPs, DEFAULT_GAP);
    }

    /** Ideal max FCT with failures taking effect at their times; see {@link TimedResult}. */
    public static TimedResult computeTimed(Faults faults, List<Flow> flows, long rateBps, int mtuBytes,
                                           int headerBytes, long propagationPs, double gap) {
        if (flows.isEmpty()) {
            throw new IllegalArgumentException("flows: the workload is empty");
        }
        return slowestHopClass(faults.tree(), flows, (sub, hops) -> computeTimed(faults, sub, rateBps, mtuBytes,
                headerBytes, propagationPs, gap, hops), TimedResult::idealMaxFctPs);
    }

    private static TimedResult computeTimed(Faults faults, List<Flow> flows, long rateBps, int mtuBytes,
                                            int headerBytes, long propagationPs, double gap, int hops) {
        long start = System.nanoTime();
        long s0 = Long.MAX_VALUE;
        for (Flow f : flows) {
            s0 = Math.min(s0, f.startPs());
        }
        TreeSet<Long> times = new TreeSet<>();
        for (int l : faults.failedLinks()) {
            if (faults.failTime(l) > s0) {
                times.add(faults.failTime(l) - s0);
            }
        }
        Result early = computeAt(faults, flows, rateBps, mtuBytes, headerBytes, propagationPs, Solver.CERTIFIED, gap,
                s0, hops);
        long packets = IdealFct.packets(largest(flows), mtuBytes, headerBytes);
        long t = Units.serializationPs(mtuBytes, rateBps);
        double earlyXExact = (packets - 1) * Math.ceil(t / early.phiUpper());
        if (!(earlyXExact < 0x1p63)) {
            throw Units.tooLong("flow-size");
        }
        long earlyX = (long) earlyXExact;
        if (times.isEmpty()) {
            return new TimedResult(Faults.NEVER, early, early, earlyX, earlyX, early.idealMaxFctPs(), early.hops(), 0,
                    CertifiedMaxConcurrentFlow.millisSince(start));
        }
        Result late = computeAt(faults, flows, rateBps, mtuBytes, headerBytes, propagationPs, Solver.CERTIFIED, gap,
                Faults.NEVER - 1, hops);
        double w = (double) (packets - 1) * t;
        double t1 = times.first();
        double twoPace = w / early.phiLower() <= t1 ? w / early.phiLower()
                : t1 + (w - t1 * early.phiLower()) / late.phiLower();
        double lo = w / early.phiUpper();
        if (packets == 1 || lo <= t1) {
            return new TimedResult(times.first(), early, late, earlyX, (long) Math.ceil(twoPace),
                    early.idealMaxFctPs(), early.hops(), 0, CertifiedMaxConcurrentFlow.millisSince(start));
        }
        FatTreeCommodities com = FatTreeCommodities.of(faults, flows, rateBps);
        Long[] at = times.toArray(new Long[0]);
        double hi = Math.max(lo, twoPace);
        int bisections = 0;
        long deadline = start + BISECTION_TIME_LIMIT_MILLIS * 1_000_000;
        while (hi - lo > gap * lo && bisections < 64 && System.nanoTime() < deadline) {
            double mid = (lo + hi) / 2;
            int phases = 1;
            while (phases <= at.length && at[phases - 1] < mid) {
                phases++;
            }
            long[] stateAt = new long[phases];
            double[] length = new double[phases];
            for (int i = 0; i < phases; i++) {
                double from = i == 0 ? 0 : at[i - 1];
                double to = i < at.length ? Math.min(at[i], mid) : mid;
                stateAt[i] = s0 + (i == 0 ? 0 : at[i - 1]);
                length[i] = to - from;
            }
            PathFlowInstance in = com.phasedInstance(faults, stateAt, length, w);
            // A candidate whose congestion is exactly 1 can be neither confirmed nor refused; the step
            // limit turns it into an undecided candidate, which ends the bisection with lo still valid.
            long stepDeadline = Math.min(deadline, System.nanoTime() + BISECTION_STEP_LIMIT_MILLIS * 1_000_000);
            MinCongestionSolver.Bounds b = new MinCongestionSolver(in).solve(gap / 4, stepDeadline, 1.0, 1.0);
            bisections++;
            if (b.lambdaLower() > 1) {
                lo = mid;
            } else if (b.lambdaUpper() <= 1) {
                hi = mid;
            } else {
                break;
            }
        }
        // the relaxation lets a commodity use its ToR's other hosts' links; each commodity alone bounds X* too
        lo = Math.max(lo, aloneBound(com, faults, s0, at, w, gap));
        long lone = behindBottleneck(IdealFct.lonePathPs(largest(flows), mtuBytes, headerBytes, rateBps, propagationPs,
                hops), largest(flows), mtuBytes, headerBytes, rateBps, hops);
        long x = (long) Math.floor(lo);
        return new TimedResult(times.first(), early, late, x, (long) Math.ceil(twoPace), lone + x - (long) w, hops,
                bisections, CertifiedMaxConcurrentFlow.millisSince(start));
    }

    /** Wall-time limit of {@link #aloneBound}'s solves; the commodities left out only leave the bound looser. */
    public static final long ALONE_BOUND_TIME_LIMIT_MILLIS = 2_000;

    /**
     * A lower bound on {@code X*} from each commodity alone: in every phase it can carry at most the smaller of its
     * own hosts' links ({@link FatTreeCommodities#commodityCap}) and its maximum flow on that phase's fabric (one over
     * the certified solver's lower bound on its congestion), so it needs at least the time those rates take to
     * deliver its demand. The time-expanded relaxation sums a ToR's host links, so before a failure a commodity
     * could borrow its neighbours' (review 39: a 3-tier k=4 permutation's ideal came out 24.63 us, the optimum is
     * 34.63 us); this bound closes that. Only commodities with a path through a link that fails during the run are
     * taken: the others have one rate throughout, and {@code W / phi} of the early fabric already bounds them.
     */
    static double aloneBound(FatTreeCommodities com, Faults faults, long s0, Long[] at, double w, double gap) {
        long deadline = System.nanoTime() + ALONE_BOUND_TIME_LIMIT_MILLIS * 1_000_000;
        double best = 0;
        for (int c = 0; c < com.commodities() && System.nanoTime() < deadline; c++) {
            if (!com.crossesLaterFailure(faults, c, s0)) {
                continue;
            }
            double need = com.demand[c] * w;
            double from = 0;
            for (int i = 0; i <= at.length; i++) {
                PathFlowInstance in = com.singleCommodityInstance(faults, c, s0 + (i == 0 ? 0 : at[i - 1]));
                double rate = 0;
                if (in != null) {
                    double lambda = new MinCongestionSolver(in).solve(gap / 4, deadline, Double.POSITIVE_INFINITY,
                            Double.NEGATIVE_INFINITY).lambdaLower();
                    rate = lambda > 0 ? Math.min(com.commodityCap[c], 1 / lambda) : com.commodityCap[c];
                }
                double to = i < at.length ? at[i] : Double.POSITIVE_INFINITY;
                if (rate > 0 && rate * (to - from) >= need) {
                    best = Math.max(best, from + need / rate);
                    break;
                }
                need -= rate * (to - from);
                from = to;
            }
        }
        return best;
    }

    /** {@code IdealFct.lonePathPs + (n - 1)(ceil(T / phi) - T)}; equals {@link IdealFct#lonePathPs} at {@code phi = 1}. */
    public static long fct(long flowBytes, int mtuBytes, int headerBytes, long rateBps, long propagationPs, int hops,
                           double phi) {
        if (!(phi > 0 && phi <= 1)) {
            throw new IllegalArgumentException("phi: must be in (0, 1], got " + phi);
        }
        long lone = IdealFct.lonePathPs(flowBytes, mtuBytes, headerBytes, rateBps, propagationPs, hops);
        if (phi == 1.0) {
            return lone;
        }
        lone = behindBottleneck(lone, flowBytes, mtuBytes, headerBytes, rateBps, hops);
        long packets = IdealFct.packets(flowBytes, mtuBytes, headerBytes);
        long t = Units.serializationPs(mtuBytes, rateBps);
        double stretched = Math.ceil(t / phi);
        double extra = (packets - 1) * (stretched - t);
        if (!(lone + extra < 0x1p63)) {
            throw Units.tooLong("flow-size");
        }
        return Math.addExact(lone, Math.multiplyExact(packets - 1, (long) stretched - t));
    }

    /**
     * The lone time's latency part as a flow behind a slower bottleneck can have it: {@code lonePathPs} charges each
     * of the {@code h - 1} hops after the first the serialization of a whole MTU (full packets pipelined at line
     * rate), but packets that leave a bottleneck {@code T / phi} apart let the short last packet cross the hops after
     * it in its own time {@code t_last} (review 42: a 3-tier AR run beat the ideal by 20 ns, and prime check failed
     * it). Charging {@code t_last} on those hops keeps the bound below every schedule; it gives up at most
     * {@code (h - 1)(T - t_last)}, under 0.3 us, and nothing for flows of whole packets.
     */
    private static long behindBottleneck(long lonePs, long flowBytes, int mtuBytes, int headerBytes, long rateBps,
                                         int hops) {
        long t = Units.serializationPs(mtuBytes, rateBps);
        long last = Units.serializationPs(IdealFct.lastPacketWireBytes(flowBytes, mtuBytes, headerBytes), rateBps);
        return lonePs - (long) (hops - 1) * Math.max(0, t - last);
    }

    private static long largest(List<Flow> flows) {
        long largest = 0;
        for (Flow f : flows) {
            largest = Math.max(largest, f.sizeBytes());
        }
        return largest;
    }

    private static int hops(FatTree tree, Flow f) {
        return 2 + 2 * tree.upHops(f.src(), f.dst());
    }
}
