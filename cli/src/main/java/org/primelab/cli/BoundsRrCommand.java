package org.primelab.cli;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.primelab.analytical.balls.MaxLoadDistribution;
import org.primelab.analytical.balls.PoissonizedMaxLoadCalculator;
import org.primelab.analytical.roundrobin.RoundRobinDeviationTheorem;
import org.primelab.analytical.roundrobin.ShuffledRoundRobinAggregate;
import org.primelab.analytical.roundrobin.SprayingAggregate;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code prime bounds rr}: the busiest of N ports when F flows send W packets each, under PRIME's
 * shuffled round robin (exact DP or simulation, union bound, deterministic bound), random spraying
 * (exact) and hash-mapped EVs from an EV space of size E (simulation, long-run imbalance exact).
 */
@Command(name = "rr", mixinStandardHelpOptions = true,
        description = "Busiest-port load of F flows x W packets over N ports: shuffled RR vs spraying vs hashed EVs.")
final class BoundsRrCommand implements Callable<Integer> {
    /** Tail probability of the reported union-bound quantile. */
    static final double UNION_EPSILON = 1e-6;

    @Spec
    CommandSpec spec;

    @Option(names = "--flows", required = true, description = "flows F, 1..4096")
    int flows;

    @Option(names = "--ports", required = true, description = "ports (uplinks) N, 1..1024")
    int ports;

    @Option(names = "--window", required = true, description = "packets per flow W, 1..100000")
    int window;

    @Option(names = "--ev-space", defaultValue = "256", description = "EV space E of the hashed scheme, 1..1000000 (default: ${DEFAULT-VALUE})")
    int evSpace;

    @Option(names = "--trials", defaultValue = "2000", description = "simulation trials, 1..100000 (default: ${DEFAULT-VALUE})")
    int trials;

    @Option(names = "--seed", defaultValue = "1", description = "master seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--json", description = "print one JSON object instead of text")
    boolean json;

    @Override
    public Integer call() {
        if (flows < 1 || flows > 4096) {
            throw new IllegalArgumentException("flows: must be in [1, 4096], got " + flows);
        }
        if (ports < 1 || ports > 1024) {
            throw new IllegalArgumentException("ports: must be in [1, 1024], got " + ports);
        }
        if (window < 1 || window > 100_000) {
            throw new IllegalArgumentException("window: must be in [1, 100000] packets, got " + window);
        }
        // the long-run imbalance is E balls into N bins: E is bounded by the exact calculator's range
        Checks.range("ev-space", evSpace, 1, PoissonizedMaxLoadCalculator.MAX_BALLS);
        if ((long) flows * window > PoissonizedMaxLoadCalculator.MAX_BALLS) {
            throw new IllegalArgumentException("window: flows x window must be <= "
                    + PoissonizedMaxLoadCalculator.MAX_BALLS + " (exact random-spraying distribution), got "
                    + (long) flows * window);
        }
        if (trials < 1 || trials > 100_000) {
            throw new IllegalArgumentException("trials: must be in [1, 100000], got " + trials);
        }
        if ((long) flows * window * trials > 400_000_000L) {
            throw new IllegalArgumentException("trials: flows x window x trials must be <= 4e8 for the simulations, got "
                    + (long) flows * window * trials);
        }
        long base = (long) flows * (window / ports);
        int r = window % ports;
        Optional<MaxLoadDistribution> exact = ShuffledRoundRobinAggregate.exactExcess(flows, ports, window);
        MaxLoadDistribution excess = exact.orElseGet(
                () -> ShuffledRoundRobinAggregate.simulate(flows, ports, window, 0, seed, trials));
        int unionQ = ShuffledRoundRobinAggregate.unionBoundQuantile(flows, ports, window, UNION_EPSILON);
        MaxLoadDistribution spray = SprayingAggregate.randomSpraying(flows, ports, window);
        MaxLoadDistribution hashed = SprayingAggregate.simulateHashed(flows, ports, window, evSpace, seed, trials);
        double imbalance = SprayingAggregate.hashLongRunImbalance(evSpace, ports);
        double even = ShuffledRoundRobinAggregate.evenShare(flows, ports, window);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("flows", flows);
            o.put("ports", ports);
            o.put("window", window);
            o.put("even_share", even);
            Map<String, Object> rr = new LinkedHashMap<>();
            rr.put("per_flow_deviation_bound", RoundRobinDeviationTheorem.SHUFFLED_DEVIATION_BOUND);
            rr.put("base", base);
            rr.put("remainder", r);
            rr.put("excess_method", excess.method());
            rr.put("exact", exact.isPresent());
            rr.put("expected_max", base + excess.expectedMax());
            rr.put("p50", base + excess.quantile(0.5));
            rr.put("p99", base + excess.quantile(0.99));
            rr.put("union_bound_quantile", base + unionQ);
            rr.put("union_bound_epsilon", UNION_EPSILON);
            rr.put("worst_case", base + (r > 0 ? flows : 0));
            o.put("shuffled_rr", rr);
            o.put("random_spraying", summary(spray));
            Map<String, Object> h = summary(hashed);
            h.put("ev_space", evSpace);
            h.put("long_run_imbalance", imbalance);
            o.put("hashed_evs", h);
            o.put("seed", seed);
            o.put("trials", trials);
            out.println(Json.write(o));
        } else {
            out.printf(Locale.ROOT, "%d flows x %d packets over %d ports: even share %.2f per port%n", flows, window,
                    ports, even);
            out.printf(Locale.ROOT, "per flow: plain RR |count - w/n| < %.0f, shuffled RR (PRIME) < %.0f%n",
                    RoundRobinDeviationTheorem.PLAIN_DEVIATION_BOUND, RoundRobinDeviationTheorem.SHUFFLED_DEVIATION_BOUND);
            out.printf(Locale.ROOT, "busiest port, shuffled RR: E %.3f  median %d  p99 %d  (%s); P(> %d) <= %.0e "
                    + "(union bound); never above %d%n", base + excess.expectedMax(), base + excess.quantile(0.5),
                    base + excess.quantile(0.99), excess.method(), base + unionQ, UNION_EPSILON,
                    base + (r > 0 ? flows : 0));
            out.printf(Locale.ROOT, "busiest port, random spraying: E %.3f  median %d  p99 %d  (%s)%n",
                    spray.expectedMax(), spray.quantile(0.5), spray.quantile(0.99), spray.method());
            out.printf(Locale.ROOT, "busiest port, hashed EVs (E=%d): E %.3f  median %d  p99 %d  (%s)%n", evSpace,
                    hashed.expectedMax(), hashed.quantile(0.5), hashed.quantile(0.99), hashed.method());
            out.printf(Locale.ROOT, "hash limitation: with %d EVs a flow's busiest port gets %.1f%% more than its share "
                    + "in the long run%n", evSpace, 100 * imbalance);
        }
        out.flush();
        return 0;
    }

    private static Map<String, Object> summary(MaxLoadDistribution d) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("method", d.method());
        m.put("expected_max", d.expectedMax());
        m.put("p50", d.quantile(0.5));
        m.put("p99", d.quantile(0.99));
        return m;
    }
}
