// PRIME's penalties and the number of paths, on the paper's link-degradation case (2-tier, 400G, 25% of
// the cables at 100G, a permutation of 4 MB flows): for each radix, PRIME with its default penalties
// (P_ECN 1, P_NACK 4 base RTTs) and with penalties scaled by paths / 8 (the same number of round-robin
// visits as the defaults span on a k=16 tree), REPS and CO-PRIME beside them.
// Run: ./prime jshell examples/penalties/penalties-and-paths.jsh   (k=128 runs take about a minute each;
// set the radixes with -R-Dks=16,32, the seeds with -R-Dseeds=1,2,3 and other penalties with
// -R-Dpenalties=8/32/time,1/4/count, i.e. P_ECN/P_NACK/decay in base RTTs; the case with -R-Drate=100G,
// -R-Dsize=2MB, -R-Ddegrade=0 for a healthy fabric, whose slow/healthy column is then NaN). Results:
// sweep/sensitivity.md.
import java.util.ArrayList;
import java.util.List;
import org.primelab.Prime;
import org.primelab.analytical.fct.IdealMaxFct;
import org.primelab.core.entropy.PenaltyRtts;
import org.primelab.core.history.CongestionHistory.Decay;
import org.primelab.core.metrics.ProgressListener;
import org.primelab.packet.PacketSimulator;
import org.primelab.packet.SimConfig;
import org.primelab.packet.metrics.SimResult;
import org.primelab.packet.metrics.SlowPathShare;

SimResult runOne(SimConfig c) {
    return new PacketSimulator(c, IdealMaxFct.of(c.fabric(), c.faults(), c.flows())).run(ProgressListener.NONE);
}

void row(int k, long seed, String setting, SimResult r) {
    System.out.printf("%4d %5d %-10s %-40s %9.3f %9.3f %7.4f %9d   %.3f%n", k, seed, r.config().scheme().cliName(), setting,
            r.maxFctPs() / 1e6, r.meanFctPs() / 1e6, r.ratio(), r.trims(), SlowPathShare.of(r).meanSlowToHealthy());
}

// -R-Dpenalties=ECN/NACK/DECAY,... (e.g. 8/32/time,1/4/count) replaces the scaled setting
List<PenaltyRtts> settings(double scale) {
    String given = System.getProperty("penalties");
    if (given == null) {
        return scale == 1 ? List.of() : List.of(new PenaltyRtts(Decay.TIME, scale, 4 * scale));
    }
    List<PenaltyRtts> out = new ArrayList<>();
    for (String s : given.split(",")) {
        String[] f = s.trim().split("/");
        out.add(new PenaltyRtts(Decay.valueOf(f[2].toUpperCase()), Double.parseDouble(f[0]), Double.parseDouble(f[1])));
    }
    return out;
}

System.out.println("   k  seed scheme     penalties                                   max_us   mean_us   ratio     trims   slow/healthy");
for (String ks : System.getProperty("ks", "16,32,64,128").split(",")) {
    int k = Integer.parseInt(ks.trim());
    double scale = (k / 2) / 8.0;   // uplinks per ToR over the 8 of a k=16 tree
    for (String ss : System.getProperty("seeds", "1").split(",")) {
        long seed = Long.parseLong(ss.trim());
        Prime p = Prime.fatTree(2, k).rate(System.getProperty("rate", "400G")).flowSize(System.getProperty("size", "4MB")).seed(seed);
        double degraded = Double.parseDouble(System.getProperty("degrade", "0.25"));
        p = degraded > 0 ? p.degrade(degraded, "100G") : p;
        SimConfig prime = p.lb("prime").configs().get(0);
        row(k, seed, PenaltyRtts.DEFAULT.toString(), runOne(prime));
        for (PenaltyRtts other : settings(scale)) {
            row(k, seed, other.toString(), runOne(prime.withPenalties(other)));
        }
        row(k, seed, "-", runOne(p.lb("reps").configs().get(0)));
        row(k, seed, "-", runOne(p.lb("co-prime").configs().get(0)));
    }
}
/exit
