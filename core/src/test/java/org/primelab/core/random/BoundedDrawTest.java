package org.primelab.core.random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link BoundedDraw} against the JDK it stands in for, draw for draw, and its remainder against {@code %}. */
class BoundedDrawTest {
    @Test
    void everyDrawIsTheJdksFromTheSameStream() {
        for (int bound = 1; bound <= 2 * BoundedDraw.FAST_BOUNDS + 3; bound++) {
            SplittableRandom jdk = new SplittableRandom(bound);
            SplittableRandom ours = new SplittableRandom(bound);
            for (int i = 0; i < 2_000; i++) {
                assertEquals(jdk.nextInt(bound), BoundedDraw.nextInt(ours, bound), "bound " + bound + ", draw " + i);
            }
            assertEquals(jdk.nextLong(), ours.nextLong(), "the streams stay in step (rejections consume alike)");
        }
        // bounds near 2^31 reject about half their candidates: the extra draws must be the JDK's
        for (int bound : new int[] {(1 << 30) + 1, Integer.MAX_VALUE, (1 << 30) + (1 << 29) + 7}) {
            SplittableRandom jdk = new SplittableRandom(7);
            SplittableRandom ours = new SplittableRandom(7);
            for (int i = 0; i < 10_000; i++) {
                assertEquals(jdk.nextInt(bound), BoundedDraw.nextInt(ours, bound), "bound " + bound);
            }
        }
    }

    @Test
    void theRemainderByMultiplicationIsExact() {
        SplittableRandom rng = new SplittableRandom(11);
        for (int d = 2; d < BoundedDraw.FAST_BOUNDS; d++) {
            for (int u : new int[] {0, 1, d - 1, d, d + 1, Integer.MAX_VALUE, Integer.MAX_VALUE - 1,
                Integer.MAX_VALUE - d, Integer.MAX_VALUE / d * d, Integer.MAX_VALUE / d * d - 1}) {
                if (u >= 0) {
                    assertEquals(u % d, BoundedDraw.remainder(u, d), u + " mod " + d);
                }
            }
            for (int i = 0; i < 20_000; i++) {
                int u = rng.nextInt() >>> 1;
                assertEquals(u % d, BoundedDraw.remainder(u, d), u + " mod " + d);
            }
        }
    }

    @Test
    void aBoundBelowOneIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> BoundedDraw.nextInt(new SplittableRandom(1), 0));
    }
}
