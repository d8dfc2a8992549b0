package org.primelab.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.primelab.core.entropy.EntropyConfig;
import org.primelab.core.entropy.PenaltyRtts;
import org.primelab.core.history.CongestionHistory;

/**
 * The sensitivity study's pieces: a penalty setting equal to the defaults gives exactly the row the
 * CLI gives (two paths to the simulator agree), settings convert RTTs to the history's units exactly,
 * bad settings are refused in one line, and the study's plan is the stated grid without duplicates.
 */
class SensitivityTest {
    private static Point point(String... kv) {
        Map<String, String> a = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            a.put(kv[i], kv[i + 1]);
        }
        return PointPlanner.point(Simulator.SIM, a);
    }

    private static Map<String, Object> metrics(Map<String, Object> row) {
        Map<String, Object> m = new LinkedHashMap<>(Rows.withoutTiming(row));
        m.keySet().removeIf(k -> k.startsWith("opt_") || k.equals(Rows.POINT));
        return m;
    }

    @Test
    void defaultPenaltiesThroughTheTunedRunnerGiveTheClisRow() {
        Point p = point("k", "8", "degrade-fraction", "0.25", "flow-size", "1MB", "seed", "3"); // 4 BDPs: past the exploration phase
        PenaltySetting defaults = new PenaltySetting(CongestionHistory.Decay.TIME, EntropyConfig.ECN_PENALTY_RTTS,
                EntropyConfig.NACK_PENALTY_RTTS);
        List<Map<String, Object>> cli = new CliPointRunner().run(p);
        List<Map<String, Object>> tuned = new TunedPointRunner().run(defaults.apply(p));
        assertEquals(1, cli.size());
        assertEquals(metrics(cli.get(0)), metrics(tuned.get(0)));
        assertEquals("time", tuned.get(0).get(PenaltySetting.DECAY));
        assertNotEquals(cli.get(0).get(Rows.POINT), tuned.get(0).get(Rows.POINT));
        // a different setting is really applied: much longer penalties change the run
        List<Map<String, Object>> longer = new TunedPointRunner().run(new PenaltySetting(CongestionHistory.Decay.TIME, 40, 160).apply(p));
        assertNotEquals(metrics(cli.get(0)), metrics(longer.get(0)));
    }

    @Test
    void settingsAreCoresPenaltiesInRtts() {
        // the conversion to picoseconds and sends is core's, tested in PenaltyRttsTest
        assertEquals(new PenaltyRtts(CongestionHistory.Decay.COUNT, 0.5, 8),
                new PenaltySetting(CongestionHistory.Decay.COUNT, 0.5, 8).penalties());
    }

    @Test
    void badSettingsAreRefusedInOneLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new PenaltySetting(CongestionHistory.Decay.TIME, 4, 4));
        assertTrue(e.getMessage().startsWith("p-nack: must be > p-ecn"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new PenaltySetting(CongestionHistory.Decay.COUNT, 0, 4));
        assertTrue(e.getMessage().startsWith("p-ecn: "), e.getMessage());
    }

    /** The study's own options are named as such (a point's planner named them "k" and "seed"). */
    @Test
    void theStudysOptionsAreNamedInTheirRefusals() {
        String[][] cases = {{"5", "8", "1", "k3: switch radix must be even"}, {"4", "3", "1", "k-degraded: switch radix"},
            {"4", "8", "x", "seeds: 'x' is not a 64-bit integer"}, {"4", "8", "1,1", "seeds: 1 given twice"}};
        for (String[] c : cases) {
            SensitivityCommand command = new SensitivityCommand();
            command.k3 = c[0];
            command.kDegraded = c[1];
            command.seeds = List.of(c[2].split(","));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, command::plan);
            assertTrue(e.getMessage().startsWith(c[3]), e.getMessage());
        }
    }

    @Test
    void planIsTheStatedGrid() {
        SensitivityCommand c = new SensitivityCommand();
        c.k3 = "4";
        c.kDegraded = "8";
        c.seeds = List.of("1");
        List<Point> plan = c.plan();
        int primePairs = 0;
        for (double e : SensitivityCommand.ECN_RTTS) {
            for (double n : SensitivityCommand.NACK_RTTS) {
                primePairs += n > e ? 1 : 0;
            }
        }
        assertEquals(8, primePairs);
        // cases x seeds x CCs x (PRIME: pairs x 2 decays + ack-on-mark; REPS, AR: 2 ack-on-mark each)
        assertEquals(2 * 1 * 2 * (primePairs * 2 + 1 + 4), plan.size());
        Set<String> keys = new HashSet<>();
        plan.forEach(p -> assertTrue(keys.add(p.key()), p.key()));
    }
}
