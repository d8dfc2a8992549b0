package org.primelab.packet.transport;

/**
 * DCTCP (Alizadeh et al., SIGCOMM 2010; RFC 8257) on a byte window.
 *
 * <ul>
 *   <li>Observation windows of one congestion window of acknowledged bytes: at the end of each,
 *       {@code alpha <- (1 - g)·alpha + g·F} with {@code F} the fraction of acknowledged bytes whose ACK
 *       echoed ECN, {@code g = 1/16} (RFC 8257 §3.3).</li>
 *   <li>On the first echoed mark of an observation window, {@code cwnd <- cwnd·(1 - alpha/2)}, at most
 *       once per window (RFC 8257 §3.4).</li>
 *   <li>Otherwise additive increase of one MSS per window of acknowledged bytes.</li>
 *   <li>A NACK (trimmed packet) counts as marked bytes; a timeout resets the window to its minimum.</li>
 * </ul>
 * With coalesced ACKs, an ACK echoes one packet's mark for all the bytes it acknowledges: the stale
 * signal the paper studies (§"Design Motivation").
 */
public final class Dctcp implements CongestionControl {
    /** EWMA gain {@code g = 1/16} (RFC 8257 §4.2 recommends 1/16). */
    public static final double G = 1.0 / 16;

    private final long mss;
    private final double minWindow;
    private final double maxWindow;
    private double cwnd;
    private double alpha;
    private long windowAcked;
    private long windowMarked;
    private long windowTarget;
    private boolean reducedThisWindow;

    /**
     * @param initialWindow starting window in bytes
     * @param minWindow floor of the window in bytes
     * @param maxWindow cap of the window in bytes
     * @param mss bytes added per window of additive increase
     * @param initialAlpha starting {@code alpha} in [0, 1]
     */
    public Dctcp(long initialWindow, long minWindow, long maxWindow, long mss, double initialAlpha) {
        if (minWindow <= 0 || initialWindow < minWindow || maxWindow < initialWindow) {
            throw new IllegalArgumentException("cc: need 0 < min <= initial <= max window, got " + minWindow + ", "
                    + initialWindow + ", " + maxWindow);
        }
        if (!(initialAlpha >= 0 && initialAlpha <= 1)) {
            throw new IllegalArgumentException("dctcp-alpha0: must be in [0, 1], got " + initialAlpha);
        }
        this.alpha = initialAlpha;
        this.cwnd = initialWindow;
        this.minWindow = minWindow;
        this.maxWindow = maxWindow;
        this.mss = mss;
        this.windowTarget = initialWindow;
    }

    @Override
    public long windowBytes() {
        return (long) cwnd;
    }

    @Override
    public long minWindowBytes() {
        return (long) minWindow;
    }

    /** Current {@code alpha}. */
    public double alpha() {
        return alpha;
    }

    @Override
    public void onAck(long ackedBytes, boolean marked, long nowPs) {
        account(ackedBytes, marked);
        if (marked) {
            reduce();
        } else if (ackedBytes > 0) {
            cwnd = Math.min(maxWindow, cwnd + (double) mss * ackedBytes / cwnd);
        }
    }

    @Override
    public void onNack(long bytes, long nowPs) {
        account(bytes, true);
        reduce();
    }

    @Override
    public void onTimeout(long nowPs) {
        cwnd = minWindow;
        reducedThisWindow = false;
    }

    private void reduce() {
        if (!reducedThisWindow) {
            cwnd = Math.max(minWindow, cwnd * (1 - alpha / 2));
            reducedThisWindow = true;
        }
    }

    private void account(long bytes, boolean marked) {
        windowAcked += bytes;
        if (marked) {
            windowMarked += bytes;
        }
        if (windowAcked >= windowTarget) {
            double f = windowMarked / (double) windowAcked;
            alpha = (1 - G) * alpha + G * f;
            windowAcked = 0;
            windowMarked = 0;
            windowTarget = Math.max(1, (long) cwnd);
            reducedThisWindow = false;
        }
    }
}
