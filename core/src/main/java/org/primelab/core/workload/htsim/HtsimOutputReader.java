package org.primelab.core.workload.htsim;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.primelab.core.units.Units;

/**
 * Reads htsim's standard output (plain or gzip) into an {@link HtsimOutput}: the
 * {@code Flow NAME flowId N ... starting at T} and {@code ... finished at T} lines, and the closing
 * summary {@code New: A Rtx: B ... NACKs: C ...}. Every other line (configuration echo, congestion
 * control traces, trigger messages) is skipped. Text with none of these lines is refused: it is not htsim's
 * output (a run cut short still has its flows' start lines).
 */
public final class HtsimOutputReader {
    /** Significant digits htsim prints times with (the C++ stream default precision). */
    public static final int SIGNIFICANT_DIGITS = 6;

    private static final Pattern FLOW =
            Pattern.compile("^Flow (\\S+) flowId ([0-9]+) .*?(starting|finished) at (\\S+)(?: .*)?$");
    private static final Pattern NAME = Pattern.compile(".*_([0-9]+)_([0-9]+)");
    private static final Pattern COUNTER = Pattern.compile("([A-Za-z_]+): ([0-9]+)");
    private static final Pattern NUMBER = Pattern.compile("[0-9]+(\\.[0-9]*)?([eE][+-]?[0-9]+)?");

    private HtsimOutputReader() {
    }

    /** Reads {@code file}; messages name it. */
    public static HtsimOutput read(Path file) {
        try (BufferedReader in = TextInput.open(file, "htsim")) {
            return parse(TextInput.displayName(file), in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads htsim output from {@code in}; {@code name} names it in messages. */
    public static HtsimOutput parse(String name, BufferedReader in) throws IOException {
        List<HtsimFlowEvent> started = new ArrayList<>();
        List<HtsimFlowEvent> finished = new ArrayList<>();
        Map<String, Long> summary = new LinkedHashMap<>();
        String text;
        int line = 0;
        while ((text = in.readLine()) != null) {
            line++;
            if (text.startsWith("Flow ")) {
                Matcher m = FLOW.matcher(text);
                if (!m.matches()) {
                    continue;   // another report about a flow (e.g. a duplicate start warning)
                }
                HtsimFlowEvent ev = event(name, line, m);
                (m.group(3).equals("starting") ? started : finished).add(ev);
            } else if (text.startsWith("New: ")) {
                Matcher m = COUNTER.matcher(text);
                while (m.find()) {
                    summary.put(m.group(1), Long.parseLong(m.group(2)));
                }
            }
        }
        if (started.isEmpty() && finished.isEmpty() && summary.isEmpty()) {
            // not even a run cut short (htsim prints a flow's start line when it starts): another file
            throw new IllegalArgumentException("htsim: " + name + " holds no 'Flow NAME flowId N ... starting|finished"
                    + " at T' line and no closing 'New: ...' summary; expected htsim's standard output");
        }
        return new HtsimOutput(started, finished, summary);
    }

    private static HtsimFlowEvent event(String name, int line, Matcher m) {
        String flowName = m.group(1);
        int flowId;
        try {
            flowId = Integer.parseInt(m.group(2));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("htsim: " + name + ":" + line + ": flowId " + m.group(2)
                    + " is out of range");
        }
        String time = m.group(4);
        if (!NUMBER.matcher(time).matches()) {
            throw new IllegalArgumentException("htsim: " + name + ":" + line + ": expected a time in microseconds"
                    + " after 'at', got '" + time + "'");
        }
        BigDecimal us = new BigDecimal(time);
        long ps = us.multiply(BigDecimal.valueOf(Units.PS_PER_US)).setScale(0, RoundingMode.HALF_EVEN)
                .longValueExact();
        Matcher n = NAME.matcher(flowName);
        int src = n.matches() ? Integer.parseInt(n.group(1)) : -1;
        int dst = n.matches() ? Integer.parseInt(n.group(2)) : -1;
        return new HtsimFlowEvent(flowId, flowName, src, dst, ps, roundingPs(us), line);
    }

    /**
     * Half a unit of the last of {@link #SIGNIFICANT_DIGITS} significant digits of {@code us}, in
     * picoseconds, rounded up (0 for a printed 0, which only an exact 0 prints as).
     */
    static long roundingPs(BigDecimal us) {
        if (us.signum() == 0) {
            return 0;
        }
        int leading = us.precision() - us.scale() - 1;       // exponent of the leading digit
        BigDecimal halfUnitPs = BigDecimal.valueOf(5).scaleByPowerOfTen(leading - SIGNIFICANT_DIGITS + 6);
        return halfUnitPs.setScale(0, RoundingMode.CEILING).longValueExact();
    }
}
