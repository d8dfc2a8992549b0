package org.primelab.core.resources;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.primelab.core.topology.FatTree;

/** The resource guard: exact limits, what --force overrides, and the tree sizes it reads before building. */
class ResourceGuardTest {
    private static final long GIB = 1L << 30;

    @Test
    void dimensionsKnownBeforeBuildingEqualTheBuiltTree() {
        for (int tiers = 2; tiers <= 3; tiers++) {
            for (int k = FatTree.MIN_RADIX; k <= (tiers == 2 ? 64 : 16); k += 2) {
                FatTree.Builder b = FatTree.builder(tiers, k);
                FatTree.Dimensions d = b.dimensions();
                FatTree t = b.build();
                String at = tiers + "-tier k=" + k;
                assertEquals(t.hosts(), d.hosts(), at);
                assertEquals(t.switches(), d.switches(), at);
                assertEquals(t.cableCount(), d.cables(), at);
                assertEquals(t.linkCount(), d.directedLinks(), at);
                assertEquals(t.tors(), d.tors(), at);
            }
        }
        FatTree.Builder partial = FatTree.builder(2, 8).hosts(5);
        assertEquals(partial.build().cableCount(), partial.dimensions().cables());
    }

    @Test
    void heapLimitIsTheStatedShareOfTheMaxHeapAndForceDoesNotLiftIt() {
        long max = 10 * GIB;
        double limit = ResourceGuard.HEAP_SHARE * max;
        ResourceGuard.Estimate at = new ResourceGuard.Estimate("the run", "k", limit, "flow-size", 1);
        assertDoesNotThrow(() -> ResourceGuard.require(at, false, max));
        ResourceGuard.Estimate over = new ResourceGuard.Estimate("the run", "k", Math.nextUp(limit), "flow-size", 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ResourceGuard.require(over, true, max));
        assertTrue(e.getMessage().startsWith("k: the run needs about 8.0 GiB of heap, more than the limit of 8.0 GiB"),
                e.getMessage());
        ResourceGuard.Estimate nan = new ResourceGuard.Estimate("the run", "k", Double.NaN, "flow-size", 1);
        assertThrows(IllegalArgumentException.class, () -> ResourceGuard.require(nan, true, max));
    }

    @Test
    void timeBudgetRefusesBeyondAnHourOrTheEventCapUnlessForced() {
        double hour = ResourceGuard.TIME_BUDGET_SECONDS * ResourceGuard.EVENTS_PER_SECOND;
        ResourceGuard.Estimate ok = new ResourceGuard.Estimate("the run", "k", 1, "flow-size", hour);
        assertDoesNotThrow(() -> ResourceGuard.require(ok, false, GIB));
        ResourceGuard.Estimate slow = new ResourceGuard.Estimate("the run", "k", 1, "flow-size", Math.nextUp(hour));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ResourceGuard.require(slow, false, GIB));
        assertTrue(e.getMessage().startsWith("flow-size: the run needs about 3.6e+09 events, about 1.0 h"),
                e.getMessage());
        assertTrue(e.getMessage().contains("--force"), e.getMessage());
        assertDoesNotThrow(() -> ResourceGuard.require(slow, true, GIB));
        ResourceGuard.Estimate inf = new ResourceGuard.Estimate("the run", "k", 1, "rate", Double.POSITIVE_INFINITY);
        assertThrows(IllegalArgumentException.class, () -> ResourceGuard.require(inf, false, GIB));
    }

    /**
     * Events that are not finite (an overflow of the sizes) are beyond every limit, as the class says:
     * --force, which lifts the time budget, does not accept them; a merely huge finite count it does.
     */
    @Test
    void uncountableEventsAreRefusedEvenWithForce() {
        for (double events : new double[] {Double.POSITIVE_INFINITY, Double.NaN}) {
            ResourceGuard.Estimate e = new ResourceGuard.Estimate("the run", "k", 1, "rate", events);
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                    () -> ResourceGuard.require(e, true, GIB));
            assertEquals("rate: the run needs more events than can be counted (its sizes overflow), beyond every"
                    + " limit; choose a smaller scenario", refused.getMessage());
        }
        assertDoesNotThrow(() -> ResourceGuard.require(
                new ResourceGuard.Estimate("the run", "k", 1, "rate", Double.MAX_VALUE), true, GIB));
    }

    @Test
    void theIssuesScenariosAreRefusedAndThePapersAreNot() {
        long heap8g = 8 * GIB;
        // sim --k 8 --flow-size 100GB: 32 flows of 100 GB, too many events
        FatTree.Dimensions k8 = FatTree.builder(2, 8).dimensions();
        ResourceGuard.Estimate huge = ResourceGuard.packetSim(k8, 32, ResourceGuard.packets(32, 100e9, 4160, 64));
        assertThrows(IllegalArgumentException.class, () -> ResourceGuard.require(huge, false, heap8g));
        // 3-tier k = 256 (4M hosts): the packet simulator cannot fit 8 GiB
        FatTree.Dimensions k256 = FatTree.builder(3, 256).dimensions();
        ResourceGuard.Estimate big = ResourceGuard.packetSim(k256, k256.hosts(),
                ResourceGuard.packets(k256.hosts(), 2e6, 4160, 64));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ResourceGuard.require(big, true, heap8g));
        assertTrue(e.getMessage().startsWith("k: the packet simulation needs about"), e.getMessage());
        // the paper's runs fit: 2-tier k = 128 (8192 hosts) and 3-tier k = 16, 2 MB flows
        for (FatTree.Dimensions d : new FatTree.Dimensions[] {FatTree.builder(2, 128).dimensions(),
            FatTree.builder(3, 16).dimensions()}) {
            ResourceGuard.Estimate p = ResourceGuard.packetSim(d, d.hosts(),
                    ResourceGuard.packets(d.hosts(), 4e6, 4160, 64));
            assertDoesNotThrow(() -> ResourceGuard.require(p, false, heap8g));
        }
    }
}
