package org.primelab.analytical.balls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.primelab.analytical.balls.RationalMaxLoadContractTest.assertField;

import org.junit.jupiter.api.Test;

/**
 * {@link PoissonApproximation} is {@code P(Poi(m/n) <= k)^n}. With one bin it is the Poisson({@code m}) CDF
 * itself, which must keep its relative precision in the lower tail (summed directly, not as 1 - upper tail).
 */
class PoissonApproximationContractTest {

    /** P(Poi(lambda) <= k) by summing the positive terms e^-lambda lambda^j / j!, j <= k. */
    private static double poissonCdf(int k, double lambda) {
        double s = 0;
        for (int j = 0; j <= k; j++) {
            s += Math.exp(j * Math.log(lambda) - lambda - Tails.logFactorial(j));
        }
        return s;
    }

    @Test
    void oneBinIsThePoissonCdfToRelativePrecision() {
        for (int m : new int[] {3, 50, 200}) {
            MaxLoadDistribution d = new PoissonApproximation().maxLoad(m, 1);
            for (int k = 0; k <= m; k++) {
                double exact = poissonCdf(k, m);
                assertEquals(exact, d.probabilityAtMost(k), 1e-9 * exact, "m=" + m + " k=" + k);
            }
        }
    }

    /** n bins: the n-th power of the one-bin Poisson(m/n) CDF (the definition), here 40 balls in 8 bins. */
    @Test
    void nBinsIsThePowerOfOneBin() {
        MaxLoadDistribution d = new PoissonApproximation().maxLoad(40, 8);
        for (int k = 0; k <= 20; k++) {
            double exact = Math.pow(poissonCdf(k, 5.0), 8);
            assertEquals(exact, d.probabilityAtMost(k), 1e-12 + 1e-9 * exact, "k=" + k);
        }
    }

    /**
     * The distribution built with running sums (below the mean the CDF accumulated upwards, from it the tails
     * accumulated downwards) equals the definition evaluated afresh for every {@code k} with {@link Tails}' direct
     * sums, to relative precision, wherever a CDF value is not negligible; from one bin with a large mean to many
     * bins with a small one. A million balls in one bin, which took 73 s summed afresh per {@code k}, is checked
     * around its mean.
     */
    @Test
    void runningSumsAreTheDefinitionEvaluatedPerK() {
        int[][] cases = {{5000, 1}, {2000, 7}, {40, 8}, {1, 1}, {3, 1000}, {1_000_000, 1}};
        for (int[] c : cases) {
            int m = c[0];
            int n = c[1];
            double lambda = m / (double) n;
            MaxLoadDistribution d = new PoissonApproximation().maxLoad(m, n);
            int from = m > 100_000 ? (int) (lambda - 12 * Math.sqrt(lambda)) : 0;
            int to = m > 100_000 ? (int) (lambda + 12 * Math.sqrt(lambda)) : d.maxSupport() + 3;
            for (int k = from; k <= to; k += m > 100_000 ? 97 : 1) {
                double tail = Tails.poissonUpperTail(k, lambda);
                double logCdf = k + 1 < lambda ? Tails.logPoissonCdf(k, lambda) : Math.log1p(-tail);
                double definition = Math.exp(n * logCdf);
                assertEquals(definition, d.probabilityAtMost(k), 1e-300 + 1e-9 * definition, m + " in " + n + ", k=" + k);
            }
        }
    }

    @Test
    void argumentsAreChecked() {
        assertField("balls:", () -> new PoissonApproximation().maxLoad(-1, 4));
        assertField("bins:", () -> new PoissonApproximation().maxLoad(4, 0));
        // a mean load whose CDF would not fit in memory is refused before anything is allocated; the limit itself runs
        int limit = PoissonApproximation.MAX_MEAN_LOAD;
        assertField("balls:", () -> new PoissonApproximation().maxLoad(PoissonApproximation.MAX_BALLS, 1));
        assertField("balls:", () -> new PoissonApproximation().maxLoad(2 * limit + 1, 2));
        assertEquals(limit, new PoissonApproximation().maxLoad(limit, 1).expectedMax(), 10.0);
    }
}
