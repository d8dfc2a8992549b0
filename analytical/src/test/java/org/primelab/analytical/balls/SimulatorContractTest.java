package org.primelab.analytical.balls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.primelab.analytical.balls.ExactMaxLoadTest.assertCdfWithinSamplingError;
import static org.primelab.analytical.balls.RationalMaxLoadContractTest.assertField;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The seeded simulators ({@link MonteCarloMaxLoadEstimator}, {@link GreedyChoiceSimulator}) against exact laws:
 * degenerate cases whose max is certain, the exact law of Greedy[d] on a tiny case (dynamic programming over
 * load multisets), Greedy[1] = one uniform choice (the exact rational law), and their argument checks.
 */
class SimulatorContractTest {

    /** One bin holds every ball; one ball makes a max of 1; a single trial gives a point mass at its max. */
    @Test
    void certainMaximaAreReproduced() {
        MonteCarloMaxLoadEstimator mc = new MonteCarloMaxLoadEstimator(5, 3);
        GreedyChoiceSimulator greedy = new GreedyChoiceSimulator(5, 3);
        for (MaxLoadDistribution d : List.of(mc.maxLoad(9, 1), greedy.maxLoad(9, 1, 1), greedy.maxLoad(9, 1, 3))) {
            assertEquals(9.0, d.expectedMax(), 0.0, d.method());
            assertEquals(1.0, d.probabilityOf(9), 0.0, d.method());
        }
        for (MaxLoadDistribution d : List.of(mc.maxLoad(1, 6), greedy.maxLoad(1, 6, 2))) {
            assertEquals(1.0, d.probabilityOf(1), 0.0, d.method());
        }
        for (long seed = 1; seed <= 20; seed++) {
            MaxLoadDistribution one = new MonteCarloMaxLoadEstimator(seed, 1).maxLoad(20, 4);
            MaxLoadDistribution oneGreedy = new GreedyChoiceSimulator(seed, 1).maxLoad(20, 4, 1);
            MaxLoadDistribution oneGreedy2 = new GreedyChoiceSimulator(seed, 1).maxLoad(20, 4, 2);
            for (MaxLoadDistribution d : List.of(one, oneGreedy, oneGreedy2)) {
                assertEquals(1.0, d.probabilityOf(d.maxSupport()), 0.0, "one trial is a point mass: " + d.method());
                assertTrue(d.maxSupport() >= 5, "20 balls in 4 bins: some bin holds at least 5");
            }
        }
        assertEquals(1, new MonteCarloMaxLoadEstimator(9, 1).trials());
        assertEquals(1234, new MonteCarloMaxLoadEstimator(9, 1234).trials());
    }

    /** The same seed gives the same estimate (the stream is derived from the seed alone). */
    @Test
    void sameSeedSameEstimate() {
        assertEquals(new MonteCarloMaxLoadEstimator(3, 50).maxLoad(30, 7), new MonteCarloMaxLoadEstimator(3, 50).maxLoad(30, 7));
        assertEquals(new GreedyChoiceSimulator(3, 50).maxLoad(30, 7, 2), new GreedyChoiceSimulator(3, 50).maxLoad(30, 7, 2));
    }

    /** Greedy with one choice is the uniform process: its law is the exact one of 8 balls in 8 bins. */
    @Test
    void greedyWithOneChoiceIsTheUniformProcess() {
        int trials = 20_000;
        MaxLoadDistribution exact = new RationalMaxLoadCalculator().maxLoad(8, 8);
        MaxLoadDistribution sim = new GreedyChoiceSimulator(17, trials).maxLoad(8, 8, 1);
        assertEquals(exact.expectedMax(), sim.expectedMax(), 5 * Math.sqrt(exact.variance() / trials));
        assertCdfWithinSamplingError(exact, sim, trials);
    }

    /**
     * Exact law of Greedy[d]'s max by dynamic programming over sorted load vectors: the ball joins a bin of load
     * l with probability {@code F(>= l)^d - F(> l)^d} ({@code F} the fraction of bins at those loads: the least
     * loaded of d uniform samples has load l). Which of the tied bins it joins does not change the multiset.
     */
    static double[] exactGreedyMaxLaw(int balls, int bins, int d) {
        Map<List<Integer>, Double> states = new HashMap<>();
        states.put(List.copyOf(java.util.Collections.nCopies(bins, 0)), 1.0);
        for (int b = 0; b < balls; b++) {
            Map<List<Integer>, Double> next = new HashMap<>();
            for (Map.Entry<List<Integer>, Double> e : states.entrySet()) {
                List<Integer> loads = e.getKey(); // ascending
                for (int i = 0; i < bins; i++) {
                    if (i > 0 && loads.get(i).equals(loads.get(i - 1))) {
                        continue; // one transition per distinct load
                    }
                    int l = loads.get(i);
                    long atLeast = loads.stream().filter(x -> x >= l).count();
                    long above = loads.stream().filter(x -> x > l).count();
                    double pr = Math.pow(atLeast / (double) bins, d) - Math.pow(above / (double) bins, d);
                    int last = i;
                    while (last + 1 < bins && loads.get(last + 1) == l) {
                        last++;
                    }
                    Integer[] moved = loads.toArray(new Integer[0]);
                    moved[last]++; // raising the last of the tied keeps the vector sorted
                    next.merge(List.of(moved), e.getValue() * pr, Double::sum);
                }
            }
            states = next;
        }
        double[] law = new double[balls + 1];
        states.forEach((loads, pr) -> law[loads.get(bins - 1)] += pr);
        return law;
    }

    /** Greedy[2] and Greedy[3] on 6 balls in 4 bins: the simulated CDF within sampling error of the exact law. */
    @Test
    void greedyMatchesItsExactLawOnATinyCase() {
        int trials = 20_000;
        double[] one = exactGreedyMaxLaw(6, 4, 1);
        MaxLoadDistribution uniform = new RationalMaxLoadCalculator().maxLoad(6, 4);
        for (int k = 0; k <= 6; k++) {
            assertEquals(uniform.probabilityOf(k), one[k], 1e-12, "the DP with d = 1 is the uniform law, k=" + k);
        }
        for (int d : new int[] {2, 3}) {
            double[] law = exactGreedyMaxLaw(6, 4, d);
            double[] cdf = new double[law.length];
            double acc = 0;
            for (int k = 0; k < law.length; k++) {
                acc += law[k];
                cdf[k] = Math.min(1, acc);
            }
            assertEquals(1.0, acc, 1e-12);
            MaxLoadDistribution exact = new MaxLoadDistribution(6, 4, cdf, "exact Greedy[" + d + "]");
            MaxLoadDistribution sim = new GreedyChoiceSimulator(23, trials).maxLoad(6, 4, d);
            assertCdfWithinSamplingError(exact, sim, trials);
            assertTrue(exact.expectedMax() < uniform.expectedMax(), "more choices lower the max");
        }
    }

    /** The leading excess ln ln n / ln d is the base-d logarithm of ln n; it needs d >= 2 and n >= 3. */
    @Test
    void asymptoticExcessIsALogarithmOfLnN() {
        for (int n : new int[] {3, 16, 1000, 1 << 20}) {
            for (int d : new int[] {2, 3, 4}) {
                double excess = GreedyChoiceSimulator.asymptoticExcess(n, d);
                assertEquals(Math.log(n), Math.pow(d, excess), 1e-12 * Math.log(n), "n=" + n + " d=" + d);
            }
        }
        assertField("choices:", () -> GreedyChoiceSimulator.asymptoticExcess(2, 2));
        assertField("choices:", () -> GreedyChoiceSimulator.asymptoticExcess(3, 1));
    }

    /** Arguments are checked before any work; the work bound balls x choices x trials is enforced. */
    @Test
    void argumentsAndWorkBoundAreChecked() {
        assertField("balls:", () -> new MonteCarloMaxLoadEstimator(1, 5).maxLoad(-1, 4));
        assertField("bins:", () -> new MonteCarloMaxLoadEstimator(1, 5).maxLoad(4, 0));
        assertField("balls:", () -> new GreedyChoiceSimulator(1, 5).maxLoad(-1, 4, 2));
        assertField("choices:", () -> new GreedyChoiceSimulator(1, 5).maxLoad(4, 4, 0));
        assertField("trials:", () -> new GreedyChoiceSimulator(1, 0));
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new MonteCarloMaxLoadEstimator(1, 2000).maxLoad(1_000_001, 4));
        assertTrue(e.getMessage().startsWith("trials:") && e.getMessage().contains("2000002000"), e.getMessage());
        assertField("trials:", () -> new GreedyChoiceSimulator(1, 2).maxLoad(1, 1, 1_000_000_001));
    }
}
