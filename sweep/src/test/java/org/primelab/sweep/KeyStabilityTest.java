package org.primelab.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A point's key names every option, so an option added later would change every key and a sweep could no
 * longer resume over committed results. Options {@link Simulator#keyedOnlyWhenSet} stay out of the key
 * and the columns at their default: the planned keys of a committed sweep are exactly those on disk.
 */
class KeyStabilityTest {

    /**
     * A point run on a traffic file is keyed by the file's contents too: a resume reused a point's rows after its
     * file had changed (review 37). The same contents under the same name keep the key.
     */
    @Test
    void aTrafficFilesContentsArePartOfTheKey(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        java.nio.file.Path cm = dir.resolve("x.cm");
        java.nio.file.Files.writeString(cm, "Nodes 8\nConnections 1\n0->7 id 1 start 0 size 100000\n");
        Point first = PointPlanner.point(Simulator.SIM, Map.of("k", "4", "traffic", cm.toString()));
        assertEquals(first.key(), PointPlanner.point(Simulator.SIM, Map.of("k", "4", "traffic", cm.toString())).key());
        java.nio.file.Files.writeString(cm, "Nodes 8\nConnections 1\n0->6 id 1 start 0 size 100000\n");
        java.nio.file.Files.setLastModifiedTime(cm, java.nio.file.attribute.FileTime.fromMillis(
                java.nio.file.Files.getLastModifiedTime(cm).toMillis() + 2_000));
        Point changed = PointPlanner.point(Simulator.SIM, Map.of("k", "4", "traffic", cm.toString()));
        assertNotEquals(first.key(), changed.key());
        assertTrue(first.key().contains("traffic=" + cm + "@sha256:"), first.key());
        // a generator's key is its name alone, as the committed results have it
        assertFalse(PointPlanner.point(Simulator.SIM, Map.of("k", "4")).key().contains("sha256"));
    }

    @Test
    void anOptionAddedLaterIsKeyedOnlyWhenSet() {
        Point byDefault = PointPlanner.point(Simulator.SIM, Map.of("k", "4"));
        assertFalse(byDefault.key().contains("ev-space"), byDefault.key());
        assertFalse(byDefault.config().containsKey("opt_ev_space"), byDefault.config().toString());
        Point set = PointPlanner.point(Simulator.SIM, Map.of("k", "4", "lb", "rps", "ev-space", "64"));
        assertTrue(set.key().contains(" ev-space=64"), set.key());
        assertEquals(64L, ((Number) set.config().get("opt_ev_space")).longValue());
        assertFalse(set.key().equals(byDefault.key()));
        // the penalties, doubles: a default given explicitly (1.0 for 1) is still the default
        for (String p : List.of("p-ecn", "p-nack", "penalty-decay", "spray-order")) {
            assertFalse(byDefault.key().contains(p), byDefault.key());
        }
        assertEquals(byDefault.key(), PointPlanner.point(Simulator.SIM, Map.of("k", "4", "p-ecn", "1.0", "penalty-decay", "time")).key());
        Point longer = PointPlanner.point(Simulator.SIM, Map.of("k", "4", "p-ecn", "8", "p-nack", "32"));
        assertTrue(longer.key().contains(" p-ecn=8.0 p-nack=32.0") && !longer.key().contains("penalty-decay"), longer.key());
        assertTrue(PointPlanner.point(Simulator.SIM, Map.of("k", "4", "lb", "rps", "spray-order", "cycle")).key()
                .contains(" spray-order=cycle"));
        // a word is at its default however it is cased, as the command line parses it
        assertEquals(byDefault.key(), PointPlanner.point(Simulator.SIM, Map.of("k", "4", "spray-order", "Random",
                "penalty-decay", "TIME")).key());
    }

    /**
     * A grid crosses every value with every other, so some points name an option their run ignores (PRIME has no spray
     * order): such a point is planned as the run without it, keyed and configured at the default, and dedups with it;
     * the points where the option acts keep it. (An axis no point reads is refused: BadSpecTest.)
     */
    @Test
    void anOptionThePointIgnoresIsDroppedAndThePointDedups() {
        SweepSpec spec = SweepSpec.fromGridFlags(Simulator.SIM, List.of("k=4", "lb=prime,rps",
                "spray-order=random,cycle"));
        List<Point> points = PointPlanner.plan(spec);
        assertEquals(3, points.size(), points.stream().map(Point::key).toList().toString());
        Point prime = points.stream().filter(p -> p.key().contains(" lb=prime")).findFirst().orElseThrow();
        assertFalse(prime.args().contains("--spray-order"), prime.args().toString());
        assertFalse(prime.key().contains("spray-order"), prime.key());
        assertTrue(points.stream().anyMatch(p -> p.key().contains(" lb=rps") && p.key().contains(" spray-order=cycle")));
    }

    /** For the fluid simulator, the options the engine that runs a point ignores are dropped the same way. */
    @Test
    void anOptionTheFluidEngineIgnoresIsDropped() {
        List<String> penalties = List.of("k=4", "p-ecn=2,3", "p-nack=8");
        // auto runs PRIME on the flow-level engine, which has no congestion history: every point drops the axes
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> PointPlanner.plan(SweepSpec.fromGridFlags(Simulator.FLUID, penalties)));
        assertTrue(e.getMessage().startsWith("grid.p-ecn: no point's run reads it"), e.getMessage());
        List<String> quantum = new java.util.ArrayList<>(penalties);
        quantum.add("engine=quantum");
        assertEquals(2, PointPlanner.plan(SweepSpec.fromGridFlags(Simulator.FLUID, quantum)).size());
    }

    @Test
    void theCommittedNsccSweepResumesWithNothingToRun() throws IOException {
        // written by the command in results/README.md, "Large flows", before --ev-space existed
        Path csv = Path.of("..", "results", "paper-nscc", "results.csv");
        List<String> lines = Files.readAllLines(csv);
        Set<String> onDisk = lines.stream().skip(1).map(l -> l.substring(0, l.indexOf(','))).collect(Collectors.toSet());
        SweepSpec spec = SweepSpec.fromGridFlags(Simulator.SIM, List.of("k=64", "cc=nscc", "lb=reps,rps,ar,prime,co-prime",
                "rate=100G,400G,800G", "flow-size=16MB,32MB", "seed=1"));
        Set<String> planned = PointPlanner.plan(spec).stream().map(Point::key).collect(Collectors.toSet());
        assertEquals(30, planned.size());
        Set<String> notOnDisk = planned.stream().filter(k -> !onDisk.contains(k)).collect(Collectors.toSet());
        assertTrue(notOnDisk.isEmpty(), notOnDisk.size() + " planned keys are not on disk and would run again, e.g. "
                + notOnDisk.stream().findFirst().orElse(""));
        assertEquals(onDisk, planned);
    }
}
