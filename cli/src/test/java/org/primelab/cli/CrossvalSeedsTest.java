package org.primelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code prime crossval --seed A,B}: one row per scenario and seed, each the run that seed alone gives, and a
 * per-scenario summary whose ranges are the rows' extremes (one 128-host case, 1 round: a few seconds).
 */
class CrossvalSeedsTest {
    private static final String CASE = "2-tier k=16 400G 2MB prime";

    @Test
    void eachSeedsRowIsThatSeedsOwnRunAndTheSummaryHoldsTheirRange() {
        EvCommandTest.Run both = EvCommandTest.run("crossval", "--only", CASE, "--seed", "3,1", "--rounds", "1", "--json");
        assertTrue(both.code() == 0 || both.code() == 1, both.err());
        List<String> lines = both.out().lines().toList();
        assertEquals(3, lines.size(), both.out());   // two rows, then the summary
        EvCommandTest.Run three = EvCommandTest.run("crossval", "--only", CASE, "--seed", "3", "--rounds", "1", "--json");
        EvCommandTest.Run one = EvCommandTest.run("crossval", "--only", CASE, "--seed", "1", "--rounds", "1", "--json");
        assertTrue(lines.get(0).startsWith("{\"seed\":3,"), lines.get(0));
        assertTrue(lines.get(1).startsWith("{\"seed\":1,"), lines.get(1));
        for (String key : List.of("packet_max_fct_us", "fluid_max_fct_us", "packet_mean_fct_us", "fluid_mean_fct_us")) {
            assertEquals(field(three.out(), key).get(0), field(lines.get(0), key).get(0), key + ", seed 3");
            assertEquals(field(one.out(), key).get(0), field(lines.get(1), key).get(0), key + ", seed 1");
        }
        // the seed reaches the run: another permutation and other random choices, another packet-level result
        assertNotEquals(field(lines.get(0), "packet_mean_fct_us"), field(lines.get(1), "packet_mean_fct_us"));

        String summary = lines.get(2);
        assertTrue(summary.contains("\"seeds\":[3,1]") && summary.contains("\"runs\":2")
                && summary.contains("\"scenarios\":1"), summary);
        // the summary's extremes are the rows' own values, printed alike: the same text
        for (String[] keys : new String[][] {{"rel_error", "max_rel_error"}, {"mean_rel_error", "mean_rel_error"}}) {
            String a = field(lines.get(0), keys[0]).get(0);
            String b = field(lines.get(1), keys[0]).get(0);
            boolean aLower = Double.parseDouble(a) <= Double.parseDouble(b);
            assertEquals(aLower ? a : b, field(summary, keys[1] + "_low").get(0), keys[1]);
            assertEquals(aLower ? b : a, field(summary, keys[1] + "_high").get(0), keys[1]);
        }
        long met = lines.subList(0, 2).stream().filter(l -> l.contains("\"targets_met\":true")).count();
        assertEquals(met, (long) num(summary, "seeds_meeting_targets"));
        assertEquals(met == 2 ? 0 : 1, both.code());
    }

    @Test
    void seedsAreIntegersEachGivenOnce() {
        assertEquals(List.of(1L, 2L, 3L), CrossvalCommand.seeds("1,2,3"));
        assertEquals(List.of(7L), CrossvalCommand.seeds("7"));
        for (String bad : new String[] {"", "1,,2", "x", "1,1", "1.5"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CrossvalCommand.seeds(bad));
            assertTrue(e.getMessage().startsWith("seed: ") && e.getMessage().contains(bad), e.getMessage());
        }
        StringBuilder many = new StringBuilder("0");
        for (int s = 1; s <= CrossvalCommand.MAX_SEEDS; s++) {
            many.append(',').append(s);
        }
        assertThrows(IllegalArgumentException.class, () -> CrossvalCommand.seeds(many.toString()));
    }

    private static List<String> field(String json, String key) {
        Matcher m = Pattern.compile("\"" + key + "\":(-?[0-9.eE+]+)").matcher(json);
        List<String> values = new ArrayList<>();
        while (m.find()) {
            values.add(m.group(1));
        }
        assertTrue(!values.isEmpty(), key + " in " + json);
        return values;
    }

    private static double num(String json, String key) {
        return Double.parseDouble(field(json, key).get(0));
    }
}
