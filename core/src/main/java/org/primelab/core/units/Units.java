package org.primelab.core.units;

import java.math.BigInteger;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Explicit units for the whole project: time is a {@code long} count of picoseconds, sizes are
 * {@code long} bytes and rates are {@code long} bits per second (docs/design.md, "The model", Units).
 *
 * <p>Parsing accepts the forms users type on a command line: {@code 600ns}, {@code 1.5us},
 * {@code 2ms}, {@code 400G}, {@code 400Gbps}, {@code 2MB} (10^6 bytes), {@code 2MiB} (2^20 bytes).
 * A bad text throws {@link IllegalArgumentException} whose one-line message starts with the option it
 * came from (the {@code parse*(option, text)} forms; the one-argument forms name the value type), then
 * the text and the accepted forms. Nothing rounds silently: a value that is not a whole number of the
 * base unit (for example {@code 0.1ps}) or that does not fit a {@code long} is rejected, and so is a
 * text longer than {@link #MAX_TEXT_LENGTH} characters.
 *
 * <p><b>Checked arithmetic.</b> {@link #addTime}, {@link #multiplyTime} and {@link #serializationPs}
 * never wrap: a time beyond {@code Long.MAX_VALUE} ps (about 106.75 days) is an input error naming the
 * option that caused it, never a negative or saturated number.
 */
public final class Units {
    /** Picoseconds in one nanosecond. */
    public static final long PS_PER_NS = 1_000L;
    /** Picoseconds in one microsecond. */
    public static final long PS_PER_US = 1_000_000L;
    /** Picoseconds in one millisecond. */
    public static final long PS_PER_MS = 1_000_000_000L;
    /** Picoseconds in one second. */
    public static final long PS_PER_S = 1_000_000_000_000L;
    /** Bits in a byte. */
    public static final int BITS_PER_BYTE = 8;
    /** One gigabit per second, in bits per second. */
    public static final long GBPS = 1_000_000_000L;

    /** Longest text the parsers read; anything longer is refused before any number is built. */
    public static final int MAX_TEXT_LENGTH = 64;
    /** The largest time a {@code long} of picoseconds holds, in words, for messages. */
    public static final String MAX_TIME_WORDS = "2^63-1 ps, about 106 days";

    // The unit may carry the micro sign (U+00B5) or the Greek mu (U+03BC), and "b/s" for rates.
    private static final Pattern NUMBER_UNIT =
            Pattern.compile("\\s*([0-9]+(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)\\s*([a-zA-Z\u00b5\u03bc/]*)\\s*");

    private Units() {
    }

    /** Nanoseconds to picoseconds. */
    public static long ns(double nanoseconds) {
        return roundExact(nanoseconds * PS_PER_NS, "ns", nanoseconds);
    }

    /** Microseconds to picoseconds. */
    public static long us(double microseconds) {
        return roundExact(microseconds * PS_PER_US, "us", microseconds);
    }

    /** Picoseconds to microseconds, for reporting. */
    public static double toMicros(long picoseconds) {
        return picoseconds / (double) PS_PER_US;
    }

    /** Picoseconds to seconds, for reporting. */
    public static double toSeconds(long picoseconds) {
        return picoseconds / (double) PS_PER_S;
    }

    /** Gigabits per second to bits per second. */
    public static long gbps(double gigabits) {
        return roundExact(gigabits * GBPS, "gbps", gigabits);
    }

    /** {@code Math.round} that refuses NaN and values beyond a {@code long} instead of saturating. */
    private static long roundExact(double scaled, String field, double given) {
        if (!(Math.abs(scaled) < 0x1p63)) {
            throw new IllegalArgumentException(field + ": must be finite and fit a long in the base unit, got " + given);
        }
        return Math.round(scaled);
    }

    /**
     * {@code a + b} for times in picoseconds, refusing a sum beyond {@code Long.MAX_VALUE}.
     *
     * @param option the option the operands come from, named by the message
     */
    public static long addTime(String option, long a, long b) {
        try {
            return Math.addExact(a, b);
        } catch (ArithmeticException e) {
            throw tooLong(option);
        }
    }

    /**
     * {@code a * b} for a time in picoseconds, refusing a product beyond {@code Long.MAX_VALUE}.
     *
     * @param option the option the operands come from, named by the message
     */
    public static long multiplyTime(String option, long a, long b) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException e) {
            throw tooLong(option);
        }
    }

    /** The input error for a time that does not fit a {@code long} of picoseconds. */
    public static IllegalArgumentException tooLong(String option) {
        return new IllegalArgumentException(option + ": the resulting time exceeds the largest one a run holds ("
                + MAX_TIME_WORDS + ")");
    }

    /**
     * Time to put {@code bytes} on a wire of {@code bitsPerSecond}, rounded up to a whole
     * picosecond (store-and-forward serialization delay).
     *
     * @throws IllegalArgumentException if bytes is negative or the rate is not positive
     */
    public static long serializationPs(long bytes, long bitsPerSecond) {
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes: must be >= 0, got " + bytes);
        }
        if (bitsPerSecond <= 0) {
            throw new IllegalArgumentException("rate: must be > 0 bit/s, got " + bitsPerSecond);
        }
        long bits = Math.multiplyExact(bytes, BITS_PER_BYTE);
        long hi = Math.multiplyHigh(bits, PS_PER_S);
        if (hi == 0 && bits * PS_PER_S >= 0) {
            long num = bits * PS_PER_S;
            // not (num + rate - 1) / rate: that sum overflows for a rate near Long.MAX_VALUE
            return num / bitsPerSecond + (num % bitsPerSecond == 0 ? 0 : 1);
        }
        BigInteger[] qr = BigInteger.valueOf(bits).multiply(BigInteger.valueOf(PS_PER_S))
                .divideAndRemainder(BigInteger.valueOf(bitsPerSecond));
        BigInteger q = qr[1].signum() == 0 ? qr[0] : qr[0].add(BigInteger.ONE);
        if (q.bitLength() > 63) {
            throw tooLong("rate");
        }
        return q.longValue();
    }

    /** Bytes a link of {@code bitsPerSecond} carries in {@code picoseconds} (rounded down). */
    public static long bytesIn(long picoseconds, long bitsPerSecond) {
        BigInteger b = BigInteger.valueOf(picoseconds).multiply(BigInteger.valueOf(bitsPerSecond))
                .divide(BigInteger.valueOf(PS_PER_S * BITS_PER_BYTE));
        if (b.bitLength() > 63) {
            throw new IllegalArgumentException("bytes: " + picoseconds + " ps at " + bitsPerSecond
                    + " bit/s carry more bytes than a long holds");
        }
        return b.longValue();
    }

    /**
     * Parses a duration into picoseconds: {@code ps, ns, us, ms, s} (a bare number is rejected,
     * because a time without a unit is ambiguous).
     */
    public static long parseTime(String text) {
        return parseTime("time", text);
    }

    /** {@link #parseTime(String)} for the value of {@code option}, which every error message starts with. */
    public static long parseTime(String option, String text) {
        Matcher m = match(text, option, "a number with a unit ps, ns, us (or \u00b5s), ms or s (e.g. 600ns, 1.5us)");
        long scale = switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "ps" -> 1L;
            case "ns" -> PS_PER_NS;
            case "us", "\u00b5s", "\u03bcs" -> PS_PER_US;
            case "ms" -> PS_PER_MS;
            case "s" -> PS_PER_S;
            default -> throw bad(text, option, "a unit ps, ns, us (or \u00b5s), ms or s (e.g. 600ns, 1.5us)");
        };
        return scaleExact(m.group(1), scale, text, option);
    }

    /**
     * Parses a size into bytes: {@code B, KB, MB, GB} (powers of 10), {@code KiB, MiB, GiB}
     * (powers of 2); a bare number means bytes.
     */
    public static long parseBytes(String text) {
        return parseBytes("size", text);
    }

    /** {@link #parseBytes(String)} for the value of {@code option}, which every error message starts with. */
    public static long parseBytes(String option, String text) {
        Matcher m = match(text, option, "a number with B, KB, MB, GB, KiB, MiB or GiB (e.g. 2MB)");
        long scale = switch (m.group(2)) {
            case "", "B", "b" -> 1L;
            case "KB", "kB", "K", "k" -> 1_000L;
            case "MB", "M" -> 1_000_000L;
            case "GB", "G" -> 1_000_000_000L;
            case "KiB" -> 1L << 10;
            case "MiB" -> 1L << 20;
            case "GiB" -> 1L << 30;
            default -> throw bad(text, option, "a unit B, KB, MB, GB, KiB, MiB or GiB (e.g. 2MB, 2MiB)");
        };
        return scaleExact(m.group(1), scale, text, option);
    }

    /** The forms {@link #parseRate} accepts, for messages. */
    public static final String RATE_FORMS = "a number with T, G, Gbps, M, Mbps, k or bps (e.g. 400G)";

    /**
     * Parses a rate into bits per second: {@code 400G}, {@code 400Gbps}, {@code 100M}, {@code 1T}, {@code 1.5k},
     * {@code 1000bps}. A bare number is refused, as a time without a unit is: {@code 400} could mean 400G.
     */
    public static long parseRate(String text) {
        return parseRate("rate", text);
    }

    /** {@link #parseRate(String)} for the value of {@code option}, which every error message starts with. */
    public static long parseRate(String option, String text) {
        Matcher m = match(text, option, RATE_FORMS);
        String unit = m.group(2).toLowerCase(Locale.ROOT);
        if (unit.isEmpty()) {
            // as a time without a unit: 400 could mean 400G as easily as 400 bit/s
            throw bad(text, option, "a unit, a bare number is ambiguous: " + RATE_FORMS);
        }
        if (unit.endsWith("bps")) {
            unit = unit.substring(0, unit.length() - 3);
        } else if (unit.endsWith("b/s")) {
            unit = unit.substring(0, unit.length() - 3);
        }
        long scale = switch (unit) {
            case "" -> 1L;
            case "k" -> 1_000L;
            case "m" -> 1_000_000L;
            case "g" -> GBPS;
            case "t" -> 1_000L * GBPS;
            default -> throw bad(text, option, RATE_FORMS);
        };
        return scaleExact(m.group(1), scale, text, option);
    }

    /** Formats picoseconds with the largest unit that keeps the value readable. */
    public static String formatTime(long ps) {
        long abs = Math.abs(ps);
        if (abs >= PS_PER_MS) {
            return trim(ps / (double) PS_PER_MS) + "ms";
        } else if (abs >= PS_PER_US) {
            return trim(ps / (double) PS_PER_US) + "us";
        } else if (abs >= PS_PER_NS) {
            return trim(ps / (double) PS_PER_NS) + "ns";
        }
        return ps + "ps";
    }

    /**
     * Formats a rate in bits per second exactly, so that {@link #parseRate} reads back the same value:
     * {@code 400G} when whole gigabits, {@code 1.5G} or {@code 0.001G} when whole megabits (three decimals
     * of G are exact then), else in bps ({@code 1000bps}). A lossy {@code %.3f} of G printed a 1 kbit/s
     * link as "0G".
     */
    public static String formatRate(long bps) {
        if (bps % GBPS == 0) {
            return (bps / GBPS) + "G";
        }
        if (bps % 1_000_000L == 0) {
            return trim(bps / (double) GBPS) + "G";
        }
        return bps + "bps";
    }

    private static String trim(double v) {
        String s = String.format(Locale.ROOT, "%.3f", v);
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    private static Matcher match(String text, String field, String accepted) {
        if (text == null) {
            throw new IllegalArgumentException(field + ": missing value; expected " + accepted);
        }
        if (text.length() > MAX_TEXT_LENGTH) {
            throw new IllegalArgumentException(field + ": value of " + text.length() + " characters is too long (at most "
                    + MAX_TEXT_LENGTH + "); expected " + accepted);
        }
        Matcher m = NUMBER_UNIT.matcher(text);
        if (!m.matches()) {
            throw bad(text, field, accepted);
        }
        return m;
    }

    private static long scaleExact(String number, long scale, String text, String field) {
        try {
            // BigDecimal refuses exponents beyond an int (NumberFormatException) and scales out of range
            // (ArithmeticException); longValueExact refuses fractions and values beyond a long, cheaply.
            return new java.math.BigDecimal(number).multiply(java.math.BigDecimal.valueOf(scale)).longValueExact();
        } catch (ArithmeticException | NumberFormatException e) {
            throw new IllegalArgumentException(field + ": '" + oneLine(text)
                    + "' is not a whole number of the base unit, or exceeds " + Long.MAX_VALUE + " of it");
        }
    }

    private static IllegalArgumentException bad(String text, String field, String accepted) {
        return new IllegalArgumentException(field + ": cannot parse '" + oneLine(text) + "'; expected " + accepted);
    }

    /** The text with line breaks and other control characters shown as '?', so a message stays one line. */
    public static String oneLine(String text) {
        StringBuilder b = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            b.append(Character.isISOControl(c) || c == '\u2028' || c == '\u2029' ? '?' : c);
        }
        return b.toString();
    }
}
