package org.primelab.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.primelab.core.resources.ResourceGuard;
import org.primelab.core.topology.FatTree;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code prime topo}: a FatTree's sizes and the names of its switches and cables, the names that
 * {@code --fail} and {@code --degrade} accept ({@link FatTree} documents the naming scheme).
 */
@Command(name = "topo", mixinStandardHelpOptions = true,
        description = "List a FatTree's sizes, switches and cable names (the names --fail and --degrade take).")
final class TopoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--tiers", defaultValue = "2", description = "2 or 3 (default: ${DEFAULT-VALUE})")
    int tiers;

    @Option(names = "--k", defaultValue = "16", description = "switch radix, even, 4..256 (default: ${DEFAULT-VALUE})")
    int k;

    @Option(names = "--hosts-links", description = "also list host-to-ToR cables (they cannot be failed)")
    boolean hostLinks;

    @Option(names = "--json", description = "print one JSON object")
    boolean json;

    /** Heap per listed cable: its name, and its share of the JSON or text being built. */
    static final long BYTES_PER_LISTED_CABLE = 200;

    @Override
    public Integer call() {
        Checks.fits(ResourceGuard.topology(Checks.dimensions(tiers, k), BYTES_PER_LISTED_CABLE), false);
        FatTree t = FatTree.builder(tiers, k).build();
        List<String> cables = new ArrayList<>();
        for (int l = 0; l < t.linkCount(); l += 2) {
            if (hostLinks || t.tierOf(t.linkSource(l)) > 0) {
                cables.add(t.cableName(l));
            }
        }
        List<String> switches = new ArrayList<>();
        for (int n = t.torNode(0); n < t.nodeCount(); n++) {
            switches.add(t.nodeName(n));
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("tiers", tiers);
            m.put("k", k);
            m.put("hosts", t.hosts());
            m.put("switches", switches);
            m.put("cables", cables);
            out.println(Json.write(m));
        } else {
            out.println(t);
            out.println("hosts: h0 .. h" + (t.hosts() - 1) + " (" + t.hostsPerTor() + " per ToR)");
            out.println("switches (" + switches.size() + "): " + String.join(" ", switches));
            out.println("switch cables (" + cables.size() + "; the " + t.hosts() + " host cables are not named;"
                    + " name a-b for both directions, a->b for one):");
            for (String c : cables) {
                out.println("  " + c);
            }
        }
        out.flush();
        return 0;
    }
}
