package org.primelab.tla.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.primelab.core.entropy.MultiPartGenerator;
import org.primelab.core.entropy.PrimeRandomPartGenerator;
import org.primelab.core.topology.EvLayout;

/**
 * The odometer conformance check can fail: generators that are not the odometer are rejected. (Core's
 * {@code PrimeOdometerGenerator} against {@code Odometer.tla} is {@link CoreConformanceTest}.)
 */
class OdometerConformanceTest {

    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"2,2", "2,3", "3,3"})
    void randomPartVariantIsNotTheOdometer(int l1, int l2) {
        OdometerConformance.Report r = OdometerConformance.check(l1, l2,
                seed -> new PrimeRandomPartGenerator(OdometerConformance.layout(l1, l2), new SplittableRandom(seed)),
                42, 50, 10 * l1 * l2);
        assertFalse(r.conforms(), "the random-part variant advances parts out of odometer order");
    }

    @Test
    void randomSprayingIsRejected() {
        EvLayout layout = OdometerConformance.layout(3, 1);
        OdometerConformance.Report r = OdometerConformance.check(3, 1, seed -> new MultiPartGenerator() {
            final SplittableRandom rnd = new SplittableRandom(seed);

            @Override
            public int next() {
                return layout.evOfPath(rnd.nextInt(3));
            }

            @Override
            public EvLayout layout() {
                return layout;
            }
        }, 42, 20, 30);
        assertFalse(r.conforms());
    }

    @Test
    void modelMatchesItsDefinition() {
        OdometerModel m = new OdometerModel(3, 2);
        assertEquals(6, m.perms(1).size());
        assertEquals(2, m.perms(2).size());
        assertEquals(12, m.initial().size());
        OdometerModel.Gen g = new OdometerModel.Gen(0, 2, 0, 1);
        assertEquals(12, m.advance(g).size(), "both parts wrap: 3! x 2! reshuffles");
        assertEquals(6, m.advance(new OdometerModel.Gen(0, 2, 0, 0)).size(), "part 1 wraps, part 2 carries");
        assertEquals(1, m.advance(new OdometerModel.Gen(0, 0, 0, 0)).size());
    }
}
