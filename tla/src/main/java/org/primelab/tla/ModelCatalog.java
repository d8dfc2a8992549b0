package org.primelab.tla;

import static org.primelab.tla.TlcModel.Kind.CONTRAST;
import static org.primelab.tla.TlcModel.Kind.MUTANT;
import static org.primelab.tla.TlcModel.Kind.PRIME;

import java.util.List;
import java.util.Optional;

/**
 * Every TLC model of the project, with its expected verdict. The specifications live as resources under
 * {@value #RESOURCE_DIR}: {@code Odometer.tla} (paper Alg. 2 as operators), {@code PrimeEntropy.tla}
 * (the generator alone), {@code PrimeHistory.tla} (Alg. 1 over Alg. 2), {@code PrimeSpray.tla}
 * (PrimeHistory with an observer of how the sends are shared among clean paths) and
 * {@code BitmapContrast.tla} (htsim's bitmap penalties), one {@code .cfg} per model.
 */
public final class ModelCatalog {
    /** Classpath folder of the {@code .tla} and {@code .cfg} files. */
    public static final String RESOURCE_DIR = "org/primelab/tla/specs";

    /** Every module a model may need; all are copied beside each run. */
    public static final List<String> MODULES = List.of(
            "Odometer.tla", "PrimeEntropy.tla", "PrimeHistory.tla", "PrimeSpray.tla", "BitmapContrast.tla");

    private static final List<TlcModel> MODELS = List.of(
            history("PrimeHistory", PRIME, Verdict.PASSED, null,
                    "Alg. 1, 3 paths, count decay: every safety and liveness property"),
            history("PrimeHistory2x2", PRIME, Verdict.PASSED, null,
                    "Alg. 1 over 2x2 multi-part EVs, time-based decay (1 or 2 per send): every safety property"),
            history("PrimeHistory2x2Liveness", PRIME, Verdict.PASSED, null,
                    "Alg. 1 over 2x2 multi-part EVs, count decay: quiet => penalties clear; every path infinitely often"),
            spray("PrimeSpray", PRIME, Verdict.PASSED, null,
                    "Alg. 1, 3 paths: while a path stays clean, no other path gets three sends before it gets one"),
            entropy("PrimeEntropy2x2", "Alg. 2 odometer 2x2: aligned blocks cover each path once; every path infinitely often"),
            entropy("PrimeEntropy2x3", "Alg. 2 odometer 2x3: aligned blocks cover each path once; every path infinitely often"),
            entropy("PrimeEntropy3x2", "Alg. 2 odometer 3x2: aligned blocks cover each path once; every path infinitely often"),
            entropy("PrimeEntropy3x3", "Alg. 2 odometer 3x3: aligned blocks cover each path once; every path infinitely often"),
            entropy("PrimeEntropyOrders2x2", "Alg. 2 odometer 2x2, fair reshuffles: every order of each part recurs"),
            entropy("PrimeEntropyOrders3x1", "Alg. 2 odometer 3x1, fair reshuffles: every order recurs"),
            historyMutant("EcnIgnored", Verdict.SAFETY_VIOLATED, "EcnPenalizesCleanPath",
                    "an ECN-marked ACK changes nothing"),
            historyMutant("EcnRepenalizes", Verdict.SAFETY_VIOLATED, "EcnLeavesPenalizedPath",
                    "ECN adds P_ECN to a penalized path"),
            historyMutant("NackAsEcn", Verdict.SAFETY_VIOLATED, "NackPenalizesFully",
                    "a NACK is handled like an ECN mark"),
            historyMutant("AckClears", Verdict.SAFETY_VIOLATED, "CleanAckKeepsPenalties",
                    "an unmarked ACK clears its path's penalty"),
            historyMutant("NackKeepsPacket", Verdict.SAFETY_VIOLATED, "SentIsSend",
                    "a NACK does not retire its packet (the send recognizer is fooled)"),
            historyMutant("BlindPick", Verdict.SAFETY_VIOLATED, "NoPenalizedPickWhileClean",
                    "the pick ignores penalties"),
            historyMutant("BlindPickAfterSend", Verdict.SAFETY_VIOLATED, "NoPenalizedPickWhileCleanAfterSend",
                    "the pick ignores penalties (judged on the table after the send)"),
            historyMutant("SingleTry", Verdict.SAFETY_VIOLATED, "ScanFindsCleanPath",
                    "MaxTries = 1: no scan, a penalized first draw goes to the fallback"),
            historyMutant("ShortWindow", Verdict.SAFETY_VIOLATED, "ScanFindsCleanPath",
                    "MaxTries = 2N - 2: one draw short of the window that holds an aligned block"),
            historyMutant("FallbackLastDrawn", Verdict.SAFETY_VIOLATED, "FallbackIsLeastPenalized",
                    "when the scan gives up, the send takes the last value drawn"),
            sprayMutant("SkipsNotConsumed", Verdict.SAFETY_VIOLATED, "CleanPathsKeepPace",
                    "the scan's skipped draws are not consumed: the next send draws again the path this one took"),
            historyMutant("DecayUnfloored", Verdict.SAFETY_VIOLATED, "TypeOK",
                    "the decay is not floored at 0"),
            historyMutant("NoDecay", Verdict.LIVENESS_VIOLATED, TlcModel.TEMPORAL,
                    "decay disabled (Decay = {0}): penalties never clear once quiet"),
            historyMutant("NoDecayQuietPicks", Verdict.LIVENESS_VIOLATED, TlcModel.TEMPORAL,
                    "decay disabled: once quiet, a penalized path is never picked again"),
            historyMutant("NoDecaySignals", Verdict.LIVENESS_VIOLATED, TlcModel.TEMPORAL,
                    "decay disabled: a NACKed path is never picked again"),
            entropyMutant("NoCarryBlocks", Verdict.SAFETY_VIOLATED, "BlockCoversEachPathOnce",
                    "the carry into part 2 is lost: a block repeats paths"),
            entropyMutant("NoCarryAligned", Verdict.SAFETY_VIOLATED, "BlocksAlignedWithCounters",
                    "the carry into part 2 is lost: blocks leave the counters"),
            entropyMutant("NoCarryLiveness", Verdict.LIVENESS_VIOLATED, TlcModel.TEMPORAL,
                    "the carry into part 2 is lost: paths off part 2's first port are never used"),
            entropyMutant("NoReshuffle", Verdict.LIVENESS_VIOLATED, TlcModel.TEMPORAL,
                    "a wrapping part keeps its order: the spray order is frozen"),
            entropyMutant("OffByOneWrap", Verdict.SAFETY_VIOLATED, "TypeOK",
                    "part 1's counter runs one step past its last port"),
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

    private static TlcModel historyMutant(String name, Verdict expected, String property, String description) {
        return history("PrimeHistoryMutant" + name, MUTANT, expected, property, "mutant: " + description);
    }

    private static TlcModel spray(String name, TlcModel.Kind kind, Verdict expected, String property,
            String description) {
        return new TlcModel(name, kind, "PrimeSpray.tla", name + ".cfg", expected, property, description);
    }

    private static TlcModel sprayMutant(String name, Verdict expected, String property, String description) {
        return spray("PrimeSprayMutant" + name, MUTANT, expected, property, "mutant: " + description);
    }

    private static TlcModel entropy(String name, String description) {
        return new TlcModel(name, PRIME, "PrimeEntropy.tla", name + ".cfg", Verdict.PASSED, null, description);
    }

    private static TlcModel entropyMutant(String name, Verdict expected, String property, String description) {
        String model = "PrimeEntropyMutant" + name;
        return new TlcModel(model, MUTANT, "PrimeEntropy.tla", model + ".cfg", expected, property,
                "mutant: " + description);
    }

    private static TlcModel bitmap(String name, Verdict expected, String property, String description) {
        return new TlcModel(name, CONTRAST, "BitmapContrast.tla", name + ".cfg", expected, property, description);
    }
}
