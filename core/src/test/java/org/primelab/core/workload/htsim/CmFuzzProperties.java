package org.primelab.core.workload.htsim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.primelab.core.topology.FatTree;

/**
 * Fuzz property of the {@code .cm} reader: a valid matrix with random hostile edits (tokens from the
 * unit fuzz, deleted or duplicated characters, swapped lines) is either accepted, and then writing and
 * reading it again gives the same matrix, or refused with one line starting with the file's name; never
 * another exception, never a hang.
 */
class CmFuzzProperties {
    private static final long QT_SEED = 0x434d_4655_5aL;
    private static final AtomicLong CASES = new AtomicLong();

    static String mutate(String text, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        StringBuilder b = new StringBuilder(text);
        int edits = 1 + rnd.nextInt(4);
        for (int i = 0; i < edits && b.length() > 0; i++) {
            int at = rnd.nextInt(b.length());
            switch (rnd.nextInt(4)) {
                case 0 -> b.deleteCharAt(at);
                case 1 -> b.insert(at, UnitsTokens.pick(rnd));
                case 2 -> b.setCharAt(at, (char) rnd.nextInt(0x3000));
                default -> b.insert(at, b.substring(at, Math.min(b.length(), at + 1 + rnd.nextInt(20))));
            }
        }
        return b.toString();
    }

    @Test
    void mutatedMatricesAreAcceptedAndRoundTripOrRefusedNamingTheFile() {
        FatTree tree = FatTree.twoTier(8);
        assertTimeoutPreemptively(Duration.ofMinutes(5), () -> qt().withFixedSeed(QT_SEED).withExamples(4_000)
                .forAll(longs().all(), integers().between(0, 1)).checkAssert((seed, withTree) -> {
                    CASES.incrementAndGet();
                    String text = mutate(CmWriter.format(RandomMatrices.draw(seed)), seed ^ 0x5eed);
                    FatTree on = withTree == 1 ? tree : null;
                    try {
                        ConnectionMatrix cm = CmReader.parse("fuzz.cm", text, on);
                        assertEquals(cm, CmReader.parse("fuzz.cm", CmWriter.format(cm), on), text);
                    } catch (IllegalArgumentException e) {
                        String m = e.getMessage();
                        assertTrue(m.startsWith("fuzz.cm"), () -> "message does not name the file: " + m);
                        assertTrue(m.chars().noneMatch(c -> c == '\n' || c == '\r'), () -> "not one line: " + m);
                    }
                }));
    }

    /** Hostile tokens, shared in spirit with the unit fuzz (kept here so the packages stay independent). */
    static final class UnitsTokens {
        private static final String[] TOKENS = {"0", "-1", "9223372036854775808", "1e99999", "NaN", " ", "\t", "\n",
            "\r\n", "\u0000", "->", ">", "id", "start", "trigger", "size", "prio", "Nodes", "Connections", "Triggers",
            "Failures", "oneshot", "barrier", "multishot", "#", ":", "1.5", "e", "\u2028", "\u00b5"};

        static String pick(SplittableRandom rnd) {
            return TOKENS[rnd.nextInt(TOKENS.length)];
        }
    }

    @AfterAll
    static void report() {
        System.out.println("CmFuzzProperties: " + CASES.get() + " cases");
    }
}
