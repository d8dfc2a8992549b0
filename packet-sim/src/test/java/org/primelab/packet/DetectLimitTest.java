package org.primelab.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;

/**
 * The library refuses a detection delay past {@link Faults#MAX_DETECT_PS}, as the command line does: a failure's time
 * plus its detection overflowed at 2^63 - 1 ps and the run never ended. The longest accepted still builds.
 */
class DetectLimitTest {
    @Test
    void aDetectionDelayPastTheLimitIsRefusedByTheConfiguration() {
        FatTree t = FatTree.twoTier(4);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SimConfig.builder(t).detect(Faults.MAX_DETECT_PS + 1).build());
        assertTrue(e.getMessage().startsWith("detect: "), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SimConfig.builder(t).detect(Long.MAX_VALUE).build());
        assertEquals(Faults.MAX_DETECT_PS, SimConfig.builder(t).detect(Faults.MAX_DETECT_PS).build().detectPs());
    }
}
