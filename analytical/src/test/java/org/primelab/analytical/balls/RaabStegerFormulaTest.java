package org.primelab.analytical.balls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.primelab.analytical.balls.RaabStegerAsymptotics.Regime;

/**
 * The thresholds of Raab and Steger's Theorem 1 against relations that follow from the formulas, with
 * hand-derived anchors: {@code d_1 = e} (the root of {@code x (1 - ln x) = 0}); in the dense case the excess over
 * {@code m/n} is {@code alpha} times the heavily-loaded estimate's; in the very dense case its square is the
 * heavily-loaded excess squared times {@code 1 - ln ln n / (2 alpha ln n)}; at {@code m = n} the sparse threshold
 * is {@code (ln n / ln ln n)(1 + alpha ln ln ln n / ln ln n)}, whose {@code alpha -> 0} limit is the classical
 * estimate.
 */
class RaabStegerFormulaTest {

    /** d_c is the largest root of 1 + x(ln c - ln x + 1) - c: a root, above c, and f < 0 beyond it; d_1 = e. */
    @Test
    void largestRootIsTheLargestRootForAnyC() {
        assertEquals(Math.E, RaabStegerAsymptotics.largestRoot(1.0), 1e-12);
        for (double c : new double[] {0.01, 0.3, 1, 4, 10, 50, 1000}) {
            double x = RaabStegerAsymptotics.largestRoot(c);
            assertTrue(x > c, "c=" + c);
            assertEquals(0, 1 + x * (Math.log(c) - Math.log(x) + 1) - c, 1e-9 * x, "c=" + c);
            double y = x * (1 + 1e-6);
            assertTrue(1 + y * (Math.log(c) - Math.log(y) + 1) - c < 0, "beyond the root, c=" + c);
        }
        assertThrows(IllegalArgumentException.class, () -> RaabStegerAsymptotics.largestRoot(0));
    }

    /**
     * m = n ln n (c ~ 1): k = (e - 1 + alpha) ln n. The computed c differs from 1 by rounding m; d_c moves by
     * (e - 1) dc there (implicit derivative), which bounds the tolerance.
     */
    @Test
    void logarithmicThresholdAtCEqualOne() {
        int n = 1000;
        long m = Math.round(n * Math.log(n));
        double c = m / (n * Math.log(n));
        assertEquals(Regime.LOGARITHMIC, RaabStegerAsymptotics.regime(m, n));
        for (double alpha : new double[] {0.5, 1, 2}) {
            double expected = (Math.E - 1 + alpha) * Math.log(n);
            double tol = 2 * (Math.E - 1) * Math.abs(c - 1) * Math.log(n) + 1e-9;
            assertEquals(expected, RaabStegerAsymptotics.threshold(m, n, alpha), tol, "alpha=" + alpha);
        }
        assertEquals(Math.log(n), RaabStegerAsymptotics.threshold(m, n, 2) - RaabStegerAsymptotics.threshold(m, n, 1),
                1e-9);
    }

    /** Dense: k - m/n = alpha (heavilyLoaded - m/n); the documented anchor 134.5 for m = 10^5, n = 1024. */
    @Test
    void denseThresholdScalesTheHeavilyLoadedExcess() {
        long m = 100_000;
        int n = 1024;
        assertEquals(Regime.DENSE, RaabStegerAsymptotics.regime(m, n));
        double mean = m / (double) n;
        double h = RaabStegerAsymptotics.heavilyLoaded(m, n);
        // 97.65625 + sqrt(2 * 97.65625 * ln 1024) = 97.65625 + sqrt(1353.81) = 97.65625 + 36.794
        assertEquals(134.450, h, 1e-3);
        for (double alpha : new double[] {0.5, 1, 2}) {
            assertEquals(alpha * (h - mean), RaabStegerAsymptotics.threshold(m, n, alpha) - mean, 1e-9);
        }
    }

    /** Very dense: ((k - m/n) / (h - m/n))^2 = 1 - ln ln n / (2 alpha ln n). */
    @Test
    void veryDenseThresholdShrinksTheHeavilyLoadedExcess() {
        long m = 10_000_000;
        int n = 64;
        assertEquals(Regime.VERY_DENSE, RaabStegerAsymptotics.regime(m, n));
        double mean = m / (double) n;
        double h = RaabStegerAsymptotics.heavilyLoaded(m, n);
        for (double alpha : new double[] {0.5, 1, 2}) {
            double r = (RaabStegerAsymptotics.threshold(m, n, alpha) - mean) / (h - mean);
            assertEquals(1 - Math.log(Math.log(n)) / (2 * alpha * Math.log(n)), r * r, 1e-9, "alpha=" + alpha);
        }
    }

    /** Sparse at m = n: the threshold over the classical ln n / ln ln n is 1 + alpha ln ln ln n / ln ln n. */
    @Test
    void sparseThresholdAtMEqualsNExtendsTheClassicalEstimate() {
        for (int n : new int[] {100, 1024, 1 << 20}) {
            assertEquals(Regime.SPARSE, RaabStegerAsymptotics.regime(n, n));
            double classical = RaabStegerAsymptotics.lightlyLoaded(n);
            double lnln = Math.log(Math.log(n));
            assertEquals(Math.log(n), classical * lnln, 1e-12 * Math.log(n));
            for (double alpha : new double[] {0.5, 1, 2}) {
                assertEquals(classical * (1 + alpha * Math.log(lnln) / lnln), RaabStegerAsymptotics.threshold(n, n, alpha),
                        1e-9, "n=" + n);
            }
        }
    }

    /** The domain: m >= 1 (one ball is fine), n >= 3, alpha > 0; every entry point checks it. */
    @Test
    void domainIsCheckedAndInclusive() {
        assertEquals(Regime.SPARSE, RaabStegerAsymptotics.regime(1, 10));
        assertEquals(Regime.LOGARITHMIC, RaabStegerAsymptotics.regime(1, 3)); // c = 1 / (3 ln 3) = 0.30
        assertTrue(RaabStegerAsymptotics.threshold(1, 3, 1) > 0);
        assertTrue(RaabStegerAsymptotics.lightlyLoaded(3) > 0);
        assertThrows(IllegalArgumentException.class, () -> RaabStegerAsymptotics.regime(0, 100));
        assertThrows(IllegalArgumentException.class, () -> RaabStegerAsymptotics.regime(10, 2));
        assertThrows(IllegalArgumentException.class, () -> RaabStegerAsymptotics.threshold(10, 100, 0));
        assertThrows(IllegalArgumentException.class, () -> RaabStegerAsymptotics.threshold(10, 100, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> RaabStegerAsymptotics.heavilyLoaded(0, 100));
        assertThrows(IllegalArgumentException.class, () -> RaabStegerAsymptotics.lightlyLoaded(2));
    }
}
