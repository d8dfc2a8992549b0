package org.primelab.fluid.flowlevel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.primelab.analytical.fct.IdealFct;
import org.primelab.core.cc.CcKind;
import org.primelab.core.entropy.Forwarding;
import org.primelab.core.metrics.ProgressListener;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.random.Seeds;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.TriggerRuntime;
import org.primelab.core.workload.Workload;
import org.primelab.core.workload.HostFlows;
import org.primelab.fluid.FlowPaths;
import org.primelab.fluid.FluidConfig;
import org.primelab.fluid.FluidFlowStats;
import org.primelab.fluid.FluidLinkStats;
import org.primelab.fluid.FluidResult;
import org.primelab.fluid.FluidSimulator;
import org.primelab.fluid.QueueTrajectories;
import org.primelab.fluid.SplitMode;

/**
 * The flow-level model: event-driven on flow starts, drains, trigger activations, link failures, failure
 * detections and retransmission timeouts; between two events every flow sends at a constant rate. Its cost
 * grows with flows times links per flow (one water-filling per event that changes a bottleneck), not with
 * packets.
 *
 * <p><b>Rates.</b> The congestion control's fluid fixed point: weighted max-min fair rates over the links each
 * flow loads ({@link WaterFilling}), each flow loading its links by its scheme's split ({@link FlowSplits}:
 * ECMP's exact hashed path, the spraying schemes' split over the live paths). A link's data capacity is its
 * rate less the ACKs it carries: {@code header / (ackEvery · MTU)} of the data on its mirror link (one
 * pass with the first allocation's data, then the final allocation). A flow's own ceiling is its largest
 * window (1.5 × the line-rate window, as DCTCP's cap) over its RTT, queueing included ({@link LinkWaits},
 * from the previous allocation).
 *
 * <p><b>Completion.</b> A flow's payload, cut into packets as {@link IdealFct} cuts it, is {@code S0} of line-rate
 * serialization; it drains at its rate (fraction of line rate). Its last byte then arrives after the
 * store-and-forward pipeline and propagation of its path ({@code IdealFct.lonePathPs - S0}) plus the mean
 * queueing wait of each switch link it loads, weighted by its share there. A lone flow on an idle fabric
 * therefore takes exactly {@link IdealFct#lonePathPs}. Receive-done triggers fire at that arrival, send-done
 * triggers one header's way back later (per hop: propagation and a header's serialization); core's
 * {@link TriggerRuntime} decides what they start.
 *
 * <p><b>Freed capacity.</b> When a completion frees another flow's bottleneck, the others take up the capacity
 * half a base RTT later (the congestion control learns of it from its ACKs, an RTT-scale delay), and every
 * completion within that half RTT is taken up in the same reallocation. Completion times themselves are exact.
 *
 * <p><b>Failures.</b> Degraded links run at their rate. A failed link carries nothing from its failure time;
 * until it is detected ({@link FlowLevelOptions#detectPs}) routing still sends onto it and a flow loses
 * {@link LinkShares#lostFraction} of what it sends, and a further {@link LinkShares#ackLostFraction} arrives but
 * loses its ACK on the way back. An ACK carries the receiver's cumulative point, so a lost one costs nothing while
 * later ones get through with no data lost before them ({@link #acksRepaired}); otherwise (ECMP's one way back
 * through the hole, or data lost first) those bytes stay in flight, fill the window and are sent again at the
 * timeout, though the receiver has them, unless the way back is rerouted while the flow still sends: then the
 * first ACK through, a round trip later, acknowledges them ({@code ackThrough}). Both moments are taken where they
 * happen, on the sender's
 * clock: a packet meets the failure when it reaches the link and is routed around it when it reaches the
 * switch that picks its uplink, some hops after it was sent ({@link FlowSplits}, "Timing"). The
 * retransmission timer is the packet simulator's: it fires {@code rto} after the flow's last acknowledgement
 * (the time of its first send, or of its last timeout, if nothing was delivered since). When a flow stops
 * making progress (everything sent, or its window full of lost bytes, an event computed like a drain) its
 * lost packets are counted whole ({@link LostPackets}); none lost, it completes. At the timeout what was lost
 * is sent again, the window restarting at {@code ackEvery} MTUs; that first window leaves as a burst, exposed
 * for a round trip to the failure as it was at the timeout ({@code lossFraction}), so a resend that reaches
 * the deciding switch before detection can be lost again. A window moves whole batches of {@code ackEvery}
 * packets per round trip and grows by {@code MSS · acked / cwnd}
 * ({@code windowRate}, {@code grow}). After detection the paths through the link are withdrawn (ECMP remapped
 * as the switches do); only flows with a path through it, either way, are re-shared.
 *
 * <p><b>What it does not cover</b> ({@link #unsupported}): adaptive routing (AR picks per packet from queue
 * depths), expected splits (the fine-step engine's mode), and a fixed window (no congestion control, so no
 * max-min fixed point). The quantum engine runs those.
 *
 * <p><b>Outputs.</b> Per flow as the other engines; per link the data carried, the modelled queue's maximum and
 * time average; queue trajectories of every switch egress link, sampled after reallocations at most once per
 * half base RTT (the interval doubling whenever {@link FluidSimulator#MAX_SAMPLES} samples, or 4 M values,
 * are reached). {@link FluidResult#steps()} counts the events handled; no trims and no marks are modelled.
 *
 * <p>Deterministic: the random streams are the scheme's EV generator for ECMP's hashed path and, through a
 * failure, the per-flow loss draws ({@code Seeds.FLUID_LOSSES}), all from the master seed.
 */
public final class FlowLevelSimulator {
    private static final int START = 0;
    private static final int ACTIVATE = 1;
    private static final int REROUTE = 2;
    private static final int RECOVER = 3;
    private static final int REALLOCATE = 4;
    private static final int GROW = 5;
    private static final int ACK_THROUGH = 6;
    /** Most queue values kept in trajectories (samples x switch links): 16 MB of floats. */
    private static final long MAX_SAMPLED_VALUES = 4_000_000;

    private final FluidConfig config;
    private final FlowLevelOptions options;
    private final long idealMaxFctPs;
    /** Whether spraying flows name link groups instead of switch links ({@link LinkGroups}); false only in tests. */
    private final boolean groupLinks;

    /**
     * Prepares a run of the workload of {@code config}'s scenario.
     *
     * @param idealMaxFctPs the Ratio's denominator ({@code IdealMaxFct#of}), as for the other engines
     */
    public FlowLevelSimulator(FluidConfig config, FlowLevelOptions options, long idealMaxFctPs) {
        this(config, options, idealMaxFctPs, true);
    }

    /**
     * The same, where {@code groupLinks} false makes every share name links, never {@link LinkGroups}: the reference
     * the groups are tested against.
     */
    FlowLevelSimulator(FluidConfig config, FlowLevelOptions options, long idealMaxFctPs, boolean groupLinks) {
        if (idealMaxFctPs <= 0) {
            throw new IllegalArgumentException("ideal: must be > 0 ps, got " + idealMaxFctPs);
        }
        String why = unsupported(config);
        if (why != null) {
            throw new IllegalArgumentException("engine: the flow-level model does not cover " + why);
        }
        config.scenario().requireWorkload();
        HostFlows.check(config.tree(), config.flows());
        this.config = config;
        this.options = options;
        this.idealMaxFctPs = idealMaxFctPs;
        this.groupLinks = groupLinks;
    }

    /** Why the flow-level model cannot run {@code config} (a few words), or null if it can. */
    public static String unsupported(FluidConfig config) {
        if (config.scheme().forwarding() == Forwarding.ADAPTIVE) {
            return "adaptive routing (ar picks per packet from queue depths)";
        }
        if (config.split() == SplitMode.EXPECTED) {
            return "expected splits (the fine-step engine's mode)";
        }
        if (config.cc() != CcKind.DCTCP) {
            return "--cc " + config.cc().cliName() + " (its rates are DCTCP's fixed point)";
        }
        return null;
    }

    private record Event(double at, int kind, int arg, long order) implements Comparable<Event> {
        @Override
        public int compareTo(Event o) {
            int c = Double.compare(at, o.at);
            return c != 0 ? c : Long.compare(order, o.order);
        }
    }

    /** The id that tells a round's draw of lost ACKs from its draw of lost packets ({@code Seeds.FLUID_LOSSES}). */
    private static final long ACK_DRAW = 1;

    /** Loop iterations (events handled together) between progress reports (a power of two). */
    private static final int PROGRESS_EVERY = 1 << 6;

    /** Runs until every flow has completed and returns the result. */
    public FluidResult run() {
        return run(ProgressListener.NONE);
    }

    /** The same, reporting progress every {@value #PROGRESS_EVERY} loop iterations. */
    public FluidResult run(ProgressListener progress) {
        return new Run().run(progress);
    }

    /** The mutable state of one run. */
    private final class Run {
        final long wall0 = System.nanoTime();
        final FatTree tree = config.tree();
        final Faults faults = config.faults();
        final Workload workload = config.scenario().requireWorkload();
        final List<Flow> flows = workload.flows();
        final int n = flows.size();
        final int links = tree.linkCount();
        // whether some link fails in this run (else no flow ever loses a byte or stalls on a lost window)
        final boolean lossPossible = faults.failedLinks().length > 0;
        final long line = config.linkRateBps();
        final double bytesPerPs = line / (double) (Units.BITS_PER_BYTE * Units.PS_PER_S);
        final double ackFactor = config.headerBytes() / (double) (config.ackEvery() * config.mtuBytes());
        final double windowCapBytes = 1.5 * config.lineRateWindowBytes();
        // fabric constants read once: FabricParameters derives them with exact arithmetic on every call
        final double mtuBytes = config.mtuBytes();
        final double kMinBytes = config.kMinBytes();
        final double kMaxBytes = config.kMaxBytes();
        final double baseRttPs = config.baseRttPs();
        final double[] pathRttByHops = pathRtts(tree);
        final long mtuPs = Units.serializationPs(config.mtuBytes(), line);
        final double ackBatchBytes = config.ackEvery() * mtuBytes;
        final FlowSplits splits = new FlowSplits(tree, faults, config.scheme(), line, config.seed(),
                config.effectiveEntropy(), options.detectPs(),
                FlowSplits.hopPs(config.mtuBytes(), line, config.propagationPs()));
        final TriggerRuntime triggers = new TriggerRuntime(workload);
        final int[] startedBuf = new int[triggers.maxStartedPerActivation()];
        final PriorityQueue<Event> events = new PriorityQueue<>();
        long order;

        // per flow
        final FlowPaths[] paths = new FlowPaths[n];
        final FlowShares flowShares = new FlowShares(tree, splits, config.scheme(), faults.isEmpty(), groupLinks);
        // the groups of switch links spraying flows name instead of the links (null: none), and the ids of both
        final LinkGroups groups = flowShares.groups();
        final int slots = groups == null ? links : groups.slots();
        final WaterFilling filling = new WaterFilling(nicLinks(tree), n);
        final LinkShares[] shares = new LinkShares[n];
        final double[] serviceAtLinePs = new double[n];   // S0
        final double[] pipelinePs = new double[n];        // lonePath - S0
        final double[] ackBackPs = new double[n];
        final double[] left = new double[n];              // line-rate ps still to send
        final double[] lost = new double[n];              // line-rate ps sent into a black hole, not yet resent
        final double[] ackLost = new double[n];           // line-rate ps delivered whose ACKs the hole took, the same
        final double[] sentLossy = new double[n];         // line-rate ps sent this round while some path lost
        final double[] progressPs = new double[n];        // when the round's last delivered byte is acknowledged
        final boolean[] timerSet = new boolean[n];        // this round's retransmission timeout is scheduled
        final double[] recoverAt = new double[n];         // when it is due (an ACK that gets through cancels it)
        final double[] ackThroughAt = new double[n];      // when the first ACK past a lost stretch arrives
        final double[] windowBytes = new double[n];       // the window: its cap, or regrowing after a timeout
        final int[] lossRound = new int[n];
        final double[] burstLossFraction = new double[n];  // the lost share when the last timeout's burst left
        final double[] burstAckLossFraction = new double[n];   // and the share whose ACKs were lost
        final double[] burstUntil = new double[n];         // its exposure lasts one round trip
        final double[] growAt = new double[n];            // when the pending window growth is due (NaN: none)
        final boolean[] stalled = new boolean[n];
        final double[] rate = new double[n];
        final double[] rateCap = new double[n];
        final double[] waitPs = new double[n];
        final int[] bottleneck = new int[n];
        final long[] startPs = new long[n];
        final long[] endPs = new long[n];
        final int[] active = new int[n];
        int activeCount;

        // per link
        final double[] capacity = new double[slots];
        final double[] linkRate = new double[slots];     // data, fraction of line rate
        final double[] linkSince = new double[slots];
        final double[] dataBytes = new double[slots];
        final double[] queueBytes = new double[slots];
        final double[] queueIntegral = new double[slots];
        final double[] maxQueue = new double[slots];
        final double[] linkWait = new double[slots];
        final double[] queueGrowthPs = new double[slots];   // LinkWaits.transientGrowthPs (infinite: no such bound)
        final int[] used = new int[slots];
        final boolean[] isUsed = new boolean[slots];
        int usedCount;
        final double[] firstPass = new double[slots];
        final double[] weightOn = new double[slots];
        final int[] act = new int[n];
        // link -> active flows; the links an event touched; the component search
        final int[][] linkFlows = new int[slots][];
        final int[][] linkFlowShare = new int[slots][];   // which of the listed flow's shares names the link
        final int[] linkFlowCount = new int[slots];
        final int[][] listPosition = new int[n][];        // per flow and share: its place in that link's list
        final boolean[] dirty = new boolean[slots];
        final int[] dirtyLinks = new int[slots];
        int dirtyCount;
        final boolean[] pendingDirty = new boolean[slots];
        final int[] pendingLinks = new int[slots];
        int pendingCount;
        boolean reallocationScheduled;
        final boolean[] seenLink = new boolean[slots];
        final boolean[] seenFlow = new boolean[n];
        final int[] linkQueue = new int[slots];
        final int[] component = new int[n];

        double now;
        long eventsHandled;
        int completedCount;
        // queue trajectories: switch egress links, sampled after reallocations at most once per interval
        final int[] sampledLinks = switchLinks(tree);
        final List<double[]> sampleTimes = new ArrayList<>();
        final List<float[]> samples = new ArrayList<>();
        final int maxSamples = (int) Math.max(2, Math.min(FluidSimulator.MAX_SAMPLES,
                MAX_SAMPLED_VALUES / Math.max(1, sampledLinks.length)));
        double sampleInterval = config.baseRttPs() / 2.0;
        double lastSample = Double.NEGATIVE_INFINITY;

        Run() {
            Arrays.fill(startPs, -1);
            for (int l = 0; l < slots; l++) {
                linkFlows[l] = new int[0];
                linkFlowShare[l] = new int[0];
            }
            Arrays.fill(bottleneck, -1);
            long headerPs = Units.serializationPs(config.headerBytes(), line);
            for (Flow f : flows) {
                int id = f.id();
                int hops = 2 + 2 * tree.upHops(f.src(), f.dst());
                long lone = IdealFct.lonePathPs(f.sizeBytes(), config.mtuBytes(), config.headerBytes(), line,
                        config.propagationPs(), hops);
                long s0 = IdealFct.senderBusyPs(f.sizeBytes(), config.mtuBytes(), config.headerBytes(), line);
                serviceAtLinePs[id] = s0;
                pipelinePs[id] = lone - s0;
                ackBackPs[id] = hops * (double) (config.propagationPs() + headerPs);
                windowBytes[id] = windowCapBytes;
                left[id] = s0;
                rateCap[id] = 1;
                if (!f.startsOnTrigger()) {
                    schedule(f.startPs(), START, id);
                }
            }
            for (int l : faults.failedLinks()) {
                // when the failure, then its detection, reach what senders send (FlowSplits, "Timing")
                for (long at : splits.changeTimes(l)) {
                    schedule(at, REROUTE, l);
                }
            }
        }

        /** {@code config.pathRttPs(hops)} for every possible hop count. */
        double[] pathRtts(FatTree t) {
            double[] out = new double[t.longestPathLinks() + 1];
            for (int h = 1; h < out.length; h++) {
                out[h] = config.pathRttPs(h);
            }
            return out;
        }

        boolean[] nicLinks(FatTree t) {
            boolean[] e = new boolean[slots];   // groups are never a NIC
            for (int l = 0; l < t.linkCount(); l++) {
                e[l] = t.isHost(t.linkSource(l));
            }
            return e;
        }

        int[] switchLinks(FatTree t) {
            int count = 0;
            int[] out = new int[t.linkCount()];
            for (int l = 0; l < out.length; l++) {
                if (!t.isHost(t.linkSource(l))) {
                    out[count++] = l;
                }
            }
            return Arrays.copyOf(out, count);
        }

        /** Records the queues if a sampling interval has passed; halves the samples (doubling it) when full. */
        void sample() {
            if (now < lastSample + sampleInterval) {
                return;
            }
            if (samples.size() == maxSamples) {
                for (int i = 0; i < maxSamples / 2; i++) {
                    samples.set(i, samples.get(2 * i));
                    sampleTimes.set(i, sampleTimes.get(2 * i));
                }
                samples.subList(maxSamples / 2, maxSamples).clear();
                sampleTimes.subList(maxSamples / 2, maxSamples).clear();
                sampleInterval *= 2;
            }
            float[] q = new float[sampledLinks.length];
            for (int i = 0; i < q.length; i++) {
                q[i] = (float) queueBytes[slotOf(sampledLinks[i])];
            }
            samples.add(q);
            sampleTimes.add(new double[] {now});
            lastSample = now;
        }

        void schedule(double at, int kind, int arg) {
            events.add(new Event(at, kind, arg, order++));
        }

        FluidResult run(ProgressListener progress) {
            for (long iteration = 0; ; iteration++) {
                if ((iteration & (PROGRESS_EVERY - 1)) == 0) {
                    progress.progress(completedCount, n, (long) now, eventsHandled);
                }
                double nextDrain = Double.POSITIVE_INFINITY;
                for (int i = 0; i < activeCount; i++) {
                    int f = active[i];
                    if (rate[f] > 0 && left[f] > 0) {
                        nextDrain = Math.min(nextDrain, now + left[f] / rate[f]);
                        if (burstUntil[f] > now) {
                            nextDrain = Math.min(nextDrain, burstUntil[f]);   // its first window's exposure ends
                        }
                        double unacked = lossFraction(f) + standingAckLoss(f);
                        if (unacked > 0 && !stalled[f]) {   // when its window fills with lost bytes (or ACKs)
                            double room = windowBytes[f] / bytesPerPs - lost[f] - ackLost[f];
                            nextDrain = Math.min(nextDrain, now + Math.max(0, room) / (unacked * rate[f]));
                        }
                    }
                }
                double nextEvent = events.isEmpty() ? Double.POSITIVE_INFINITY : events.peek().at();
                double t = Math.min(nextDrain, nextEvent);
                if (t == Double.POSITIVE_INFINITY) {
                    break;
                }
                advance(t);
                // drains (grouped: within half a picosecond)
                for (int i = 0; i < activeCount; i++) {
                    int f = active[i];
                    if (rate[f] > 0 && left[f] <= 0.5 * rate[f]) {
                        left[f] = 0;
                    }
                }
                for (int i = 0; i < activeCount; ) {
                    int f = active[i];
                    if (left[f] == 0 && lost[f] == 0) {
                        complete(f);
                        active[i] = active[--activeCount];
                    } else {
                        if (left[f] == 0 || stalled[f]) {
                            if (!timerSet[f]) {
                                armTimeout(f);
                            }
                            if (lost[f] == 0 && left[f] == 0) {
                                complete(f);   // the draw lost nothing: no timeout
                                active[i] = active[--activeCount];
                                continue;
                            }
                            if (lost[f] == 0 && ackLost[f] == 0) {
                                stalled[f] = false;   // nothing lost after all: the round goes on
                                timerSet[f] = false;
                                markDirty(f);
                                i++;
                                continue;
                            }
                            if (rate[f] > 0) {
                                markDirty(f);   // all sent but some lost, or stalled: idle until the timeout
                            }
                        }
                        i++;
                    }
                }
                while (!events.isEmpty() && events.peek().at() <= now + 0.5) {
                    Event e = events.poll();
                    eventsHandled++;
                    switch (e.kind()) {
                        case START -> start(e.arg(), Math.round(e.at()));
                        case ACTIVATE -> {
                            int c = triggers.activate(e.arg(), startedBuf);
                            for (int k = 0; k < c; k++) {
                                start(startedBuf[k], Math.round(e.at()));
                            }
                        }
                        case REROUTE -> {
                            flowShares.faultsChanged();
                            // only flows with a path through the link see its failure or its withdrawal
                            for (int k = 0; k < activeCount; k++) {
                                int f = active[k];
                                if (paths[f].uses(e.arg()) || paths[f].uses(FatTree.reverse(e.arg()))) {
                                    markDirty(f);
                                    unlink(f);
                                    shares[f] = flowShares.of(flows.get(f), paths[f], (long) now);
                                    link(f);
                                    markDirty(f);
                                    ackWayChanged(f);
                                }
                            }
                        }
                        case RECOVER -> {
                            if (Math.abs(e.at() - recoverAt[e.arg()]) <= 0.5) {
                                recover(e.arg());   // not cancelled by an ACK that got through since
                            }
                        }
                        case GROW -> grow(e.arg());
                        case ACK_THROUGH -> ackThrough(e.arg());
                        case REALLOCATE -> {
                            for (int k = 0; k < pendingCount; k++) {
                                int l = pendingLinks[k];
                                pendingDirty[l] = false;
                                if (!dirty[l]) {
                                    dirty[l] = true;
                                    dirtyLinks[dirtyCount++] = l;
                                }
                            }
                            pendingCount = 0;
                            reallocationScheduled = false;
                        }
                        default -> throw new IllegalStateException("event " + e.kind());
                    }
                }
                if (dirtyCount > 0) {
                    reallocateComponent();
                    sample();
                }
                clearDirty();
            }
            for (int f = 0; f < n; f++) {
                if (startPs[f] < 0) {
                    throw new IllegalStateException("flow " + f + " never started (its trigger never fired)");
                }
            }
            flushAll();
            progress.progress(completedCount, n, (long) now, eventsHandled);
            return result();
        }

        /** Moves time to {@code t}: bytes drained, black-hole losses, stalls. */
        void advance(double t) {
            double dt = t - now;
            if (dt > 0) {
                for (int i = 0; i < activeCount; i++) {
                    int f = active[i];
                    double r = rate[f];
                    if (r == 0) {
                        continue;
                    }
                    double sent = Math.min(left[f], r * dt);
                    left[f] -= sent;
                    double lambda = lossFraction(f);
                    double mu = ackLossFraction(f);
                    if (lambda > 0 || mu > 0) {
                        sentLossy[f] += sent;
                        ackLost[f] += standingAckLoss(f) * sent;
                        lost[f] += lambda * sent;
                    }
                    if (lambda + mu < 1 && sent > 0) {
                        progressPs[f] = now + sent / r + rttPs(f);   // its last delivered byte's ACK
                    }
                }
            }
            now = t;
            for (int i = 0; lossPossible && i < activeCount; i++) {
                int f = active[i];
                if (!stalled[f] && (lost[f] + ackLost[f]) * bytesPerPs
                        >= windowBytes[f] * (1 - WaterFilling.SATURATION_SLACK)) {
                    stalled[f] = true;   // its window is full of unacknowledged bytes: nothing moves until the timeout
                }
            }
        }

        /**
         * Whether the ACKs that get through make good the lost ones: every ACK carries the receiver's cumulative
         * point (packet-sim's {@code FlowReceiver}, as htsim's UEC ACK), so a lost ACK costs nothing once a later one
         * arrives, unless a data packet was lost before the packets it covered (the point stops below that packet
         * until it is resent) or no ACK gets through at all (ECMP's one way back through the failed link).
         */
        boolean acksRepaired(int f, double lambda, double mu) {
            return lost[f] == 0 && lambda == 0 && mu < 1;
        }

        /** The share of flow {@code f}'s sending whose lost ACKs no later ACK makes good ({@link #acksRepaired}). */
        double standingAckLoss(int f) {
            double mu = ackLossFraction(f);
            return mu == 0 || acksRepaired(f, lossFraction(f), mu) ? 0 : mu;
        }

        /**
         * Flow {@code f}'s way back has changed (rerouted at detection): if its ACKs now get through with nothing lost
         * before them, the ACK of the next packet it sends reaches the sender a round trip later
         * ({@link #ackThrough}). A flow stalled on its lost ACKs sends nothing, so no ACK comes: it waits for its
         * timeout, as packet-sim's sender does (an ACK is sent only when data arrives).
         */
        void ackWayChanged(int f) {
            if (ackLost[f] > 0 && !stalled[f] && rate[f] > 0 && left[f] > 0
                    && acksRepaired(f, lossFraction(f), ackLossFraction(f))) {
                ackThroughAt[f] = now + rttPs(f);
                schedule(ackThroughAt[f], ACK_THROUGH, f);
            }
        }

        /**
         * The first ACK of flow {@code f} that got through arrives: it acknowledges what the lost ones covered (the
         * window grows for all of it at once), and a flow stalled on them resumes, its timeout cancelled. Nothing to do if a timeout resent them meanwhile, or
         * data was lost since (the cumulative point then stops below it).
         */
        void ackThrough(int f) {
            if (!(Math.abs(now - ackThroughAt[f]) <= 0.5) || endPs[f] > 0 || lost[f] > 0 || ackLost[f] == 0) {
                return;
            }
            // its window grows as on any ACK, by MSS · newly acked / cwnd (packet-sim's DCTCP), for all it covers
            windowBytes[f] = Math.min(windowCapBytes, windowBytes[f] + mtuBytes * ackLost[f] * bytesPerPs
                    / windowBytes[f]);
            ackLost[f] = 0;
            markDirty(f);
            if (stalled[f] || timerSet[f]) {
                stalled[f] = false;
                timerSet[f] = false;
                recoverAt[f] = Double.NaN;
                sentLossy[f] = 0;
                progressPs[f] = now;
            }
            if (Double.isNaN(growAt[f])) {
                scheduleGrowth(f);    // a stall stopped its growth (review 42)
            }
        }

        void start(int f, long at) {
            if (startPs[f] >= 0) {
                return;
            }
            startPs[f] = at;
            progressPs[f] = at;
            Flow flow = flows.get(f);
            if (flowShares.needsPaths(flow)) {
                paths[f] = flowShares.paths(flow);
            }
            shares[f] = flowShares.of(flow, paths[f], at);
            active[activeCount++] = f;
            link(f);
            markDirty(f);
        }

        /**
         * The rate flow {@code f}'s window allows, a fraction of the line rate: what it has acknowledged per round
         * trip. The receiver acknowledges every {@code ackEvery} packets, and DCTCP's window never falls below
         * {@code ackEvery} MTUs, so the sender never asks for an early ACK (packet-sim's {@code FlowSender}): the
         * packets beyond a multiple of {@code ackEvery} wait in flight for the next ones, and only
         * {@code floor(window / (ackEvery MTUs))} of them count. This is what slows the recovery from a timeout
         * (a 5-packet window moves 4 packets per round trip).
         */
        double windowRate(int f) {
            return Math.min(1, ackedWindowBytes(f) / (bytesPerPs * rttPs(f)));
        }

        /** The part of flow {@code f}'s window acknowledged per round trip (whole batches of {@code ackEvery}). */
        double ackedWindowBytes(int f) {
            return Math.max(ackBatchBytes, Math.floor(windowBytes[f] / ackBatchBytes) * ackBatchBytes);
        }

        /** Flow {@code f}'s round trip on its paths, its queueing waits included. */
        double rttPs(int f) {
            return pathRttByHops[shares[f].hops()] + waitPs[f];
        }

        /**
         * Flow {@code f} has stopped making progress (all sent, or its window full of lost bytes): the packets it
         * lost this round are drawn, and if any, the retransmission timeout is set {@code rto} after its last
         * acknowledgement, as the packet simulator's sender does (the timer restarts on every ACK).
         *
         * <p>The fluid loss {@code lost} is the mean over the packets the round sent while a path through an
         * undetected failure was in use; {@link LostPackets} turns it into whole packets, drawn from the flow's own
         * stream ({@code Seeds.FLUID_LOSSES}, flow id, round). No packet lost means no timeout: the flow
         * completes.
         *
         * <p>Of the packets delivered, those whose ACK was lost ({@code ackLost}) are drawn the same way, an ACK
         * at a time: the receiver acknowledges {@code ackEvery} packets per ACK, each ACK's fate drawn by the
         * scheme's rule (its own stream). The receiver has them, so they alone do not delay a flow that has sent
         * everything; but they stay in flight at the sender, so they stall its window and its timeout sends them
         * again.
         */
        void armTimeout(int f) {
            timerSet[f] = true;
            int packets = (int) Math.round(sentLossy[f] / mtuPs);
            double p = sentLossy[f] > 0 ? Math.min(1, lost[f] / sentLossy[f]) : 0;
            SplittableRandom rng = new SplittableRandom(Seeds.derive(config.seed(), Seeds.FLUID_LOSSES, f, lossRound[f]));
            int drawn = LostPackets.draw(config.scheme(), packets, p, rng);
            double packetPs = packets == 0 ? 0 : sentLossy[f] / packets;   // the round's mean packet, line-rate ps
            if (ackLost[f] > 0 && packets > drawn) {
                double delivered = sentLossy[f] - lost[f];
                double pAck = delivered > 0 ? Math.min(1, ackLost[f] / delivered) : 0;
                int ackEvery = config.ackEvery();
                int acks = (packets - drawn + ackEvery - 1) / ackEvery;
                SplittableRandom ackRng = new SplittableRandom(
                        Seeds.derive(config.seed(), Seeds.FLUID_LOSSES, f, lossRound[f], ACK_DRAW));
                int lostAcks = LostPackets.draw(config.scheme(), acks, pAck, ackRng);
                ackLost[f] = Math.min(packets - drawn, lostAcks * ackEvery) * packetPs;
            } else {
                ackLost[f] = 0;
            }
            lossRound[f]++;
            lost[f] = drawn * packetPs;   // whole packets of the round's mean size
            if (lost[f] > 0 || (ackLost[f] > 0 && left[f] > 0)) {
                recoverAt[f] = Math.max(now, progressPs[f] + options.rtoPs());
                schedule(recoverAt[f], RECOVER, f);
            } else {
                sentLossy[f] = 0;   // nothing lost this round (or only ACKs of a flow that has sent it all)
                ackLost[f] = 0;
            }
        }

        /**
         * The retransmission timeout of flow {@code f}: what it lost is sent again, with the window back at its
         * minimum ({@code ackEvery} MTUs, as DCTCP after a timeout), its first window as a burst
         * ({@link #lossFraction}), regrowing every round trip ({@link #grow}) up to its cap.
         */
        void recover(int f) {
            recoverAt[f] = Double.NaN;
            // the ACK-lost ones too, in full: in packet-sim the first ACK's cumulative point covers those not yet sent
            // again, but dropping them here moved the lone ECMP flow of FailureTimingAgreementTest (detection 50 us,
            // RTO 100 us) from 245 to 235 us against packet-sim's 252: the window's regrowth is the larger error
            left[f] += lost[f] + ackLost[f];
            lost[f] = 0;
            ackLost[f] = 0;
            sentLossy[f] = 0;
            stalled[f] = false;
            timerSet[f] = false;
            progressPs[f] = now;
            windowBytes[f] = Math.min(windowCapBytes, config.ackEvery() * mtuBytes);
            // the resend's first window leaves at once, as a burst: its bytes meet the paths as they are now
            burstLossFraction[f] = shares[f].lostFraction();
            burstAckLossFraction[f] = shares[f].ackLostFraction();
            burstUntil[f] = now + rttPs(f);
            scheduleGrowth(f);
            markDirty(f);
        }

        /**
         * The share of flow {@code f}'s sending lost now. During the first round trip after a timeout it is at
         * least the share at the timeout: a window leaves as a burst when it opens (packet-sim's sender sends
         * every packet its window admits at once), so the first window after a timeout just before detection
         * still meets the failed link, even where the fluid spreads its bytes over the round trip.
         */
        double lossFraction(int f) {
            if (!lossPossible) {
                return 0;   // no link fails: nothing is lost, and no flow's shares need reading for it
            }
            double lambda = shares[f].lostFraction();
            return now < burstUntil[f] ? Math.max(lambda, burstLossFraction[f]) : lambda;
        }

        /**
         * The share of flow {@code f}'s sending delivered now whose ACK is lost on the way back, with the same
         * first-window burst as {@link #lossFraction} (a burst's ACKs meet the way back as it was at the timeout).
         */
        double ackLossFraction(int f) {
            if (!lossPossible) {
                return 0;
            }
            double mu = shares[f].ackLostFraction();
            return now < burstUntil[f] ? Math.max(mu, burstAckLossFraction[f]) : mu;
        }

        /** The next round trip's growth of {@code f}'s window, unless it is at its cap (one pending at a time). */
        void scheduleGrowth(int f) {
            if (windowBytes[f] < windowCapBytes) {
                growAt[f] = now + rttPs(f);
                schedule(growAt[f], GROW, f);
            } else {
                growAt[f] = Double.NaN;
            }
        }

        /**
         * One round trip of additive increase after a timeout: DCTCP grows by {@code MSS · acked / cwnd} per ACK, so
         * by one MTU times the share of the window acknowledged in a round trip (whole {@code ackEvery} batches,
         * {@link #ackedWindowBytes}, less what is lost).
         */
        void grow(int f) {
            if (!(Math.abs(now - growAt[f]) <= 0.5) || endPs[f] > 0) {
                return;   // superseded by a later timeout's growth, or done
            }
            if (stalled[f] || timerSet[f]) {
                growAt[f] = Double.NaN;   // no ACKs while it waits for a timeout, which restarts the window
                return;
            }
            double acked = ackedWindowBytes(f) * Math.max(0, 1 - lossFraction(f) - standingAckLoss(f));
            windowBytes[f] = Math.min(windowCapBytes, windowBytes[f] + mtuBytes * acked / windowBytes[f]);
            scheduleGrowth(f);
            if (!raiseInPlace(f)) {
                markDirty(f);
            }
        }

        /**
         * A larger window for flow {@code f} without a water-filling, when max-min fairness allows it: a flow held
         * by a saturated link keeps its rate; a flow held by its own window takes the new ceiling if every link it
         * loads has room for the difference, and then no link saturates, so no other flow's rate changes. Queueing
         * waits are refreshed at the next reallocation. Returns false if a reallocation is needed.
         */
        boolean raiseInPlace(int f) {
            if (rate[f] == 0) {
                return stalled[f] || left[f] == 0;   // idle until a timeout; otherwise it resumes by a reallocation
            }
            if (bottleneck[f] >= 0) {
                return true;   // held by a saturated link, not by its window
            }
            double cap = windowRate(f);
            double delta = cap - rate[f];
            int[] ls = shares[f].links();
            double[] ws = shares[f].weights();
            for (int j = 0; j < ls.length; j++) {
                int l = ls[j];
                if (linkRate[l] + ws[j] * delta > capacity[l] * (1 - WaterFilling.SATURATION_SLACK)) {
                    return false;
                }
            }
            for (int j = 0; j < ls.length; j++) {
                flush(ls[j]);
                linkRate[ls[j]] += ws[j] * delta;
            }
            rate[f] = cap;
            rateCap[f] = cap;
            return true;
        }

        /** Flow {@code f} has delivered its last byte's worth: its end, its triggers, its links freed. */
        void complete(int f) {
            completedCount++;
            double end = now + pipelinePs[f] + waitPs[f];
            endPs[f] = Math.round(end);
            Flow flow = flows.get(f);
            if (flow.recvDoneTrigger() != Flow.NO_TRIGGER) {
                schedule(end, ACTIVATE, flow.recvDoneTrigger());
            }
            if (flow.sendDoneTrigger() != Flow.NO_TRIGGER) {
                schedule(end + ackBackPs[f], ACTIVATE, flow.sendDoneTrigger());
            }
            if (filling.needsRecompute(shares[f], bottleneck[f])) {
                // the others take up the freed capacity half a base RTT later, all completions until then at once
                for (int l : shares[f].links()) {
                    if (!pendingDirty[l]) {
                        pendingDirty[l] = true;
                        pendingLinks[pendingCount++] = l;
                    }
                }
                if (!reallocationScheduled) {
                    reallocationScheduled = true;
                    schedule(now + baseRttPs / 2.0, REALLOCATE, -1);
                }
            } else {
                filling.removed(bottleneck[f]);
            }
            removeLoad(f);
            unlink(f);
            rate[f] = 0;
        }

        // ---- link -> flows lists, the dirty set and components

        /** Adds {@code f} to the flow list of every link it loads, remembering where, so removal is O(1) per link. */
        void link(int f) {
            int[] ls = shares[f].links();
            int[] pos = new int[ls.length];
            for (int j = 0; j < ls.length; j++) {
                int l = ls[j];
                if (linkFlowCount[l] == linkFlows[l].length) {
                    int grown = Math.max(4, 2 * linkFlows[l].length);
                    linkFlows[l] = Arrays.copyOf(linkFlows[l], grown);
                    linkFlowShare[l] = Arrays.copyOf(linkFlowShare[l], grown);
                }
                pos[j] = linkFlowCount[l];
                linkFlows[l][pos[j]] = f;
                linkFlowShare[l][pos[j]] = j;
                linkFlowCount[l]++;
            }
            listPosition[f] = pos;
        }

        /** Removes {@code f} from its links' flow lists: the last entry moves into its place. */
        void unlink(int f) {
            int[] ls = shares[f].links();
            int[] pos = listPosition[f];
            for (int j = 0; j < ls.length; j++) {
                int l = ls[j];
                int at = pos[j];
                int last = --linkFlowCount[l];
                int moved = linkFlows[l][last];
                int movedShare = linkFlowShare[l][last];
                linkFlows[l][at] = moved;
                linkFlowShare[l][at] = movedShare;
                listPosition[moved][movedShare] = at;
            }
        }

        void markDirty(int f) {
            for (int l : shares[f].links()) {
                if (!dirty[l]) {
                    dirty[l] = true;
                    dirtyLinks[dirtyCount++] = l;
                }
            }
        }

        void clearDirty() {
            for (int i = 0; i < dirtyCount; i++) {
                dirty[dirtyLinks[i]] = false;
            }
            dirtyCount = 0;
        }

        /**
         * Reallocates the flows connected to a dirty link through shared links: the rest of the fabric shares
         * no link with them, so its max-min rates cannot change.
         */
        void reallocateComponent() {
            int m = 0;
            int head = 0;
            int tail = 0;
            for (int i = 0; i < dirtyCount; i++) {
                int l = dirtyLinks[i];
                if (!seenLink[l]) {
                    seenLink[l] = true;
                    linkQueue[tail++] = l;
                }
            }
            while (head < tail) {
                int l = linkQueue[head++];
                for (int i = 0; i < linkFlowCount[l]; i++) {
                    int f = linkFlows[l][i];
                    if (seenFlow[f]) {
                        continue;
                    }
                    seenFlow[f] = true;
                    component[m++] = f;
                    for (int l2 : shares[f].links()) {
                        if (!seenLink[l2]) {
                            seenLink[l2] = true;
                            linkQueue[tail++] = l2;
                        }
                    }
                }
            }
            for (int i = 0; i < tail; i++) {
                seenLink[linkQueue[i]] = false;
            }
            for (int i = 0; i < m; i++) {
                seenFlow[component[i]] = false;
            }
            // links left without flows: nothing on them any more
            for (int i = 0; i < tail; i++) {
                int l = linkQueue[i];
                if (linkFlowCount[l] == 0) {
                    flush(l);
                    linkRate[l] = 0;
                    queueBytes[l] = 0;
                }
            }
            reallocate(component, m);
        }

        void removeLoad(int f) {
            LinkShares s = shares[f];
            int[] ls = s.links();
            double[] ws = s.weights();
            for (int j = 0; j < ls.length; j++) {
                flush(ls[j]);
                linkRate[ls[j]] = Math.max(0, linkRate[ls[j]] - ws[j] * rate[f]);
            }
        }

        void flush(int l) {
            double dt = now - linkSince[l];
            if (dt > 0) {
                dataBytes[l] += linkRate[l] * bytesPerPs * dt;
                queueIntegral[l] += queueBytes[l] * dt;
            }
            linkSince[l] = now;
        }

        void flushAll() {
            for (int l = 0; l < slots; l++) {
                flush(l);
            }
        }

        /** Where link {@code l}'s state is kept: its group's slot if it is in one, else its own. */
        int slotOf(int l) {
            return groups == null || groups.groupOf(l) < 0 ? l : groups.groupOf(l);
        }

        /** Links a slot stands for: a group's members, else 1. */
        int membersOf(int slot) {
            return groups != null && groups.isGroup(slot) ? groups.memberCount(slot) : 1;
        }

        /**
         * Water-filling over {@code set[0..count)}, a set of active flows closed under sharing a link, twice:
         * the second time with each link's capacity less the ACKs the first allocation puts on it.
         */
        void reallocate(int[] set, int count) {
            int m = 0;
            for (int i = 0; i < usedCount; i++) {
                isUsed[used[i]] = false;
            }
            usedCount = 0;
            for (int i = 0; i < count; i++) {
                int f = set[i];
                for (int l : shares[f].links()) {
                    if (!isUsed[l]) {
                        isUsed[l] = true;
                        used[usedCount++] = l;
                    }
                }
                if (stalled[f] || left[f] == 0) {
                    rate[f] = 0;   // stalled, or idle until its lost bytes time out
                    continue;
                }
                act[m++] = f;
            }
            for (int i = 0; i < usedCount; i++) {
                int l = used[i];
                if (l >= links) {
                    capacity[l] = membersOf(l);   // groups exist only on fabrics without faults
                } else {
                    capacity[l] = faults.isFailed(l, (long) now) ? 0 : faults.rate(l, line) / (double) line;
                }
                firstPass[l] = 0;
            }
            for (int i = 0; i < m; i++) {
                int f = act[i];
                rateCap[f] = windowRate(f);
            }
            filling.allocate(act, m, shares, capacity, rateCap, used, usedCount, rate, bottleneck);
            for (int i = 0; i < m; i++) {
                int f = act[i];
                int[] ls = shares[f].links();
                double[] ws = shares[f].weights();
                for (int j = 0; j < ls.length; j++) {
                    firstPass[ls[j]] += ws[j] * rate[f];
                }
            }
            for (int i = 0; i < usedCount; i++) {
                int l = used[i];
                int r = l >= links ? groups.reverse(l) : FatTree.reverse(l);
                double mirror = isUsed[r] ? firstPass[r] : linkRate[r];
                capacity[l] = Math.max(0, capacity[l] - ackFactor * mirror);
            }
            filling.allocate(act, m, shares, capacity, rateCap, used, usedCount, rate, bottleneck);
            // link rates, queues and each flow's wait
            for (int i = 0; i < usedCount; i++) {
                int l = used[i];
                flush(l);
                linkRate[l] = 0;
                queueBytes[l] = 0;
                weightOn[l] = 0;
            }
            for (int i = 0; i < m; i++) {
                int f = act[i];
                int[] ls = shares[f].links();
                double[] ws = shares[f].weights();
                for (int j = 0; j < ls.length; j++) {
                    linkRate[ls[j]] += ws[j] * rate[f];
                    weightOn[ls[j]] += ws[j];
                }
            }
            double mtu = mtuBytes;
            for (int i = 0; i < usedCount; i++) {
                int l = used[i];
                queueGrowthPs[l] = Double.POSITIVE_INFINITY;
                if ((l < links && tree.isHost(tree.linkSource(l))) || capacity[l] <= 0) {
                    linkWait[l] = 0;
                    continue;
                }
                double rho = linkRate[l] / capacity[l];
                // a group's queue is each member's: its members' rate, weight and BDP are the group's / members
                int members = membersOf(l);
                long linkLine = l >= links ? line : faults.rate(l, line);
                // a bottleneck queues when more can arrive than it serves: several flows, or a slower link
                boolean saturated = filling.isBottleneck(l) && (filling.flowsOn(l) > 1 || linkLine < line);
                double rateBytes = capacity[l] / members * bytesPerPs;
                double linkBdp = baseRttPs * (linkLine / (double) line) * bytesPerPs;
                linkWait[l] = LinkWaits.waitPs(rho, saturated, weightOn[l] / members, filling.flowsOn(l),
                        mtu / rateBytes, mtu, linkBdp, kMinBytes, kMaxBytes, rateBytes);
                queueBytes[l] = linkWait[l] * rateBytes;
                maxQueue[l] = Math.max(maxQueue[l], queueBytes[l]);
                if (!saturated) {
                    queueGrowthPs[l] = LinkWaits.transientGrowthPs(rho, filling.flowsOn(l), mtu / rateBytes);
                }
            }
            for (int i = 0; i < count; i++) {
                int f = set[i];
                int[] ls = shares[f].links();
                double[] ws = shares[f].weights();
                double w = 0;
                // what the flow's last byte finds: a queue that has been growing for the flow's lifetime at most
                double lifetimePs = serviceAtLinePs[f] / Math.max(rate[f], 1e-9);
                for (int j = 0; j < ls.length; j++) {
                    int l = ls[j];
                    w += ws[j] * Math.min(linkWait[l], Math.sqrt(queueGrowthPs[l] * lifetimePs));
                }
                waitPs[f] = w;
            }
        }

        FluidResult result() {
            List<FluidFlowStats> out = new ArrayList<>(n);
            double header = config.headerBytes();
            for (Flow f : flows) {
                int id = f.id();
                long packets = IdealFct.packets(f.sizeBytes(), config.mtuBytes(), config.headerBytes());
                out.add(new FluidFlowStats(id, f.src(), f.dst(), f.sizeBytes(), startPs[id], endPs[id],
                        shares[id].hops(), f.sizeBytes() + packets * header, 0, 0));
            }
            List<FluidLinkStats> ls = new ArrayList<>(links);
            double end = 0;
            for (long e : endPs) {
                end = Math.max(end, e);
            }
            double mtu = config.mtuBytes();
            for (int l = 0; l < links; l++) {
                // a group's members each carry an equal part of its data and have its (per-member) queue
                int slot = slotOf(l);
                ls.add(new FluidLinkStats(l, tree.linkName(l), tree.tierOf(tree.linkSource(l)), tree.isUplink(l),
                        faults.rate(l, line), maxQueue[slot], end > 0 ? queueIntegral[slot] / end / mtu : 0,
                        dataBytes[slot] / membersOf(slot), 0, 0));
            }
            double[] times = new double[sampleTimes.size()];
            for (int i = 0; i < times.length; i++) {
                times[i] = sampleTimes.get(i)[0];
            }
            QueueTrajectories trajectories = new QueueTrajectories(times, sampledLinks, samples.toArray(new float[0][]));
            return new FluidResult(config, out, ls, trajectories, idealMaxFctPs, Math.round(end), eventsHandled, 0,
                    System.nanoTime() - wall0);
        }
    }
}
