package org.primelab.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.booleans;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.strings;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/**
 * Fuzz properties of the sweep spec's structure ({@link SpecReader} for YAML and JSON, and
 * {@link SweepSpec#fromGridFlags} for {@code --grid} flags): on random and hostile documents a spec is
 * either accepted, and written back as JSON it reads back to an equal spec, or refused with one line
 * starting with the key it concerns ({@code spec}, {@code simulator}, {@code grid}, {@code points});
 * never another exception, never a hang (each batch under a preemptive timeout).
 */
class SpecFuzzProperties {
    private static final long QT_SEED = 0x5357_4545_50L;
    private static final Duration BATCH_LIMIT = Duration.ofMinutes(5);
    private static final AtomicLong CASES = new AtomicLong();
    private static final ObjectMapper JSON = new ObjectMapper();

    /** YAML and JSON pieces: keys, values, indentation, flow and block syntax, anchors, tags, noise. */
    private static final List<String> TOKENS = List.of("simulator", "grid", "points", "sim", "fluid", "motivation", "k",
            "lb", "seed", "flow-size", "fail", ":", ": ", "-", "- ", "[", "]", "{", "}", ",", "\n", "  ", "    ", "#",
            "&a ", "*a", "!!binary ", "!!str ", "null", "~", "'", "\"", "\u2028", "\t", "\r", "\u0000", "8", "16", "2MB",
            "prime", "reps", "1e999", "-1", "true", "? ", "|", ">", "---", "...", "%YAML 1.2", "<<: *a", "=", ";",
            "leaf0-spine1@20us", "\u00e9", "[[", "]]");

    private static Gen<String> hostile() {
        return lists().of(integers().between(0, TOKENS.size() - 1)).ofSizeBetween(0, 24).map(ix -> {
            StringBuilder b = new StringBuilder();
            ix.forEach(i -> b.append(TOKENS.get(i)));
            return b.toString();
        }).mix(strings().allPossible().ofLengthBetween(0, 40), 20);
    }

    /** Well-formed specs with random keys and values (nearly all accepted), as YAML block text. */
    private static Gen<String> structured() {
        Gen<String> word = integers().between(0, TOKENS.size() - 1).map(TOKENS::get)
                .mix(strings().basicLatinAlphabet().ofLengthBetween(1, 6), 50);
        Gen<String> axis = word.zip(lists().of(word).ofSizeBetween(0, 3),
                (k, vs) -> "  " + yamlString(k) + ": [" + String.join(", ", vs.stream().map(SpecFuzzProperties::yamlString)
                        .toList()) + "]\n");
        return lists().of(axis).ofSizeBetween(0, 4).zip(booleans().all(), (axes, sim) ->
                (sim ? "simulator: fluid\n" : "") + "grid:\n" + String.join("", axes));
    }

    private static String yamlString(String s) {
        return JSON.valueToTree(s).toString();   // a JSON string is a YAML double-quoted scalar
    }

    /** The property; returns the spec or null when refused as it must be. */
    private static SweepSpec acceptedOrNamed(Supplier<SweepSpec> read) {
        CASES.incrementAndGet();
        SweepSpec spec;
        try {
            spec = read.get();
        } catch (IllegalArgumentException e) {
            String m = e.getMessage();
            assertTrue(m.startsWith("spec: ") || m.startsWith("simulator: ") || m.startsWith("grid")
                    || m.startsWith("points"), () -> "message does not name a key: " + m);
            assertTrue(m.chars().noneMatch(c -> c == '\n' || c == '\r' || c == 0x2028 || c == 0x2029),
                    () -> "message is not one line: " + m);
            return null;
        }
        SweepSpec again = SpecReader.parse(toJson(spec), false);
        assertEquals(spec, again, "round trip through JSON");
        assertEquals(spec.assignments(), again.assignments());
        return spec;
    }

    /** {@code spec} as a JSON document {@link SpecReader} reads. */
    static String toJson(SweepSpec spec) {
        ObjectNode root = JSON.createObjectNode();
        root.put("simulator", spec.simulator().command());
        if (!spec.grid().isEmpty()) {
            ObjectNode grid = root.putObject("grid");
            spec.grid().forEach((k, vs) -> {
                ArrayNode a = grid.putArray(k);
                vs.forEach(a::add);
            });
        }
        if (!spec.points().isEmpty()) {
            ArrayNode points = root.putArray("points");
            for (Map<String, String> p : spec.points()) {
                ObjectNode o = points.addObject();
                p.forEach(o::put);
            }
        }
        return root.toString();
    }

    @Test
    void hostileYamlIsAcceptedAndRoundTripsOrRefusedNamingTheKey() {
        assertTimeoutPreemptively(BATCH_LIMIT, () -> qt().withFixedSeed(QT_SEED).withExamples(5_000)
                .forAll(hostile()).checkAssert(t -> acceptedOrNamed(() -> SpecReader.parse(t, true))));
    }

    @Test
    void hostileJsonIsAcceptedAndRoundTripsOrRefusedNamingTheKey() {
        assertTimeoutPreemptively(BATCH_LIMIT, () -> qt().withFixedSeed(QT_SEED + 1).withExamples(10_000)
                .forAll(hostile()).checkAssert(t -> acceptedOrNamed(() -> SpecReader.parse(t, false))));
    }

    @Test
    void structuredSpecsRoundTrip() {
        AtomicLong accepted = new AtomicLong();
        assertTimeoutPreemptively(BATCH_LIMIT, () -> qt().withFixedSeed(QT_SEED + 2).withExamples(2_000)
                .forAll(structured()).checkAssert(t -> {
                    if (acceptedOrNamed(() -> SpecReader.parse(t, true)) != null) {
                        accepted.incrementAndGet();
                    }
                }));
        assertTrue(accepted.get() > 400, "too few accepted to test the round trip: " + accepted.get());
    }

    /** JSON documents whose keys and values are hostile strings, at the top level, in the grid and in points. */
    private static Gen<String> hostileKeys() {
        Gen<String> key = integers().between(0, 3).zip(hostile(), (i, h) -> i == 0 ? h
                : List.of("simulator", "grid", "points").get(i - 1));
        return lists().of(key.zip(hostile(), hostile(), (k, inner, v) -> {
            ObjectNode doc = JSON.createObjectNode();
            switch (k) {
                case "grid" -> doc.putObject("grid").putArray(inner).add(v);
                case "points" -> doc.putArray("points").addObject().put(inner, v);
                default -> doc.put(k, v);
            }
            return doc;
        })).ofSizeBetween(1, 3).map(docs -> {
            ObjectNode merged = JSON.createObjectNode();
            docs.forEach(merged::setAll);
            return merged.toString();
        });
    }

    @Test
    void hostileKeysAndValuesAreAcceptedAndRoundTripOrRefusedNamingTheKey() {
        assertTimeoutPreemptively(BATCH_LIMIT, () -> qt().withFixedSeed(QT_SEED + 4).withExamples(5_000)
                .forAll(hostileKeys()).checkAssert(t -> acceptedOrNamed(() -> SpecReader.parse(t, false))));
    }

    @Test
    void hostileGridFlagsAreAcceptedAndRoundTripOrRefusedNamingTheKey() {
        assertTimeoutPreemptively(BATCH_LIMIT, () -> qt().withFixedSeed(QT_SEED + 3).withExamples(10_000)
                .forAll(lists().of(hostile()).ofSizeBetween(0, 4))
                .checkAssert(flags -> acceptedOrNamed(() -> SweepSpec.fromGridFlags(Simulator.SIM, flags))));
    }

    @AfterAll
    static void report() {
        System.out.println("SpecFuzzProperties: " + CASES.get() + " cases");
    }
}
