package org.primelab.core.entropy;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.primelab.core.topology.EvLayout;
import org.primelab.core.topology.FatTree;

/**
 * Generator state must be per flow (docs/design.md, "PRIME generator"): a host alternating two destinations
 * keeps each destination's split balanced. The control case shows the check can fail: one generator
 * shared by both destinations sends all of one destination's packets on half the uplinks.
 */
class PerFlowStateTest {
    private static final int PACKETS_PER_FLOW = 10_000;

    @Test
    void alternatingDestinationsKeepEachFlowBalanced() {
        FatTree tree = FatTree.twoTier(16);
        EvLayout layout = tree.evLayout();
        EntropyConfig cfg = EntropyConfig.defaults(1_000_000, 100);
        EntropyGenerator toC = LoadBalancingScheme.PRIME.newGenerator(layout, cfg, 42, 0, 0);
        EntropyGenerator toD = LoadBalancingScheme.PRIME.newGenerator(layout, cfg, 42, 0, 1);
        long[] c = new long[layout.uplinks(0)];
        long[] d = new long[layout.uplinks(0)];
        for (int i = 0; i < PACKETS_PER_FLOW; i++) {
            c[layout.part(toC.next(i), 0)]++;
            d[layout.part(toD.next(i), 0)]++;
        }
        assertTrue(maxDeviation(c) < 2, "flow C deviates by " + maxDeviation(c));
        assertTrue(maxDeviation(d) < 2, "flow D deviates by " + maxDeviation(d));
    }

    @Test
    void aSharedGeneratorBreaksTheBalanceWhichIsWhyStateIsPerFlow() {
        EvLayout layout = EvLayout.of(2);
        PrimeOdometerGenerator shared = new PrimeOdometerGenerator(layout, new SplittableRandom(3));
        long[] c = new long[2];
        for (int i = 0; i < PACKETS_PER_FLOW; i++) {
            c[layout.part(shared.next(), 0)]++;   // destination C
            shared.next();                         // destination D
        }
        // Two uplinks, shared state: C's packets see one entry per cycle, a random walk (docs/references.md).
        assertTrue(maxDeviation(c) > 2, "a shared generator unexpectedly kept C balanced: " + maxDeviation(c));
    }

    private static double maxDeviation(long[] counts) {
        long total = 0;
        for (long x : counts) {
            total += x;
        }
        double even = total / (double) counts.length;
        double m = 0;
        for (long x : counts) {
            m = Math.max(m, Math.abs(x - even));
        }
        return m;
    }
}
