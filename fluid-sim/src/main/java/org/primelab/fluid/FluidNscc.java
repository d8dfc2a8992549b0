package org.primelab.fluid;

import org.primelab.core.cc.NsccParameters;

/**
 * NSCC in fluid form, for one flow: the packet simulator's {@code Nscc} (UEC 1.0 "Network-Signaled
 * Congestion Control", as implemented in the UEC's htsim) driven by acknowledged byte quanta instead of
 * ACK packets, with the same constants ({@link NsccParameters}) and the same timers.
 *
 * <p>A quantum of {@code b} acknowledged bytes carries the marked fraction {@code F} it collected and the
 * round trip {@code r} it saw. It stands for {@code n = b/B} ACKs ({@code B} the bytes one coalesced ACK
 * covers), a fraction {@code F} of them marked, all with queueing delay {@code d = r - R0}. Each per-ACK
 * rule of {@code Nscc} is replaced by its expectation over those ACKs:
 * <ul>
 *   <li><b>average delay</b>: {@code n} EWMA steps towards the mean sample
 *       {@code s = F·d + (1-F)·s_u} ({@code s_u} the unmarked ACKs' sample, {@code R0/4} if {@code d > T}):
 *       {@code D <- s + (D - s)·(1 - w)^n}, exact for a constant sample;</li>
 *   <li><b>fair / proportional increase</b>: the unmarked bytes {@code (1-F)·b} add {@code FI·(1-F)·b},
 *       respectively {@code alpha·(1-F)·b·(T - d)}, to the pending increase, applied as
 *       {@code W <- W + P/W} on the same 8-MTU / one-network-RTT schedule, plus {@code eta} once per
 *       network RTT;</li>
 *   <li><b>fast increase</b>: below 1 us the unmarked bytes are counted; beyond one window of them the
 *       rest of the quantum adds {@code FIS} per byte;</li>
 *   <li><b>multiplicative decrease</b> (marked, {@code d >= T}, {@code D > T}, more than {@code R0}
 *       since the last one): it happens at the first marked ACK once the flow is eligible. That ACK is
 *       on average the {@code 1/F}-th after eligibility, and the first ACK comes on average half an ACK
 *       interval after it: the expected wait is {@code 1/F - 1/2} ACK intervals. The fluid flow counts
 *       the expected marked ACKs {@code n·F} received while eligible and cuts when the count reaches
 *       {@code 1 - F/2}, by the same factor {@code max(1 - gamma·(D-T)/D, 1/2)};</li>
 *   <li><b>quick adapt</b>: the same periods of {@code R0 + T} and the same test at the first quantum
 *       after a period ends; during the ignore period that follows, marked ACKs do nothing but drop the
 *       pending increase, which therefore survives a quantum with probability {@code (1-F)^n} and is
 *       scaled by it;</li>
 *   <li><b>NACK</b>: the trimmed bytes count as {@code b/MTU} delay samples of one network RTT; quick adapt
 *       is requested; otherwise the window loses the trimmed bytes.</li>
 * </ul>
 * The engine calls {@link #onAcked} once per step with what the step acknowledged (never more than a
 * window, like {@code FluidDctcp}).
 */
public final class FluidNscc implements FluidCc {
    private static final double NOT_STARTED = -1;

    private final NsccParameters params;
    private final long nicRateBps;
    private final double bytesPerAck;
    private final double target;
    private final double minWindow;

    private double window;
    private double baseRtt;
    private double maxWindow;
    private double averageDelay;
    private double pendingIncrease;
    private double bytesSinceAdjust;
    private double achievedBytes;
    private double ignoredBytes;
    private double bytesToIgnore;
    private double quickAdaptEnd = NOT_STARTED;
    private boolean quickAdaptRequested;
    private double lastDecrease;
    private double lastAdjust;
    private double fastIncreaseCount;
    private double markedWhileEligible;

    /**
     * @param params fabric-wide NSCC parameters (the packet simulator's)
     * @param baseRttPs starting base RTT: the network RTT (htsim's default)
     * @param nicRateBps the sender's NIC rate, for the maximum window
     * @param initialWindowBytes starting window in {@code [MTU, 1.5·baseRtt·rate/8]}
     * @param bytesPerAck data bytes one coalesced ACK covers ({@code ackEvery·MTU})
     */
    public FluidNscc(NsccParameters params, long baseRttPs, long nicRateBps, double initialWindowBytes,
                     double bytesPerAck) {
        if (baseRttPs <= 0) {
            throw new IllegalArgumentException("nscc-base-rtt: must be > 0 ps, got " + baseRttPs);
        }
        if (nicRateBps <= 0) {
            throw new IllegalArgumentException("rate: must be > 0 bit/s, got " + nicRateBps);
        }
        if (!(bytesPerAck > 0)) {
            throw new IllegalArgumentException("ack-every: bytes per ACK must be > 0, got " + bytesPerAck);
        }
        double max = (double) (NsccParameters.maxWindowBytes(baseRttPs, nicRateBps));
        if (!(initialWindowBytes >= params.minWindowBytes() && initialWindowBytes <= max)) {
            throw new IllegalArgumentException("cwnd: must be in [" + params.minWindowBytes() + ", " + max
                    + "] bytes, got " + initialWindowBytes);
        }
        this.params = params;
        this.nicRateBps = nicRateBps;
        this.bytesPerAck = bytesPerAck;
        this.target = params.targetDelayPs();
        this.minWindow = params.minWindowBytes();
        this.baseRtt = baseRttPs;
        this.maxWindow = max;
        this.window = initialWindowBytes;
    }

    /** A flow starting at its maximum window (htsim's default). */
    public static FluidNscc atMaxWindow(NsccParameters params, long baseRttPs, long nicRateBps, double bytesPerAck) {
        return new FluidNscc(params, baseRttPs, nicRateBps,
                (double) (NsccParameters.maxWindowBytes(baseRttPs, nicRateBps)), bytesPerAck);
    }

    /** Current window, bytes. */
    @Override
    public double window() {
        return window;
    }

    /** Current maximum window, bytes. */
    public double maxWindow() {
        return maxWindow;
    }

    /** Current base RTT, ps. */
    public double baseRttPs() {
        return baseRtt;
    }

    /** Average queueing delay {@code D}, ps. */
    public double averageDelayPs() {
        return averageDelay;
    }

    /**
     * {@code bytes} came back acknowledged, a fraction {@code marked} of them ECN-marked, after a round
     * trip of {@code rttPs} (unloaded path RTT plus the queueing they met), with {@code inFlightBytes}
     * still in flight, at {@code nowPs}.
     */
    public void onAcked(double bytes, double marked, double rttPs, double inFlightBytes, double nowPs) {
        if (!(bytes > 0)) {
            return;
        }
        double f = Math.min(1.0, Math.max(0.0, marked));
        double acks = bytes / bytesPerAck;
        achievedBytes += bytes;
        bytesSinceAdjust += bytes;
        ignoredBytes += bytes;
        lowerBaseRtt(rttPs);
        double d = Math.max(0.0, rttPs - baseRtt);
        double sample = f * d + (1 - f) * params.averageDelaySample(d, false, baseRtt);
        averageDelay(sample, acks);

        boolean ignoring = ignoredBytes - bytes < bytesToIgnore && f > 0;
        if (quickAdapt(false, d, inFlightBytes, nowPs)) {
            return;
        }
        double unmarked = (1 - f) * bytes;
        if (d >= target) {
            pendingIncrease += params.fairIncreaseBytes() * unmarked;
            if (!ignoring) {
                decrease(f, acks, nowPs);
            }
        } else if (d < NsccParameters.FAST_INCREASE_DELAY_PS) {
            double slow = Math.max(0.0, Math.min(unmarked, window - fastIncreaseCount));
            fastIncreaseCount += unmarked;
            pendingIncrease += params.proportionalGainPerPs() * slow * (target - d);
            window += params.fastIncreaseScale() * (unmarked - slow);
        } else {
            fastIncreaseCount = 0;
            pendingIncrease += params.proportionalGainPerPs() * unmarked * (target - d);
        }
        if (ignoring) {
            pendingIncrease *= Math.pow(1 - f, acks);
        }
        clamp();
        if (bytesSinceAdjust > params.adjustBytes() || nowPs - lastAdjust > params.adjustPeriodPs()) {
            window += pendingIncrease / window;
            if (nowPs - lastAdjust >= params.adjustPeriodPs()) {
                window += params.etaBytes();
                lastAdjust = nowPs;
            }
            pendingIncrease = 0;
            bytesSinceAdjust = 0;
            clamp();
        }
    }

    /**
     * The step's returns: the acknowledged bytes with their marked fraction and their byte-weighted mean
     * round trip (one {@link #onAcked}: the fluid flow's delay signal is the mean of the step's samples),
     * then the NACKed bytes ({@link #onNacked}), both at the latest return's time.
     */
    @Override
    public void onReturned(ReturnedBytes returned, double inFlightBytes) {
        double acked = returned.ackedBytes;
        if (acked > 0) {
            onAcked(acked, returned.ackedMarkedBytes / acked, returned.ackedRttBytePs / acked, inFlightBytes,
                    returned.lastReturnPs);
        }
        if (returned.nackedBytes > 0) {
            onNacked(returned.nackedBytes, inFlightBytes, returned.lastReturnPs);
        }
    }

    /** {@code bytes} were trimmed and NACKed, with {@code inFlightBytes} still in flight, at {@code nowPs}. */
    public void onNacked(double bytes, double inFlightBytes, double nowPs) {
        if (!(bytes > 0)) {
            return;
        }
        boolean ignoring = ignoredBytes < bytesToIgnore;
        ignoredBytes += bytes;
        averageDelay(params.networkRttPs(), bytes / params.mtuBytes());
        quickAdaptRequested = true;
        if (ignoring) {
            pendingIncrease = 0;
            bytesSinceAdjust = 0;
            return;
        }
        if (!quickAdapt(true, 0, inFlightBytes, nowPs)) {
            window -= bytes;
            clamp();
        }
    }

    private void lowerBaseRtt(double rttPs) {
        if (rttPs < baseRtt && rttPs > 0) {
            baseRtt = rttPs;
            maxWindow = (double) (NsccParameters.maxWindowBytes((long) rttPs, nicRateBps));
        }
    }

    private void averageDelay(double sample, double steps) {
        double keep = Math.pow(1 - NsccParameters.DELAY_EWMA_WEIGHT, steps);
        averageDelay = sample + (averageDelay - sample) * keep;
    }

    private boolean quickAdapt(boolean loss, double d, double inFlightBytes, double nowPs) {
        if (!(nowPs > quickAdaptEnd)) {
            return false;
        }
        boolean acted = false;
        if (quickAdaptEnd != NOT_STARTED && (quickAdaptRequested || loss || d > params.quickAdaptDelayPs())
                && achievedBytes < Math.floor(maxWindow / (1L << params.quickAdaptGate()))) {
            window = Math.max(achievedBytes, minWindow);
            bytesToIgnore = inFlightBytes;
            ignoredBytes = 0;
            quickAdaptRequested = false;
            pendingIncrease = 0;
            bytesSinceAdjust = 0;
            acted = true;
        }
        achievedBytes = 0;
        quickAdaptEnd = nowPs + baseRtt + target;
        return acted;
    }

    /** Multiplicative decrease at the first expected marked ACK once eligible. */
    private void decrease(double f, double acks, double nowPs) {
        if (f <= 0) {
            return;
        }
        fastIncreaseCount = 0;
        if (averageDelay > target && nowPs - lastDecrease > baseRtt) {
            markedWhileEligible += f * acks;
            if (markedWhileEligible >= 1 - f / 2) {
                window = Math.max(minWindow, window * NsccParameters.decreaseFactor(averageDelay, (long) target));
                lastDecrease = nowPs;
                markedWhileEligible = 0;
            }
        }
    }

    private void clamp() {
        window = Math.min(maxWindow, Math.max(minWindow, window));
    }
}
