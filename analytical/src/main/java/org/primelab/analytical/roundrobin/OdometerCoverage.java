package org.primelab.analytical.roundrobin;

import org.primelab.core.entropy.MultiPartGenerator;
import org.primelab.core.topology.EvLayout;

/**
 * Path coverage of PRIME's multi-part generator (paper §"Design Elements", "Generating MEV", Fig.
 * "multipart-entropy"): how many packets until a flow has used every one of its {@code P = L1 L2 ..}
 * paths, and whether aligned blocks of {@code P} packets use each path exactly once.
 *
 * <p><b>Odometer theorem.</b> In the dependent ("odometer") implementation part {@code i+1} advances only
 * when part {@code i} wraps. Within an aligned block of {@code L1 L2} packets, part 2 takes each of its
 * {@code L2} values for {@code L1} consecutive packets (one value per wrap of part 1, and part 2's array is
 * a permutation during the block because it wraps only at the block's end), and during each of those
 * stretches part 1 runs one whole cycle, i.e. a permutation of its {@code L1} values. So every pair occurs
 * exactly once per block, by induction for more parts: the sequence of paths is a block-permutation
 * sequence with block length {@code P}, first full coverage takes exactly {@code P} packets, and by the
 * lemma of {@link RoundRobinDeviationTheorem} every path's count over any window is within 2 of
 * {@code w/P}.
 *
 * <p><b>Arbitrary windows.</b> Any {@code 2P - 1} consecutive packets contain an aligned block, hence
 * every path: a window of that length that starts at position {@code a > 0} of a block runs at least to
 * the end of the next block ({@code a + 2P - 2 >= 2P - 1}), and one that starts at a block's first packet
 * holds that block. This is the bound of PRIME's retry loop
 * ({@link org.primelab.core.entropy.PrimeEntropyGenerator}: {@code 2 paths - 1} tries find a clean path if
 * one exists). It is tight: a path that opens one block and closes the next leaves {@code 2P - 2} packets
 * without it (both tested on core's generator).
 *
 * <p><b>Random spraying</b> needs the coupon collector's time: {@code E[T] = P H_P} with
 * {@code H_P = 1 + 1/2 + .. + 1/P}, {@code Var[T] = P^2 sum 1/i^2 - P H_P}. The random-part variant of
 * Alg. 2 lies between; {@link #firstFullCoverage} measures any generator.
 */
public final class OdometerCoverage {
    private OdometerCoverage() {
    }

    /**
     * Packets until every path of {@code gen}'s layout has been used at least once (at most {@code limit};
     * returns -1 if not covered by then).
     */
    public static long firstFullCoverage(MultiPartGenerator gen, long limit) {
        EvLayout layout = gen.layout();
        boolean[] seen = new boolean[layout.pathCount()];
        int missing = seen.length;
        for (long i = 1; i <= limit; i++) {
            int path = layout.pathIndex(gen.next());
            if (!seen[path]) {
                seen[path] = true;
                if (--missing == 0) {
                    return i;
                }
            }
        }
        return -1;
    }

    /** The path-index sequence of the next {@code packets} EVs of {@code gen}. */
    public static int[] pathSequence(MultiPartGenerator gen, int packets) {
        int[] s = new int[packets];
        for (int i = 0; i < packets; i++) {
            s[i] = gen.layout().pathIndex(gen.next());
        }
        return s;
    }

    /** True if each of {@code blocks} aligned blocks of {@code P} packets uses every path exactly once. */
    public static boolean alignedBlocksCoverEachPathOnce(MultiPartGenerator gen, int blocks) {
        int p = gen.layout().pathCount();
        return RoundRobinDeviationTheorem.isBlockPermutationSequence(pathSequence(gen, p * blocks), p);
    }

    /** Coupon collector: expected packets for random spraying to use all {@code P} paths, {@code P H_P}. */
    public static double couponCollectorMean(int paths) {
        double h = 0;
        for (int i = 1; i <= paths; i++) {
            h += 1.0 / i;
        }
        return paths * h;
    }

    /** Coupon collector variance {@code P^2 sum_{i<=P} 1/i^2 - P H_P}. */
    public static double couponCollectorVariance(int paths) {
        double h = 0;
        double h2 = 0;
        for (int i = 1; i <= paths; i++) {
            h += 1.0 / i;
            h2 += 1.0 / ((double) i * i);
        }
        return (double) paths * paths * h2 - paths * h;
    }
}
