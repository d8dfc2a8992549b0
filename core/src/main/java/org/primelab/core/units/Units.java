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
 * A bad text throws {@link IllegalArgumentException} whose message names the text and the
 * accepted forms. Nothing rounds silently: a value that is not a whole number of the base unit
 * (for example {@code 0.1ps}) is rejected.
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

    private static final Pattern NUMBER_UNIT =
            Pattern.compile("\\s*([0-9]+(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)\\s*([a-zA-Z]*)\\s*");

    private Units() {
    }

    /** Nanoseconds to picoseconds. */
    public static long ns(double nanoseconds) {
        return Math.round(nanoseconds * PS_PER_NS);
    }

    /** Microseconds to picoseconds. */
    public static long us(double microseconds) {
        return Math.round(microseconds * PS_PER_US);
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
        return Math.round(gigabits * GBPS);
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
            return (num + bitsPerSecond - 1) / bitsPerSecond;
        }
        BigInteger[] qr = BigInteger.valueOf(bits).multiply(BigInteger.valueOf(PS_PER_S))
                .divideAndRemainder(BigInteger.valueOf(bitsPerSecond));
        BigInteger q = qr[1].signum() == 0 ? qr[0] : qr[0].add(BigInteger.ONE);
        return q.longValueExact();
    }

    /** Bytes a link of {@code bitsPerSecond} carries in {@code picoseconds} (rounded down). */
    public static long bytesIn(long picoseconds, long bitsPerSecond) {
        return BigInteger.valueOf(picoseconds).multiply(BigInteger.valueOf(bitsPerSecond))
                .divide(BigInteger.valueOf(PS_PER_S * BITS_PER_BYTE)).longValueExact();
    }

    /**
     * Parses a duration into picoseconds: {@code ps, ns, us, ms, s} (a bare number is rejected,
     * because a time without a unit is ambiguous).
     */
    public static long parseTime(String text) {
        Matcher m = match(text, "time", "a number with a unit ps, ns, us, ms or s (e.g. 600ns, 1.5us)");
        long scale = switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "ps" -> 1L;
            case "ns" -> PS_PER_NS;
            case "us", "µs" -> PS_PER_US;
            case "ms" -> PS_PER_MS;
            case "s" -> PS_PER_S;
            default -> throw bad(text, "time", "a unit ps, ns, us, ms or s (e.g. 600ns, 1.5us)");
        };
        return scaleExact(m.group(1), scale, text, "time");
    }

    /**
     * Parses a size into bytes: {@code B, KB, MB, GB} (powers of 10), {@code KiB, MiB, GiB}
     * (powers of 2); a bare number means bytes.
     */
    public static long parseBytes(String text) {
        Matcher m = match(text, "size", "a number with B, KB, MB, GB, KiB, MiB or GiB (e.g. 2MB)");
        long scale = switch (m.group(2)) {
            case "", "B", "b" -> 1L;
            case "KB", "kB", "K", "k" -> 1_000L;
            case "MB", "M" -> 1_000_000L;
            case "GB", "G" -> 1_000_000_000L;
            case "KiB" -> 1L << 10;
            case "MiB" -> 1L << 20;
            case "GiB" -> 1L << 30;
            default -> throw bad(text, "size", "a unit B, KB, MB, GB, KiB, MiB or GiB (e.g. 2MB, 2MiB)");
        };
        return scaleExact(m.group(1), scale, text, "size");
    }

    /**
     * Parses a rate into bits per second: {@code 400G}, {@code 400Gbps}, {@code 100M},
     * {@code 1T}, or a bare number of bits per second.
     */
    public static long parseRate(String text) {
        Matcher m = match(text, "rate", "a number with G, Gbps, M, Mbps, T or bps (e.g. 400G)");
        String unit = m.group(2).toLowerCase(Locale.ROOT);
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
            default -> throw bad(text, "rate", "a unit G, Gbps, M, Mbps, T or bps (e.g. 400G)");
        };
        return scaleExact(m.group(1), scale, text, "rate");
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

    /** Formats a rate in bits per second as {@code 400G} when whole gigabits, else in bps. */
    public static String formatRate(long bps) {
        if (bps % GBPS == 0) {
            return (bps / GBPS) + "G";
        }
        return trim(bps / (double) GBPS) + "G";
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
        Matcher m = NUMBER_UNIT.matcher(text);
        if (!m.matches()) {
            throw bad(text, field, accepted);
        }
        return m;
    }

    private static long scaleExact(String number, long scale, String text, String field) {
        java.math.BigDecimal v = new java.math.BigDecimal(number).multiply(java.math.BigDecimal.valueOf(scale));
        try {
            return v.longValueExact();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(field + ": '" + text
                    + "' is not a whole number of the base unit or is too large");
        }
    }

    private static IllegalArgumentException bad(String text, String field, String accepted) {
        return new IllegalArgumentException(field + ": cannot parse '" + text + "'; expected " + accepted);
    }
}
