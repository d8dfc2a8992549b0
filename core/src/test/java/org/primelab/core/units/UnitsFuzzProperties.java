package org.primelab.core.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.longs;
import static org.quicktheories.generators.SourceDSL.strings;

import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/**
 * Fuzz properties of the unit parsers and the checked time arithmetic: on random and hostile text a
 * parser either accepts, and the value round-trips through its canonical form, or refuses with one line
 * starting with the option it was given; never another exception, never a hang (each batch runs under a
 * preemptive timeout). The case count is printed for the closing report.
 */
class UnitsFuzzProperties {
    private static final long QT_SEED = 0x554e_4954_535aL;
    /** A batch never takes this long unless a parser hangs (each runs in well under a second). */
    private static final Duration BATCH_LIMIT = Duration.ofMinutes(5);
    private static final AtomicLong CASES = new AtomicLong();

    /** Pieces users (and attackers) type: digits, signs, exponents, every unit, blanks, control characters. */
    static final List<String> TOKENS = List.of("0", "1", "7", "9", "42", "600", "1.5", ".", "e", "E", "e9", "e-3",
            "e99999999999", "e-2147483648", "e2147483647", "+", "-", " ", "\t", "\n", "\r", "\u0000", "\u2028",
            "ps", "ns", "us", "\u00b5s", "\u03bcs", "ms", "s", "B", "b", "KB", "kB", "MB", "GB", "KiB", "MiB", "GiB",
            "K", "M", "G", "T", "Gbps", "bps", "b/s", "Mb/s", "NaN", "Infinity", "9223372036854775807",
            "9223372036854775808", "99999999999999999999999", "0x10", "1_000", ",", "@", "=", "%", "'", "\"", "\u00e9");

    static Gen<String> hostile() {
        return lists().of(integers().between(0, TOKENS.size() - 1)).ofSizeBetween(0, 8)
                .map(ix -> {
                    StringBuilder b = new StringBuilder();
                    ix.forEach(i -> b.append(TOKENS.get(i)));
                    return b.toString();
                });
    }

    static Gen<String> anyText() {
        return strings().allPossible().ofLengthBetween(0, 80).mix(hostile(), 70);
    }

    /** The property: a value >= 0, or an IllegalArgumentException of one line starting with {@code option: }. */
    static boolean acceptedOrNamed(String option, String text, ToLongFunction<String> parse) {
        CASES.incrementAndGet();
        try {
            long v = parse.applyAsLong(text);
            assertTrue(v >= 0, () -> "negative value " + v + " from '" + text + "'");
            return true;
        } catch (IllegalArgumentException e) {
            String m = e.getMessage();
            assertTrue(m.startsWith(option + ": "), () -> "message does not name " + option + ": " + m);
            assertTrue(m.chars().noneMatch(c -> c == '\n' || c == '\r' || c == 0x2028 || c == 0x2029),
                    () -> "message is not one line: " + m);
            return false;
        }
    }

    @Test
    void timesAreAcceptedAndRoundTripOrRefusedNamingTheOption() {
        assertTimeoutPreemptively(BATCH_LIMIT, () -> qt().withFixedSeed(QT_SEED).withExamples(20_000)
                .forAll(anyText()).checkAssert(t -> {
                    if (acceptedOrNamed("detect", t, s -> Units.parseTime("detect", s))) {
                        long v = Units.parseTime("detect", t);
                        assertEquals(v, Units.parseTime("detect", v + "ps"), t);
                    }
                }));
    }

    @Test
    void sizesAreAcceptedAndRoundTripOrRefusedNamingTheOption() {
        assertTimeoutPreemptively(BATCH_LIMIT, () -> qt().withFixedSeed(QT_SEED + 1).withExamples(20_000)
                .forAll(anyText()).checkAssert(t -> {
                    if (acceptedOrNamed("flow-size", t, s -> Units.parseBytes("flow-size", s))) {
                        long v = Units.parseBytes("flow-size", t);
                        assertEquals(v, Units.parseBytes("flow-size", Long.toString(v)), t);
                    }
                }));
    }

    @Test
    void ratesAreAcceptedAndRoundTripOrRefusedNamingTheOption() {
        assertTimeoutPreemptively(BATCH_LIMIT, () -> qt().withFixedSeed(QT_SEED + 2).withExamples(20_000)
                .forAll(anyText()).checkAssert(t -> {
                    if (acceptedOrNamed("degrade-to", t, s -> Units.parseRate("degrade-to", s))) {
                        long v = Units.parseRate("degrade-to", t);
                        assertEquals(v, Units.parseRate("degrade-to", v + "bps"), t);
                    }
                }));
    }

    @Test
    void decimalTimesMatchAnExactOracleOrAreRefused() {
        // n units of u: accepted exactly when n x scale fits a long (BigInteger oracle), else refused by name
        String[] units = {"ps", "ns", "us", "\u00b5s", "ms", "s"};
        long[] scale = {1, Units.PS_PER_NS, Units.PS_PER_US, Units.PS_PER_US, Units.PS_PER_MS, Units.PS_PER_S};
        assertTimeoutPreemptively(BATCH_LIMIT, () -> qt().withFixedSeed(QT_SEED + 3).withExamples(20_000)
                .forAll(longs().between(0, Long.MAX_VALUE), integers().between(0, units.length - 1))
                .checkAssert((n, u) -> {
                    String text = n + units[u];
                    BigInteger exact = BigInteger.valueOf(n).multiply(BigInteger.valueOf(scale[u]));
                    boolean fits = exact.bitLength() < 64;
                    assertEquals(fits, acceptedOrNamed("stagger", text, s -> Units.parseTime("stagger", s)), text);
                    if (fits) {
                        assertEquals(exact.longValueExact(), Units.parseTime("stagger", text));
                    }
                }));
    }

    @Test
    void checkedTimeArithmeticIsExactOrRefusedNamingTheOption() {
        assertTimeoutPreemptively(BATCH_LIMIT, () -> qt().withFixedSeed(QT_SEED + 4).withExamples(20_000)
                .forAll(longs().between(0, Long.MAX_VALUE), longs().between(0, Long.MAX_VALUE))
                .checkAssert((a, b) -> {
                    CASES.addAndGet(2);
                    BigInteger sum = BigInteger.valueOf(a).add(BigInteger.valueOf(b));
                    BigInteger product = BigInteger.valueOf(a).multiply(BigInteger.valueOf(b));
                    check(sum, () -> Units.addTime("delay", a, b));
                    check(product, () -> Units.multiplyTime("delay", a, b));
                }));
    }

    private static void check(BigInteger exact, java.util.function.LongSupplier op) {
        if (exact.bitLength() < 64) {
            assertEquals(exact.longValueExact(), op.getAsLong());
        } else {
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    op::getAsLong);
            assertTrue(e.getMessage().startsWith("delay: "), e.getMessage());
        }
    }

    @Test
    void theIssuesCasesAreRefusedByName() {
        for (String t : new String[] {"1e-2147483648", "1e99999999999", "1e2147483647", "9223372036854775808B",
                "0.5", "x".repeat(10_000), "1\n2MB"}) {
            assertEquals(false, acceptedOrNamed("flow-size", t, s -> Units.parseBytes("flow-size", s)), t);
        }
        assertEquals(20 * Units.PS_PER_US, Units.parseTime("detect", "20\u00b5s"));
        assertEquals(20 * Units.PS_PER_US, Units.parseTime("detect", "20\u03bcs"));
        assertEquals(400 * Units.GBPS, Units.parseRate("rate", "400Gb/s"));
    }

    @AfterAll
    static void report() {
        System.out.println("UnitsFuzzProperties: " + CASES.get() + " cases");
    }
}
