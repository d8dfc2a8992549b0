package org.primelab.analytical.balls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The derived quantities of {@link MaxLoadDistribution} against their definitions: the p-quantile is the
 * smallest k with {@code P(M <= k) >= p}, the tail-sum mean and variance equal the moments computed from the
 * point masses, the empirical law of a histogram is its normalised cumulative count, and record equality is
 * value equality.
 */
class MaxLoadDistributionContractTest {

    /** A two-point law P(M = 1) = 1/4, P(M = 3) = 3/4: mean 5/2, variance 4 * 1/4 * 3/4 = 3/4 (hand-derived). */
    private static MaxLoadDistribution twoPoint() {
        return new MaxLoadDistribution(3, 2, new double[] {0, 0.25, 0.25, 1}, "two-point");
    }

    /** Mean and variance of a two-point law are hand-derived; the tail-sum formulas must reproduce them. */
    @Test
    void tailSumMomentsOfATwoPointLawAreExact() {
        MaxLoadDistribution d = twoPoint();
        assertEquals(2.5, d.expectedMax(), 1e-15);
        assertEquals(0.75, d.variance(), 1e-15);
        assertEquals(0.25, d.probabilityOf(1), 0);
        assertEquals(0.0, d.probabilityOf(2), 0);
        assertEquals(0.75, d.probabilityAbove(2), 0);
        assertEquals(3, d.maxSupport());
    }

    /**
     * On the exact law of 8 balls in 8 bins, {@code sum (2k+1) P(M > k) - E^2} equals {@code sum (k - E)^2 P(M = k)}:
     * both are Var[M] (tail-sum identity {@code E[M^2] = sum_k (2k+1) P(M > k)} for integer M >= 0).
     */
    @Test
    void tailSumVarianceEqualsCentralSecondMoment() {
        MaxLoadDistribution d = new RationalMaxLoadCalculator().maxLoad(8, 8);
        double mean = 0;
        for (int k = 0; k <= d.maxSupport(); k++) {
            mean += k * d.probabilityOf(k);
        }
        double var = 0;
        for (int k = 0; k <= d.maxSupport(); k++) {
            var += (k - mean) * (k - mean) * d.probabilityOf(k);
        }
        assertEquals(mean, d.expectedMax(), 1e-12);
        assertEquals(var, d.variance(), 1e-12);
        assertTrue(var > 0.1, "the max of 8 balls in 8 bins is not degenerate: " + var);
        // every one of the 8 balls may land in the same bin: the largest load with mass is 8
        assertEquals(8, d.maxSupport());
        assertTrue(d.probabilityOf(8) > 0);
    }

    /** The quantile is the smallest k with P(M <= k) >= p, including p equal to a CDF value and p = 1. */
    @Test
    void quantileIsTheSmallestLoadReachingP() {
        MaxLoadDistribution d = new MaxLoadDistribution(4, 2, new double[] {0.25, 0.5, 1}, "hand");
        assertEquals(0, d.quantile(0.1));
        assertEquals(0, d.quantile(0.25));
        assertEquals(1, d.quantile(0.26));
        assertEquals(1, d.quantile(0.5));
        assertEquals(2, d.quantile(0.75));
        assertEquals(2, d.quantile(1.0));
        assertEquals(1, twoPoint().quantile(0.25));
        assertEquals(3, twoPoint().quantile(1.0));
        assertThrows(IllegalArgumentException.class, () -> d.quantile(0.0));
        assertThrows(IllegalArgumentException.class, () -> d.quantile(1.0 + 1e-9));
        assertThrows(IllegalArgumentException.class, () -> d.quantile(Double.NaN));
    }

    /** Loads with mass are those with P(M = k) strictly above MASS_EPSILON, mapped to their CDF value. */
    @Test
    void cdfWhereMassIsListsExactlyTheLoadsWithMass() {
        assertEquals(Map.of(1, 0.25, 3, 1.0), twoPoint().cdfWhereMassIs());
        assertEquals(List.of(1, 3), List.copyOf(twoPoint().cdfWhereMassIs().keySet()), "ascending");
        double eps = MaxLoadDistribution.MASS_EPSILON;
        MaxLoadDistribution edge = new MaxLoadDistribution(2, 2, new double[] {0, eps, 1}, "edge");
        assertEquals(Map.of(2, 1.0), edge.cdfWhereMassIs(), "a mass of exactly MASS_EPSILON does not count");
        MaxLoadDistribution exact = new RationalMaxLoadCalculator().maxLoad(4, 4);
        // 4 balls in 4 bins: every max from 1 to 4 is possible
        assertEquals(List.of(1, 2, 3, 4), List.copyOf(exact.cdfWhereMassIs().keySet()));
        assertEquals(3.0 / 32, exact.cdfWhereMassIs().get(1), 1e-15);
    }

    /** The empirical law of a histogram: cumulative counts over the total, support up to the largest observed max. */
    @Test
    void empiricalLawIsTheNormalisedHistogram() {
        MaxLoadDistribution d = MaxLoadDistribution.empirical(6, 3, new long[] {0, 0, 3, 0, 1, 0, 0}, "hist");
        assertEquals(4, d.maxSupport(), "trailing zero counts are not support");
        assertEquals(0.0, d.probabilityAtMost(1), 0);
        assertEquals(0.75, d.probabilityAtMost(2), 0);
        assertEquals(0.75, d.probabilityAtMost(3), 0);
        assertEquals(1.0, d.probabilityAtMost(4), 0);
        assertEquals(2.5, d.expectedMax(), 1e-15); // (3 * 2 + 4) / 4
        assertEquals(0.75, d.variance(), 1e-15); // E[M^2] = (12 + 16) / 4 = 7, minus 6.25
        assertThrows(IllegalArgumentException.class, () -> MaxLoadDistribution.empirical(1, 1, new long[3], "none"));
    }

    /** Equality is value equality over balls, bins, CDF and method; equal values have equal hashes. */
    @Test
    void equalityIsValueEquality() {
        MaxLoadDistribution a = twoPoint();
        MaxLoadDistribution b = twoPoint();
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        double[] cdf = {0, 0.25, 0.25, 1};
        assertNotEquals(a, new MaxLoadDistribution(4, 2, cdf, "two-point"));
        assertNotEquals(a, new MaxLoadDistribution(3, 3, cdf, "two-point"));
        assertNotEquals(a, new MaxLoadDistribution(3, 2, new double[] {0, 0.5, 0.5, 1}, "two-point"));
        assertNotEquals(a, new MaxLoadDistribution(3, 2, cdf, "other"));
        assertNotEquals(a, (Object) "two-point");
        // the CDF is copied in and out: mutating either array does not change the value
        cdf[1] = 0.9;
        MaxLoadDistribution c = new MaxLoadDistribution(3, 2, new double[] {0, 0.25, 0.25, 1}, "two-point");
        c.cdf()[1] = 0.9;
        assertEquals(a, c);
    }

    /** The text form names the counts, the mean and the method. */
    @Test
    void toStringNamesTheCase() {
        String s = twoPoint().toString();
        assertTrue(s.contains("3 balls") && s.contains("2 bins") && s.contains("E[max]=2.5") && s.contains("two-point"), s);
    }
}
