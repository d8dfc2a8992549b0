package org.primelab.tla;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Model-checks every model of the {@link ModelCatalog} with TLC: PRIME's models pass, every mutant and
 * the bitmap contrast are violated on the expected property. TLC times are reported in tla/README.md,
 * not asserted.
 */
class SpecModelsTest {
    /** A safety net only (TLC times are not asserted): generous, as the build machine may be loaded. */
    private static final TlcRunner RUNNER = new TlcRunner(Duration.ofMinutes(10));

    static Stream<TlcModel> models() {
        return ModelCatalog.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void tlcReachesTheExpectedVerdict(TlcModel model) {
        TlcResult r = RUNNER.run(model);
        String context = model.name() + ": " + r.verdict() + " (" + r.violated() + "), exit " + r.exitCode()
                + "\n" + tail(r.output());
        assertEquals(model.expected(), r.verdict(), context);
        assertEquals(model.expectedProperty(), r.violated(), context);
        assertTrue(r.asExpected(), context);
        assertTrue(r.distinctStates() > 0 && r.statesGenerated() >= r.distinctStates(), context);
        if (model.expectedToPass()) {
            assertTrue(r.output().contains("No error has been found"), context);
        } else {
            assertTrue(!r.counterexample().isEmpty() && r.counterexample().get(0).startsWith("1: <Initial predicate>"),
                    "a violation comes with a trace: " + context);
        }
    }

    static String tail(String s) {
        return s.length() <= 4000 ? s : "..." + s.substring(s.length() - 4000);
    }
}
