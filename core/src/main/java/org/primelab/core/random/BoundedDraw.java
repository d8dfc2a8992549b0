package org.primelab.core.random;

import java.util.SplittableRandom;

/**
 * {@code SplittableRandom.nextInt(bound)}, draw for draw: the same values from the same stream. The JDK (17 to 21,
 * {@code jdk.internal.util.random.RandomSupport.boundedNextInt}) takes one {@code nextInt()}; a power-of-two bound
 * masks it; any other bound takes {@code u = r >>> 1} and its remainder {@code u mod bound}, and draws again while
 * {@code u} lies in the last, incomplete run of {@code bound} values below {@code 2^31} (where
 * {@code u + bound - 1 - remainder} overflows). This class does the same, with the remainder taken by two
 * multiplications instead of a division for bounds below {@link #FAST_BOUNDS}: with {@code c = floor((2^64 - 1) / d) + 1},
 * {@code u mod d} is the high 64 bits of the unsigned product {@code (c · u mod 2^64) · d} for every 32-bit {@code u}
 * (Lemire, Kaser and Kurz, "Faster remainder by direct computation", Software: Practice and Experience 49(6), 2019).
 *
 * <p>Why: adaptive routing breaks ties among equally short queues by reservoir sampling, one draw per tied port, and
 * on an idle 64-uplink switch that is 63 draws per packet; the divisions were a seventh of the 8192-host degradation
 * run under AR. Owning the rule also keeps the draws the same on any JDK.
 */
public final class BoundedDraw {
    /** Bounds below this take the remainder by multiplication (adaptive routing's ties: at most 128 uplinks). */
    public static final int FAST_BOUNDS = 256;

    /** {@code INVERSE[d] = floor((2^64 - 1) / d) + 1} for {@code 2 <= d < FAST_BOUNDS}. */
    private static final long[] INVERSE = new long[FAST_BOUNDS];

    static {
        for (int d = 2; d < FAST_BOUNDS; d++) {
            INVERSE[d] = Long.divideUnsigned(-1L, d) + 1;
        }
    }

    private BoundedDraw() {
    }

    /**
     * A uniform draw from {@code [0, bound)}, exactly {@code rng.nextInt(bound)}.
     *
     * @param bound at least 1
     */
    public static int nextInt(SplittableRandom rng, int bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be positive, got " + bound);
        }
        int r = rng.nextInt();
        int m = bound - 1;
        if ((bound & m) == 0) {
            return r & m;
        }
        for (int u = r >>> 1; u + m - (r = remainder(u, bound)) < 0; u = rng.nextInt() >>> 1) {
            // u was in the incomplete last run of bound values: draw again, as the JDK does
        }
        return r;
    }

    /** {@code u % d} for {@code u >= 0} and {@code d >= 2}. */
    static int remainder(int u, int d) {
        if (d < FAST_BOUNDS) {
            long low = INVERSE[d] * u;
            // the unsigned high product of low and d (d > 0): the signed one, plus d when low's top bit is set
            return (int) (Math.multiplyHigh(low, d) + ((low >> 63) & d));
        }
        return u % d;
    }
}
