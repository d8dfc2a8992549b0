package org.primelab.core.entropy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.primelab.core.topology.EvLayout;

/**
 * The shuffled round-robin array of Alg. 2: its cycles are exactly Fisher–Yates shuffles (Knuth's
 * Algorithm P) of the previous cycle drawn from the given stream, the first one included, so flows do
 * not start in the same order (the synchronisation the per-host shuffle exists to avoid).
 */
class ShuffledPortsTest {

    @Test
    void everyCycleIsAFisherYatesShuffleOfThePreviousOneFirstCycleIncluded() {
        qt().withFixedSeed(3L).withExamples(200).forAll(integers().between(1, 40), longs().all())
                .checkAssert((size, seed) -> {
                    ShuffledPorts ports = new ShuffledPorts(size, new SplittableRandom(seed));
                    SplittableRandom reference = new SplittableRandom(seed);
                    int[] order = new int[size];
                    for (int i = 0; i < size; i++) {
                        order[i] = i;
                    }
                    assertEquals(size, ports.size());
                    for (int cycle = 0; cycle < 4; cycle++) {
                        algorithmP(order, reference);
                        for (int i = 0; i < size; i++) {
                            assertEquals(order[i], ports.current(), "cycle " + cycle + " entry " + i);
                            assertEquals(i == size - 1, ports.advance(), "wraps exactly at the end of a cycle");
                        }
                    }
                });
    }

    /** Knuth, TAOCP vol. 2, Algorithm P: for i = n-1 down to 1 swap entry i with a uniform j in [0, i]. */
    private static void algorithmP(int[] a, SplittableRandom r) {
        for (int i = a.length - 1; i >= 1; i--) {
            int j = r.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    @Test
    void firstCyclesDifferAcrossHostsAndFlows() {
        EvLayout layout = EvLayout.of(8);
        Set<String> firstCycles = new HashSet<>();
        long[] firstPort = new long[8];
        int flows = 0;
        for (int host = 0; host < 32; host++) {
            for (long flow = 0; flow < 4; flow++) {
                MultiPartGenerator g = LoadBalancingScheme.primeMultiPart(layout, PrimeVariant.ODOMETER, 42, host, flow);
                int[] cycle = new int[8];
                for (int i = 0; i < 8; i++) {
                    cycle[i] = g.next();
                }
                firstCycles.add(Arrays.toString(cycle));
                firstPort[cycle[0]]++;
                flows++;
            }
        }
        // 128 uniform draws from 8! = 40320 orders repeat a handful of times at most; unshuffled first
        // cycles would all be 0..7 (one order, every flow on port 0 first).
        assertTrue(firstCycles.size() >= 120, firstCycles.size() + " distinct first cycles of " + flows);
        for (int p = 0; p < 8; p++) {
            // each port starts Bin(128, 1/8) flows: mean 16, sd 3.7; [4, 32] is beyond 3 sd on both sides
            assertTrue(firstPort[p] >= 4 && firstPort[p] <= 32, "port " + p + " starts " + firstPort[p] + " flows");
        }
    }
}
