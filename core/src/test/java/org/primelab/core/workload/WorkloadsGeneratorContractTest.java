package org.primelab.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.primelab.core.topology.FatTree;

/**
 * The combinatorial contract of {@link Workloads}' generators at their edges: exact flow sets (all-to-all,
 * incast of every other host), the inclusive ranges of {@code receiver}, {@code senders} and
 * {@code stagger} with their exact one-line messages, that the incast's senders really are drawn from the
 * seed, and the two ways a cross-ToR permutation can be impossible.
 */
class WorkloadsGeneratorContractTest {
    /** 2-tier, k = 4: 4 ToRs of 2 hosts, 8 hosts. */
    private static final FatTree K4 = FatTree.twoTier(4);

    private static String message(org.junit.jupiter.api.function.Executable e) {
        return assertThrows(IllegalArgumentException.class, e).getMessage();
    }

    /** All-to-all is exactly the n(n-1) ordered pairs of distinct hosts, in (src, dst) order, ids 0.. */
    @Test
    void allToAllIsEveryOrderedPairOfDistinctHostsOnceInOrder() {
        List<Flow> flows = Workloads.allToAll(K4, 9);
        List<Flow> expected = new ArrayList<>();
        for (int s = 0; s < 8; s++) {
            for (int d = 0; d < 8; d++) {
                if (s != d) {
                    expected.add(new Flow(expected.size(), s, d, 9, 0));
                }
            }
        }
        assertEquals(expected, flows);
    }

    /** {@code receiver} is accepted exactly in [0, n-1]; outside, the message gives that range and the value. */
    @Test
    void incastReceiverRangeIsInclusiveAndNamedInTheMessage() {
        assertEquals(0, Workloads.incast(K4, 0, 1, 5, 1).get(0).dst());
        assertEquals(7, Workloads.incast(K4, 7, 1, 5, 1).get(0).dst());
        assertEquals("receiver: must be in [0, 7], got -1", message(() -> Workloads.incast(K4, -1, 1, 5, 1)));
        assertEquals("receiver: must be in [0, 7], got 8", message(() -> Workloads.incast(K4, 8, 1, 5, 1)));
    }

    /** {@code senders} is accepted exactly in [1, n-1]; outside, the message gives that range and the value. */
    @Test
    void incastSendersRangeIsInclusiveAndNamedInTheMessage() {
        assertEquals(1, Workloads.incast(K4, 3, 1, 5, 1).size());
        assertEquals("senders: must be in [1, 7], got 0", message(() -> Workloads.incast(K4, 3, 0, 5, 1)));
        assertEquals("senders: must be in [1, 7], got 8", message(() -> Workloads.incast(K4, 3, 8, 5, 1)));
    }

    /** With n-1 senders every other host sends exactly once to the receiver, whatever the seed. */
    @Test
    void incastOfEveryOtherHostHasEachOtherHostOnce() {
        for (long seed = 0; seed < 20; seed++) {
            List<Flow> flows = Workloads.incast(K4, 5, 7, 11, seed);
            Set<Integer> senders = new TreeSet<>();
            for (int i = 0; i < flows.size(); i++) {
                Flow f = flows.get(i);
                assertEquals(i, f.id());
                assertEquals(5, f.dst());
                assertEquals(11, f.sizeBytes());
                assertEquals(0, f.startPs());
                senders.add(f.src());
            }
            assertEquals(Set.of(0, 1, 2, 3, 4, 6, 7), senders, "seed " + seed);
        }
    }

    /**
     * The senders are drawn with the seed among all hosts but the receiver: over 100 seeds a single sender
     * is every one of the 7 candidates at least once (a miss has probability about 1e-6 for a uniform draw).
     */
    @Test
    void incastSendersAreDrawnFromTheSeedAmongAllOtherHosts() {
        Set<Integer> chosen = new TreeSet<>();
        for (long seed = 0; seed < 100; seed++) {
            List<Flow> one = Workloads.incast(K4, 0, 1, 5, seed);
            assertEquals(one, Workloads.incast(K4, 0, 1, 5, seed), "same seed, same sender");
            chosen.add(one.get(0).src());
        }
        assertEquals(Set.of(1, 2, 3, 4, 5, 6, 7), chosen);
    }

    /** A spread of 0 starts everything at 0; a negative spread is refused with its value. */
    @Test
    void staggerOfZeroKeepsTimeZeroAndNegativeIsRefused() {
        List<Flow> ring = Workloads.ring(K4, 10);
        assertEquals(ring, Workloads.staggered(ring, 0, 7));
        assertEquals("stagger: must be >= 0 ps, got -1", message(() -> Workloads.staggered(ring, -1, 7)));
    }

    /**
     * Starts are drawn from the closed interval [0, spread]: with spread 1 over 64 flows both 0 and 1
     * occur (each is missed with probability 2^-64), and nothing else; hosts, sizes and ids are kept.
     */
    @Test
    void staggerDrawsFromTheClosedInterval() {
        List<Flow> flows = Workloads.allToAll(FatTree.builder(2, 4).hosts(8).build(), 3).subList(0, 56);
        List<Flow> st = Workloads.staggered(flows, 1, 3);
        Set<Long> starts = new TreeSet<>();
        for (int i = 0; i < flows.size(); i++) {
            assertEquals(flows.get(i).withStart(st.get(i).startPs()), st.get(i));
            starts.add(st.get(i).startPs());
        }
        assertEquals(Set.of(0L, 1L), starts);
    }

    /** A cross-ToR permutation on a tree whose hosts all sit under one ToR is refused up front, naming traffic. */
    @Test
    void crossTorPermutationUnderOneTorIsRefused() {
        FatTree oneTor = FatTree.builder(2, 8).hosts(3).build();   // 4 host ports per ToR, 3 hosts used
        assertEquals("traffic: a cross-ToR permutation needs every ToR to hold at most half of the hosts;"
                + " ToR 0 holds 3 of 3",
                message(() -> Workloads.permutation(oneTor, 1, 1, true)));
        List<Flow> p = Workloads.permutation(oneTor, 1, 1, false);
        assertEquals(3, p.size(), "without crossTor, 3 hosts under one ToR are fine");
    }

    /**
     * With two populated ToRs of 4 and 1 hosts no cross-ToR permutation exists (4 senders, 1 receiver
     * outside their ToR): refused up front as bad input, naming the option, before any draw. At the
     * boundary (4 and 4: each ToR holds exactly half) one exists, and the generator finds it.
     */
    @Test
    void crossTorPermutationThatCannotExistIsRefused() {
        FatTree lopsided = FatTree.builder(2, 8).hosts(5).build();
        assertEquals("traffic: a cross-ToR permutation needs every ToR to hold at most half of the hosts;"
                + " ToR 0 holds 4 of 5", message(() -> Workloads.permutation(lopsided, 1, 1, true)));
        FatTree halves = FatTree.builder(2, 8).hosts(8).build();
        for (long seed = 1; seed <= 20; seed++) {
            for (Flow f : Workloads.permutation(halves, 1, seed, true)) {
                assertNotEquals(halves.torIndexOf(f.src()), halves.torIndexOf(f.dst()), "seed " + seed + ": " + f);
            }
        }
    }

    /**
     * A large cross-ToR permutation (32768 hosts, 128 per ToR: about 128 same-ToR draws to repair) is still
     * a valid cross-ToR derangement: the repair budget grows with n^2, it is not a small constant.
     */
    @Test
    void largeCrossTorPermutationIsRepaired() {
        FatTree big = FatTree.twoTier(256);
        List<Flow> flows = Workloads.permutation(big, 1, 5, true);
        boolean[] received = new boolean[big.hosts()];
        for (Flow f : flows) {
            assertNotEquals(big.torIndexOf(f.src()), big.torIndexOf(f.dst()));
            assertTrue(!received[f.dst()], "host " + f.dst() + " receives twice");
            received[f.dst()] = true;
        }
        assertEquals(big.hosts(), flows.size());
    }

    /**
     * The permutation starts from a uniform shuffle, the repair only mends the few fixed points: a uniform
     * permutation of n hosts has 1/2 two-cycles on average (and repairs add few), so over 100 seeds on 128
     * hosts there are well under 100 two-cycles in all. Pairing hosts up from the identity would give dozens
     * per seed.
     */
    @Test
    void permutationIsAShuffleNotAPairingOfHosts() {
        FatTree k16 = FatTree.twoTier(16);
        int twoCycles = 0;
        for (long seed = 0; seed < 100; seed++) {
            List<Flow> flows = Workloads.permutation(k16, 1, seed, false);
            for (Flow f : flows) {
                if (f.src() < f.dst() && flows.get(f.dst()).dst() == f.src()) {
                    twoCycles++;
                }
            }
        }
        assertTrue(twoCycles < 100, twoCycles + " two-cycles in 100 permutations of 128 hosts");
    }
}
