package org.primelab.core.resources;

import java.util.Locale;
import org.primelab.core.topology.FatTree;

/**
 * Refuses, before anything is allocated, a run that cannot fit in the heap or would take far beyond a
 * stated time budget, in one line that names the option, the estimate and the limit.
 *
 * <p><b>The estimate.</b> A run is described by an {@link Estimate}: the heap it needs and the events
 * (work units: simulator events, fluid flow-steps, LP pivots' worth of path variables) it performs. The
 * factory methods below derive both from a scenario's sizes, before the tree, the workload or a
 * simulator is built, with per-item costs measured on this code base and rounded up:
 *
 * <ul>
 *   <li>topology ({@link #topologyBytes}): {@value #BYTES_PER_NODE} B per node (adjacency arrays and the
 *       name index) and {@value #BYTES_PER_DIRECTED_LINK} B per directed link (end points, the cable
 *       list during construction, the cached name), plus {@value #BYTES_PER_FLOW} B per flow record;</li>
 *   <li>packet simulator ({@link #packetSim}): {@value #PACKET_SIM_BYTES_PER_HOST} B per host (sender and
 *       receiver state, PRIME's history, packets in flight) and {@value #PACKET_SIM_BYTES_PER_LINK} B per
 *       directed link (egress queue, counters); events = packets x ({@code 2 x hops + 1}): a transmission
 *       end and an arrival per hop plus the ACK share (measured: 9.06 events per packet on a 2-tier tree,
 *       4 hops, {@code prime bench --k 16});</li>
 *   <li>fluid simulator ({@link #fluidSim}): {@value #FLUID_BYTES_PER_FLOW_PATH} B per flow and path
 *       (rates, splits) besides the topology; events = steps x flows x hops;</li>
 *   <li>path LPs ({@link #pathLp}): {@value #LP_BYTES_PER_VARIABLE} B per path variable (the variable, its
 *       column and the solver's work arrays; {@link #pathVariables}); events = variables x hops x
 *       {@value #LP_SWEEPS} sweeps.</li>
 * </ul>
 *
 * <p><b>The limits.</b> The heap limit is {@value #HEAP_SHARE} of {@link Runtime#maxMemory()} (the rest is
 * the JVM's and the output's); it cannot be overridden. The time budget is {@value #TIME_BUDGET_SECONDS}
 * s at the stated speed of {@value #EVENTS_PER_SECOND} events per second (one core of a 2020s server;
 * {@code prime bench} measures the real figure), and never more than {@value #EVENT_BUDGET} events;
 * {@code --force} overrides the time budget only. An estimate whose heap or events are not finite
 * (an overflow of the sizes) is refused as beyond every limit.
 */
public final class ResourceGuard {
    /** Stated simulator speed for the time budget, events per second (one core). */
    public static final double EVENTS_PER_SECOND = 1e6;
    /** Time budget of one command at {@link #EVENTS_PER_SECOND}, seconds. */
    public static final long TIME_BUDGET_SECONDS = 3600;
    /** Largest event count accepted without {@code --force}, whatever the speed. */
    public static final double EVENT_BUDGET = 1e10;
    /** Share of the JVM's maximum heap an estimate may take. */
    public static final double HEAP_SHARE = 0.8;

    /** Bytes per node of a built {@link FatTree}. */
    public static final long BYTES_PER_NODE = 160;
    /** Bytes per directed link of a built {@link FatTree}. */
    public static final long BYTES_PER_DIRECTED_LINK = 120;
    /** Bytes per flow record of a workload. */
    public static final long BYTES_PER_FLOW = 64;
    /** Packet simulator: bytes per host beyond the topology. */
    public static final long PACKET_SIM_BYTES_PER_HOST = 16_384;
    /** Packet simulator: bytes per directed link beyond the topology. */
    public static final long PACKET_SIM_BYTES_PER_LINK = 2_048;
    /** Fluid simulator: bytes per flow and path. */
    public static final long FLUID_BYTES_PER_FLOW_PATH = 64;
    /** Path LP: bytes per path variable. */
    public static final long LP_BYTES_PER_VARIABLE = 96;
    /**
     * Path LP: passes over the variables the certified solver makes, for the event estimate (measured:
     * 414848 variables, 2-tier k = 128 with a quarter of the cables degraded, 15 s on a loaded core).
     */
    public static final long LP_SWEEPS = 10;
    /** Simplex LP: bytes per entry of the variables x constraints tableau (between the measured 1.4 and 6). */
    public static final long BYTES_PER_TABLEAU_ENTRY = 4;

    private ResourceGuard() {
    }

    /**
     * What a run needs.
     *
     * @param what a few words naming the run, e.g. {@code "the packet simulation"}
     * @param heapOption the option that drives the heap (named by a refusal), e.g. {@code "k"}
     * @param heapBytes estimated heap, bytes (a double, so that an estimate never wraps)
     * @param timeOption the option that drives the work, e.g. {@code "flow-size"}
     * @param events estimated events
     */
    public record Estimate(String what, String heapOption, double heapBytes, String timeOption, double events) {
        /** Estimated wall time at {@link #EVENTS_PER_SECOND}, seconds. */
        public double seconds() {
            return events / EVENTS_PER_SECOND;
        }

        /** This estimate and {@code other} run one after the other: heaps are the larger one, events add. */
        public Estimate then(Estimate other) {
            boolean mine = heapBytes >= other.heapBytes;
            return new Estimate(what, mine ? heapOption : other.heapOption, Math.max(heapBytes, other.heapBytes),
                    events >= other.events ? timeOption : other.timeOption, events + other.events);
        }

        /** The same run repeated {@code times} times (e.g. once per load balancer). */
        public Estimate times(int times) {
            return new Estimate(what, heapOption, heapBytes, timeOption, events * times);
        }
    }

    /** {@link #require(Estimate, boolean, long)} against this JVM's {@link Runtime#maxMemory()}. */
    public static void require(Estimate e, boolean force) {
        require(e, force, Runtime.getRuntime().maxMemory());
    }

    /**
     * Refuses {@code e} if it cannot fit in {@link #HEAP_SHARE} of {@code maxHeapBytes}, or, unless
     * {@code force}, if it exceeds the time or event budget.
     *
     * @throws IllegalArgumentException one line starting with the driving option, with estimate and limit
     */
    public static void require(Estimate e, boolean force, long maxHeapBytes) {
        double limit = HEAP_SHARE * maxHeapBytes;
        if (!(e.heapBytes() <= limit)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "%s: %s needs about %s of heap, more than the limit of %s (%.0f%% of the JVM's max heap %s; "
                            + "raise -Xmx through PRIME_JAVA_OPTS, or choose a smaller scenario)",
                    e.heapOption(), e.what(), bytes(e.heapBytes()), bytes(limit), 100 * HEAP_SHARE,
                    bytes(maxHeapBytes)));
        }
        if (!Double.isFinite(e.events())) {
            // an overflow of the sizes: no budget, --force included, can accept an uncountable run
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "%s: %s needs more events than can be counted (its sizes overflow), beyond every limit; "
                            + "choose a smaller scenario", e.timeOption(), e.what()));
        }
        if (!force && !(e.events() <= EVENT_BUDGET && e.seconds() <= TIME_BUDGET_SECONDS)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "%s: %s needs about %.2g events, about %s at %.0e events/s, beyond the budget of %d s "
                            + "and %.0e events (--force runs it anyway)",
                    e.timeOption(), e.what(), e.events(), duration(e.seconds()), EVENTS_PER_SECOND,
                    TIME_BUDGET_SECONDS, EVENT_BUDGET));
        }
    }

    /** Packets of {@code flows} flows of {@code bytesPerFlow} payload bytes each: {@code ceil(size / (mtu - header))}. */
    public static double packets(long flows, double bytesPerFlow, int mtuBytes, int headerBytes) {
        return flows * Math.ceil(bytesPerFlow / (mtuBytes - headerBytes));
    }

    /** Heap of a built tree of dimensions {@code d} plus {@code flows} flow records. */
    public static double topologyBytes(FatTree.Dimensions d, long flows) {
        double nodes = (double) d.hosts() + d.switches();
        return nodes * BYTES_PER_NODE + (double) d.directedLinks() * BYTES_PER_DIRECTED_LINK
                + (double) flows * BYTES_PER_FLOW;
    }

    /**
     * Building (and listing) a tree of dimensions {@code d}: its heap plus {@code bytesPerCable} per cable
     * for what the command keeps per cable (e.g. a listed name); events one per directed link.
     */
    public static Estimate topology(FatTree.Dimensions d, long bytesPerCable) {
        return new Estimate("the topology", "k", topologyBytes(d, 0) + (double) d.cables() * bytesPerCable, "k",
                d.directedLinks());
    }

    /**
     * The packet simulator on tree {@code d} with {@code flows} flows of {@code packets} packets in all.
     *
     * @param packets total packets of the workload (sum over flows of size / payload, rounded up)
     */
    public static Estimate packetSim(FatTree.Dimensions d, long flows, double packets) {
        double heap = topologyBytes(d, flows) + (double) d.hosts() * PACKET_SIM_BYTES_PER_HOST
                + (double) d.directedLinks() * PACKET_SIM_BYTES_PER_LINK;
        return new Estimate("the packet simulation", "k", heap, "flow-size",
                packets * (2.0 * d.longestPathHops() + 1));
    }

    /**
     * The fluid simulator on tree {@code d}: {@code flows} flows over {@code pathsPerFlow} paths each,
     * for {@code steps} integration steps.
     */
    public static Estimate fluidSim(FatTree.Dimensions d, long flows, long pathsPerFlow, double steps) {
        double heap = topologyBytes(d, flows) + (double) flows * pathsPerFlow * FLUID_BYTES_PER_FLOW_PATH;
        return new Estimate("the fluid simulation", "k", heap, "flow-size",
                steps * flows * d.longestPathHops());
    }

    /**
     * Path variables of a max-concurrent-flow LP of {@code flows} flows on tree {@code d}: one commodity per
     * pair of ToRs that exchange traffic (at most {@code min(flows, tors (tors - 1))}), with every
     * shortest up-down path between them (the ToR's uplinks, times the aggregation uplinks in 3 tiers).
     */
    public static double pathVariables(FatTree.Dimensions d, long flows) {
        double commodities = Math.min((double) flows, (double) d.tors() * (d.tors() - 1));
        double paths = (double) d.torUplinks() * Math.max(1, d.aggUplinks());
        return commodities * paths;
    }

    /** A path LP on tree {@code d} with {@code variables} path variables (over {@code flows} flows). */
    public static Estimate pathLp(FatTree.Dimensions d, long flows, double variables) {
        double heap = topologyBytes(d, flows) + variables * LP_BYTES_PER_VARIABLE;
        return new Estimate("the LP", "k", heap, "k", variables * d.longestPathHops() * LP_SWEEPS);
    }

    /**
     * A simplex LP of {@code variables} columns and {@code constraints} rows, solved after a tree of
     * dimensions {@code d} is built: heap {@value #BYTES_PER_TABLEAU_ENTRY} B per entry of the
     * {@code variables x constraints} tableau, events one per entry. Measured with ojalgo on the 3-tier
     * downlink LPs: k = 16 (4032 x 9135) about 6 B per entry and 18 s on a loaded core; k = 32
     * (65536 x 24832) over 1.4 B per entry and still running after 100 s.
     */
    public static Estimate denseLp(FatTree.Dimensions d, String what, String option, double variables,
                                   double constraints) {
        double entries = variables * constraints;
        return new Estimate(what, option, topologyBytes(d, d.hosts()) + entries * BYTES_PER_TABLEAU_ENTRY, option,
                entries);
    }

    /** Bytes in binary units, e.g. {@code 3.2 GiB}. */
    public static String bytes(double b) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
        int u = 0;
        double v = b;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.1f %s", v, units[u]) : "more than a long holds";
    }

    /** Seconds in the largest readable unit, e.g. {@code 2.1 h}. */
    public static String duration(double s) {
        if (!Double.isFinite(s)) {
            return "forever";
        } else if (s >= 86_400 * 365.0) {
            return String.format(Locale.ROOT, "%.2g years", s / (86_400 * 365.0));
        } else if (s >= 86_400) {
            return String.format(Locale.ROOT, "%.1f days", s / 86_400);
        } else if (s >= 3600) {
            return String.format(Locale.ROOT, "%.1f h", s / 3600);
        } else if (s >= 60) {
            return String.format(Locale.ROOT, "%.1f min", s / 60);
        }
        return String.format(Locale.ROOT, "%.1f s", s);
    }
}
