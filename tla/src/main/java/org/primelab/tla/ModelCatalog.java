package org.primelab.tla;

import static org.primelab.tla.TlcModel.Kind.CONTRAST;
import static org.primelab.tla.TlcModel.Kind.MUTANT;
import static org.primelab.tla.TlcModel.Kind.PRIME;

import java.util.List;
import java.util.Optional;

/**
 * Every TLC model of the project, with its expected verdict. The specifications live as resources under
 * {@value #RESOURCE_DIR}: {@code Odometer.tla} (paper Alg. 2 as operators), {@code PrimeEntropy.tla}
 * (the generator alone), {@code PrimeHistory.tla} (Alg. 1 over Alg. 2) and {@code BitmapContrast.tla}
 * (htsim's bitmap penalties), one {@code .cfg} per model.
 */
public final class ModelCatalog {
    /** Classpath folder of the {@code .tla} and {@code .cfg} files. */
    public static final String RESOURCE_DIR = "org/primelab/tla/specs";

    /** Every module a model may need; all are copied beside each run. */
    public static final List<String> MODULES = List.of(
            "Odometer.tla", "PrimeEntropy.tla", "PrimeHistory.tla", "BitmapContrast.tla");

    private static final List<TlcModel> MODELS = List.of(
            history("PrimeHistory", PRIME, Verdict.PASSED, null,
                    "Alg. 1, 3 paths, count decay: pick rule, ECN/NACK rules; quiet ~> all penalties 0"),
            history("PrimeHistoryQuietFairness", PRIME, Verdict.PASSED, null,
                    "Alg. 1, 3 paths: once quiet, every path is picked infinitely often"),
            history("PrimeHistorySignals", PRIME, Verdict.PASSED, null,
                    "Alg. 1, 3 paths: every path picked infinitely often while ECN/NACK never stop"),
            history("PrimeHistory2x2", PRIME, Verdict.PASSED, null,
                    "Alg. 1 over 2x2 multi-part EVs, time-based decay (1 or 2 per send): safety"),
            entropy("PrimeEntropy2x2"),
            entropy("PrimeEntropy2x3"),
            entropy("PrimeEntropy3x2"),
            entropy("PrimeEntropy3x3"),
            history("PrimeHistoryMutantEcnRepenalizes", MUTANT, Verdict.SAFETY_VIOLATED, "EcnNeverRaisesPenalty",
                    "mutant: ECN adds P_ECN to a penalized path"),
            history("PrimeHistoryMutantNoDecay", MUTANT, Verdict.LIVENESS_VIOLATED, TlcModel.TEMPORAL,
                    "mutant: decay disabled, so penalties never clear"),
            history("PrimeHistoryMutantBlindPick", MUTANT, Verdict.SAFETY_VIOLATED, "NoPenalizedPickWhileClean",
                    "mutant: the pick ignores penalties"),
            bitmap("BitmapContrast", Verdict.SAFETY_VIOLATED, "NoPenalizedPickWhileCleanAfterSend",
                    "htsim bitmap: in-scan decay + mask redraw picks a penalized EV while one is clean"),
            bitmap("BitmapContrastBeforeScan", Verdict.SAFETY_VIOLATED, "NoPenalizedPickWhileClean",
                    "htsim bitmap: picks an EV penalized before the scan while others were clean"),
            bitmap("BitmapFixedMask", Verdict.PASSED, null,
                    "htsim bitmap with a fixed XOR mask: both pick properties hold"));

    private ModelCatalog() {
    }

    /** Every model, PRIME's first, then mutants and contrasts. */
    public static List<TlcModel> all() {
        return MODELS;
    }

    /** The model of that name, if any. */
    public static Optional<TlcModel> find(String name) {
        return MODELS.stream().filter(m -> m.name().equals(name)).findFirst();
    }

    private static TlcModel history(String name, TlcModel.Kind kind, Verdict expected, String property,
            String description) {
        return new TlcModel(name, kind, "PrimeHistory.tla", name + ".cfg", expected, property, description);
    }

    private static TlcModel entropy(String name) {
        String sizes = name.substring("PrimeEntropy".length());
        return new TlcModel(name, PRIME, "PrimeEntropy.tla", name + ".cfg", Verdict.PASSED, null,
                "Alg. 2 odometer " + sizes + ": aligned blocks cover each path once; every path infinitely often");
    }

    private static TlcModel bitmap(String name, Verdict expected, String property, String description) {
        return new TlcModel(name, CONTRAST, "BitmapContrast.tla", name + ".cfg", expected, property, description);
    }
}
