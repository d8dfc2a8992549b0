package org.primelab.analytical.roundrobin;

import java.util.SplittableRandom;

/**
 * Per-flow window deviation of round robin and of PRIME's shuffled round robin (paper §"Design
 * Elements", Alg. 2; docs/references.md "Round robin, PRIME's generator, DRB").
 *
 * <p><b>Lemma (block permutations).</b> Let a sequence over {@code n} symbols be cut into consecutive
 * blocks of length {@code n}, each block a permutation of the symbols. Then over every window of
 * {@code w} consecutive elements and for every symbol {@code p}: {@code |count_p - w/n| < 2}, and
 * {@code max_p count_p - min_p count_p <= 2}. <i>Proof.</i> A window is a tail of {@code a} elements of one
 * block, {@code J >= 0} whole blocks and a head of {@code b} elements of a later block
 * ({@code 0 <= a, b < n}; a window inside one block is a head or a tail). Every symbol occurs exactly
 * once in each whole block and at most once in the tail and in the head, so
 * {@code count_p = J + [p in tail] + [p in head]} is in {@code [J, J + 2]}, while
 * {@code w/n = J + (a + b)/n} with {@code 0 <= a + b <= 2n - 2}. Hence
 * {@code count_p - w/n} lies in {@code [-(a+b)/n, 2 - (a+b)/n]}, an interval strictly inside
 * {@code (-2, 2)}, and counts lie in an interval of three integers. The bound is tight up to the strict
 * inequality: tail {@code (.., p)} then head {@code (p, ..)} gives count 2 in a window of 2 with
 * {@code w/n = 2/n}.
 *
 * <p><b>Plain round robin</b> (every block the same permutation) does better: the sequence is periodic
 * with period {@code n}, so a window of {@code w = Jn + r} elements holds every symbol {@code J} times
 * plus the {@code r} consecutive (cyclically) symbols once more: counts are {@code floor(w/n)} or
 * {@code ceil(w/n)}, {@code |count - w/n| < 1}, spread {@code <= 1}.
 *
 * <p><b>PRIME's shuffled round robin</b> (Alg. 2) reshuffles the port array at every wrap, so its output
 * is a block-permutation sequence and the lemma applies: deviation {@code < 2}, spread {@code <= 2}. For
 * the 3-tier odometer the (part 1, part 2) pairs form blocks of length {@code L1 L2} that cover every
 * pair once ({@link OdometerCoverage}), so the lemma applies to pairs too. The tests hold core's
 * generators to these bounds.
 */
public final class RoundRobinDeviationTheorem {
    /** Plain round robin: {@code |count - w/n| < 1}. */
    public static final double PLAIN_DEVIATION_BOUND = 1.0;
    /** Plain round robin: counts differ by at most 1. */
    public static final int PLAIN_SPREAD_BOUND = 1;
    /** Shuffled round robin: {@code |count - w/n| < 2}. */
    public static final double SHUFFLED_DEVIATION_BOUND = 2.0;
    /** Shuffled round robin: counts differ by at most 2. */
    public static final int SHUFFLED_SPREAD_BOUND = 2;

    private RoundRobinDeviationTheorem() {
    }

    /** The plain round-robin sequence {@code 0, 1, .., n-1, 0, 1, ..} of {@code length} elements. */
    public static int[] plainRoundRobin(int n, int length) {
        int[] s = new int[length];
        for (int i = 0; i < length; i++) {
            s[i] = i % n;
        }
        return s;
    }

    /**
     * The adversarial block-permutation sequence that attains the shuffled bound's extremes: every block
     * is a random permutation, except that symbol 0 ends every odd block and starts every even one.
     */
    public static int[] adversarialBlocks(int n, int blocks, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] s = new int[n * blocks];
        for (int b = 0; b < blocks; b++) {
            int[] perm = new int[n];
            for (int i = 0; i < n; i++) {
                perm[i] = i;
            }
            for (int i = n - 1; i > 0; i--) {
                int j = rnd.nextInt(i + 1);
                int t = perm[i];
                perm[i] = perm[j];
                perm[j] = t;
            }
            int where = 0;
            while (perm[where] != 0) {
                where++;
            }
            int target = b % 2 == 0 ? n - 1 : 0;
            perm[where] = perm[target];
            perm[target] = 0;
            System.arraycopy(perm, 0, s, b * n, n);
        }
        return s;
    }

    /** True if {@code seq} splits, from its first element, into blocks that are permutations of {@code 0..n-1}. */
    public static boolean isBlockPermutationSequence(int[] seq, int n) {
        boolean[] seen = new boolean[n];
        for (int i = 0; i < seq.length; i++) {
            if (i % n == 0) {
                java.util.Arrays.fill(seen, false);
            }
            if (seq[i] < 0 || seq[i] >= n || seen[seq[i]]) {
                return false;
            }
            seen[seq[i]] = true;
        }
        return true;
    }
}
