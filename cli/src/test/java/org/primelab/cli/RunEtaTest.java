package org.primelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.core.workload.Flow;

/** The progress bar's remaining-time estimate ({@link RunEta}): exact values of its two shares and their use. */
class RunEtaTest {
    private static final long US = 1_000_000L;

    @Test
    void beforeTheBoundSimulatedTimeIsTheShareDone() {
        // Flows from 10 us, ideal 100 us: no flow can end before 110 us.
        RunEta eta = new RunEta(8192, 10 * US, 110 * US);
        assertEquals(0.0, eta.fraction(0, 10 * US));
        assertEquals(0.25, eta.fraction(0, 35 * US), 1e-15);
        assertEquals(0.25, eta.fraction(60, 35 * US), 1e-15, "60 of 8192 flows say less than the clock");
        assertEquals(0.5, eta.fraction(4096, 35 * US), 1e-15, "half the flows done say more than the clock");
    }

    @Test
    void pastTheBoundFinishedFlowsCountOnceATenthHaveFinished() {
        RunEta eta = new RunEta(100, 0, 100 * US);
        assertEquals(0.0, eta.fraction(0, 100 * US), "the clock at the bound says nothing more");
        assertEquals(0.0, eta.fraction(9, 250 * US), "9 early finishers are too few to extrapolate");
        assertEquals(0.1, eta.fraction(10, 250 * US), 1e-15);
        assertEquals(0.3, eta.fraction(30, 250 * US), 1e-15);
        assertEquals(1.0, eta.fraction(100, 250 * US));
    }

    @Test
    void theBoundIsTheFirstStartPlusTheIdealOrTheLastStart() {
        Flow late = new Flow(0, 0, 1, 1000, 7 * US);
        Flow early = new Flow(1, 1, 2, 1000, 3 * US);
        Flow triggered = new Flow(2, 2, 3, 1000, 0, 0, Flow.NO_TRIGGER, Flow.NO_TRIGGER, 0);
        List<Flow> flows = List.of(late, triggered, early);
        long fast = 1_000_000_000_000L;     // 1 Tb/s: 1000 B take 8 ns, never the bound here
        // Ideal 10 us: the end is at least 3 + 10 = 13 us; half of it done at 8 us.
        assertEquals(0.5, RunEta.of(flows, 10 * US, fast).fraction(0, 8 * US), 1e-15);
        // Ideal 2 us: the last start, 7 us, bounds the end; half done at 5 us.
        assertEquals(0.5, RunEta.of(flows, 2 * US, fast).fraction(0, 5 * US), 1e-15);
        // Every flow on a trigger: the bound is the ideal from 0.
        assertEquals(0.25, RunEta.of(List.of(triggered), 8 * US, fast).fraction(0, 2 * US), 1e-15);
        // No ideal known: flows only.
        assertEquals(0.0, RunEta.of(List.of(early), 0, fast).fraction(0, 5 * US));
    }

    @Test
    void theBusiestHostBoundsAnIncast() {
        // Four flows of 1,000,000 B into host 0 at 1 Gb/s: host 0 receives 32 Mbit, 32 ms at least.
        List<Flow> incast = List.of(new Flow(0, 1, 0, 1_000_000, 0), new Flow(1, 2, 0, 1_000_000, 0),
                new Flow(2, 3, 0, 1_000_000, 0), new Flow(3, 4, 0, 1_000_000, 0));
        RunEta eta = RunEta.of(incast, 8 * US * 1000, 1_000_000_000L);
        assertEquals(0.5, eta.fraction(0, 16 * US * 1000), 1e-12);
        // The same bytes spread over four receivers: the ideal (8 ms) is the bound again.
        List<Flow> spread = List.of(new Flow(0, 1, 0, 1_000_000, 0), new Flow(1, 2, 5, 1_000_000, 0),
                new Flow(2, 3, 6, 1_000_000, 0), new Flow(3, 4, 7, 1_000_000, 0));
        assertEquals(0.5, RunEta.of(spread, 8 * US * 1000, 1_000_000_000L).fraction(0, 4 * US * 1000), 1e-12);
    }

    @Test
    void remainingIsElapsedTimesWhatIsLeftOverWhatIsDone() {
        assertEquals(Duration.ofSeconds(30), RunEta.remaining(Duration.ofSeconds(10), 0.25).orElseThrow());
        assertEquals(Duration.ofSeconds(10), RunEta.remaining(Duration.ofSeconds(10), 0.5).orElseThrow());
        assertEquals(Duration.ZERO, RunEta.remaining(Duration.ofSeconds(10), 1.0).orElseThrow());
        assertTrue(RunEta.remaining(Duration.ofSeconds(10), 0.0).isEmpty(), "nothing done: unknown, not infinite");
        assertTrue(RunEta.remaining(Duration.ofSeconds(10), Double.NaN).isEmpty());
    }
}
