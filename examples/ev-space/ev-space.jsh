// The EV space of the hashed schemes, on the paper's headline permutation (3-tier k=16, 1024 hosts,
// 800G, 2 MB flows): PRIME beside REPS and RPS drawing their EVs from 2^16 values (our default), 256, and
// 64 (htsim's default per flow). With few EVs each flow's split over the uplinks is fixed by how its EVs
// hash, so some uplinks carry more than their share for the whole flow; PRIME names ports and is the same
// at every size. Prints one row per run and PRIME's lead (1 - PRIME's Ratio / the scheme's Ratio).
// Run: ./prime jshell examples/ev-space/ev-space.jsh   (about 20 s; the case with -R-Dtiers=2 -R-Dk=16
// -R-Drate=400G -R-Dsize=16MB, the EV spaces with -R-Devs=65536,64, the seeds with -R-Dseeds=1,2,3, the
// congestion control with -R-Dcc=nscc). Results: docs/design.md, "The EV space of the hashed schemes".
import org.primelab.Prime;
import org.primelab.analytical.fct.IdealMaxFct;
import org.primelab.core.metrics.ProgressListener;
import org.primelab.packet.PacketSimulator;
import org.primelab.packet.SimConfig;
import org.primelab.packet.metrics.SimResult;

SimResult runOne(SimConfig c) {
    return new PacketSimulator(c, IdealMaxFct.of(c.fabric(), c.faults(), c.flows())).run(ProgressListener.NONE);
}

int tiers = Integer.getInteger("tiers", 3);
int k = Integer.getInteger("k", 16);
System.out.println("seed scheme     ev_space    max_us   mean_us   ratio   trims   prime_lead");
for (String ss : System.getProperty("seeds", "1,2,3").split(",")) {
    long seed = Long.parseLong(ss.trim());
    Prime p = Prime.fatTree(tiers, k).rate(System.getProperty("rate", "800G")).flowSize(System.getProperty("size", "2MB"))
            .cc(System.getProperty("cc", "dctcp")).seed(seed);
    SimResult prime = runOne(p.lb("prime").configs().get(0));
    System.out.printf("%4d %-10s %8s %9.3f %9.3f %7.4f %7d%n", seed, "prime", "-", prime.maxFctPs() / 1e6,
            prime.meanFctPs() / 1e6, prime.ratio(), prime.trims());
    for (String lb : new String[] {"reps", "rps"}) {
        SimConfig c = p.lb(lb).configs().get(0);
        for (String e : System.getProperty("evs", "65536,256,64").split(",")) {
            SimResult r = runOne(c.withEvSpace(Integer.parseInt(e.trim())));
            System.out.printf("%4d %-10s %8s %9.3f %9.3f %7.4f %7d   %6.1f%%%n", seed, lb, e.trim(), r.maxFctPs() / 1e6,
                    r.meanFctPs() / 1e6, r.ratio(), r.trims(), 100 * (1 - prime.ratio() / r.ratio()));
        }
    }
}
/exit
