package org.primelab.core.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.primelab.core.topology.FatTree;

/**
 * {@link HostFlows}: the host-range check accepts exactly the hosts {@code [0, n-1]} and names the first
 * offending flow and the range; the per-host lists agree with a brute-force scan of the flows.
 */
class HostFlowsTest {
    private static final FatTree K4 = FatTree.twoTier(4);   // 8 hosts

    /** Hosts up to n-1 pass; a source or a destination equal to n is refused naming the flow's index. */
    @Test
    void checkAcceptsExactlyTheTreesHosts() {
        HostFlows.check(K4, List.of(new Flow(0, 7, 0, 1, 0), new Flow(1, 0, 7, 1, 0)));
        HostFlows.check(K4, List.of());
        var src = assertThrows(IllegalArgumentException.class,
                () -> HostFlows.check(K4, List.of(new Flow(0, 1, 2, 1, 0), new Flow(1, 8, 2, 1, 0))));
        assertEquals("traffic: flow 1 uses a host outside [0, 7]", src.getMessage());
        var dst = assertThrows(IllegalArgumentException.class,
                () -> HostFlows.check(K4, List.of(new Flow(0, 1, 8, 1, 0))));
        assertEquals("traffic: flow 0 uses a host outside [0, 7]", dst.getMessage());
    }

    /** result[h] is, for every host, the indices of the flows sent by h in increasing order (brute force). */
    @Test
    void perHostListsAreTheFlowsEachHostSendsInOrder() {
        SplittableRandom rnd = new SplittableRandom(11);
        for (int trial = 0; trial < 50; trial++) {
            List<Flow> flows = new ArrayList<>();
            int m = rnd.nextInt(0, 30);
            for (int i = 0; i < m; i++) {
                int s = rnd.nextInt(8);
                int d = (s + 1 + rnd.nextInt(7)) % 8;
                flows.add(new Flow(i, s, d, 1, 0));
            }
            int[][] of = HostFlows.of(K4, flows);
            assertEquals(8, of.length);
            for (int h = 0; h < 8; h++) {
                List<Integer> expected = new ArrayList<>();
                for (int i = 0; i < m; i++) {
                    if (flows.get(i).src() == h) {
                        expected.add(i);
                    }
                }
                assertArrayEquals(expected.stream().mapToInt(Integer::intValue).toArray(), of[h], "host " + h);
            }
        }
    }
}
