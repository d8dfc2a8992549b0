package org.primelab.fluid.flowlevel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link WaterFilling} against the definition of weighted max-min fairness with ceilings, on seeded random
 * instances: flows over a few shared links with random weights, capacities and ceilings (many distinct, some
 * equal, some above every link's share). Max-min fair rates are unique, so a second, naive progressive
 * filling that recomputes everything each round is an exact oracle; the optimality condition of Bertsekas and
 * Gallager (<i>Data Networks</i>, Prop. 6.5.1) is checked as well.
 */
class WaterFillingTest {
    private static final double TOLERANCE = 1e-9;

    @Test
    void ratesAreTheUniqueMaxMinFairAllocationWithCeilings() {
        SplittableRandom random = new SplittableRandom(20261124L);
        for (int instance = 0; instance < 2000; instance++) {
            Instance in = Instance.random(random);
            double[] rate = new double[in.flows];
            int[] bottleneck = new int[in.flows];
            WaterFilling filling = new WaterFilling(in.edge, in.flows);
            filling.allocate(in.active(), in.flows, in.shares, in.capacity, in.ceiling, in.usedLinks(),
                    in.usedLinks().length, rate, bottleneck);
            double[] expected = naiveFilling(in);
            for (int f = 0; f < in.flows; f++) {
                assertEquals(expected[f], rate[f], TOLERANCE * Math.max(1, expected[f]),
                        "instance " + instance + ", flow " + f);
            }
            assertMaxMinFair(in, rate, bottleneck, instance);
        }
    }

    /** Feasible, within ceilings, and every flow below its ceiling has a saturated link where no flow gets more. */
    private static void assertMaxMinFair(Instance in, double[] rate, int[] bottleneck, int instance) {
        double[] load = in.loads(rate);
        for (int l = 0; l < in.links; l++) {
            assertTrue(load[l] <= in.capacity[l] * (1 + 1e-9) + 1e-12, "instance " + instance + ": link " + l + " overloaded");
        }
        for (int f = 0; f < in.flows; f++) {
            assertTrue(rate[f] <= in.ceiling[f] * (1 + 1e-9), "instance " + instance + ": flow " + f + " above its ceiling");
            if (bottleneck[f] >= 0) {
                assertTrue(isMaxOnSaturatedLink(in, rate, load, f, bottleneck[f]),
                        "instance " + instance + ": flow " + f + "'s bottleneck " + bottleneck[f] + " is not one");
            }
            if (rate[f] < in.ceiling[f] * (1 - 1e-9)) {
                boolean held = false;
                for (int l : in.shares[f].links()) {
                    held |= isMaxOnSaturatedLink(in, rate, load, f, l);
                }
                assertTrue(held, "instance " + instance + ": flow " + f + " could take more");
            }
        }
    }

    private static boolean isMaxOnSaturatedLink(Instance in, double[] rate, double[] load, int f, int l) {
        if (load[l] < in.capacity[l] * (1 - 1e-7)) {
            return false;
        }
        for (int g = 0; g < in.flows; g++) {
            if (in.loads(g, l) && rate[g] > rate[f] * (1 + 1e-9)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The textbook procedure, from scratch every round: every open flow rises to the lowest of the open flows'
     * ceilings and the links' saturation levels; the flows at their ceiling or on a saturated link freeze.
     */
    private static double[] naiveFilling(Instance in) {
        double[] rate = new double[in.flows];
        boolean[] frozen = new boolean[in.flows];
        int open = in.flows;
        while (open > 0) {
            double level = Double.POSITIVE_INFINITY;
            for (int f = 0; f < in.flows; f++) {
                if (!frozen[f]) {
                    level = Math.min(level, in.ceiling[f]);
                }
            }
            double[] fixedLoad = new double[in.links];
            double[] openWeight = new double[in.links];
            for (int f = 0; f < in.flows; f++) {
                LinkShares s = in.shares[f];
                for (int j = 0; j < s.links().length; j++) {
                    if (frozen[f]) {
                        fixedLoad[s.links()[j]] += s.weights()[j] * rate[f];
                    } else {
                        openWeight[s.links()[j]] += s.weights()[j];
                    }
                }
            }
            for (int l = 0; l < in.links; l++) {
                if (openWeight[l] > 0) {
                    level = Math.min(level, Math.max(0, in.capacity[l] - fixedLoad[l]) / openWeight[l]);
                }
            }
            for (int f = 0; f < in.flows; f++) {
                if (frozen[f]) {
                    continue;
                }
                boolean stop = in.ceiling[f] <= level * (1 + 1e-12);
                for (int l : in.shares[f].links()) {
                    stop |= in.capacity[l] - fixedLoad[l] - level * openWeight[l] <= 1e-12;
                }
                if (stop) {
                    rate[f] = level;
                    frozen[f] = true;
                    open--;
                } else {
                    rate[f] = level;   // rises with the others; frozen later
                }
            }
        }
        return rate;
    }

    /** A random instance: flows over distinct links of a small set, with weights, capacities and ceilings. */
    private record Instance(int links, int flows, LinkShares[] shares, double[] capacity, double[] ceiling,
                            boolean[] edge) {
        static Instance random(SplittableRandom random) {
            int links = 2 + random.nextInt(24);
            int flows = 1 + random.nextInt(40);
            double[] capacity = new double[links];
            boolean[] edge = new boolean[links];
            for (int l = 0; l < links; l++) {
                capacity[l] = random.nextInt(3) == 0 ? 1 : 0.1 + random.nextDouble();
                edge[l] = random.nextInt(4) == 0;
            }
            LinkShares[] shares = new LinkShares[flows];
            double[] ceiling = new double[flows];
            for (int f = 0; f < flows; f++) {
                int count = 1 + random.nextInt(Math.min(5, links));
                int[] ls = random.ints(0, links).distinct().limit(count).toArray();
                double[] ws = new double[count];
                for (int j = 0; j < count; j++) {
                    ws[j] = random.nextBoolean() ? 1 : 0.05 + 0.95 * random.nextDouble();
                }
                shares[f] = new LinkShares(ls, ws, 0, 2);
                ceiling[f] = switch (random.nextInt(4)) {
                    case 0 -> 1;                                   // a line-rate window
                    case 1 -> 0.25;                                // a common smaller window
                    default -> 0.01 + random.nextDouble();         // distinct windows
                };
            }
            return new Instance(links, flows, shares, capacity, ceiling, edge);
        }

        int[] active() {
            int[] a = new int[flows];
            Arrays.setAll(a, f -> f);
            return a;
        }

        int[] usedLinks() {
            boolean[] used = new boolean[links];
            for (LinkShares s : shares) {
                for (int l : s.links()) {
                    used[l] = true;
                }
            }
            return java.util.stream.IntStream.range(0, links).filter(l -> used[l]).toArray();
        }

        boolean loads(int f, int l) {
            for (int x : shares[f].links()) {
                if (x == l) {
                    return true;
                }
            }
            return false;
        }

        double[] loads(double[] rate) {
            double[] load = new double[links];
            for (int f = 0; f < flows; f++) {
                for (int j = 0; j < shares[f].links().length; j++) {
                    load[shares[f].links()[j]] += shares[f].weights()[j] * rate[f];
                }
            }
            return load;
        }
    }
}
