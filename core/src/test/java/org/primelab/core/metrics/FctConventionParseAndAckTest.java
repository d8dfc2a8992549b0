package org.primelab.core.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.topology.FatTree;

/**
 * {@code --fct-at}: the idle ACK return by hand and what each convention adds to a receiver-side
 * completion; parsing and its refusal.
 */
class FctConventionParseAndAckTest {
    /** The paper's fabric: 400 Gb/s, 600 ns per link, 64 B header (1.28 ns at 400 Gb/s). */
    private static final FabricParameters F = FabricParameters.paperDefaults(FatTree.twoTier(4));

    /** A = hops x (ser(header) + propagation) = 4 x (1,280 + 600,000) ps; 0 hops return at once. */
    @Test
    void ackReturnIsHopsTimesHeaderSerializationPlusPropagation() {
        assertEquals(4 * 601_280, FctConvention.ackReturnPs(F, 4));
        assertEquals(6 * 601_280, FctConvention.ackReturnPs(F, 6));
        assertEquals(0, FctConvention.ackReturnPs(F, 0));
    }

    /** The receiver's completion is unchanged; the sender's is one idle ACK return later. */
    @Test
    void senderCompletesOneAckReturnAfterTheReceiver() {
        assertEquals(10_000_000, FctConvention.RECEIVER.completionPs(10_000_000, F, 4));
        assertEquals(10_000_000 + 2_405_120, FctConvention.SENDER.completionPs(10_000_000, F, 4));
    }

    /** Both names parse back, case and surrounding spaces aside. */
    @Test
    void namesRoundTrip() {
        for (FctConvention c : FctConvention.values()) {
            assertEquals(c, FctConvention.parse(c.cliName()));
        }
        assertEquals("receiver", FctConvention.RECEIVER.cliName());
        assertEquals(FctConvention.SENDER, FctConvention.parse("  Sender "));
    }

    /** Anything else: one line with the option, what is accepted and the value as given. */
    @Test
    void otherNamesAreRefused() {
        assertEquals("fct-at: expected receiver or sender, got 'both'",
                assertThrows(IllegalArgumentException.class, () -> FctConvention.parse("both")).getMessage());
        assertEquals("fct-at: expected receiver or sender, got 'null'",
                assertThrows(IllegalArgumentException.class, () -> FctConvention.parse(null)).getMessage());
    }
}
