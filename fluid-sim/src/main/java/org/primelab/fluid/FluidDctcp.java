package org.primelab.fluid;

/**
 * DCTCP in fluid form, for one flow, matching the packet simulator's DCTCP ({@code Dctcp}: byte
 * window, {@code g = 1/16}, at most one cut per observation window, one MSS of additive increase per
 * window, a NACK counts as marked, floor {@code ackEvery·MTU}, cap 1.5 times the starting window).
 *
 * <p><b>Equations.</b> Alizadeh, Javanmard and Prabhakar ("Analysis of DCTCP: stability, convergence and
 * fairness", SIGMETRICS 2011) model DCTCP as
 * <pre>  dW/dt = 1/R - W·alpha/(2R)·p(t - R),    dalpha/dt = g/R·(p(t - R) - alpha)</pre>
 * (window in packets, {@code p} the fraction of marked packets, {@code R} the RTT). We checked the form by
 * deriving it from the per-ACK rules rather than relying on the recalled formula (docs/references.md marks it
 * "verify"): a window of {@code W} bytes is acknowledged once per RTT, i.e. at {@code W/R} bytes per
 * second, and per such observation window
 * <ul>
 *   <li>{@code alpha <- (1-g)·alpha + g·F} with {@code F} the marked fraction: {@code dalpha = g·(F - alpha)}
 *       per window, i.e. {@code g·(F - alpha)·a/W} per {@code a} acknowledged bytes;</li>
 *   <li>unmarked ACKs add {@code MSS·a/W}: {@code MSS·(1 - F)} per window;</li>
 *   <li>the window is cut by {@code W·alpha/2} if at least one of its ACKs is marked. AJP's model uses
 *       step marking (all or none of a window is marked), so the probability of a cut equals {@code p}.
 *       Under RED's linear ramp marks are independent per packet; a window of {@code W} bytes returns
 *       {@code N = W/(ackEvery·MTU)} coalesced ACKs, each echoing one packet's mark, so the cut happens
 *       with probability {@code pi = 1 - (1-F)^N}: {@code -(alpha/2)·pi·a} per {@code a} acknowledged
 *       bytes.</li>
 * </ul>
 * Dividing by {@code dt} with {@code a/dt = W/R} gives AJP's equations with {@code p} replaced by
 * {@code pi} in the cut term and the increase scaled by {@code 1 - F}. The model is integrated per
 * acknowledged byte ({@link #onAcked}): it is ACK-clocked, and the marking fraction it receives is the
 * one the acknowledged bytes collected when they crossed the fabric one RTT earlier (the simulator keeps
 * every in-flight quantum in a per-flow buffer until its ACK returns: the one-RTT delay is not dropped).
 */
public final class FluidDctcp implements FluidCc {
    /** EWMA gain {@code g = 1/16} (RFC 8257 §4.2; the packet simulator's {@code Dctcp.G}). */
    public static final double G = 1.0 / 16;

    private final boolean fixed;
    private final double mss;
    private final double minWindow;
    private final double maxWindow;
    private final double bytesPerAck;
    private double window;
    private double alpha;

    /**
     * @param fixed true for a constant window ({@code CcKind.FIXED})
     * @param initialWindow starting window, bytes
     * @param minWindow floor, bytes
     * @param maxWindow cap, bytes
     * @param mss additive increase per window, bytes
     * @param bytesPerAck data bytes one coalesced ACK covers ({@code ackEvery·MTU})
     * @param initialAlpha starting alpha in [0, 1]
     */
    public FluidDctcp(boolean fixed, double initialWindow, double minWindow, double maxWindow, double mss,
                      double bytesPerAck, double initialAlpha) {
        if (!(minWindow > 0 && initialWindow >= minWindow && maxWindow >= initialWindow)) {
            throw new IllegalArgumentException("cc: need 0 < min <= initial <= max window, got " + minWindow + ", "
                    + initialWindow + ", " + maxWindow);
        }
        if (!(initialAlpha >= 0 && initialAlpha <= 1)) {
            throw new IllegalArgumentException("dctcp-alpha0: must be in [0, 1], got " + initialAlpha);
        }
        this.fixed = fixed;
        this.window = initialWindow;
        this.minWindow = minWindow;
        this.maxWindow = maxWindow;
        this.mss = mss;
        this.bytesPerAck = bytesPerAck;
        this.alpha = initialAlpha;
    }

    /** Current window, bytes. */
    @Override
    public double window() {
        return window;
    }

    /** Additive increase per window, bytes. */
    public double mss() {
        return mss;
    }

    /** The window's cap, bytes. */
    public double maxWindow() {
        return maxWindow;
    }

    /** Current alpha. */
    public double alpha() {
        return alpha;
    }

    /**
     * {@code bytes} came back (acknowledged or NACKed), a fraction {@code marked} of them marked (NACKed
     * bytes count as marked, as in the packet simulator).
     */
    public void onAcked(double bytes, double marked) {
        if (fixed || bytes <= 0) {
            return;
        }
        double f = Math.min(1.0, Math.max(0.0, marked));
        double w = window;
        double acksPerWindow = Math.max(1.0, w / bytesPerAck);
        double pi = f <= 0 ? 0.0 : f >= 1.0 ? 1.0 : -Math.expm1(acksPerWindow * Math.log1p(-f));
        double dw = mss * (1 - f) * bytes / w - (alpha / 2) * pi * bytes;
        alpha += G * (f - alpha) * bytes / w;
        window = Math.min(maxWindow, Math.max(minWindow, w + dw));
    }

    /**
     * The step's returns, acknowledged and NACKed alike, with their marked fraction (NACKed bytes count as
     * marked): one Euler step of {@link #onAcked}.
     */
    @Override
    public void onReturned(ReturnedBytes returned, double inFlightBytes) {
        onAcked(returned.returnedBytes, returned.markedBytes / returned.returnedBytes);
    }

    /**
     * Acknowledges {@code bytes} at a steady marked fraction {@code marked}, integrated in sub-steps of one
     * window each (the Euler step {@link #onAcked} takes is at most a window, as in a run's steps); for
     * fast-forward ({@code SteadyState}).
     */
    public void advance(double bytes, double marked) {
        double left = bytes;
        while (left > 0 && !fixed) {
            double a = Math.min(left, window);
            onAcked(a, marked);
            left -= a;
        }
    }

    /**
     * The lowest window {@link #advance}{@code (bytes, marked)} would pass through, this window included;
     * the state is left as it was.
     */
    public double lowestWindowOver(double bytes, double marked) {
        double w0 = window;
        double a0 = alpha;
        double lowest = window;
        double left = bytes;
        while (left > 0 && !fixed && marked > 0) {
            double a = Math.min(left, window);
            onAcked(a, marked);
            lowest = Math.min(lowest, window);
            left -= a;
        }
        window = w0;
        alpha = a0;
        return lowest;
    }
}
