package org.primelab.core.entropy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** {@link CyclingSprayGenerator}: every block of {@code E} EVs is a permutation of {@code [0, E)}, in a new order each cycle. */
class CyclingSprayGeneratorTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 64, 100, 1000, 4096})
    void everyCycleUsesEachEvExactlyOnce(int evSpace) {
        CyclingSprayGenerator g = new CyclingSprayGenerator(evSpace, new SplittableRandom(7));
        for (int cycle = 0; cycle < 20; cycle++) {
            int[] seen = new int[evSpace];
            for (int i = 0; i < evSpace; i++) {
                seen[g.next(0)]++;
            }
            int[] once = new int[evSpace];
            Arrays.fill(once, 1);
            assertArrayEquals(once, seen, "E=" + evSpace + ", cycle " + cycle);
        }
    }

    @Test
    void theOrderChangesBetweenCyclesAndFollowsTheSeed() {
        int[][] a = cycles(64, 11, 8);
        assertArrayEquals(a[0], cycles(64, 11, 8)[0]);
        boolean allSame = true;
        for (int c = 1; c < a.length; c++) {
            allSame &= Arrays.equals(a[0], a[c]);
        }
        assertFalse(allSame, "every cycle in the same order");
        assertFalse(Arrays.equals(a[0], cycles(64, 12, 1)[0]), "another seed, the same order");
    }

    @Test
    void theSchemeUsesItOnlyWhenAsked() {
        EntropyConfig config = EntropyConfig.defaults(5_000_000, 62).withEvSpace(64);
        assertEquals(RandomSprayGenerator.class, LoadBalancingScheme.RPS.newGenerator(null, config, 1, 0, 0).getClass());
        assertEquals(CyclingSprayGenerator.class, LoadBalancingScheme.RPS
                .newGenerator(null, config.withSprayOrder(SprayOrder.CYCLE), 1, 0, 0).getClass());
        assertEquals(SprayOrder.CYCLE, SprayOrder.parse("Cycle"));
        assertEquals("spray-order: unknown 'zigzag'; accepted: random, cycle",
                assertThrows(IllegalArgumentException.class, () -> SprayOrder.parse("zigzag")).getMessage());
    }

    private static int[][] cycles(int evSpace, long seed, int count) {
        CyclingSprayGenerator g = new CyclingSprayGenerator(evSpace, new SplittableRandom(seed));
        int[][] out = new int[count][evSpace];
        for (int c = 0; c < count; c++) {
            for (int i = 0; i < evSpace; i++) {
                out[c][i] = g.next(0);
            }
        }
        return out;
    }
}
