package org.primelab.fluid.flowlevel;

import java.util.ArrayList;
import java.util.List;
import org.primelab.core.cc.CcKind;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.units.Units;
import org.primelab.fluid.FluidConfig;
import org.primelab.fluid.SplitMode;

/**
 * Where a fluid estimate is known to stray from the packet simulator in one direction, as measured against it
 * ({@code prime crossval} over several seeds; the table "How far to trust a fluid estimate" in fluid-sim/README.md
 * holds the numbers): one sentence per bias that applies to a scenario and the engine that ran it, so a user reads
 * the warning with the estimate. Each rule names the measured cases it comes from and says only which way the
 * error goes and why; where the measurements show no consistent bias, nothing is said. Every measurement behind
 * them ran DCTCP with per-packet splits, so under another congestion control or the expected split nothing is said
 * (under NSCC, ECMP's mean error even changes sign: fluid-sim/README.md, "Flows: NSCC in fluid form").
 * <ul>
 *   <li>ECMP, either engine: the worst flow's FCT low (-22% to 0%), the mean high (+2% to +11%). Collisions are
 *       the packet simulator's flow by flow, but there its colliding flows share a link unevenly.</li>
 *   <li>A spraying scheme on the flow level below {@link #FULL_ACCURACY_RATE_BPS}: the tail low (-1% to -8% on 128
 *       hosts at 100G, -11% to -20% on 2048). The spread of ECN marks between flows is not modelled.</li>
 *   <li>AR below that rate (the quantum engine): the max low (-5% to -10% at 100G).</li>
 *   <li>A failed link on the flow level: the max can be off by a whole retransmission timeout either way (+46% on
 *       the 2048-host PRIME failure) when timeouts fall near the failure's detection; under RPS and REPS the max far
 *       low (-16% to -43% on 128 hosts, seeds 1-3) and the mean low (-8% to -12%): the model loses ACKs in the
 *       black hole as packet-sim does, made good by a later ACK's cumulative point as there (stops 39 and 41), but
 *       its senders keep their rate until their windows are full of
 *       unacknowledged packets, where packet-sim's slow down as those packets take room in the window, stall later
 *       and time out after detection with more left to send. On the quantum engine, which has neither the black hole
 *       nor timeouts: the max far low (57.6 against 204.0 us on the 128-host PRIME failure, -87% to -89% under RPS
 *       and REPS).</li>
 *   <li>Degraded links on the quantum engine: the mean high (+30% on the 8192-host PRIME case, +54% on 512 hosts).
 *       Fluid queues stay under the trimming limit, so no NACK penalty moves PRIME off its slow paths.</li>
 * </ul>
 */
public final class FluidCaveats {
    /**
     * The line rate from which the flow level's spraying errors were measured within about 3% (400G and 800G, on
     * 128-2048 hosts); at 100G they were not.
     */
    public static final long FULL_ACCURACY_RATE_BPS = 400 * Units.GBPS;

    /** Where the measured error ranges behind the caveats are, for a line printed after them. */
    public static final String WHERE_MEASURED = "fluid-sim/README.md, \"How far to trust a fluid estimate\"";

    /** The line printed under a run's caveats: where their error ranges were measured. */
    public static final String WHERE_MEASURED_LINE = "(measured error ranges: " + WHERE_MEASURED + ")";

    private FluidCaveats() {
    }

    /**
     * The known one-sided errors of an estimate of {@code config} made by {@code engine} ({@link EngineChoice#FLOW} or
     * {@link EngineChoice#QUANTUM}), each one sentence; empty where none is known.
     */
    public static List<String> of(FluidConfig config, String engine) {
        List<String> out = new ArrayList<>();
        if (config.cc() != CcKind.DCTCP || config.split() != SplitMode.PACKET) {
            return out;
        }
        LoadBalancingScheme scheme = config.scheme();
        boolean flow = EngineChoice.FLOW.equals(engine);
        boolean slowLine = config.linkRateBps() < FULL_ACCURACY_RATE_BPS;
        if (scheme == LoadBalancingScheme.ECMP) {
            out.add("the max FCT runs low and the mean high against packet-sim, whose colliding flows share a"
                    + " link unevenly");
        } else if (flow && slowLine) {
            out.add("below 400G the tail runs low against packet-sim: the spread of ECN marks between flows is not"
                    + " modelled");
        } else if (scheme == LoadBalancingScheme.AR && slowLine) {
            out.add("below 400G the max FCT runs low against packet-sim");
        }
        boolean randomSpray = scheme == LoadBalancingScheme.RPS || scheme == LoadBalancingScheme.REPS;
        if (config.faults().failedLinks().length > 0) {
            out.add(!flow ? "a failed link: the quantum engine models neither the black hole before detection nor"
                    + " retransmission timeouts, so the max FCT runs far low against packet-sim"
                    : randomSpray ? "a failed link: the max FCT runs far low and the mean low against packet-sim, whose "
                    + scheme.cliName() + " senders slow down as packets lost in the black hole (or whose ACKs were)"
                    + " fill their windows, where this model's keep their rate until the window is full"
                    : "a failed link: where retransmission timeouts fall near its detection, the max FCT can be a"
                    + " whole timeout off packet-sim's, either way");
        }
        if (!flow && config.faults().degradedLinks().length > 0) {
            out.add("degraded links: the mean FCT runs high against packet-sim; fluid queues stay under the trimming"
                    + " limit, so no NACK penalty moves traffic off the slow paths");
        }
        return out;
    }
}
