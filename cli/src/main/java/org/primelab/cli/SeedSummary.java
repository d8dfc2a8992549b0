package org.primelab.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One scenario of {@code prime crossval --seed A,B,...} over its seeds: the lowest and highest relative error of the
 * fluid model's max and mean FCT against the packet simulator's, the lowest speed-up, and on how many seeds every
 * target was met. The seed draws the workload and every random choice of both simulators, so the range says how
 * much of an error is one seed's luck.
 *
 * @param label the scenario
 * @param seeds how many seeds ran it
 * @param maxErrLow lowest {@code (fluid - packet) / packet} of the max FCT
 * @param maxErrHigh highest of the same
 * @param meanErrLow lowest {@code (fluid - packet) / packet} of the mean FCT
 * @param meanErrHigh highest of the same
 * @param minSpeedup lowest median speed-up
 * @param seedsMet seeds on which the scenario met every target
 */
record SeedSummary(String label, int seeds, double maxErrLow, double maxErrHigh, double meanErrLow,
                   double meanErrHigh, double minSpeedup, int seedsMet) {

    /** One summary per scenario of {@code rows}, in the order of each scenario's first row. */
    static List<SeedSummary> of(List<Crossval.Row> rows) {
        Map<Crossval.Scenario, List<Crossval.Row>> byScenario = new LinkedHashMap<>();
        for (Crossval.Row r : rows) {
            byScenario.computeIfAbsent(r.scenario(), k -> new ArrayList<>()).add(r);
        }
        List<SeedSummary> out = new ArrayList<>();
        for (Map.Entry<Crossval.Scenario, List<Crossval.Row>> e : byScenario.entrySet()) {
            List<Crossval.Row> rs = e.getValue();
            out.add(new SeedSummary(e.getKey().label(), rs.size(),
                    rs.stream().mapToDouble(Crossval.Row::relError).min().orElseThrow(),
                    rs.stream().mapToDouble(Crossval.Row::relError).max().orElseThrow(),
                    rs.stream().mapToDouble(Crossval.Row::meanRelError).min().orElseThrow(),
                    rs.stream().mapToDouble(Crossval.Row::meanRelError).max().orElseThrow(),
                    rs.stream().mapToDouble(Crossval.Row::speedup).min().orElseThrow(),
                    (int) rs.stream().filter(Crossval.Row::targetsMet).count()));
        }
        return out;
    }

    Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("scenario", label);
        m.put("seeds", seeds);
        m.put("max_rel_error_low", maxErrLow);
        m.put("max_rel_error_high", maxErrHigh);
        m.put("mean_rel_error_low", meanErrLow);
        m.put("mean_rel_error_high", meanErrHigh);
        m.put("min_speedup", minSpeedup);
        m.put("seeds_meeting_targets", seedsMet);
        return m;
    }
}
