package org.primelab.core.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;

/** The one fault parser: every given value is checked, used or not, and errors name the option. */
class FaultSpecTest {
    private static final FatTree TREE = FatTree.twoTier(8);
    private static final long RATE = 400 * Units.GBPS;

    private static String error(FaultSpec spec, boolean bare) {
        return assertThrows(IllegalArgumentException.class, () -> spec.toFaults(TREE, RATE, 1, bare)).getMessage();
    }

    @Test
    void unusedValuesAreStillValidated() {
        assertTrue(error(new FaultSpec(List.of(), 0, "garbage", List.of(), 0, "100G"), false).startsWith("fail-at: "));
        assertTrue(error(new FaultSpec(List.of(), 0, "0ns", List.of(), 0, "garbage"), false).startsWith("degrade-to: "));
    }

    @Test
    void aDegradedRateAboveTheLinkRateIsRefused() {
        String m = error(new FaultSpec(List.of(), 0, "0ns", List.of("leaf0-spine1=800G"), 0, "100G"), false);
        assertTrue(m.startsWith("degrade: ") && !m.contains("\n"), m);
        assertTrue(error(new FaultSpec(List.of(), 0, "0ns", List.of(), 0.5, "800G"), false).startsWith("degrade-to: "));
    }

    @Test
    void aBareLinkIsAcceptedOnlyWhereAllowed() {
        FaultSpec bare = new FaultSpec(List.of("leaf0-spine0"), 0, "0ns", List.of(), 0, "100G");
        assertTrue(error(bare, false).startsWith("fail: expected LINK@TIME"));
        Faults f = bare.toFaults(TREE, RATE, 1, true);
        assertEquals(2, f.failedLinks().length, "a cable fails in both directions");
        assertFalse(FaultSpec.failsDuringRun(f));
        Faults timed = new FaultSpec(List.of("leaf0-spine0@20us"), 0, "0ns", List.of(), 0, "100G")
                .toFaults(TREE, RATE, 1, false);
        assertTrue(FaultSpec.failsDuringRun(timed));
        assertEquals(20 * Units.PS_PER_US, timed.failTime(timed.failedLinks()[0]));
    }

    @Test
    void randomChoicesDependOnlyOnTheSeed() {
        FaultSpec spec = new FaultSpec(List.of(), 3, "5us", List.of(), 0.25, "100G");
        Faults a = spec.toFaults(TREE, RATE, 7, false);
        Faults b = spec.toFaults(TREE, RATE, 7, false);
        assertTrue(java.util.Arrays.equals(a.failedLinks(), b.failedLinks()));
        assertTrue(java.util.Arrays.equals(a.degradedLinks(), b.degradedLinks()));
        assertEquals(6, a.failedLinks().length, "3 cables, both directions");
    }
}
