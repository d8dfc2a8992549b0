package org.primelab.tla;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The catalogue is complete: every property and invariant that a PRIME model checks has a mutant model of
 * the same specification that is expected to violate it (each mutant checks one property, so its verdict
 * names the one it fails), every mutant's target is checked on a PRIME model, and every model's
 * configuration file exists. {@link SpecModelsTest} then has
 * TLC confirm every verdict.
 */
class ModelCatalogTest {

    @Test
    void everyPropertyOfPrimeModelsHasAMutantThatViolatesIt() {
        Map<String, Set<String>> checked = new TreeMap<>();
        Map<String, Set<String>> violated = new TreeMap<>();
        for (TlcModel m : ModelCatalog.all()) {
            List<String> names = checkedNames(TlcRunner.resourceText(m.config()));
            if (m.kind() == TlcModel.Kind.PRIME) {
                checked.computeIfAbsent(m.module(), k -> new TreeSet<>()).addAll(names);
            } else if (m.kind() == TlcModel.Kind.MUTANT) {
                String property = m.expectedProperty();
                if (TlcModel.TEMPORAL.equals(property)) {
                    List<String> temporal = section(TlcRunner.resourceText(m.config()), "PROPERTIES", "PROPERTY");
                    assertEquals(1, temporal.size(), m.name() + ": a liveness mutant checks one property");
                    property = temporal.get(0);
                }
                assertTrue(names.contains(property), m.name() + " must check " + property);
                violated.computeIfAbsent(m.module(), k -> new TreeSet<>()).add(property);
            }
        }
        assertEquals(Set.of("PrimeEntropy.tla", "PrimeHistory.tla", "PrimeSpray.tla"), checked.keySet());
        for (Map.Entry<String, Set<String>> e : checked.entrySet()) {
            Set<String> missing = new TreeSet<>(e.getValue());
            missing.removeAll(violated.getOrDefault(e.getKey(), Set.of()));
            assertTrue(missing.isEmpty(), e.getKey() + ": no mutant violates " + missing);
        }
    }

    /**
     * The converse: what a mutant is made to violate is a property PRIME is checked against. Without it,
     * dropping a property from PRIME's models would go unnoticed: its mutant would still fail as expected.
     */
    @Test
    void everyMutantTargetsAPropertyPrimeModelsCheck() {
        Map<String, Set<String>> checked = new TreeMap<>();
        for (TlcModel m : ModelCatalog.all()) {
            if (m.kind() == TlcModel.Kind.PRIME) {
                checked.computeIfAbsent(m.module(), k -> new TreeSet<>())
                        .addAll(checkedNames(TlcRunner.resourceText(m.config())));
            }
        }
        for (TlcModel m : ModelCatalog.all()) {
            if (m.kind() == TlcModel.Kind.MUTANT) {
                String property = m.expectedProperty();
                if (TlcModel.TEMPORAL.equals(property)) {
                    property = section(TlcRunner.resourceText(m.config()), "PROPERTIES", "PROPERTY").get(0);
                }
                assertTrue(checked.getOrDefault(m.module(), Set.of()).contains(property),
                        m.name() + " targets " + property + ", which no PRIME model of " + m.module() + " checks");
            }
        }
    }

    @Test
    void mutantsViolatingASafetyPropertyCheckOnlyIt() {
        for (TlcModel m : ModelCatalog.all()) {
            if (m.kind() == TlcModel.Kind.MUTANT && m.expected() == Verdict.SAFETY_VIOLATED) {
                Set<String> names = new LinkedHashSet<>(checkedNames(TlcRunner.resourceText(m.config())));
                names.remove("TypeOK");
                names.remove(m.expectedProperty());
                assertTrue(names.isEmpty(), m.name() + " also checks " + names);
            }
        }
    }

    /** The invariants and properties a {@code .cfg} checks. */
    static List<String> checkedNames(String cfg) {
        List<String> out = new ArrayList<>(section(cfg, "INVARIANTS", "INVARIANT"));
        out.addAll(section(cfg, "PROPERTIES", "PROPERTY"));
        return out;
    }

    private static List<String> section(String cfg, String plural, String singular) {
        List<String> out = new ArrayList<>();
        boolean in = false;
        for (String raw : cfg.lines().toList()) {
            String line = raw.replaceAll("\\\\\\*.*", "").strip();
            if (line.isEmpty()) {
                continue;
            }
            String[] words = line.split("\\s+");
            if (words[0].equals(plural) || words[0].equals(singular)) {
                in = true;
                for (int i = 1; i < words.length; i++) {
                    out.add(words[i]);
                }
            } else if (words[0].matches("[A-Z_]+") && !raw.startsWith(" ")) {
                in = false;
            } else if (in) {
                out.add(words[0]);
            }
        }
        return out;
    }
}
