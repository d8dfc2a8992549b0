package org.primelab.tla.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.primelab.core.entropy.PrimeRandomPartGenerator;

/**
 * The battery {@code prime check-specs} runs: core passes every check; a core whose history never hears
 * ECN (injected through {@link CoreConformance.Subject}, core untouched) fails the history checks, and
 * core's random-part generator (not the odometer) fails the multi-part odometer checks.
 */
class CoreConformanceTest {

    @Test
    void corePassesTheWholeBattery() {
        List<CoreConformance.Check> checks = CoreConformance.run(CoreConformance.Subject.core());
        assertEquals(CoreConformance.historyCases().size() + CoreConformance.odometerCases().size(), checks.size());
        for (CoreConformance.Check c : checks) {
            assertTrue(c.conforms(), c.name() + ": " + c.failure());
            assertTrue(c.steps() > 0, c.name());
        }
    }

    @Test
    void aHistoryThatIgnoresEcnFailsEveryHistoryCheck() {
        CoreConformance.Subject broken = new CoreConformance.Subject("ECN ignored",
                (c, seed) -> BrokenSenders.ecnIgnored(new CoreSender(c, seed)),
                CoreConformance.Subject.core().generators());
        for (HistoryModel.Constants c : CoreConformance.historyCases()) {
            CoreConformance.Check check = CoreConformance.history(broken, c, CoreConformance.HISTORY_TRACES);
            assertFalse(check.conforms(), check.name());
            assertTrue(check.failure().contains("EcnAck"), check.failure());
        }
    }

    @Test
    void aGeneratorThatIsNotTheOdometerFailsTheMultiPartChecks() {
        CoreConformance.Subject broken = new CoreConformance.Subject("random-part generator",
                CoreConformance.Subject.core().senders(), (l1, l2, seed) -> new PrimeRandomPartGenerator(
                        OdometerConformance.layout(l1, l2), new SplittableRandom(seed)));
        for (int[] sizes : CoreConformance.odometerCases()) {
            CoreConformance.Check check = CoreConformance.odometer(broken, sizes[0], sizes[1]);
            assertEquals(sizes[1] > 1, !check.conforms(), check.name() + ": " + check.failure());
        }
    }
}
