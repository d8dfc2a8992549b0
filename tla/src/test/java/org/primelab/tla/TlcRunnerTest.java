package org.primelab.tla;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runner's classification, error and timeout paths, on canned output and on small throwaway specs. */
class TlcRunnerTest {
    @TempDir
    Path dir;

    private static final TlcModel PASSING = new TlcModel("M", TlcModel.Kind.PRIME, "M.tla", "M.cfg", Verdict.PASSED,
            null, "test");

    private static String msg(int code, String body) {
        return "@!@!@STARTMSG " + code + ":1 @!@!@\n" + body + "\n@!@!@ENDMSG " + code + " @!@!@\n";
    }

    @Test
    void classifiesByExitCodeAndMessage() {
        String stats = msg(2199, "1,234 states generated, 567 distinct states found, 0 states left on queue.");
        TlcResult ok = TlcRunner.classify(PASSING, 0, stats, Duration.ZERO);
        assertEquals(Verdict.PASSED, ok.verdict());
        assertEquals(1234, ok.statesGenerated());
        assertEquals(567, ok.distinctStates());
        assertTrue(ok.asExpected());

        TlcResult inv = TlcRunner.classify(PASSING, 12, msg(2110, "Invariant TypeOK is violated.") + stats,
                Duration.ZERO);
        assertEquals(Verdict.SAFETY_VIOLATED, inv.verdict());
        assertEquals("TypeOK", inv.violated());
        assertTrue(!inv.asExpected());

        TlcResult action = TlcRunner.classify(PASSING, 13, msg(2112, "Action property Foo is violated."),
                Duration.ZERO);
        assertEquals(Verdict.SAFETY_VIOLATED, action.verdict(), "an action property is a safety property");
        assertEquals("Foo", action.violated());

        TlcResult live = TlcRunner.classify(PASSING, 13, msg(2116, "Temporal properties were violated."),
                Duration.ZERO);
        assertEquals(Verdict.LIVENESS_VIOLATED, live.verdict());
        assertEquals(TlcModel.TEMPORAL, live.violated());

        TlcResult parse = TlcRunner.classify(PASSING, 150, "Parse Error", Duration.ZERO);
        assertEquals(Verdict.ERROR, parse.verdict());
        assertTrue(parse.violated().contains("parse error"));
        assertEquals(-1, parse.distinctStates());
    }

    @Test
    void expectedVerdictNeedsTheExpectedProperty() {
        TlcModel mutant = new TlcModel("X", TlcModel.Kind.MUTANT, "M.tla", "M.cfg", Verdict.SAFETY_VIOLATED, "Foo",
                "test");
        assertTrue(TlcRunner.classify(mutant, 13, msg(2112, "Action property Foo is violated."), Duration.ZERO)
                .asExpected());
        assertTrue(!TlcRunner.classify(mutant, 13, msg(2112, "Action property Bar is violated."), Duration.ZERO)
                .asExpected(), "violated for the wrong reason");
        assertThrows(IllegalArgumentException.class, () -> new TlcModel("Y", TlcModel.Kind.MUTANT, "M.tla", "M.cfg",
                Verdict.SAFETY_VIOLATED, null, "a violation must name its property"));
    }

    @Test
    void parseErrorIsAnErrorWithOutputAttached() throws IOException {
        Files.writeString(dir.resolve("M.tla"), "---- MODULE M ----\nVARIABLE x\nInit == x = \nNext == x' = x\n====\n");
        Files.writeString(dir.resolve("M.cfg"), "INIT Init\nNEXT Next\n");
        TlcResult r = new TlcRunner(Duration.ofSeconds(60)).run(PASSING, dir);
        assertEquals(Verdict.ERROR, r.verdict());
        assertEquals(150, r.exitCode());
        assertTrue(r.output().contains("Parse Error") || r.output().contains("parse"), r.output());
    }

    @Test
    void realInvariantViolationAndPass() throws IOException {
        Files.writeString(dir.resolve("M.tla"), """
                ---- MODULE M ----
                EXTENDS Naturals
                VARIABLE x
                Init == x = 0
                Next == x' = (x + 1) % 5
                Small == x < 4
                TypeOK == x \\in 0..4
                ====
                """);
        Files.writeString(dir.resolve("M.cfg"), "INIT Init\nNEXT Next\nINVARIANT TypeOK\n");
        TlcResult pass = new TlcRunner().run(PASSING, dir);
        assertEquals(Verdict.PASSED, pass.verdict(), pass.output());
        assertEquals(5, pass.distinctStates());
        Files.writeString(dir.resolve("M.cfg"), "INIT Init\nNEXT Next\nINVARIANT Small\n");
        TlcResult fail = new TlcRunner().run(PASSING, dir);
        assertEquals(Verdict.SAFETY_VIOLATED, fail.verdict(), fail.output());
        assertEquals(12, fail.exitCode());
        assertEquals("Small", fail.violated());
        assertEquals(5, fail.counterexample().size(), String.join("\n", fail.counterexample()));
    }

    @Test
    void timeoutStopsTlcAndIsAnError() throws IOException {
        Files.writeString(dir.resolve("M.tla"), """
                ---- MODULE M ----
                EXTENDS Naturals
                VARIABLE x
                Init == x = 0
                Next == x' = x + 1
                ====
                """);
        Files.writeString(dir.resolve("M.cfg"), "INIT Init\nNEXT Next\n");
        TlcResult r = new TlcRunner(Duration.ofSeconds(3)).run(PASSING, dir);
        assertEquals(Verdict.ERROR, r.verdict());
        assertEquals(-1, r.exitCode());
        assertTrue(r.violated().startsWith("timed out"), r.violated());
        assertTrue(r.elapsed().toSeconds() < 20);
    }

    @Test
    void rejectsBadTimeout() {
        assertThrows(IllegalArgumentException.class, () -> new TlcRunner(Duration.ZERO));
    }
}
