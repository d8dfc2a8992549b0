package org.primelab.sweep.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The verdict rules on synthetic results.csv files whose verdicts are known exactly: each rule is fed
 * rows written as the sweep writes them (quoted point keys with commas included) and read back by
 * {@link ResultsCsv}.
 */
class ClaimRulesTest {
    @TempDir
    Path dir;

    private static final String HEADER = "point,scheme,tiers,k,hosts,rate_gbps,flow_size_bytes,opt_seed,opt_sched,ratio\n";

    /** One row of the synthetic CSV (the point key holds a comma and a quote, as real keys may). */
    private static String row(String scheme, int rate, long size, int seed, String sched, double ratio) {
        return String.format(java.util.Locale.ROOT, "\"sim k=8, lb=%s \"\"x\"\"\",%s,3,8,128,%d.0,%d,%d,%s,%s%n", scheme, scheme,
                rate, size, seed, sched, ratio);
    }

    private List<Map<String, Object>> write(String figure, String body) throws Exception {
        Path d = dir.resolve(figure);
        Files.createDirectories(d);
        Path csv = d.resolve("results.csv");
        Files.writeString(csv, HEADER + body);
        return ResultsCsv.read(csv);
    }

    /** Three seeds of prime and reps at 3-tier 800G 2 MB with the given Ratios. */
    private List<Map<String, Object>> pairs(double[] prime, double[] reps) throws Exception {
        StringBuilder b = new StringBuilder();
        for (int s = 0; s < prime.length; s++) {
            b.append(row("prime", 800, 2_000_000, s + 1, "sp", prime[s]));
            b.append(row("reps", 800, 2_000_000, s + 1, "sp", reps[s]));
        }
        return write(PaperClaims.PERM3, b.toString());
    }

    private static final RelativeGain GAIN15 = new RelativeGain(Map.of("tiers", 3, "rate_gbps", 800, "flow_size_bytes", 2_000_000),
            "ratio", "prime", "reps", RelativeGain.Form.REDUCTION, 0.15, 0.02);

    @Test
    void csvReaderKeepsQuotedCommasAndTypes() throws Exception {
        List<Map<String, Object>> rows = pairs(new double[] {1.0}, new double[] {1.1});
        assertEquals(2, rows.size());
        assertEquals("sim k=8, lb=prime \"x\"", rows.get(0).get("point"));
        assertEquals(800.0, rows.get(0).get("rate_gbps"));
        assertEquals(2_000_000L, rows.get(0).get("flow_size_bytes"));
        assertEquals("sp", rows.get(0).get("opt_sched"));
    }

    @Test
    void gainWithinSeedRangeIsReproduced() throws Exception {
        Outcome o = GAIN15.evaluate(pairs(new double[] {1, 1, 1}, new double[] {1.1, 1.2, 1.25}));
        assertEquals(Verdict.REPRODUCED, o.verdict());
        assertEquals(3, o.values().size());
        assertEquals(1 - 1 / 1.1, o.values().get(0), 1e-12);
        assertEquals(0.2, o.values().get(2), 1e-12);
        assertEquals("3-tier k=8, 128 hosts", o.scale());
    }

    @Test
    void gainOnlyJustOutsideTheToleranceIsPartly() throws Exception {
        // reductions 0.0196..0.1071: 0.15 is 0.0429 above the largest, more than the 0.02 tolerance
        Outcome o = GAIN15.evaluate(pairs(new double[] {1, 1, 1}, new double[] {1.02, 1.05, 1.12}));
        assertEquals(Verdict.PARTLY, o.verdict());
        // 1 - 1/1.12 = 0.1071 + 0.02 < 0.15, but 1 - 1/1.16 = 0.1379 + 0.02 >= 0.15
        assertEquals(Verdict.REPRODUCED, GAIN15.evaluate(pairs(new double[] {1, 1, 1}, new double[] {1.02, 1.05, 1.16})).verdict());
    }

    @Test
    void gainOppositeForEverySeedIsContradictedAndMixedIsNotReproduced() throws Exception {
        assertEquals(Verdict.CONTRADICTED, GAIN15.evaluate(pairs(new double[] {1, 1, 1}, new double[] {0.9, 0.95, 1.0})).verdict());
        assertEquals(Verdict.NOT_REPRODUCED, GAIN15.evaluate(pairs(new double[] {1, 1, 1}, new double[] {1.05, 0.95, 1.0})).verdict());
    }

    @Test
    void gainWithoutTheBaselineIsNotMeasured() throws Exception {
        List<Map<String, Object>> rows = write(PaperClaims.PERM3, row("prime", 800, 2_000_000, 1, "sp", 1.0));
        assertEquals(Verdict.NOT_MEASURED, GAIN15.evaluate(rows).verdict());
    }

    @Test
    void fractionRule() {
        assertEquals(Verdict.REPRODUCED, Verdict.ofFraction(3, 3));
        assertEquals(Verdict.PARTLY, Verdict.ofFraction(2, 3));
        assertEquals(Verdict.PARTLY, Verdict.ofFraction(2, 4));
        assertEquals(Verdict.NOT_REPRODUCED, Verdict.ofFraction(1, 3));
        assertEquals(Verdict.CONTRADICTED, Verdict.ofFraction(0, 3));
        assertEquals(Verdict.NOT_MEASURED, Verdict.ofFraction(0, 0));
    }

    @Test
    void comparisonCountsEveryCaseSeedAndScheme() throws Exception {
        StringBuilder b = new StringBuilder();
        for (int seed = 1; seed <= 2; seed++) {
            b.append(row("prime", 800, 2_000_000, seed, "sp", 1.00));
            b.append(row("co-prime", 800, 2_000_000, seed, "sp", 0.99)); // excluded: would fail
            b.append(row("reps", 800, 2_000_000, seed, "sp", 1.10));
            b.append(row("ar", 800, 2_000_000, seed, "sp", seed == 1 ? 1.00 : 1.20)); // a tie does not hold
        }
        List<Map<String, Object>> rows = write(PaperClaims.PERM3, b.toString());
        Comparison c = new Comparison(Map.of("tiers", 3), List.of("rate_gbps", "flow_size_bytes"), "scheme", "prime", List.of(),
                List.of("co-prime"), "ratio", true);
        Outcome o = c.evaluate(rows);
        assertEquals(List.of(1.0, 0.0, 1.0, 1.0), o.values());
        assertEquals(Verdict.PARTLY, o.verdict());
        Comparison withOb = new Comparison(Map.of("tiers", 3), List.of("rate_gbps", "flow_size_bytes"), "scheme", "prime", List.of(),
                List.of(), "ratio", true);
        assertEquals(Verdict.PARTLY, withOb.evaluate(rows).verdict()); // 4 of 6
        Comparison higher = new Comparison(Map.of(), List.of(), "scheme", "reps", List.of("prime", "ar"), List.of(), "ratio", false);
        assertEquals(List.of(1.0, 1.0, 1.0, 0.0), higher.evaluate(rows).values()); // seed 2: AR 1.20 > REPS 1.10
        assertEquals(Verdict.PARTLY, higher.evaluate(rows).verdict());
        Comparison higherThanPrime = new Comparison(Map.of(), List.of(), "scheme", "reps", List.of("prime"), List.of(), "ratio", false);
        assertEquals(Verdict.REPRODUCED, higherThanPrime.evaluate(rows).verdict());
        Comparison reversed = new Comparison(Map.of(), List.of(), "scheme", "reps", List.of("prime"), List.of(), "ratio", true);
        assertEquals(Verdict.CONTRADICTED, reversed.evaluate(rows).verdict());
    }

    @Test
    void boundSimilarAndSpread() throws Exception {
        StringBuilder b = new StringBuilder();
        double[][] ratios = {{1.04, 1.06}, {1.05, 1.02}};
        for (int seed = 1; seed <= 2; seed++) {
            b.append(row("prime", 800, 16_000_000, seed, "wrr:0.5", ratios[seed - 1][0]));
            b.append(row("prime", 800, 16_000_000, seed, "wrr:0.8", ratios[seed - 1][1]));
            b.append(row("reps", 800, 16_000_000, seed, "wrr:0.5", 1.0));
            b.append(row("reps", 800, 16_000_000, seed, "wrr:0.8", 1.5));
        }
        List<Map<String, Object>> rows = write(PaperClaims.MIXED, b.toString());
        Bound bound = new Bound(Map.of("scheme", "prime", "flow_size_bytes", List.of(16_000_000, 32_000_000)), "ratio", 1.05);
        Outcome o = bound.evaluate(rows);
        assertEquals(List.of(1.0, 0.0, 1.0, 1.0), o.values()); // 1.05 is within (inclusive)
        assertEquals(Verdict.PARTLY, o.verdict());
        Similar similar = new Similar(Map.of("opt_sched", "wrr:0.5"), List.of(), List.of("prime", "reps"), "ratio", 0.045);
        assertEquals(List.of(1.0, 0.0), similar.evaluate(rows).values()); // |1.04-1| <= 0.045, |1.05-1| > 0.045
        SpreadComparison spread = new SpreadComparison(Map.of(), "opt_sched", "ratio", "prime", "reps");
        assertEquals(Verdict.REPRODUCED, spread.evaluate(rows).verdict()); // prime 1.9% / 2.9% vs reps 50%
        SpreadComparison inverse = new SpreadComparison(Map.of(), "opt_sched", "ratio", "reps", "prime");
        assertEquals(Verdict.CONTRADICTED, inverse.evaluate(rows).verdict());
    }

    @Test
    void reportReadsEachFiguresResultsAndWritesEveryClaim() throws Exception {
        pairs(new double[] {1, 1, 1}, new double[] {1.1, 1.2, 1.25});
        List<ClaimsReport.Result> results = ClaimsReport.evaluate(PaperClaims.all(), dir);
        assertEquals(PaperClaims.all().size(), results.size());
        List<String> measured = new ArrayList<>();
        for (ClaimsReport.Result r : results) {
            if (r.outcome().verdict() != Verdict.NOT_MEASURED) {
                measured.add(r.claim().id());
            }
        }
        // only the 3-tier permutation has results, and only prime/reps at 800G 2 MB
        assertEquals(List.of("perm-15pct-vs-reps", "perm-outperforms-3tier"), measured);
        assertEquals(Verdict.REPRODUCED, results.get(0).outcome().verdict());
        ClaimsReport.write(results, dir, "test");
        String md = Files.readString(dir.resolve("claims.md"));
        assertTrue(md.contains("| perm-15pct-vs-reps |"), md);
        assertTrue(md.contains("Summary: 2 reproduced, " + (results.size() - 2) + " not measured"), md);
        JsonNode json = new ObjectMapper().readTree(dir.resolve("claims.json").toFile());
        assertEquals(results.size(), json.size());
        assertEquals("reproduced", json.get(0).get("verdict").asText());
        assertEquals(3, json.get(0).get("values").size());
    }
}
