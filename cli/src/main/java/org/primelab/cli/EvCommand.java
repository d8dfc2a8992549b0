package org.primelab.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.entropy.MultiPartGenerator;
import org.primelab.core.entropy.PrimeVariant;
import org.primelab.core.resources.ResourceGuard;
import org.primelab.core.topology.EvLayout;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code prime ev}: the multi-part EVs PRIME's generator (paper Alg. 2) gives one flow on a FatTree,
 * and how evenly they load the uplinks of each tier. Tier 1 counts part 1 (the ToR's uplinks); tier 2
 * counts part 2 (an aggregation switch's uplinks, 3-tier only).
 */
@Command(name = "ev", mixinStandardHelpOptions = true,
        description = "Print PRIME's multi-part EVs for one flow and the per-port counts per tier.")
final class EvCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--tiers", defaultValue = "2", description = "2 or 3 (default: ${DEFAULT-VALUE})")
    int tiers;

    @Option(names = "--k", defaultValue = "16", description = "switch radix, even, 4..256 (default: ${DEFAULT-VALUE})")
    int k;

    @Option(names = "--packets", defaultValue = "256", description = "packets to generate, 1..10000000 (default: ${DEFAULT-VALUE})")
    int packets;

    @Option(names = "--seed", defaultValue = "1", description = "master seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--variant", defaultValue = "odometer",
            description = "odometer (paper's dependent counters) or random-part (default: ${DEFAULT-VALUE})")
    String variant;

    @Option(names = "--show", defaultValue = "16", description = "EVs to print in text mode (default: ${DEFAULT-VALUE})")
    int show;

    @Option(names = "--json", description = "print one JSON object instead of text")
    boolean json;

    @Override
    public Integer call() {
        if (packets < 1 || packets > 10_000_000) {
            throw new IllegalArgumentException("packets: must be in [1, 10000000], got " + packets);
        }
        if (show < 0) {
            throw new IllegalArgumentException("show: must be >= 0, got " + show);
        }
        if (json && spec.commandLine().getParseResult().hasMatchedOption("--show")) {
            throw new IllegalArgumentException("show: is how many EVs the text prints; --json prints every one in evs");
        }
        PrimeVariant v = switch (variant.toLowerCase(Locale.ROOT)) {
            case "odometer" -> PrimeVariant.ODOMETER;
            case "random-part" -> PrimeVariant.RANDOM_PART;
            default -> throw new IllegalArgumentException("variant: unknown '" + Units.oneLine(variant)
                    + "'; accepted: odometer, random-part");
        };
        Checks.fits(ResourceGuard.topology(Checks.dimensions(tiers, k), 0), false);
        FatTree tree = FatTree.builder(tiers, k).build();
        EvLayout layout = tree.evLayout();
        MultiPartGenerator gen = LoadBalancingScheme.primeMultiPart(layout, v, seed, 0, 0);
        int parts = layout.parts();
        long[][] counts = new long[parts][];
        for (int p = 0; p < parts; p++) {
            counts[p] = new long[layout.uplinks(p)];
        }
        // tier 2's physical links are (aggregation switch = part 1, its uplink = part 2): counts per pair
        long[][] perLink = parts > 1 ? new long[layout.uplinks(0)][layout.uplinks(1)] : null;
        List<int[]> evs = new ArrayList<>();
        for (int i = 0; i < packets; i++) {
            int ev = gen.next();
            int[] pp = new int[parts];
            for (int p = 0; p < parts; p++) {
                pp[p] = layout.part(ev, p);
                counts[p][pp[p]]++;
            }
            if (perLink != null) {
                perLink[pp[0]][pp[1]]++;
            }
            if (json || i < show) {
                evs.add(pp);   // the text prints the first --show only: 10^7 packets kept 560 MB for 16
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("tiers", tiers);
            o.put("k", k);
            o.put("hosts", tree.hosts());
            o.put("seed", seed);
            o.put("variant", variant.toLowerCase(Locale.ROOT));
            o.put("packets", packets);
            List<Object> partInfo = new ArrayList<>();
            List<Object> perTier = new ArrayList<>();
            for (int p = 0; p < parts; p++) {
                Map<String, Object> pi = new LinkedHashMap<>();
                pi.put("part", p + 1);
                pi.put("uplinks", layout.uplinks(p));
                pi.put("bits", layout.bits(p));
                partInfo.add(pi);
                Map<String, Object> t = new LinkedHashMap<>();
                t.put("tier", p + 1);
                t.put("counts", counts[p]);
                t.put("even", packets / (double) layout.uplinks(p));
                t.put("max_deviation", maxDeviation(counts[p], packets));
                if (p == 1 && perLink != null) {
                    t.put("per_link_max_deviation", perLinkDeviation(perLink));
                }
                perTier.add(t);
            }
            o.put("layout", partInfo);
            o.put("evs", evs);
            o.put("per_tier", perTier);
            out.println(Json.write(o));
        } else {
            out.printf(Locale.ROOT, "PRIME multi-part EVs (%s) for one flow on %s%n", variant, tree);
            out.printf(Locale.ROOT, "layout: %s, %d bits in all; seed %d%n", layout, layout.totalBits(), seed);
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < Math.min(show, packets); i++) {
                int[] pp = evs.get(i);
                sb.append(i == 0 ? "" : " ");
                for (int p = 0; p < parts; p++) {
                    sb.append(p == 0 ? "" : ".").append(pp[p]);
                }
            }
            out.printf(Locale.ROOT, "first %d of %d EVs (part1%s): %s%n", Math.min(show, packets), packets,
                    parts > 1 ? ".part2" : "", sb);
            for (int p = 0; p < parts; p++) {
                String what = p == 0 ? (tiers == 2 ? "leaf uplinks -> spines" : "edge uplinks -> aggregation")
                        : "aggregation uplinks -> cores";
                out.printf(Locale.ROOT, "tier %d (%s): counts %s, even %.2f, max deviation %.2f%n", p + 1, what,
                        java.util.Arrays.toString(counts[p]), packets / (double) layout.uplinks(p),
                        maxDeviation(counts[p], packets));
                if (p == 1 && perLink != null) {
                    // the counts above add up each uplink index over every aggregation switch; the balance is per link
                    out.printf(Locale.ROOT, "  per link (aggregation switch = part 1, its uplink = part 2): max deviation"
                            + " %.2f from each switch's even share%n", perLinkDeviation(perLink));
                }
            }
        }
        out.flush();
        return 0;
    }

    /** The largest deviation of a (part 1, part 2) count from its part-1 value's even share over the part-2 values. */
    static double perLinkDeviation(long[][] perLink) {
        double max = 0;
        for (long[] row : perLink) {
            long total = 0;
            for (long c : row) {
                total += c;
            }
            max = Math.max(max, maxDeviation(row, total));
        }
        return max;
    }

    static double maxDeviation(long[] counts, long total) {
        double even = total / (double) counts.length;
        double max = 0;
        for (long c : counts) {
            max = Math.max(max, Math.abs(c - even));
        }
        return max;
    }
}
