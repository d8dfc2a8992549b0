package org.primelab.cli;

import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.resources.ResourceGuard;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.packet.SimConfig;
import org.primelab.packet.metrics.SimResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code prime motivation}: the paper's motivation experiment (§"Design Motivation", "Unfair
 * penalization of flows during asymmetric network conditions"): 18 flows from the hosts of leaf 0 to
 * the hosts of leaf 1 of a 2-tier k=16 tree at 400G, one uplink of leaf 0 degraded by 0% to 75%, and
 * the per-flow, per-port packet counts at leaf 0 for REPS and PRIME. Writes one CSV row per
 * (scheme, degradation, flow, port) and prints, per run, each port's total and the spread of the
 * per-flow shares of the degraded port — the unevenness the paper points at.
 */
@Command(name = "motivation", mixinStandardHelpOptions = true,
        description = "18 flows leaf0 -> leaf1, one leaf-0 uplink degraded 0..75%%: per-flow per-port counts (CSV).")
public final class MotivationCommand implements Callable<Integer> {
    /** Flows from leaf 0 to leaf 1 in the paper's experiment. */
    static final int FLOWS = 18;
    /** The paper's tree: 2-tier, k = 16 (128 hosts). */
    static final int K = 16;

    @Spec
    CommandSpec spec;

    @Option(names = "--lb", defaultValue = "reps,prime", description = "schemes (default: ${DEFAULT-VALUE})")
    String lb;

    @Option(names = "--degradations", defaultValue = "0,25,50,75",
            description = "percent rate reductions of the degraded uplink (default: ${DEFAULT-VALUE})")
    String degradations;

    @Option(names = "--link", defaultValue = "leaf0->spine0", description = "the degraded uplink (default: ${DEFAULT-VALUE})")
    String link;

    @Option(names = "--flow-size", defaultValue = "2MB", description = "bytes per flow (default: ${DEFAULT-VALUE})")
    String flowSize;

    @Option(names = "--seed", defaultValue = "1", description = "master seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--out", defaultValue = "prime-motivation", description = "output directory (default: ${DEFAULT-VALUE})")
    Path out;

    @Option(names = "--force", description = "run even beyond the time budget (the heap limit still applies)")
    boolean force;

    /**
     * What this command's options ask for, every value checked as {@link #call} checks it, without running anything:
     * the one validation, also used by the sweep to refuse a bad point before Spark starts.
     *
     * @param schemes the load balancers, in order
     * @param degradations the degraded uplink's rate reductions, percent
     * @param flowBytes bytes per flow
     * @param degradedPort the degraded uplink's index at leaf 0
     */
    public record Plan(List<LoadBalancingScheme> schemes, List<Integer> degradations, long flowBytes, int degradedPort) {
    }

    /** The run's {@link Plan}; throws {@link IllegalArgumentException} (one line naming the option) on a bad value. */
    public Plan plan() {
        FatTree tree = FatTree.twoTier(K);
        List<LoadBalancingScheme> schemes = new ArrayList<>();
        for (String s : lb.split(",", -1)) {
            LoadBalancingScheme scheme = Checks.as("lb", () -> LoadBalancingScheme.parse(s));
            if (schemes.contains(scheme)) {
                throw new IllegalArgumentException("lb: '" + scheme.cliName() + "' given twice in '" + Units.oneLine(lb)
                        + "'; accepted: a comma-separated list of distinct schemes, " + LoadBalancingScheme.names());
            }
            schemes.add(scheme);
        }
        List<Integer> pcts = new ArrayList<>();
        for (String d : degradations.split(",", -1)) {
            int p;
            try {
                p = Integer.parseInt(d.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("degradations: expected integers in [0, 99], got '"
                        + Units.oneLine(d) + "'");
            }
            if (p < 0 || p > 99) {
                throw new IllegalArgumentException("degradations: expected integers in [0, 99], got " + p);
            }
            if (pcts.contains(p)) {
                throw new IllegalArgumentException("degradations: " + p + " given twice in '" + Units.oneLine(degradations)
                        + "'; accepted: distinct integers in [0, 99]");
            }
            pcts.add(p);
        }
        long size = Units.parseBytes("flow-size", flowSize);
        if (size <= 0) {
            throw new IllegalArgumentException("flow-size: must be > 0 bytes, got " + flowSize);
        }
        String onlyUplinksOfLeaf0 = "link: must be one uplink direction of leaf0, e.g. leaf0->spine0, got '"
                + Units.oneLine(link) + "'";
        int[] degradedLinks;
        try {
            degradedLinks = tree.linksByName(link);
        } catch (IllegalArgumentException e) {
            // the fabric's parser hints at any cable or direction, of which this command takes one kind only
            throw new IllegalArgumentException(onlyUplinksOfLeaf0, e);
        }
        if (degradedLinks.length != 1 || tree.linkSource(degradedLinks[0]) != tree.torNode(0)
                || !tree.isUplink(degradedLinks[0])) {
            throw new IllegalArgumentException(onlyUplinksOfLeaf0);
        }
        int degradedPort = -1;
        for (int j = 0; j < tree.torUplinks(); j++) {
            if (tree.uplink(tree.torNode(0), j) == degradedLinks[0]) {
                degradedPort = j;
            }
        }
        // one packet simulation per scheme and degradation
        Checks.fits(ResourceGuard.packetSim(Checks.dimensions(2, K), FLOWS, ResourceGuard.packets(FLOWS, size,
                FabricParameters.DEFAULT_MTU_BYTES, FabricParameters.DEFAULT_HEADER_BYTES)).times(schemes.size() * pcts.size()), force);
        return new Plan(List.copyOf(schemes), List.copyOf(pcts), size, degradedPort);
    }

    @Override
    public Integer call() {
        Plan plan = plan();
        FatTree tree = FatTree.twoTier(K);
        List<LoadBalancingScheme> schemes = plan.schemes();
        List<Integer> pcts = plan.degradations();
        long size = plan.flowBytes();
        int degradedPort = plan.degradedPort();
        OutputDir.requireUsable(out);
        List<Flow> flows = new ArrayList<>();
        int per = tree.hostsPerTor();
        for (int i = 0; i < FLOWS; i++) {
            flows.add(new Flow(i, i % per, per + (i % per), size, 0));
        }
        PrintWriter stdout = spec.commandLine().getOut();
        List<String> rows = new ArrayList<>();
        stdout.printf(Locale.ROOT, "%d flows leaf0 -> leaf1, %s degraded (port %d), %s per flow%n", FLOWS, link,
                degradedPort, flowSize);
        stdout.printf(Locale.ROOT, "%-6s %5s  %-44s  %s%n", "scheme", "degr%", "packets per leaf-0 uplink (all flows)",
                "per-flow share of degraded port: min / max");
        for (LoadBalancingScheme s : schemes) {
            for (int pct : pcts) {
                long rate = FabricParameters.DEFAULT_RATE_BPS * (100 - pct) / 100;
                Faults faults = pct == 0 ? Faults.none(tree) : Faults.builder(tree).degrade(link, rate).build();
                SimConfig c = SimConfig.builder(tree).scheme(s).faults(faults).seed(seed).build();
                SimResult r = SimRunner.run(c, flows, spec.commandLine().getErr(), true);
                long[] totals = new long[tree.torUplinks()];
                double minShare = 1;
                double maxShare = 0;
                for (Flow f : flows) {
                    int[] counts = r.uplinkCounts(f.id());
                    long sum = 0;
                    for (int j = 0; j < counts.length; j++) {
                        totals[j] += counts[j];
                        sum += counts[j];
                        rows.add(String.format(Locale.ROOT, "%s,%d,%d,%d,%d,%d", s.cliName(), pct, f.id(), j, counts[j],
                                j == degradedPort ? 1 : 0));
                    }
                    double share = counts[degradedPort] / (double) sum;
                    minShare = Math.min(minShare, share);
                    maxShare = Math.max(maxShare, share);
                }
                stdout.printf(Locale.ROOT, "%-6s %5d  %-44s  %.3f / %.3f (even %.3f)%n", s.cliName(), pct,
                        java.util.Arrays.toString(totals), minShare, maxShare, 1.0 / tree.torUplinks());
            }
        }
        writeCsv(rows);
        stdout.println("wrote " + out.resolve("motivation.csv"));
        stdout.flush();
        return 0;
    }

    private void writeCsv(List<String> rows) {
        OutputDir.write(out.resolve("motivation.csv"), f -> {
            try (Writer w = Files.newBufferedWriter(f, StandardCharsets.UTF_8)) {
                w.write("scheme,degradation_pct,flow,port,packets,degraded_port\n");
                for (String r : rows) {
                    w.write(r);
                    w.write('\n');
                }
            }
        });
    }
}
