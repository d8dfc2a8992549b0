package org.primelab.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workloads;
import org.primelab.packet.SimConfig;
import org.primelab.packet.metrics.SimResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code prime demo}: the README's main job. The paper's smallest symmetric experiment — a 2-tier
 * k=16 FatTree (128 hosts), 400G links, a permutation of 2 MB flows (§"Evaluation") — run with every
 * load balancer on the same workload: prints the comparison table and writes a PNG chart of the Ratio
 * (max FCT / ideal max FCT) per scheme, plus the {@code prime sim --out} files.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Every load balancer on the paper's 128-host permutation (2 MB, 400G); table + Ratio chart.")
final class DemoCommand implements Callable<Integer> {
    /** Radix of the demo's 2-tier tree: 128 hosts, the paper's smallest topology. */
    static final int DEMO_K = 16;
    /** Flow size: 2 MB, the paper's smallest (§"Evaluation", "Traffic"). */
    static final long DEMO_FLOW_BYTES = 2_000_000;

    @Spec
    CommandSpec spec;

    @Option(names = "--out", defaultValue = "prime-demo", description = "output directory (default: ${DEFAULT-VALUE})")
    Path out;

    @Option(names = "--seed", defaultValue = "1", description = "master seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Override
    public Integer call() {
        OutputDir.requireUsable(out, "summary.json", "flows.csv", "queues.csv", "ratio.png");
        PrintWriter stdout = spec.commandLine().getOut();
        FatTree tree = FatTree.twoTier(DEMO_K);
        SimConfig config = SimConfig.builder(tree).seed(seed).build();
        List<Flow> flows = Workloads.permutation(tree, DEMO_FLOW_BYTES, seed, false);
        List<SimResult> results = SimRunner.runAll(config, List.of(LoadBalancingScheme.values()), flows,
                spec.commandLine().getErr(), true);
        SimRunner.printTable(stdout, results);
        SimOutputs.write(out, results);
        Path png = out.resolve("ratio.png");
        writeChart(png, results);
        stdout.println("wrote " + png + " and " + out.resolve("summary.json") + ", flows.csv, queues.csv");
        stdout.flush();
        return 0;
    }

    static void writeChart(Path png, List<SimResult> results) {
        List<String> names = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        for (SimResult r : results) {
            names.add(r.config().scheme().cliName());
            ratios.add(r.ratio());
        }
        SimConfig c = results.get(0).config();
        CategoryChart chart = new CategoryChartBuilder().width(800).height(500)
                .title(String.format(java.util.Locale.ROOT, "Permutation, %d hosts, %s, %d MB flows: max FCT / ideal",
                        c.tree().hosts(), Units.formatRate(c.linkRateBps()), results.get(0).flows().get(0).sizeBytes() / 1_000_000))
                .xAxisTitle("load balancer").yAxisTitle("Ratio").build();
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setYAxisMin(0.0);
        chart.addSeries("Ratio", names, ratios);
        OutputDir.write(png, f -> {
            try (java.io.OutputStream os = Files.newOutputStream(f)) {
                BitmapEncoder.saveBitmap(chart, os, BitmapEncoder.BitmapFormat.PNG);
            }
        });
    }
}
