package org.primelab.analytical.queue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The queue bound for aligned shuffled round robin in the batched queue model
 * ({@link BatchedQueueSimulator}): docs/references.md conjectures "2n - 2"; this class proves it for the
 * backlog and shows where it fails.
 *
 * <p><b>Theorem.</b> If each of {@code n} senders sends one packet per step, each following its own
 * sequence of permutations of the {@code n} ports with cycles aligned (all start at step 0), and every
 * non-empty port serves one packet per step, then at every port and step the backlog after service is
 * at most {@code 2n - 2} and the occupancy (backlog before service plus arrivals, counting the packet
 * being served) is at most {@code 2n - 1}. Both bounds are attained.
 *
 * <p><i>Proof.</i> Lindley's recursion {@code q_t = max(q_{t-1} + a_t - 1, 0)}, {@code q_0 = 0}, unrolls to
 * {@code q_t = max(0, max_{s<t} (A(s, t] - (t - s)))}, {@code A(s, t]} the arrivals in steps
 * {@code s+1..t}. Take a window of {@code L = t - s} steps. If it lies inside one cycle, each sender hits
 * the port at most once: {@code A <= n}, {@code A - L <= n - 1}. Otherwise it is a tail of {@code a >= 1}
 * steps of one cycle, {@code J} whole cycles and a head of {@code b >= 0} steps of a later cycle
 * ({@code L = a + Jn + b}); each sender hits the port exactly once per whole cycle and at most once in
 * the tail and once in the head, so {@code A <= Jn + n [a > 0] + n [b > 0]} and
 * {@code A - L <= 2n - a - b <= 2n - 2} when {@code b >= 1}, {@code <= n - 1} when {@code b = 0}. Hence
 * {@code q_t <= 2n - 2} and {@code Q_t = q_{t-1} + a_t = max_{s<t}(A(s,t] - (t - s)) + 1 <= 2n - 1}.
 * <i>Tightness:</i> if every sender puts the port last in cycle 0 and first in cycle 1, the port receives
 * {@code n} packets at steps {@code n-1} and {@code n}: backlog {@code n - 1}, then {@code 2n - 2}, with
 * occupancy {@code 2n - 1} ({@link #worstCasePermutations}). Such a schedule has probability
 * {@code n^{-2n}} per pair of cycles under independent shuffles, so simulations rarely see it
 * (docs/references.md: 12 for n = 8, 25 for n = 32).
 *
 * <p><b>So:</b> the "2n - 2" bound is <b>proved</b> for the backlog after service and is tight;
 * counted as occupancy (the convention under which staggered round robin scores 1) the tight bound is
 * {@code 2n - 1}, and "2n - 2" is <b>refuted</b> by the schedule above. {@link #exhaustiveSearch} checks
 * both statements by brute force over every arrival pattern for small {@code n}, for every horizon (the
 * set of reachable backlogs at cycle boundaries reaches a fixed point).
 *
 * <p>Unaligned cycles (senders starting at different steps) are not covered: each sender's window then
 * contains its own tail and head, and the same argument only gives {@code A - L < 2n}, i.e.
 * {@code q <= 2n - 1}.
 */
public final class ShuffledRoundRobinQueueBound {
    /** Largest {@code n} for the exhaustive search: C(2n-1, n) arrival patterns per cycle. */
    public static final int MAX_SEARCH_PORTS = 9;

    private ShuffledRoundRobinQueueBound() {
    }

    /** The proven backlog bound {@code 2n - 2}. */
    public static int backlogBound(int ports) {
        check(ports);
        return 2 * ports - 2;
    }

    /** The proven occupancy bound {@code 2n - 1}. */
    public static int occupancyBound(int ports) {
        check(ports);
        return 2 * ports - 1;
    }

    /**
     * The attaining schedule for port 0: {@code perms[cycle][sender]} is the permutation sender
     * {@code sender} follows in cycle {@code cycle} (0 or 1); port 0 is last in cycle 0 and first in cycle 1.
     */
    public static int[][][] worstCasePermutations(int ports) {
        check(ports);
        int[][][] perms = new int[2][ports][ports];
        for (int s = 0; s < ports; s++) {
            for (int i = 0; i < ports; i++) {
                // cycle 0: 1, 2, .., n-1 rotated by the sender, then 0
                perms[0][s][i] = i == ports - 1 ? 0 : 1 + (i + s) % (ports - 1 == 0 ? 1 : ports - 1);
                // cycle 1: 0, then the others rotated
                perms[1][s][i] = i == 0 ? 0 : 1 + (i - 1 + s) % (ports - 1 == 0 ? 1 : ports - 1);
            }
        }
        return perms;
    }

    /** Runs every port's Lindley recursion over explicit permutations; returns {max occupancy, max backlog}. */
    public static int[] replay(int[][][] perms, int ports) {
        int[] backlog = new int[ports];
        int maxOcc = 0;
        int maxBack = 0;
        for (int[][] cycle : perms) {
            for (int i = 0; i < ports; i++) {
                int[] arrivals = new int[ports];
                for (int[] senderPerm : cycle) {
                    arrivals[senderPerm[i]]++;
                }
                for (int p = 0; p < ports; p++) {
                    int occ = backlog[p] + arrivals[p];
                    maxOcc = Math.max(maxOcc, occ);
                    backlog[p] = Math.max(occ - 1, 0);
                    maxBack = Math.max(maxBack, backlog[p]);
                }
            }
        }
        return new int[] {maxOcc, maxBack};
    }

    /** Result of {@link #exhaustiveSearch}: the largest occupancy and backlog over every schedule and horizon. */
    public record SearchResult(int ports, int maxOccupancy, int maxBacklog, int patternsPerCycle, int cyclesToFixedPoint) {
    }

    /**
     * Exhaustive search for one port: within a cycle the port's arrivals are determined by how many
     * senders put it at each position, any composition of {@code n} into {@code n} parts (senders choose
     * independently), so it enumerates the {@code C(2n-1, n)} patterns per cycle and propagates the set of
     * reachable backlogs at cycle boundaries until it stops growing; the maxima then hold for every
     * horizon.
     */
    public static SearchResult exhaustiveSearch(int ports) {
        check(ports);
        if (ports > MAX_SEARCH_PORTS) {
            throw new IllegalArgumentException("ports: exhaustive search accepts n <= " + MAX_SEARCH_PORTS + ", got " + ports);
        }
        List<int[]> patterns = new ArrayList<>();
        compositions(ports, ports, new int[ports], 0, patterns);
        BitSet reachable = new BitSet();
        reachable.set(0);
        int maxOcc = 0;
        int maxBack = 0;
        int cycles = 0;
        while (true) {
            cycles++;
            BitSet next = (BitSet) reachable.clone();
            for (int b = reachable.nextSetBit(0); b >= 0; b = reachable.nextSetBit(b + 1)) {
                for (int[] pattern : patterns) {
                    int q = b;
                    for (int a : pattern) {
                        int occ = q + a;
                        maxOcc = Math.max(maxOcc, occ);
                        q = Math.max(occ - 1, 0);
                        maxBack = Math.max(maxBack, q);
                    }
                    next.set(q);
                }
            }
            if (next.equals(reachable)) {
                break;
            }
            reachable = next;
        }
        return new SearchResult(ports, maxOcc, maxBack, patterns.size(), cycles);
    }

    private static void compositions(int total, int parts, int[] acc, int i, List<int[]> out) {
        if (i == parts - 1) {
            acc[i] = total;
            out.add(acc.clone());
            return;
        }
        for (int v = 0; v <= total; v++) {
            acc[i] = v;
            compositions(total - v, parts, acc, i + 1, out);
        }
    }

    private static void check(int ports) {
        if (ports < 1) {
            throw new IllegalArgumentException("ports: must be >= 1, got " + ports);
        }
    }
}
