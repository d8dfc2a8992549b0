package org.primelab.core.workload.htsim;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.primelab.core.units.Units;

/**
 * The settings htsim's {@code main_uec} prints before it runs (commit 40ccb05): the link rate
 * ({@code Linkspeed set to 400Gbps}, whole Gbps: a rate of 12.5G prints as 12), the per-link latency ({@code Hop latency set to 0.6}, microseconds), the
 * packet size ({@code Packet size (MTU) is 4160}) and the tree's tiers ({@code tiers 2}). Each is
 * {@link #ABSENT} if the output lacks its line (an older or trimmed output); only the lines before the first
 * flow event are read.
 *
 * @param linkRateBps the link rate, bits per second
 * @param hopLatencyPs the latency of one link, picoseconds
 * @param mtuBytes the packet size, bytes
 * @param tiers the tree's tiers
 * @param source the file, for messages
 * @param lines per setting (in the order above), the line it was read from (0 if absent)
 */
public record HtsimHeader(long linkRateBps, long hopLatencyPs, long mtuBytes, long tiers, String source,
                          List<Integer> lines) {
    /** Copies the lines. */
    public HtsimHeader {
        lines = List.copyOf(lines);
    }

    /** A setting the output does not print. */
    public static final long ABSENT = -1;
    /** How many lines are read at most before giving up on the header. */
    static final int MAX_HEADER_LINES = 2_000;

    private static final Pattern RATE = Pattern.compile("^Linkspeed set to ([0-9]+)Gbps\\s*$");
    private static final Pattern HOP = Pattern.compile("^Hop latency set to ([0-9]+(?:\\.[0-9]+)?)\\s*$");
    private static final Pattern MTU = Pattern.compile("^Packet size \\(MTU\\) is ([0-9]+)\\s*$");
    private static final Pattern TIERS = Pattern.compile("^tiers ([0-9]+)\\s*$");

    /** Reads the header of htsim's output {@code file} (plain or gzip). */
    public static HtsimHeader read(Path file) {
        String name = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        try (BufferedReader in = TextInput.open(file, "htsim")) {
            return parse(name, in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads the header from {@code in}; {@code name} names it in messages. */
    public static HtsimHeader parse(String name, BufferedReader in) throws IOException {
        long[] values = {ABSENT, ABSENT, ABSENT, ABSENT};
        int[] lines = new int[4];
        Pattern[] patterns = {RATE, HOP, MTU, TIERS};
        String text;
        int line = 0;
        while ((text = in.readLine()) != null && line < MAX_HEADER_LINES) {
            line++;
            if (text.contains(" flowId ")) {
                break;    // the run's events have begun
            }
            for (int i = 0; i < patterns.length; i++) {
                Matcher m = patterns[i].matcher(text.strip());
                if (m.matches() && values[i] == ABSENT) {
                    values[i] = value(i, m.group(1));
                    lines[i] = line;
                }
            }
        }
        return new HtsimHeader(values[0], values[1], values[2], values[3], name,
                List.of(lines[0], lines[1], lines[2], lines[3]));
    }

    private static long value(int setting, String text) {
        BigDecimal v = new BigDecimal(text);
        if (v.compareTo(BigDecimal.valueOf(1_000_000_000L)) > 0) {
            return ABSENT;    // not a value any run has: leave it unchecked rather than overflow
        }
        return switch (setting) {
            case 0 -> v.longValueExact() * Units.GBPS;
            case 1 -> v.multiply(BigDecimal.valueOf(Units.PS_PER_US)).setScale(0, java.math.RoundingMode.HALF_EVEN)
                    .longValueExact();
            default -> v.longValueExact();
        };
    }

    /**
     * The first setting the options contradict, as a one-line message naming the option, or null: the options
     * must describe the run the output came from.
     */
    public String contradiction(long rateBps, long propagationPs, int mtu, int treeTiers) {
        // htsim prints the rate in whole Gbps (integer division: 12.5G as 12Gbps) and the latency to 6 digits
        if (linkRateBps != ABSENT && linkRateBps != rateBps / Units.GBPS * Units.GBPS) {
            return "rate: the options give " + Units.formatRate(rateBps) + ", but " + source + " ran at "
                    + Units.formatRate(linkRateBps) + " ('Linkspeed set to', line " + lines.get(0) + ", whole Gbps);"
                    + " give the --rate it ran";
        }
        if (hopLatencyPs != ABSENT && Math.abs(hopLatencyPs - propagationPs) > 1e-5 * Math.max(hopLatencyPs, 1)) {
            return "delay: the options give " + Units.formatTime(propagationPs) + " per link, but " + source
                    + " ran with " + Units.formatTime(hopLatencyPs) + " ('Hop latency set to', line " + lines.get(1)
                    + "); give --delay " + Units.formatTime(hopLatencyPs);
        }
        if (mtuBytes != ABSENT && mtuBytes != mtu) {
            return "mtu: the options give " + mtu + " B, but " + source + " ran with " + mtuBytes
                    + " B ('Packet size (MTU) is', line " + lines.get(2) + "); give --mtu " + mtuBytes;
        }
        if (tiers != ABSENT && tiers != treeTiers) {
            return "tiers: the options give " + treeTiers + ", but " + source + " ran a " + tiers + "-tier tree ('tiers',"
                    + " line " + lines.get(3) + "); give --tiers " + tiers;
        }
        return null;
    }
}
