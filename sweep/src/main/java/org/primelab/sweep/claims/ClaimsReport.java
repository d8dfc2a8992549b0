package org.primelab.sweep.claims;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Evaluates claims on the figures' results ({@code DIR/<figure>/results.csv}) and writes
 * {@code DIR/claims.md} and {@code DIR/claims.json}: per claim the paper's number, ours with the seed
 * spread, the fabric it was measured on, the verdict and the rule that gave it. A figure whose
 * results are missing leaves its claims "not measured"; nothing is written by hand.
 */
public final class ClaimsReport {
    /** A claim with what its rule found. */
    public record Result(Claim claim, Outcome outcome) {
    }

    private ClaimsReport() {
    }

    /** Every claim of {@code claims} evaluated on the results under {@code dir}. */
    public static List<Result> evaluate(List<Claim> claims, Path dir) {
        Map<String, List<Map<String, Object>>> cache = new LinkedHashMap<>();
        List<Result> out = new ArrayList<>();
        for (Claim c : claims) {
            List<Map<String, Object>> rows = cache.computeIfAbsent(c.figure(), f -> rowsOf(dir.resolve(f).resolve("results.csv")));
            out.add(new Result(c, c.rule().evaluate(rows)));
        }
        return out;
    }

    private static List<Map<String, Object>> rowsOf(Path csv) {
        if (!Files.exists(csv)) {
            return List.of();
        }
        try {
            return ResultsCsv.read(csv);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes claims.md and claims.json into {@code dir}; {@code scale} names the figures' scale. */
    public static void write(List<Result> results, Path dir, String scale) {
        try {
            Files.writeString(dir.resolve("claims.md"), markdown(results, scale), StandardCharsets.UTF_8);
            List<Map<String, Object>> json = new ArrayList<>();
            for (Result r : results) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("id", r.claim().id());
                m.put("where", r.claim().where());
                m.put("claim", r.claim().text());
                m.put("paper", r.claim().paper());
                m.put("figure", r.claim().figure());
                m.put("ours", r.outcome().ours());
                m.put("values", r.outcome().values());
                m.put("measured_on", r.outcome().scale());
                m.put("scale", scale);
                m.put("verdict", r.outcome().verdict().label());
                m.put("rule", r.claim().rule().describe());
                json.add(m);
            }
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(dir.resolve("claims.json").toFile(), json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The claims table in Markdown, with a count per verdict and the rules. */
    static String markdown(List<Result> results, String scale) {
        StringBuilder b = new StringBuilder();
        b.append("# The paper's claims against our results (scale: ").append(scale).append(")\n\n");
        b.append("Written by `prime figures` from the figures' `results.csv` (one row per run); every verdict is computed by\n");
        b.append("the rule in the last column. Verdicts: **reproduced** (the paper's number lies within our min..max over seeds,\n");
        b.append("widened by a stated tolerance; or its statement holds in every comparison of every case and seed), **partly**\n");
        b.append("(right direction for every seed but not the size; or the statement holds in at least half of the comparisons),\n");
        b.append("**not reproduced** (seeds disagree on the direction; or fewer than half hold), **contradicted** (the opposite\n");
        b.append("for every seed; or no comparison holds), **not measured** (the figure's results are not in this folder, or\n");
        b.append("lack the case, e.g. 16/32 MB at small scale). OB, the paper's congestion-oblivious PRIME, is our `co-prime`.\n\n");
        Map<Verdict, Integer> count = new EnumMap<>(Verdict.class);
        results.forEach(r -> count.merge(r.outcome().verdict(), 1, Integer::sum));
        List<String> parts = new ArrayList<>();
        count.forEach((v, n) -> parts.add(n + " " + v.label()));
        b.append("Summary: ").append(String.join(", ", parts)).append(" (of ").append(results.size()).append(").\n\n");
        b.append("| id | paper section | claim | paper | ours (seed spread) | measured on | verdict |\n");
        b.append("|---|---|---|---|---|---|---|\n");
        for (Result r : results) {
            b.append("| ").append(r.claim().id()).append(" | ").append(cell(r.claim().where())).append(" | ")
                    .append(cell(r.claim().text())).append(" | ").append(cell(r.claim().paper())).append(" | ")
                    .append(cell(r.outcome().ours())).append(" | ").append(cell(r.outcome().scale())).append(" | **")
                    .append(r.outcome().verdict().label()).append("** |\n");
        }
        b.append("\n## Rules\n\n");
        for (Result r : results) {
            b.append("- `").append(r.claim().id()).append("` (").append(r.claim().figure()).append("): ")
                    .append(r.claim().rule().describe()).append('\n');
        }
        return b.toString();
    }

    private static String cell(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }
}
