package org.primelab.packet.transport;

/**
 * A constant window: the load balancer alone decides how the fabric fares (docs/design.md, "Congestion
 * control": fixed window). The simulator sizes it to keep a lone flow at line rate.
 */
public final class FixedWindow implements CongestionControl {
    private final long window;

    /** A window of {@code windowBytes}. */
    public FixedWindow(long windowBytes) {
        this.window = windowBytes;
    }

    @Override
    public long windowBytes() {
        return window;
    }

    @Override
    public long minWindowBytes() {
        return window;
    }

    @Override
    public void onAck(long ackedBytes, boolean marked, long nowPs) {
    }

    @Override
    public void onNack(long bytes, long nowPs) {
    }

    @Override
    public void onTimeout(long nowPs) {
    }
}
