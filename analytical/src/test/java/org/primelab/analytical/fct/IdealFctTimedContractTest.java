package org.primelab.analytical.fct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.workload.Flow;

/**
 * {@link IdealFctWithFaults#computeTimed} and {@link IdealFctWithFaults#fct} against hand-solved 2-tier
 * {@code k = 4} scenarios (400G, MTU 4160 B, header 64 B: T = 83.2 ns; 100-packet flows of 409,600 B, so
 * the throughput work is W = 99 T).
 */
class IdealFctTimedContractTest {
    private static final long G400 = 400_000_000_000L;
    private static final int MTU = 4160;
    private static final int HEADER = 64;
    private static final long DELAY = 600_000;
    private static final long T = 83_200;
    private static final long SIZE = 409_600;
    private static final long W = 99 * T;
    private static final FatTree K4 = FatTree.twoTier(4);

    /**
     * The TimedResult example with the failure at {@code t1 = W/2}: leaf2's downlinks at half rate,
     * leaf0-spine1 at a quarter, leaf0-spine0 failing at t1, flows A = h0 -> h4 and B = h2 -> h5. Before
     * the failure A can send at most 3/4 (1/2 via spine0 into leaf2, 1/4 via spine1), after it 1/4, so
     * {@code X* >= t1 + (W - 3/4 t1) / (1/4) = 4W - 2 t1 = 3W}, and 3W is reached (A at 3/4 then 1/4, B in
     * the spare downlink capacity; leaf2's downlinks need only 2W in all). The two-pace formula
     * {@code t1 + (W - t1/2) / (1/4) = 3.5W} is above it and the early bound {@code W / (1/2) = 2W} below,
     * so the bisection must find feasible and infeasible candidates and end within the gap of 3W. After
     * {@code k} halvings of {@code [2W, 3.5W]}, {@code hi - lo = 1.5W / 2^k} and {@code lo >= 3W - 1.5W / 2^k}
     * (3W lies inside), so the stop test {@code hi - lo <= 1e-6 lo} holds by {@code k = 19}
     * ({@code 2.86e-6 W <= 2.99e-6 W}).
     */
    @Test
    void bisectionFindsTheHandSolvedScheduleStrictlyBetweenItsBrackets() {
        long t1 = W / 2;
        Faults f = Faults.builder(K4).degrade("leaf2-spine0", G400 / 2).degrade("leaf2-spine1", G400 / 2)
                .degrade("leaf0-spine1", G400 / 4).fail("leaf0-spine0", t1).build();
        List<Flow> flows = List.of(new Flow(0, 0, 4, SIZE, 0), new Flow(1, 2, 5, SIZE, 0));
        IdealFctWithFaults.TimedResult r = IdealFctWithFaults.computeTimed(f, flows, G400, MTU, HEADER, DELAY);
        assertEquals(t1, r.failAfterPs());
        assertEquals(0.5, r.early().phi(), 1e-9);
        assertEquals(0.25, r.late().phi(), 1e-9);
        assertEquals(3.5 * W, r.twoPaceThroughputPs(), 2);
        assertTrue(r.throughputPs() <= 3 * W, r.toString());
        assertTrue(r.throughputPs() >= 3 * W * (1 - 2e-6), r.toString());
        assertTrue(r.bisections() >= 1 && r.bisections() <= 19, r.toString());
        assertEquals(IdealFct.lonePathPs(SIZE, MTU, HEADER, G400, DELAY, 4) + r.throughputPs() - W, r.idealMaxFctPs());
    }

    /** Every host h sends 409,600 B to h + 2 (mod 8): each leaf sends two units to the next leaf. */
    private static List<Flow> torShift(long startPs) {
        List<Flow> flows = new ArrayList<>();
        for (int h = 0; h < 8; h++) {
            flows.add(new Flow(h, h, (h + 2) % 8, SIZE, startPs));
        }
        return flows;
    }

    /**
     * Degraded from the start (leaf0-spine0 at half rate: leaf0 has 3/2 of uplink and downlink for two
     * units, phi = 3/4), and a failure long after the run: the result is the early fabric's. The
     * throughput term is {@code (n-1) ceil(T / phi) = 99 x 110,934 ps}, the two-pace time {@code W / phi},
     * and the ideal is the lone time on 4 links (10.9696 us) plus 99 x (110,934 - 83,200) ps. Shifting every
     * start and the failure by the same 5 us changes nothing but is reported relative to the start.
     */
    @Test
    void aFailureAfterTheRunLeavesTheEarlyDegradedIdealAndIsTimeShiftInvariant() {
        long late = 10 * W;
        Faults f = Faults.builder(K4).degrade("leaf0-spine0", G400 / 2).fail("leaf1-spine1", late).build();
        IdealFctWithFaults.TimedResult r = IdealFctWithFaults.computeTimed(f, torShift(0), G400, MTU, HEADER, DELAY);
        assertEquals(late, r.failAfterPs());
        assertEquals(99 * 110_934, r.throughputPs());
        assertEquals(W / 0.75, r.twoPaceThroughputPs(), 2);
        assertEquals(10_969_600 + 99 * (110_934 - T), r.idealMaxFctPs());
        assertEquals(0, r.bisections());
        long shift = 5_000_000;
        Faults shifted = Faults.builder(K4).degrade("leaf0-spine0", G400 / 2).fail("leaf1-spine1", shift + late).build();
        IdealFctWithFaults.TimedResult s = IdealFctWithFaults.computeTimed(shifted, torShift(shift), G400, MTU, HEADER,
                DELAY);
        assertEquals(late, s.failAfterPs());
        assertEquals(r.throughputPs(), s.throughputPs());
        assertEquals(r.twoPaceThroughputPs(), s.twoPaceThroughputPs());
        assertEquals(r.idealMaxFctPs(), s.idealMaxFctPs());
    }

    /**
     * {@code fct} is exact up to the largest time: with phi = 1/2 and n whole packets on 4 links without
     * delay, {@code FCT = (n + 3) T + (n - 1) T = (2n + 2) T}. The largest n with that below 2^63 ps is
     * answered exactly (132,608 ps below 2^63), one packet more is refused as an input error.
     */
    @Test
    void theStretchedFctIsExactJustBelowTheLargestTimeAndRefusedJustAbove() {
        long n = 55_428_918_490_712L;
        assertEquals((2 * n + 2) * T, IdealFctWithFaults.fct(n * 4096, MTU, HEADER, G400, 0, 4, 0.5));
        assertEquals(Long.MAX_VALUE - 132_607, (2 * n + 2) * T);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> IdealFctWithFaults.fct((n + 1) * 4096, MTU, HEADER, G400, 0, 4, 0.5));
        assertTrue(e.getMessage().startsWith("flow-size:"), e.getMessage());
    }

    /** phi outside (0, 1] is refused by name; phi = 1 is the lone-path time. */
    @Test
    void phiMustBeAFractionOfLineRate() {
        assertEquals("phi: must be in (0, 1], got 0.0", assertThrows(IllegalArgumentException.class,
                () -> IdealFctWithFaults.fct(1000, MTU, HEADER, G400, 0, 4, 0)).getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> IdealFctWithFaults.fct(1000, MTU, HEADER, G400, 0, 4, Math.nextUp(1.0)));
        assertEquals(IdealFct.lonePathPs(SIZE, MTU, HEADER, G400, DELAY, 4),
                IdealFctWithFaults.fct(SIZE, MTU, HEADER, G400, DELAY, 4, 1.0));
    }
}
