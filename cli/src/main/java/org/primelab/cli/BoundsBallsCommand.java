package org.primelab.cli;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.primelab.analytical.balls.MaxLoadCalculator;
import org.primelab.analytical.balls.MaxLoadDistribution;
import org.primelab.analytical.balls.PoissonApproximation;
import org.primelab.analytical.balls.PoissonizedMaxLoadCalculator;
import org.primelab.analytical.balls.RaabStegerAsymptotics;
import org.primelab.analytical.balls.RationalMaxLoadCalculator;
import org.primelab.core.units.Units;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code prime bounds balls}: the exact distribution of the maximum load of m balls in n bins. */
@Command(name = "balls", mixinStandardHelpOptions = true,
        description = "Exact max-load distribution of M balls thrown uniformly into N bins.")
public final class BoundsBallsCommand implements Callable<Integer> {
    /** Balls up to which the automatic method uses exact rational arithmetic. */
    static final int RATIONAL_AUTO_LIMIT = 48;
    /**
     * Multiply-adds ({@link PoissonizedMaxLoadCalculator#convolutionMultiplyAdds}) above which {@code --method
     * convolution} is refused before it starts: about 15-25 s on the development machine (0.3-0.55 ns per estimated
     * multiply-add measured from 1,000 to 100,000 balls); the Fourier method computes the same distribution.
     */
    static final double CONVOLUTION_WORK_LIMIT = 4e10;
    /** The progress bar counts the work done in thousandths. */
    private static final int PERMILLE = 1000;

    @Spec
    CommandSpec spec;

    @Option(names = "--balls", required = true, description = "number of balls m, 0..1000000")
    int balls;

    @Option(names = "--bins", required = true, description = "number of bins n, 1..1048576")
    int bins;

    @Option(names = "--method", defaultValue = "auto",
            description = "auto, exact (rational, m <= 128, n <= 65536), fourier or convolution (a cross-check, refused above"
                    + " about 20 s of work, e.g. 10000 balls in 10000 bins) (default: ${DEFAULT-VALUE})")
    String method;

    @Option(names = "--json", description = "print one JSON object instead of text")
    boolean json;

    @Option(names = "--no-progress", description = "never show the progress bar (shown on stderr once the computation"
            + " lasts 2 s)")
    boolean noProgress;

    /**
     * The calculator {@code --method} names for {@code balls} balls into {@code bins} bins, every value
     * checked ({@code auto}: exact rational arithmetic up to {@link #RATIONAL_AUTO_LIMIT} balls, then the
     * exact Poissonized calculator); the one choice {@code prime bounds balls} and the REPL facade make.
     */
    public static MaxLoadCalculator calculator(String method, int balls, int bins) {
        Checks.range("balls", balls, 0, PoissonizedMaxLoadCalculator.MAX_BALLS);
        Checks.range("bins", bins, 1, PoissonizedMaxLoadCalculator.MAX_BINS);
        String m = method.toLowerCase(Locale.ROOT);
        if (m.equals("exact")) {
            Checks.range("balls", balls, 0, RationalMaxLoadCalculator.MAX_BALLS);
            Checks.range("bins", bins, 1, RationalMaxLoadCalculator.MAX_BINS);
        }
        return switch (m) {
            case "auto" -> balls <= RATIONAL_AUTO_LIMIT && bins <= RationalMaxLoadCalculator.MAX_BINS
                    ? new RationalMaxLoadCalculator() : new PoissonizedMaxLoadCalculator();
            case "exact" -> new RationalMaxLoadCalculator();
            case "fourier" -> new PoissonizedMaxLoadCalculator(PoissonizedMaxLoadCalculator.SumMethod.FOURIER);
            case "convolution" -> {
                double work = PoissonizedMaxLoadCalculator.convolutionMultiplyAdds(balls, bins);
                if (work > CONVOLUTION_WORK_LIMIT) {
                    throw new IllegalArgumentException(String.format(Locale.ROOT, "method: convolution of %d balls in"
                            + " %d bins takes about %.1e multiply-adds, over its limit of %.0e (about 20 s); accepted"
                            + " here: auto or fourier, which compute the same distribution", balls, bins, work,
                            CONVOLUTION_WORK_LIMIT));
                }
                yield new PoissonizedMaxLoadCalculator(PoissonizedMaxLoadCalculator.SumMethod.CONVOLUTION);
            }
            default -> throw new IllegalArgumentException("method: unknown '" + Units.oneLine(method)
                    + "'; accepted: auto, exact, fourier, convolution");
        };
    }

    @Override
    public Integer call() {
        MaxLoadCalculator calc = calculator(method, balls, bins);
        long start = System.nanoTime();
        ProgressBar[] bar = new ProgressBar[1];
        PrintWriter err = spec.commandLine().getErr();
        MaxLoadDistribution d;
        try {
            d = calc.maxLoad(balls, bins, done -> {
                if (noProgress) {
                    return;
                }
                if (bar[0] == null && System.nanoTime() - start > SimRunner.PROGRESS_AFTER_NANOS) {
                    bar[0] = ProgressBars.onStderr("bounds balls", PERMILLE, "", err, null);
                }
                if (bar[0] != null) {
                    bar[0].stepTo(Math.round(done * PERMILLE));
                }
            });
        } finally {
            if (bar[0] != null) {
                bar[0].close();
            }
        }
        double millis = (System.nanoTime() - start) / 1e6;
        MaxLoadDistribution poisson = new PoissonApproximation().maxLoad(balls, bins);
        boolean asymptotic = balls >= 1 && bins >= 3;
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("balls", balls);
            o.put("bins", bins);
            o.put("method", d.method());
            o.put("expected_max", d.expectedMax());
            o.put("std_max", Math.sqrt(d.variance()));
            o.put("p50", d.quantile(0.5));
            o.put("p99", d.quantile(0.99));
            Map<String, Object> cdf = new LinkedHashMap<>();
            d.cdfWhereMassIs().forEach((k, p) -> cdf.put(String.valueOf(k), p));
            o.put("p_max_le", cdf);
            o.put("poisson_expected_max", poisson.expectedMax());
            if (asymptotic) {
                o.put("raab_steger_regime", RaabStegerAsymptotics.regime(balls, bins).name().toLowerCase(Locale.ROOT));
                o.put("raab_steger_threshold", RaabStegerAsymptotics.threshold(balls, bins, 1.0));
            }
            o.put("millis", millis);
            out.println(Json.write(o));
        } else {
            out.printf(Locale.ROOT, "%d balls in %d bins (%s, %.1f ms)%n", balls, bins, d.method(), millis);
            out.printf(Locale.ROOT, "E[max] = %.6f  sd %.4f  median %d  p99 %d%n", d.expectedMax(),
                    Math.sqrt(d.variance()), d.quantile(0.5), d.quantile(0.99));
            out.println("load  P(max = load)  P(max <= load)");
            d.cdfWhereMassIs().forEach((k, p) -> out.printf(Locale.ROOT, "%4d  %.6e  %.12f%n", k, d.probabilityOf(k), p));
            out.printf(Locale.ROOT, "Poisson approximation: E[max] = %.6f%n", poisson.expectedMax());
            if (asymptotic) {
                out.printf(Locale.ROOT, "Raab-Steger (%s regime, alpha = 1): %.3f%n",
                        RaabStegerAsymptotics.regime(balls, bins).name().toLowerCase(Locale.ROOT),
                        RaabStegerAsymptotics.threshold(balls, bins, 1.0));
            }
        }
        out.flush();
        return 0;
    }
}
