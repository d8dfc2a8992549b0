package org.primelab.packet.transport;

import org.primelab.core.cc.NsccParameters;

/**
 * NSCC, the Ultra Ethernet sender congestion control (UEC 1.0 specification, "Network-Signaled
 * Congestion Control"), on a byte window, following the reference implementation's behaviour (the
 * UEC's htsim, {@code UecSrc::updateCwndOnAck_NSCC} and its helpers); gains and their derivation from
 * the fabric: {@link NsccParameters}.
 *
 * <p><b>Signals.</b> Every ACK brings the ECN echo {@code m} and, when the packet that triggered it was
 * not retransmitted, an RTT sample {@code r}. The base RTT {@code R0} starts at the network RTT and
 * only decreases: {@code R0 <- min(R0, r)}, and the maximum window follows it,
 * {@code Wmax = 1.5·R0·rate/8}. The queueing delay of the sample is {@code d = r - R0} (without a sample,
 * the average below). The average delay is an EWMA with weight {@code w = 0.0125},
 * {@code D <- w·s + (1 - w)·D}, where {@code s = d}, except that an <em>unmarked</em> sample above the
 * target counts as {@code s = R0/4} (delay the fabric did not confirm with a mark is not trusted).
 *
 * <p><b>The four quadrants</b> ({@code T} the target delay, {@code a} the ACKed bytes):
 * <pre>
 *   unmarked, d >= T : fair increase           P += FI·a
 *   unmarked, d <  T : proportional increase   P += alpha·a·(T - d)      (or fast increase, below)
 *   marked,   d >= T : multiplicative decrease W <- W·max(1 - gamma·(D - T)/D, 1/2)
 *                                              if D > T and more than R0 since the last decrease
 *   marked,   d <  T : nothing (the mark is a path's, the load balancer steers around it)
 * </pre>
 * Increases accumulate in {@code P} and are applied as {@code W <- W + P/W} once more than 8 MTU were
 * ACKed since the last application, or one network RTT has passed (so {@code FI} and
 * {@code alpha·(T - d)} are additions per window of ACKed bytes, i.e. per RTT); when a network RTT has
 * passed since the last such event, {@code eta} is added as well.
 *
 * <p><b>Fast increase.</b> While unmarked samples stay below 1 us, their bytes are counted; once more
 * than a window has been counted, every such ACK grows the window at once by {@code FIS·a} (a window
 * per RTT times {@code FIS}), instead of the proportional increase. A sample at or above 1 us, or a
 * decrease, ends it.
 *
 * <p><b>Quick adapt.</b> Time is cut into periods of {@code R0 + T}. At the first ACK after a period
 * ends, if a NACK was seen or the sample exceeds {@code 4T}, and the bytes ACKed during the period are
 * below {@code Wmax / 2^gate}, the window is set to those bytes (what the path actually delivered, at
 * least one MTU), pending increases are dropped, and the marked ACKs of the next {@code inFlight} bytes
 * are ignored (they describe the queue before the cut).
 *
 * <p><b>NACK</b> (a trimmed packet): the average delay takes a sample of one network RTT (htsim's
 * estimate of a full trimming queue), quick adapt is requested, and unless it runs (or the NACK falls
 * in an ignore period) the window loses the trimmed packet's bytes. <b>Timeout:</b> the window falls to
 * its floor. Window bounds: {@code [MTU, Wmax]}, applied after every change. A floor of one MTU is less
 * than one coalesced ACK: the sender then sets the AR flag as htsim's does ({@link FlowSender}, "ACK
 * request"), or a small window would wait for the retransmission timer.
 *
 * <p>Allocation-free per ACK. The window is kept in double precision; htsim rounds it to whole bytes at
 * every update (a difference below one byte per update).
 */
public final class Nscc implements CongestionControl {
    private static final long NOT_STARTED = -1;

    private final NsccParameters params;
    private final long nicRateBps;
    private final long targetDelayPs;
    private final long networkRttPs;
    private final double minWindow;
    private final double fairIncrease;
    private final double proportionalGain;
    private final double fastIncreaseScale;
    private final double eta;
    private final long quickAdaptDelayPs;
    private final long adjustPeriodPs;
    private final long adjustBytes;
    private final int quickAdaptGate;

    private double window;
    private long baseRttPs;
    private long maxWindow;
    private double averageDelayPs;
    private double pendingIncrease;
    private long bytesSinceAdjust;
    private long achievedBytes;
    private long ignoredBytes;
    private long bytesToIgnore;
    private long quickAdaptEndPs = NOT_STARTED;
    private boolean quickAdaptRequested;
    private long lastDecreasePs;
    private long lastAdjustPs;
    private long fastIncreaseCount;
    private boolean fastIncreasing;

    /**
     * A sender starting at its maximum window (htsim's default when no {@code -cwnd} is given).
     *
     * @param params fabric-wide NSCC parameters
     * @param baseRttPs starting base RTT: the network RTT (htsim's default) or the flow's own path RTT
     * @param nicRateBps the sender's NIC rate, for the maximum window
     */
    public static Nscc atMaxWindow(NsccParameters params, long baseRttPs, long nicRateBps) {
        return new Nscc(params, baseRttPs, nicRateBps, NsccParameters.maxWindowBytes(baseRttPs, nicRateBps));
    }

    /**
     * @param params fabric-wide NSCC parameters
     * @param baseRttPs starting base RTT, ps
     * @param nicRateBps the sender's NIC rate, bit/s
     * @param initialWindowBytes starting window, in {@code [MTU, 1.5·baseRtt·rate/8]}
     */
    public Nscc(NsccParameters params, long baseRttPs, long nicRateBps, long initialWindowBytes) {
        if (baseRttPs <= 0) {
            throw new IllegalArgumentException("nscc-base-rtt: must be > 0 ps, got " + baseRttPs);
        }
        if (nicRateBps <= 0) {
            throw new IllegalArgumentException("rate: must be > 0 bit/s, got " + nicRateBps);
        }
        long max = NsccParameters.maxWindowBytes(baseRttPs, nicRateBps);
        if (initialWindowBytes < params.minWindowBytes() || initialWindowBytes > max) {
            throw new IllegalArgumentException("cwnd: must be in [" + params.minWindowBytes() + ", " + max
                    + "] bytes, got " + initialWindowBytes);
        }
        this.params = params;
        this.nicRateBps = nicRateBps;
        this.targetDelayPs = params.targetDelayPs();
        this.networkRttPs = params.networkRttPs();
        this.minWindow = params.minWindowBytes();
        this.fairIncrease = params.fairIncreaseBytes();
        this.proportionalGain = params.proportionalGainPerPs();
        this.fastIncreaseScale = params.fastIncreaseScale();
        this.eta = params.etaBytes();
        this.quickAdaptDelayPs = params.quickAdaptDelayPs();
        this.adjustPeriodPs = params.adjustPeriodPs();
        this.adjustBytes = params.adjustBytes();
        this.quickAdaptGate = params.quickAdaptGate();
        this.baseRttPs = baseRttPs;
        this.maxWindow = max;
        this.window = initialWindowBytes;
    }

    @Override
    public long windowBytes() {
        return (long) window;
    }

    @Override
    public long minWindowBytes() {
        return (long) minWindow;
    }

    /** The window before rounding, bytes. */
    public double window() {
        return window;
    }

    /** The current maximum window, bytes. */
    public long maxWindowBytes() {
        return maxWindow;
    }

    /** The current base RTT, ps. */
    public long baseRttPs() {
        return baseRttPs;
    }

    /** The average queueing delay {@code D}, ps. */
    public double averageDelayPs() {
        return averageDelayPs;
    }

    /** Increases accumulated and not yet applied, bytes times bytes of window ({@code P}). */
    public double pendingIncrease() {
        return pendingIncrease;
    }

    /** Without an RTT sample or an in-flight count: the average delay stands in, the window for in-flight. */
    @Override
    public boolean usesRttSamples() {
        return true;
    }

    @Override
    public void onAck(long ackedBytes, boolean marked, long nowPs) {
        onAckSample(ackedBytes, marked, NO_RTT_SAMPLE, (long) window, nowPs);
    }

    @Override
    public void onAckSample(long ackedBytes, boolean marked, long rttSamplePs, long inFlightBytes, long nowPs) {
        achievedBytes += ackedBytes;
        bytesSinceAdjust += ackedBytes;
        ignoredBytes += ackedBytes;
        long delay;
        if (rttSamplePs == NO_RTT_SAMPLE) {
            delay = (long) averageDelayPs;
        } else {
            lowerBaseRtt(rttSamplePs);
            delay = rttSamplePs - baseRttPs;
            averageDelay(params.averageDelaySample(delay, marked, baseRttPs));
        }
        if (quickAdapt(false, marked, delay, inFlightBytes, nowPs)) {
            return;
        }
        if (!marked) {
            if (delay >= targetDelayPs) {
                pendingIncrease += fairIncrease * ackedBytes;
            } else if (!fastIncrease(ackedBytes, delay)) {
                pendingIncrease += proportionalGain * ackedBytes * (targetDelayPs - delay);
            }
        } else if (delay >= targetDelayPs) {
            multiplicativeDecrease(nowPs);
        }
        clamp();
        if (bytesSinceAdjust > adjustBytes || nowPs - lastAdjustPs > adjustPeriodPs) {
            applyIncrease(nowPs);
            clamp();
        }
    }

    @Override
    public void onNack(long bytes, long nowPs) {
        onNackSample(bytes, NO_RTT_SAMPLE, (long) window, nowPs);
    }

    @Override
    public void onNackSample(long bytes, long rttSamplePs, long inFlightBytes, long nowPs) {
        if (rttSamplePs != NO_RTT_SAMPLE) {
            lowerBaseRtt(rttSamplePs);
        }
        ignoredBytes += bytes;
        averageDelay(networkRttPs);
        quickAdaptRequested = true;
        if (!quickAdapt(true, true, 0, inFlightBytes, nowPs)) {
            window -= bytes;
            clamp();
        }
    }

    @Override
    public void onTimeout(long nowPs) {
        window = minWindow;
        fastIncreasing = false;
        fastIncreaseCount = 0;
    }

    private void lowerBaseRtt(long rttPs) {
        if (rttPs < baseRttPs && rttPs > 0) {
            baseRttPs = rttPs;
            maxWindow = NsccParameters.maxWindowBytes(rttPs, nicRateBps);
        }
    }

    private void averageDelay(double samplePs) {
        averageDelayPs = NsccParameters.DELAY_EWMA_WEIGHT * samplePs
                + (1 - NsccParameters.DELAY_EWMA_WEIGHT) * averageDelayPs;
    }

    /** Quick adapt; true if it cut the window or the ACK falls in an ignore period (nothing else then). */
    private boolean quickAdapt(boolean loss, boolean marked, long delay, long inFlightBytes, long nowPs) {
        boolean acted = false;
        if (marked && ignoredBytes < bytesToIgnore) {
            acted = true;
        } else if (nowPs > quickAdaptEndPs) {
            if (quickAdaptEndPs != NOT_STARTED && (quickAdaptRequested || loss || delay > quickAdaptDelayPs)
                    && achievedBytes < maxWindow >> quickAdaptGate) {
                window = Math.max(achievedBytes, minWindow);
                bytesToIgnore = inFlightBytes;
                ignoredBytes = 0;
                quickAdaptRequested = false;
                acted = true;
            }
            achievedBytes = 0;
            quickAdaptEndPs = nowPs + baseRttPs + targetDelayPs;
        }
        if (acted) {
            pendingIncrease = 0;
            bytesSinceAdjust = 0;
        }
        return acted;
    }

    /** Fast increase; true if it applied (then the proportional increase does not). */
    private boolean fastIncrease(long ackedBytes, long delay) {
        if (delay < NsccParameters.FAST_INCREASE_DELAY_PS) {
            fastIncreaseCount += ackedBytes;
            if (fastIncreaseCount > window || fastIncreasing) {
                window += ackedBytes * fastIncreaseScale;
                fastIncreasing = true;
                return true;
            }
        } else {
            fastIncreaseCount = 0;
        }
        fastIncreasing = false;
        return false;
    }

    private void multiplicativeDecrease(long nowPs) {
        fastIncreasing = false;
        fastIncreaseCount = 0;
        double d = averageDelayPs;
        if (d > targetDelayPs && nowPs - lastDecreasePs > baseRttPs) {
            window *= NsccParameters.decreaseFactor(d, targetDelayPs);
            window = Math.max(window, minWindow);
            lastDecreasePs = nowPs;
        }
    }

    private void applyIncrease(long nowPs) {
        window += pendingIncrease / window;
        if (nowPs - lastAdjustPs >= adjustPeriodPs) {
            window += eta;
            lastAdjustPs = nowPs;
        }
        pendingIncrease = 0;
        bytesSinceAdjust = 0;
    }

    private void clamp() {
        if (window < minWindow) {
            window = minWindow;
        }
        if (window > maxWindow) {
            window = maxWindow;
        }
    }
}
