package org.primelab.fluid;

import java.util.Arrays;

/**
 * Fast-forward of the quantum engine (fluid-sim/README.md, "Fast-forward"): the fluid model's adaptive
 * step. Where the flows' rates follow from what the last stretch showed, one long step (a leap) replaces
 * many short ones, as an ODE solver lengthens its step where the solution is smooth; completions, flow
 * starts and link failures are always integrated step by step.
 *
 * <p><b>Windows.</b> The engine is watched in windows of {@link #WINDOW_RTTS} base RTT. A window with a
 * trim anywhere, or one that began less than {@link #SETTLE_RTTS} base RTTs after an active flow's start
 * (before its feedback loop had settled), is never leapt from. Rates in a window are exact (bytes
 * serialized, not quanta counted). At the end of a window the run takes one of two leaps, or none:
 *
 * <ul>
 *   <li><b>Steady leap</b>, after a window in which every active host's NIC was busy (idle at most
 *       {@link #MAX_HOST_IDLE} of the window, at most {@link #MAX_IDLE} on average over the hosts), every
 *       active flow's window had settled (at its cap throughout the window, or moved by less than one MSS)
 *       and whose marked fraction was at most {@link #MARK_GROWTH} (plus {@link #MARK_FLOOR}) above the
 *       window's before it (a rising marking rate precedes the congestion PRIME's penalties and DCTCP's
 *       cuts bring). Each host then
 *       sends at its line rate less its own ACKs and less its expected idle share, evenly among its
 *       flows; the idle share is the window's mean plus the host's own deviation from it scaled by
 *       {@code sqrt(window / leap)} (idles come in independent episodes, a rare deep queue on a path,
 *       whose count spreads with the square root of time: scaling one window's luck linearly would
 *       exaggerate it, dropping it would lose the spread that sets the max FCT). The leap ends
 *       {@link #GUARD_RTTS} base RTT before the last flow could finish, before the first finish of a flow
 *       that shares its NIC (its finish changes the others' shares), or before the next start or failure,
 *       and is at most {@link #LEAP_GROWTH} times as long as the stretch has been steady: a stretch is
 *       trusted in proportion to how long it has held, and checked again after each leap. A flow alone on
 *       its NIC that finishes within the leap completes when its last byte arrives: its last byte leaves
 *       at its rate, then takes its path's latency and the window's mean wait at each queue (a finish
 *       does not change the rates of flows held by their own NICs).</li>
 *   <li><b>Ramp leap</b>, otherwise, while DCTCP's additive increase alone drives the windows (no window
 *       was cut in the window, and the window's marks would not cut them over the leap): at most
 *       {@link #RAMP_LEAP_WINDOWS} windows. By Little's law a flow's mean window over its rate in the
 *       window is its effective RTT {@code R} (queueing included); over the leap its window grows by one
 *       MSS per {@code R} and its rate is {@code W(t)/R}, capped at its NIC share (a host whose NIC never
 *       idled in the window sends at that share throughout). The model is trusted only once it has
 *       predicted a whole window: the flows' total rate in the window it predicted (from the window or
 *       the leap before) within {@link #RAMP_TOLERANCE}. A bottleneck, where the queue rather than the
 *       window sets the rates, fails that check. No ramp leap comes within {@link #GUARD_RTTS} base RTT of
 *       a flow's finish.</li>
 * </ul>
 *
 * <p>Either leap is refused when the flows' expected splits would load a link beyond its data rate (the
 * engine checks it, {@code QuantumEngine.leap}), or when a flow's DCTCP, advanced over the leap's bytes
 * at the window's marked fraction ({@link FluidDctcp#lowestWindowOver}), would fall below the lowest
 * window it had in the window. During a leap each flow sends whole packets, delivered untrimmed; queues,
 * in-flight quanta and the ACK load keep the state they had (the split rules' clocks stop, so PRIME's
 * penalties and REPS's timers do not expire), and per-link statistics grow at the window's rates.
 */
final class SteadyState {
    /** Length of a window, in base RTTs: the stretch whose rates a leap extends. */
    static final int WINDOW_RTTS = 2;
    /** A window begins at least this many base RTTs after every active flow's start (its feedback has settled). */
    static final double SETTLE_RTTS = 2;
    /** A leap ends this many base RTTs before the first flow could finish. */
    static final double GUARD_RTTS = 1;
    /**
     * Longest ramp leap, in windows. The model's rates run ahead of the window that follows a leap (the
     * effective RTT grows with the queues as the rates rise: 1-3% on the cross-validation suite), so ramp
     * leaps stay short and every one is followed by a measured window; 4 windows moved RPS's max FCT by 4.6%.
     */
    static final int RAMP_LEAP_WINDOWS = 2;
    /** A steady stretch is leapt for at most this many times the time it has already held. */
    static final double LEAP_GROWTH = 4;
    /**
     * Largest growth of the marked fraction from one window to the next for a steady leap: 25%, plus
     * {@link #MARK_FLOOR}.
     */
    static final double MARK_GROWTH = 0.25;
    /**
     * Absolute slack of the marked-fraction check: 0.25 percentage points. Below it marks are sporadic
     * (3-tier steady state: about 0.1% of the bytes); PRIME's penalty congestion built up from 1.1% to 1.8%
     * in one window.
     */
    static final double MARK_FLOOR = 0.0025;
    /**
     * Largest error of the ramp model's prediction of the flows' total rate in a window for a ramp leap
     * to follow: 3% (the model runs 1-3% ahead on the suite's ramps; a two-flow bottleneck misses by 7-33%).
     */
    static final double RAMP_TOLERANCE = 0.03;
    /** Largest mean idle share of the active hosts' NICs in a window for a steady leap: 1%. */
    static final double MAX_IDLE = 0.01;
    /**
     * Largest idle share of any one active host's NIC in a window for a steady leap: 10%. Above it the
     * host is held back by something of its own (a bottleneck, its window), not by sporadic queueing.
     */
    static final double MAX_HOST_IDLE = 0.10;

    private final FluidFlow[] flows;
    private final int[][] hostFlows;
    private final double nicRate;
    private final double mtu;
    private final double dt;
    private final double baseRtt;
    /** Steps of a window. */
    final int windowSteps;

    // the snapshot at the start of the current window
    private double t0;
    /** Marked fraction of the previous window's delivered bytes (NaN after a trim or at the start). */
    private double previousMarks = Double.NaN;
    /** Start of the stretch in which every window has passed the steady leap's checks (NaN: none). */
    private double steadySince = Double.NaN;
    private int stepsInWindow;
    private final double[] hostAcks;
    private final double[] acks0;
    private final double[] hostIdle;
    private final double[] idle0;
    private final double[] windowIdle;
    private final double[] delivered0;
    private final double[] marked0;
    private final double[] unsent0;
    private final double[] windowSum0;
    private final double[] window0;
    /** Each flow's rate the ramp model predicts for the window starting at {@link #predictedFor}. */
    private final double[] predicted;
    private double predictedFor = Double.NaN;
    private final FluidLinks links;
    private final double[] area0;
    private final double[] linkMarked0;

    // the leap being prepared: per host, NIC time the leap's data takes; per flow, bytes and marked fraction
    final double[] hostShift;
    final double[] flowBytes;
    final double[] flowMarked;
    /** For a flow that finishes within the leap: when its last byte leaves its NIC, after the leap's start (else NaN). */
    final double[] flowFinish;

    /**
     * @param flows the engine's flows
     * @param hostFlows flows of each host
     * @param hostAcks ACK bytes each host's NIC has sent (read live)
     * @param hostIdle time each host's NIC has idled, ps (read live)
     * @param nicRate NIC line rate, bytes/ps
     * @param mtu quantum size, bytes
     * @param dt the step, ps
     * @param baseRttPs the fabric's base RTT
     * @param links the engine's links (their time-integrated queues and marked bytes are read live)
     */
    SteadyState(FluidFlow[] flows, int[][] hostFlows, double[] hostAcks, double[] hostIdle, double nicRate,
                double mtu, double dt, double baseRttPs, FluidLinks links) {
        this.links = links;
        this.area0 = new double[links.count];
        this.linkMarked0 = new double[links.count];
        this.flows = flows;
        this.hostFlows = hostFlows;
        this.hostAcks = hostAcks;
        this.acks0 = new double[hostFlows.length];
        this.hostIdle = hostIdle;
        this.idle0 = new double[hostFlows.length];
        this.windowIdle = new double[hostFlows.length];
        this.nicRate = nicRate;
        this.mtu = mtu;
        this.dt = dt;
        this.baseRtt = baseRttPs;
        this.windowSteps = (int) Math.ceil(WINDOW_RTTS * baseRttPs / dt);
        delivered0 = new double[flows.length];
        marked0 = new double[flows.length];
        unsent0 = new double[flows.length];
        windowSum0 = new double[flows.length];
        window0 = new double[flows.length];
        predicted = new double[flows.length];
        hostShift = new double[hostFlows.length];
        flowBytes = new double[flows.length];
        flowMarked = new double[flows.length];
        flowFinish = new double[flows.length];
        Arrays.fill(flowFinish, Double.NaN);
    }

    /** Start of the current window (the snapshot's time). */
    double windowStart() {
        return t0;
    }

    /**
     * A step ending at {@code tEnd} was clean (nothing trimmed) or not; returns whether the window is complete.
     * A trim starts a new window.
     */
    boolean observe(boolean clean, double tEnd) {
        if (!clean || youngestActiveStart(tEnd) > t0 - SETTLE_RTTS * baseRtt) {
            previousMarks = Double.NaN;
            restart(tEnd);   // a trim, or a flow whose feedback loop had not closed when the window began
            return false;
        }
        return ++stepsInWindow >= windowSteps;
    }

    /** Starts a new window at {@code t}: snapshots the hosts', flows' and links' counters. */
    void restart(double t) {
        t0 = t;
        stepsInWindow = 0;
        System.arraycopy(hostAcks, 0, acks0, 0, acks0.length);
        System.arraycopy(hostIdle, 0, idle0, 0, idle0.length);
        for (int i = 0; i < flows.length; i++) {
            delivered0[i] = flows[i].delivered;
            marked0[i] = flows[i].marked;
            unsent0[i] = unserialized(flows[i], t);
            windowSum0[i] = flows[i].windowSum;
            window0[i] = flows[i].cc.window();
            flows[i].lowestWindow = flows[i].cc.window();
        }
        System.arraycopy(links.queueAreaBytePs, 0, area0, 0, area0.length);
        System.arraycopy(links.markedBytes, 0, linkMarked0, 0, linkMarked0.length);
    }

    /**
     * Bytes of flow {@code s} not yet serialized at {@code t}: its unsent bytes plus what is left of the
     * quantum on its NIC (so a window's rate is exact, not counted in whole quanta).
     */
    private double unserialized(FluidFlow s, double t) {
        return s.unsent + Math.max(0, s.sentEnd - t) * nicRate;
    }

    /** Link {@code l}'s time-integrated queue at the start of the window. */
    double linkArea0(int l) {
        return area0[l];
    }

    /** Link {@code l}'s marked bytes at the start of the window. */
    double linkMarked0(int l) {
        return linkMarked0[l];
    }

    /**
     * How many whole steps the run may leap at {@code now} (0: none), given the next flow start or link
     * failure {@code nextEvent} (infinity if none). Fills {@link #hostShift}, {@link #flowBytes} and
     * {@link #flowMarked} for the leap; every outcome but a flow in its tail starts a new window.
     */
    long leapSteps(double now, double nextEvent) {
        double span = now - t0;
        boolean nicBound = true;
        double idleSum = 0;
        int hosts = 0;
        for (int h = 0; h < hostFlows.length; h++) {
            int active = activeFlows(h, now);
            if (active < 0) {
                return 0;   // a flow in its tail: its completion is an event within an RTT
            }
            windowIdle[h] = active == 0 ? 0 : (hostIdle[h] - idle0[h]) / span;
            nicBound &= active == 0 || windowIdle[h] <= MAX_HOST_IDLE;
            idleSum += windowIdle[h];
            hosts += active > 0 ? 1 : 0;
        }
        if (hosts == 0) {
            return 0;
        }
        // the marked fraction of this window against the previous one's (leaps in between keep the state)
        double delivered = 0;
        double markedBytes = 0;
        for (int f = 0; f < flows.length; f++) {
            delivered += flows[f].delivered - delivered0[f];
            markedBytes += flows[f].marked - marked0[f];
        }
        double marks = delivered > 0 ? markedBytes / delivered : 0;
        boolean marksSettled = !Double.isNaN(previousMarks) && marks <= (1 + MARK_GROWTH) * previousMarks + MARK_FLOOR;
        previousMarks = marks;
        if (!nicBound || idleSum / hosts > MAX_IDLE || !windowsSettled(now)) {
            steadySince = Double.NaN;
            return rampLeap(now, nextEvent, span);
        }
        if (!marksSettled) {
            steadySince = Double.NaN;
            restart(now);
            return 0;
        }
        if (Double.isNaN(steadySince)) {
            steadySince = t0;
        }
        double meanIdle = idleSum / hosts;
        // the leap's length depends on the rates and (through the idle estimate) the rates on the length:
        // start from the mean idle and shorten until the fastest flow's finish is a guard away
        long steps = leapLength(now, nextEvent, meanIdle, span, Double.POSITIVE_INFINITY);
        for (int round = 0; round < 3 && steps > 0; round++) {
            long again = leapLength(now, nextEvent, meanIdle, span, steps * dt);
            if (again >= steps) {
                break;
            }
            steps = again;
        }
        // a stretch steady for a time is trusted for LEAP_GROWTH times as long, then checked again
        steps = Math.min(steps, (long) Math.floor(LEAP_GROWTH * (now - steadySince) / dt));
        if (steps <= 0) {
            restart(now);
            return 0;
        }
        rates(now, meanIdle, span, steps * dt);
        double leap = steps * dt;
        Arrays.fill(flowFinish, Double.NaN);
        for (int h = 0; h < hostFlows.length; h++) {
            double used = 0;
            int active = 0;
            for (int f : hostFlows[h]) {
                double rate = flowBytes[f];
                if (rate <= 0) {
                    continue;
                }
                FluidFlow s = flows[f];
                // whole packets (the flow's last, short packet stays its last), enough to keep the NIC busy
                // to the leap's end: the NIC then resumes mid-packet, as at any step boundary
                double bytes = Math.ceil(rate * leap / mtu) * mtu;
                flowFinish[f] = Double.NaN;
                if (bytes >= s.unsent - 1e-6) {
                    if (s.activatesTrigger) {
                        restart(now);   // its finish activates a trigger: integrated step by step
                        return 0;
                    }
                    bytes = s.unsent;   // it finishes within the leap: its last byte leaves the NIC then
                    flowFinish[f] = s.unsent / rate;
                }
                double got = s.delivered - delivered0[f];
                double marked = got > 0 ? (s.marked - marked0[f]) / got : 0;
                if (s.dctcp().lowestWindowOver(bytes, marked) < s.lowestWindow - mtu) {
                    restart(now);   // the window would fall below the window's own lowest: not stationary
                    return 0;
                }
                flowBytes[f] = bytes;
                flowMarked[f] = marked;
                used += bytes / rate;
                active++;
            }
            hostShift[h] = active > 0 ? used / active : 0;
        }
        return steps;
    }

    /**
     * The short leap of a window-limited stretch (DCTCP's additive increase after the start, before the
     * flows reach their NIC's rate): at most {@link #RAMP_LEAP_WINDOWS} windows, each flow at the rate its
     * window allows. By Little's law the window's mean window {@code W} over its rate {@code r} is the
     * flow's effective RTT {@code R} (queueing included); over the leap the window grows by one MSS per
     * {@code R} (no cut: checked as for long leaps) and the rate is {@code W(t)/R}, capped at the NIC's
     * share. A leap that would reach a guard's distance of a flow's finish is not taken.
     */
    private long rampLeap(double now, double nextEvent, double span) {
        // the model must have predicted this window (from the window or leap before it) before it is trusted
        boolean trusted = false;
        if (predictedFor == t0) {
            double err = 0;
            double sum = 0;
            for (int f = 0; f < flows.length; f++) {
                FluidFlow s = flows[f];
                if (predicted[f] > 0 && !s.done) {
                    err += (unsent0[f] - unserialized(s, now)) / span - predicted[f];
                    sum += predicted[f];
                }
            }
            trusted = sum > 0 && Math.abs(err) <= RAMP_TOLERANCE * sum;
        }
        predictedFor = Double.NaN;
        Arrays.fill(predicted, 0);
        long steps = trusted ? Math.min((long) RAMP_LEAP_WINDOWS * windowSteps,
                (long) Math.floor((nextEvent - now - GUARD_RTTS * baseRtt) / dt)) : 0;
        if (stepsInWindow <= 0) {
            restart(now);
            return 0;
        }
        double leap = Math.max(0, steps) * dt;
        double guard = GUARD_RTTS * baseRtt;
        Arrays.fill(flowBytes, 0);
        Arrays.fill(hostShift, 0);
        Arrays.fill(flowFinish, Double.NaN);
        for (int h = 0; h < hostFlows.length; h++) {
            int active = activeFlows(h, now);
            if (active <= 0) {
                continue;
            }
            double cap = (nicRate - (hostAcks[h] - acks0[h]) / span) / active;
            double shift = leap;
            for (int f : hostFlows[h]) {
                FluidFlow s = flows[f];
                if (s.done || s.startPs > now) {
                    continue;
                }
                double rate = (unsent0[f] - unserialized(s, now)) / span;
                double meanWindow = (s.windowSum - windowSum0[f]) / stepsInWindow;
                if (!(rate > 0 && cap > 0)) {
                    restart(now);
                    return 0;
                }
                double rtt = meanWindow / rate;
                double w0 = s.cc.window();
                if (s.lowestWindow < window0[f] - mtu) {
                    restart(now);   // the window was cut in the window: not additive increase alone
                    return 0;
                }
                double grow = s.dctcp().mss() / rtt;   // window growth, bytes per ps
                double wMax = s.dctcp().maxWindow();
                // a host whose NIC never idled in the window is held by its NIC, whatever its window
                double exact = windowIdle[h] <= 0 ? cap * leap : sentOver(0, leap, w0, grow, wMax, rtt, cap);
                predicted[f] = (windowIdle[h] <= 0 ? cap * span
                        : sentOver(leap, leap + span, w0, grow, wMax, rtt, cap)) / span;
                if (leap == 0) {
                    continue;   // no leap yet: only the prediction of the next window
                }
                // a flow its NIC holds at the leap's end keeps the NIC busy into the next step (whole packets,
                // rounded up, and its host's clock moves on by their time); one its window holds stops short
                boolean nicBoundAtEnd = windowIdle[h] <= 0 || Math.min(wMax, w0 + grow * leap) / rtt >= cap;
                double bytes = (nicBoundAtEnd ? Math.ceil(exact / mtu) : Math.floor(exact / mtu)) * mtu;
                if (s.unsent - bytes < guard * cap) {
                    restart(now);   // too close to its finish: integrate it step by step
                    return 0;
                }
                double got = s.delivered - delivered0[f];
                double marked = got > 0 ? (s.marked - marked0[f]) / got : 0;
                if (s.dctcp().lowestWindowOver(bytes, marked) < w0 - mtu) {
                    restart(now);   // marks would cut the window: not additive increase alone
                    return 0;
                }
                flowBytes[f] = bytes;
                flowMarked[f] = marked;
                shift = Math.max(shift, nicBoundAtEnd ? leap + (bytes - exact) / (cap * active) : leap);
            }
            hostShift[h] = shift;
        }
        predictedFor = now + leap;
        if (leap == 0) {
            restart(now);
            return 0;
        }
        return steps;
    }

    /**
     * Bytes a window-limited flow sends in {@code [from, to)} after a leap's start: rate
     * {@code min(cap, W(t)/rtt)} with {@code W(t) = min(wMax, w0 + grow·t)} (midpoint rule, fine enough for
     * a piecewise-linear rate).
     */
    private static double sentOver(double from, double to, double w0, double grow, double wMax, double rtt,
                                   double cap) {
        int n = 32;
        double h = (to - from) / n;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            double t = from + (i + 0.5) * h;
            sum += Math.min(cap, Math.min(wMax, w0 + grow * t) / rtt);
        }
        return sum * h;
    }

    /**
     * Whether every active flow's window has settled: at its cap throughout the window, or moved by less
     * than one MSS over it (marks balance the additive increase). A window still growing raises the
     * queues; one that has just reached its cap has not yet filled them.
     */
    private boolean windowsSettled(double now) {
        for (int f = 0; f < flows.length; f++) {
            FluidFlow s = flows[f];
            if (s.done || s.startPs > now) {
                continue;
            }
            double cap = s.dctcp().maxWindow() - mtu;
            double w = s.cc.window();
            boolean capped = window0[f] >= cap && w >= cap;
            if (!capped && Math.abs(w - window0[f]) >= s.dctcp().mss()) {
                return false;
            }
        }
        return true;
    }

    /** Whole steps to the guard before the earliest finish or event, at the rates {@link #rates} gives. */
    private long leapLength(double now, double nextEvent, double meanIdle, double span, double leap) {
        rates(now, meanIdle, span, leap);
        double horizon = nextEvent - now;
        double last = 0;
        for (int h = 0; h < hostFlows.length; h++) {
            int active = activeFlows(h, now);
            for (int f : hostFlows[h]) {
                if (flowBytes[f] < 0) {
                    return 0;
                }
                if (flowBytes[f] > 0) {
                    double finish = flows[f].unsent / flowBytes[f];
                    if (active == 1 && !flows[f].activatesTrigger) {
                        last = Math.max(last, finish);   // a host's only flow may finish within the leap
                    } else {
                        // a finish changes its host's shares, or starts flows through a trigger
                        horizon = Math.min(horizon, finish);
                    }
                }
            }
        }
        horizon = Math.min(horizon, last > 0 ? last : Double.POSITIVE_INFINITY);
        return (long) Math.floor((horizon - GUARD_RTTS * baseRtt) / dt);
    }

    /**
     * Fills {@link #flowBytes} with each active flow's rate over a leap of {@code leap} ps (infinite: the
     * mean idle share alone): its host's NIC rate less the ACKs it sent over the window and less the idle
     * share expected over the leap, evenly among the host's active flows; -1 if that leaves nothing. The
     * idle share over the leap is the window's mean {@code meanIdle} plus the host's own deviation from it
     * scaled by {@code sqrt(window / leap)}: idles come in independent episodes (a rare deep queue on a
     * path), whose count over a stretch has a spread growing with the square root of its length, so
     * scaling the deviation linearly would exaggerate one window's luck and dropping it would lose the
     * spread that sets the max FCT.
     */
    private void rates(double now, double meanIdle, double span, double leap) {
        Arrays.fill(flowBytes, 0);
        double scale = Double.isInfinite(leap) ? 0 : Math.sqrt(span / leap);
        for (int h = 0; h < hostFlows.length; h++) {
            int active = activeFlows(h, now);
            if (active <= 0) {
                continue;
            }
            double idle = Math.max(0, meanIdle + (windowIdle[h] - meanIdle) * scale);
            double ackRate = (hostAcks[h] - acks0[h]) / span;
            double perFlow = (nicRate * (1 - idle) - ackRate) / active;
            for (int f : hostFlows[h]) {
                FluidFlow s = flows[f];
                if (!s.done && s.startPs <= now) {
                    flowBytes[f] = perFlow > 0 ? perFlow : -1;
                }
            }
        }
    }

    /** The latest start among the started, unfinished flows (minus infinity if none). */
    private double youngestActiveStart(double now) {
        double latest = Double.NEGATIVE_INFINITY;
        for (FluidFlow s : flows) {
            if (!s.done && s.startPs <= now) {
                latest = Math.max(latest, s.startPs);
            }
        }
        return latest;
    }

    /** Started, unfinished flows of host {@code h} at {@code now}; -1 if one of them has nothing left to send. */
    private int activeFlows(int h, double now) {
        int active = 0;
        for (int f : hostFlows[h]) {
            FluidFlow s = flows[f];
            if (!s.done && s.startPs <= now) {
                if (s.unsent <= 0) {
                    return -1;
                }
                active++;
            }
        }
        return active;
    }
}
