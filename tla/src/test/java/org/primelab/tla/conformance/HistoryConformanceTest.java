package org.primelab.tla.conformance;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The history conformance check can fail: broken senders built from core's parts, and core against every
 * mutant spec, are rejected. (Core against PRIME's spec, for the catalog's constants and larger ones, is
 * {@link CoreConformanceTest}: the battery {@code prime check-specs} runs.)
 */
class HistoryConformanceTest {

    @ParameterizedTest(name = "{0}")
    @EnumSource(BrokenSenders.Bug.class)
    void brokenSendersAreRejected(BrokenSenders.Bug bug) {
        HistoryModel.Constants c = HistoryModel.Constants.prime(3, 1, 1, 3, new int[] {1, 2}, 1);
        HistoryConformance.Report r = HistoryConformance.check(c, seed -> BrokenSenders.of(bug, c, seed), 1, 300,
                400);
        assertFalse(r.conforms(), bug + " must be caught: " + r);
    }

    /**
     * Every mutant of {@code PrimeHistory.tla} that changes the sender's own behaviour rejects core: the
     * conformance check sees each rule. ({@code NackKeepsPacket} changes only the network's bookkeeping
     * of packets in flight, which core does not keep, so core conforms to it.)
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("senderMutations")
    void coreIsRejectedByEveryMutantSpec(String mutation) {
        HistoryModel.Constants mutant = new HistoryModel.Constants(3, 1, 1, 3, new int[] {1}, 1, mutation);
        HistoryModel.Constants prime = HistoryModel.Constants.prime(3, 1, 1, 3, new int[] {1}, 1);
        HistoryConformance.Report r = HistoryConformance.check(mutant, seed -> new CoreSender(prime, seed), 1,
                300, 400);
        assertFalse(r.conforms(), mutation + ": " + r);
    }

    static Stream<String> senderMutations() {
        return HistoryModel.Constants.MUTATIONS.stream().filter(m -> !m.equals("NackKeepsPacket"));
    }

    @Test
    void coreConformsToTheNetworkOnlyMutant() {
        HistoryModel.Constants mutant = new HistoryModel.Constants(3, 1, 1, 3, new int[] {1}, 1, "NackKeepsPacket");
        HistoryModel.Constants prime = HistoryModel.Constants.prime(3, 1, 1, 3, new int[] {1}, 1);
        HistoryConformance.Report r = HistoryConformance.check(mutant, seed -> new CoreSender(prime, seed), 1,
                100, 400);
        assertTrue(r.conforms(), r.failure());
    }

    @Test
    void sameSeedSameReport() {
        HistoryModel.Constants c = HistoryModel.Constants.prime(2, 2, 1, 3, new int[] {1, 2}, 2);
        HistoryConformance.Report a = HistoryConformance.check(c, seed -> new CoreSender(c, seed), 7, 20, 200);
        HistoryConformance.Report b = HistoryConformance.check(c, seed -> new CoreSender(c, seed), 7, 20, 200);
        assertTrue(a.equals(b), a + " vs " + b);
    }
}
