package org.primelab.analytical.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.longs;
import static org.quicktheories.generators.SourceDSL.strings;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.primelab.core.metrics.FctConvention;
import org.primelab.core.topology.FatTree;
import org.primelab.core.workload.Workload;
import org.primelab.core.workload.Workloads;
import org.primelab.core.workload.htsim.ConnectionMatrix;
import org.quicktheories.core.Gen;

/**
 * Fuzz properties of {@code prime check}'s results CSV ({@link ResultsCsv}): on random and hostile text
 * (headers of both sections, cells of digits, signs, exponents, blanks and control characters) the
 * reader either accepts, and every completion written back as exact decimal microseconds reads back to
 * the same picoseconds (ports to the same counts), or refuses with one line starting with
 * {@code results: } ({@code lb: } for the schemes of a {@code scheme} column); never another exception, never a
 * hang (each batch under a preemptive timeout). The columns of {@code prime sim --out}'s {@code flows.csv}
 * ({@code scheme}, {@code flow}, {@code src,dst}, {@code uplink_counts}) are among the headers.
 */
class ResultsCsvFuzzProperties {
    private static final long QT_SEED = 0x5245_5355_4c54L;
    private static final Duration BATCH_LIMIT = Duration.ofMinutes(5);
    private static final AtomicLong CASES = new AtomicLong();
    /** Eight flows with ids 1..8 (a permutation of a 2-tier k = 4 tree), all starting at 0. */
    private static final ConnectionMatrix CM = ConnectionMatrix.of(
            Workload.of(Workloads.permutation(FatTree.twoTier(4), 4096, 1, false)), 8);

    private static final List<String> HEADERS = List.of("flow_id,fct_us", "flow_id,start_us,end_us",
            "start_us,flow_id,end_us,fct_us", "switch,port,packets", "FLOW_ID , FCT_US", "flow_id", "flow_id,start_us",
            "switch,port", "switch,flow_id,port,packets,fct_us", "# comment", "", " ",
            "scheme,flow,src,dst,start_us,end_us,fct_us,uplink_counts", "flow,src,dst,fct_us", "flow_id,src,dst,fct_us",
            "flow,scheme,fct_us", "flow,uplink_counts,start_us,end_us");
    private static final List<String> CELLS = List.of("1", "2", "8", "9", "0", "-1", "3.25", "0.000001", "1e3", "1E-7",
            "1e999999999", "1e-2147483648", "9223372036854775807", "9223372036854775808", "99999999999999999999",
            "2147483648", "NaN", "Infinity", "-0", "+5", ".5", "5.", "", " ", "\t", "\u0000", "\u2028", "abc",
            "leaf0", "spine3", "\"1\"", "1,2", "0x10", "1_0", "\u00b5s", "prime", "ECMP", "co_prime", "oblivious",
            "1;2", "0;0", "3;x", "1;2;3", ";", "9223372036854775807;9223372036854775807");

    private static Gen<String> cell() {
        return integers().between(0, CELLS.size() - 1).map(CELLS::get).mix(strings().allPossible().ofLengthBetween(0, 6), 15);
    }

    private static Gen<String> row() {
        return lists().of(cell()).ofSizeBetween(0, 5).map(cs -> String.join(",", cs))
                .mix(integers().between(0, HEADERS.size() - 1).map(HEADERS::get), 25);
    }

    /** Files: often a valid header first, then rows of hostile cells; sometimes only noise. */
    private static Gen<String> file() {
        Gen<String> body = lists().of(row()).ofSizeBetween(0, 8).map(rs -> String.join("\n", rs));
        return integers().between(0, HEADERS.size() - 1).zip(body, (h, b) -> HEADERS.get(h) + "\n" + b);
    }

    /** Well-formed files of random exact times, to exercise acceptance and the round trip. */
    private static Gen<String> valid() {
        return lists().of(longs().between(0, 10_000_000_000_000L)).ofSizeBetween(1, 8).map(ts -> {
            StringBuilder b = new StringBuilder("flow_id,start_us,end_us\n");
            for (int i = 0; i < ts.size(); i++) {
                b.append(i + 1).append(',').append(us(ts.get(i) / 3)).append(',').append(us(ts.get(i))).append('\n');
            }
            return b.append("switch,port,packets\nleaf0,").append(ts.size()).append(',').append(ts.get(0)).append('\n')
                    .toString();
        });
    }

    private static String us(long ps) {
        return BigDecimal.valueOf(ps, 6).toPlainString();
    }

    private static ReportedResults parse(String text) {
        try {
            return ResultsCsv.parse("r.csv", new BufferedReader(new StringReader(text)), CM, FatTree.twoTier(4),
                    FctConvention.RECEIVER, ResultsCsvContractTest.DEFAULT_LB);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The property; returns the results or null when refused as it must be. */
    private static ReportedResults acceptedOrNamed(String text) {
        CASES.incrementAndGet();
        ReportedResults r;
        try {
            r = parse(text);
        } catch (IllegalArgumentException e) {
            String m = e.getMessage();
            assertTrue(m.startsWith("results: ") || m.startsWith("lb: "), () -> "message does not name results"
                    + " or lb (a scheme column): " + m);
            assertTrue(m.chars().noneMatch(c -> c == '\n' || c == '\r' || c == 0x2028 || c == 0x2029),
                    () -> "message is not one line: " + m);
            return null;
        }
        StringBuilder back = new StringBuilder("flow_id,start_us,end_us,fct_us\n");
        for (Completion c : r.completions()) {
            assertTrue(c.fctPs() >= 0 && c.roundingPs() >= 1, () -> "negative FCT or rounding: " + c);
            assertTrue(c.flow() >= 0 && c.flow() < CM.workload().size(), () -> "not a flow: " + c);
            back.append(CM.flowIds().get(c.flow())).append(',')
                    .append(c.startPs() == Completion.UNKNOWN ? "" : us(c.startPs())).append(',')
                    .append(c.endPs() == Completion.UNKNOWN ? "" : us(c.endPs())).append(',').append(us(c.fctPs()))
                    .append('\n');
        }
        if (r.completions().stream().allMatch(c -> c.startPs() != Completion.UNKNOWN)) {
            back.append("switch,port,packets\n");
            r.ports().forEach(p -> back.append(p.switchName()).append(',').append(p.port()).append(',')
                    .append(p.packets()).append('\n'));
            ReportedResults again = parse(back.toString());
            assertEquals(r.completions().size(), again.completions().size());
            for (int i = 0; i < r.completions().size(); i++) {
                Completion a = r.completions().get(i);
                Completion b = again.completions().get(i);
                assertEquals(List.of(a.flow(), a.startPs(), a.endPs(), a.fctPs()),
                        List.of(b.flow(), b.startPs(), b.endPs(), b.fctPs()), text);
            }
            for (int i = 0; i < r.ports().size(); i++) {
                PortCount a = r.ports().get(i);
                PortCount b = again.ports().get(i);
                assertEquals(List.of(a.switchName(), a.port(), a.packets()), List.of(b.switchName(), b.port(),
                        b.packets()), text);
            }
        }
        return r;
    }

    @Test
    void hostileCsvIsAcceptedAndRoundTripsOrRefusedNamingResults() {
        assertTimeoutPreemptively(BATCH_LIMIT, () -> qt().withFixedSeed(QT_SEED).withExamples(20_000)
                .forAll(file()).checkAssert(ResultsCsvFuzzProperties::acceptedOrNamed));
    }

    @Test
    void wellFormedCsvIsAcceptedAndRoundTripsExactly() {
        assertTimeoutPreemptively(BATCH_LIMIT, () -> qt().withFixedSeed(QT_SEED + 1).withExamples(5_000)
                .forAll(valid()).checkAssert(t -> {
                    ReportedResults r = acceptedOrNamed(t);
                    assertTrue(r != null, t);
                    assertEquals(1, r.ports().size());
                }));
    }

    @AfterAll
    static void report() {
        System.out.println("ResultsCsvFuzzProperties: " + CASES.get() + " cases");
    }
}
