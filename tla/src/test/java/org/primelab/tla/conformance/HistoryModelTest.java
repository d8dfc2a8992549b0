package org.primelab.tla.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.primelab.tla.ModelCatalog;
import org.primelab.tla.TlcModel;
import org.primelab.tla.TlcResult;
import org.primelab.tla.TlcRunner;
import org.primelab.tla.Verdict;

/**
 * The Java transcription {@link HistoryModel} and {@code PrimeHistory.tla} describe the same state graph:
 * for each distinct constant set of the catalog's PrimeHistory and PrimeSpray models (mutants included, except
 * {@code DecayUnfloored}, whose penalties fall without bound, and the 2x2 liveness constants, whose
 * graph differs from {@code PrimeHistory2x2}'s only in the decay set and costs TLC most), TLC's count of distinct reachable states
 * equals the Java breadth-first count. TLC runs {@code PrimeHistory.tla}'s {@code Spec} on the model's constants
 * with TypeOK only, so it explores the whole graph even for the mutants (PrimeSpray's observer is left out).
 */
class HistoryModelTest {
    @TempDir
    Path dir;

    static Stream<TlcModel> historyModels() {
        Set<String> constants = new HashSet<>();
        return ModelCatalog.all().stream()
                .filter(m -> m.module().equals("PrimeHistory.tla") || m.module().equals("PrimeSpray.tla"))
                .filter(m -> constants.add(HistoryModel.Constants.fromCfg(TlcRunner.resourceText(m.config()))
                        .toString()))
                .filter(m -> !m.name().endsWith("DecayUnfloored"))
                .filter(m -> !m.name().equals("PrimeHistory2x2Liveness"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("historyModels")
    void javaTranscriptionReachesAsManyStatesAsTlc(TlcModel model) throws IOException {
        String cfg = TlcRunner.resourceText(model.config());
        HistoryModel java = new HistoryModel(HistoryModel.Constants.fromCfg(cfg));
        for (String module : ModelCatalog.MODULES) {
            TlcRunner.copyResource(module, dir);
        }
        String constants = cfg.substring(cfg.indexOf("CONSTANTS"), cfg.indexOf("INVARIANT")).strip();
        String typeOnly = "SPECIFICATION Spec\n" + constants + "\nINVARIANT TypeOK\n";
        Files.writeString(dir.resolve("StatesOnly.cfg"), typeOnly);
        TlcModel states = new TlcModel("StatesOnly", model.kind(), "PrimeHistory.tla", "StatesOnly.cfg", Verdict.PASSED,
                null, "state count of " + model.name());
        TlcResult r = new TlcRunner(Duration.ofMinutes(10)).run(states, dir);
        assertEquals(Verdict.PASSED, r.verdict(), r.output());
        assertEquals(r.distinctStates(), java.reachableStates(), model.name());
    }
}
