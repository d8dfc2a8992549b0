package org.primelab.core.cc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** {@code --cc}: every kind parses back from its name, case and spaces aside; anything else is refused in one line. */
class CcKindParseTest {

    /** The three names, in declaration order, and the round trip name -> kind. */
    @Test
    void namesRoundTrip() {
        assertEquals("fixed, dctcp, nscc", CcKind.names());
        for (CcKind c : CcKind.values()) {
            assertEquals(c, CcKind.parse(c.cliName()));
        }
        assertEquals("nscc", CcKind.NSCC.cliName());
        assertEquals(CcKind.NSCC, CcKind.parse(" NSCC "));
        assertEquals(CcKind.DCTCP, CcKind.parse("DcTcp"));
    }

    /** An unknown or missing name: the option, the value as given, the accepted names. */
    @Test
    void unknownNamesAreRefusedWithTheAcceptedList() {
        assertEquals("cc: unknown 'cubic'; accepted: fixed, dctcp, nscc",
                assertThrows(IllegalArgumentException.class, () -> CcKind.parse("cubic")).getMessage());
        assertEquals("cc: unknown 'null'; accepted: fixed, dctcp, nscc",
                assertThrows(IllegalArgumentException.class, () -> CcKind.parse(null)).getMessage());
        assertEquals("cc: unknown ''; accepted: fixed, dctcp, nscc",
                assertThrows(IllegalArgumentException.class, () -> CcKind.parse("")).getMessage());
    }
}
