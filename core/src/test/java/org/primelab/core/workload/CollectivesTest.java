package org.primelab.core.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.primelab.core.topology.FatTree;
import org.primelab.core.workload.htsim.CmReader;
import org.primelab.core.workload.htsim.CmWriter;
import org.primelab.core.workload.htsim.ConnectionMatrix;

class CollectivesTest {
    private static final FatTree K16 = FatTree.twoTier(16);

    @Test
    void theSerialAllToAllOnTheFixturesGroupsIsExactlyTheWorkloadHtsimsGeneratorWrote() throws URISyntaxException {
        Workload fixture = CmReader.read(Path.of(getClass().getResource("/htsim/a2a128.cm").toURI()), K16).workload();
        int[][] groups = new int[16][8];
        for (int g = 0; g < 16; g++) {
            for (int s = 0; s < 8; s++) {
                groups[g][s] = fixture.flow(g * 56 + s * 7).src();   // each sender's first flow
            }
        }
        assertEquals(fixture, Collectives.serialAllToAll(groups, 500_000));
    }

    @Test
    void ringAllReduceForwardsEachChunkAroundTheRingTwiceMinusTwoStepsEachWaitingForTheLastReceive() {
        int[][] groups = Placement.PACKED.groups(K16, 5, 2, 1);
        long size = 1_000_003;
        Workload w = Collectives.ringAllReduce(groups, size);
        int steps = 2 * (5 - 1);
        assertEquals(2 * 5 * steps, w.size());
        long chunk = (size + 4) / 5;
        for (int g = 0; g < 2; g++) {
            for (int c = 0; c < 5; c++) {
                Set<Integer> reached = new HashSet<>();
                for (int j = 0; j < steps; j++) {
                    Flow f = w.flow((g * 5 + c) * steps + j);
                    assertEquals(chunk, f.sizeBytes());
                    assertEquals(groups[g][(c + j) % 5], f.src());
                    assertEquals(groups[g][(c + j + 1) % 5], f.dst());
                    reached.add(f.dst());
                    if (j == 0) {
                        assertFalse(f.startsOnTrigger());
                    } else {
                        assertEquals(w.flow(f.id() - 1).recvDoneTrigger(), f.startTrigger(),
                                "step j waits on the receive of step j-1");
                    }
                }
                assertEquals(5, reached.size(), "every host gets every reduced chunk");
            }
        }
        int[] sent = new int[K16.hosts()];
        for (Flow f : w.flows()) {
            sent[f.src()]++;
        }
        for (int[] g : groups) {
            for (int h : g) {
                assertEquals(5 * steps / 5, sent[h], "each host sends one chunk per step");
            }
        }
        ConnectionMatrix cm = ConnectionMatrix.of(w, K16.hosts());
        assertEquals(cm, CmReader.parse("ar.cm", CmWriter.format(cm), K16), "htsim accepts it");
    }

    @Test
    void allToAllIncastAndRingHaveTheirShapes() {
        int[][] groups = Placement.PACKED.groups(K16, 4, 3, 0);
        Workload a2a = Collectives.allToAll(groups, 10);
        assertEquals(3 * 4 * 3, a2a.size());
        Workload incast = Collectives.incast(groups, 10);
        assertEquals(9, incast.size());
        assertTrue(incast.flows().stream().allMatch(f -> f.dst() == groups[f.id() / 3][0]));
        Workload ring = Collectives.ring(new int[][] {Placement.PACKED.groups(K16, K16.hosts(), 1, 0)[0]}, 7);
        assertEquals(Workload.of(Workloads.ring(K16, 7)), ring, "one packed group of all hosts is today's ring");
        assertEquals(Workload.of(Workloads.permutation(K16, 9, 3, false)),
                Collectives.generate(Collectives.Kind.PERMUTATION, K16, groups, 9, 3));
    }

    @Test
    void placementsPutGroupsWhereTheySay() {
        FatTree t = FatTree.threeTier(8);   // 8 pods x 4 ToRs x 4 hosts
        for (int[] g : Placement.PACKED.groups(t, 4, 0, 0)) {
            assertTrue(Arrays.stream(g).map(t::torIndexOf).distinct().count() == 1, "a packed group of 4 under one ToR");
        }
        for (int[] g : Placement.SPREAD.groups(t, 8, 0, 0)) {
            assertEquals(8, Arrays.stream(g).map(t::podOf).distinct().count(), "a spread group of 8 in 8 pods");
        }
        for (int[] g : Placement.SPREAD.groups(t, 32, 0, 0)) {
            assertEquals(32, Arrays.stream(g).map(t::torIndexOf).distinct().count(), "32 hosts under 32 ToRs");
        }
        int[][] all = Placement.SPREAD.groups(t, 2, 0, 0);
        assertEquals(t.hosts() / 2, all.length);
        assertEquals(t.hosts(), Arrays.stream(all).flatMapToInt(Arrays::stream).distinct().count());
        assertArrayEquals(Placement.RANDOM.groups(t, 8, 3, 42)[2], Placement.RANDOM.groups(t, 8, 3, 42)[2]);
        assertNotEquals(Arrays.deepToString(Placement.RANDOM.groups(t, 8, 3, 42)),
                Arrays.deepToString(Placement.RANDOM.groups(t, 8, 3, 43)));
    }

    @Test
    void badGroupsAreRefusedNamingTheOption() {
        var e = assertThrows(IllegalArgumentException.class, () -> Placement.PACKED.groups(K16, 1, 0, 0));
        assertTrue(e.getMessage().startsWith("group: must be in [2, 128]"), e.getMessage());
        var e2 = assertThrows(IllegalArgumentException.class, () -> Placement.PACKED.groups(K16, 64, 3, 0));
        assertTrue(e2.getMessage().startsWith("groups: must be in [1, 2]"), e2.getMessage());
        var e3 = assertThrows(IllegalArgumentException.class,
                () -> Collectives.ring(new int[][] {{1, 2}, {2, 3}}, 5));
        assertTrue(e3.getMessage().startsWith("groups: host 2 is in two groups"), e3.getMessage());
    }
}
