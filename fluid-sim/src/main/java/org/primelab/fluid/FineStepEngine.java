package org.primelab.fluid;

import java.util.Arrays;
import java.util.List;
import org.primelab.analytical.fct.IdealFct;
import org.primelab.core.entropy.EntropyConfig;
import org.primelab.core.entropy.Forwarding;
import org.primelab.core.fabric.RedCurve;
import org.primelab.core.metrics.ProgressListener;
import org.primelab.core.topology.FatTree;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workload;

/**
 * The fine-step engine of the fluid simulator: the whole system integrated with a fixed step of a
 * fraction of an MTU serialization ({@link FluidConfig#stepPs()}, at most one). {@link FluidSimulator}
 * runs {@link SplitMode#EXPECTED} splits (fractional chunks per path, the classical fluid limit) with it;
 * {@link SplitMode#PACKET} runs use {@link QuantumEngine}, and this engine's packet-quantum path is kept
 * as the reference the quantum engine is tested against (both model the same system; this one evaluates
 * every link every step, which is what made it slow).
 *
 * <p><b>State.</b> Per flow: window {@code W} and {@code alpha} ({@link FluidDctcp}), bytes not yet sent
 * (including bytes to resend after a trim), bytes in flight, and a FIFO history buffer of every quantum
 * in flight with the marking probability and trimmed fraction it collected, released one RTT after it
 * was sent (the delayed feedback of the DCTCP fluid model). Per directed switch egress link: the queue
 * {@code q} in bytes. Host NICs have no queue: as in the packet simulator, data is pulled from the
 * senders, so a host's flows share its line rate (water-filling, the fluid image of round robin).
 *
 * <p><b>One step</b> of length {@code dt} (units: time is double picoseconds, sizes double bytes, rates
 * bytes per picosecond inside the model):
 * <ol>
 *   <li>Returns: quanta whose ACK time is at most {@code t + dt/2} (midpoint rule) leave flight; their
 *       acknowledged bytes drive DCTCP with the marked fraction they carried, their trimmed bytes are
 *       NACKed (resent, and counted as marked), and the split rule gets its feedback.</li>
 *   <li>Sends: each flow may send {@code min(W - inflight, unsent)}, a host's flows share
 *       {@code C·dt} minus the ACKs it sends. Bytes are split over paths by the flow's {@link SplitRule},
 *       per packet quantum or as expected fractions ({@link SplitMode}), and add to the inflow of every
 *       switch link of their path (instantaneous traversal, the standard fluid-network approximation).</li>
 *   <li>Links: {@code q <- max(0, q + inflow - (C·dt - ack bytes))}, the Euler step of
 *       {@code dq/dt = inflow - capacity} floored at 0, where ACKs take strict priority as in the packet
 *       simulator; what would exceed the trimming limit ({@link FluidConfig#trimBytes()}, 1 BDP) is
 *       trimmed, a fraction of every arrival of the step.</li>
 *   <li>Quanta: each sees, at each switch link, the backlog ahead of it (the queue left at its arrival
 *       time plus half of the link's other arrivals of the step); it waits that long, is ECN-marked with
 *       the RED probability of that backlog plus itself (marking at dequeue, packet included, 0 at
 *       {@code K_min} to 1 at {@code K_max}), and loses the link's trimmed fraction. It arrives at
 *       {@code emission + sum(MTU serialization of the later hops) + hops·propagation + waits}
 *       (store-and-forward) and its ACK returns after the header's way back, half a packet per busy
 *       port on the way back (non-preemptive priority) and the mean coalescing hold
 *       {@code (ackEvery-1)/2} packets (Little's law on the coalesced ACK clock).</li>
 * </ol>
 * A flow completes when every byte has been delivered untrimmed; its FCT runs from its start to the
 * arrival of its last byte. A lone flow on an idle fabric thus takes exactly the analytical ideal
 * ({@link IdealFct#lonePathPs}).
 *
 * <p><b>Faults.</b> Degraded links run at their rate; a failed link stops at its failure time and every
 * split rule withdraws the paths through it at once (the transient black hole before detection is not
 * modelled). Retransmission timeouts never fire: nothing is lost except trimmed bytes, which are NACKed.
 *
 * <p><b>Determinism.</b> Every random stream (generators, feedback draws, AR tie breaks, hash salts)
 * derives from the master seed; same inputs give identical results.
 */
final class FineStepEngine implements FluidEngine {
    /** Bytes below which a flow's remainder counts as sent (floating-point dust). */
    private static final double DUST_BYTES = 1e-6;
    /** Steps after which a run is declared stuck: 10^9 steps is far beyond any scenario this models. */
    private static final long MAX_STEPS = 1_000_000_000L;

    private final FluidConfig config;
    private final FatTree tree;
    private final List<Flow> flows;
    private final int flowCount;
    private final double dt;
    private final double mtu;
    private final double header;
    private final double trimLimit;
    private final RedCurve red;
    private final double prop;
    private final double nicRate;
    private final double hold;
    private final double ackFraction;

    // links: the shared view, and what this engine adds per link (indexed by link)
    private final FluidLinks links;
    private final int linkCount;
    /** The queue at the start of the step, bytes. */
    private final double[] queueAtStepBytes;
    /** Data bytes arriving this step (being summed while the step's senders run). */
    private final double[] inflowBytes;
    /** This step's arrivals, kept for its quanta after {@link #inflowBytes} is reset. */
    private final double[] stepInflowBytes;
    /** ACK bytes crossing the link this step. */
    private final double[] ackLoadBytes;
    /** Fraction of this step's arrivals trimmed. */
    private final double[] trimmedFraction;
    /** Fraction of this step the link was busy (data and ACKs). */
    private final double[] busy;
    /** Offset into the step of its first arrival, ps. */
    private final double[] firstArrivalPs;
    /** The current flow's own bytes of this step on the link (left out of the backlog ahead of it). */
    private final double[] ownStepBytes;
    /** Packet splits: the flow of the last quantum, its emission and size, and its step. */
    private final int[] lastFlow;
    private final double[] lastEmitPs;
    private final double[] lastBytes;
    private final long[] lastStep;
    private final boolean packetMode;
    /** Links with a queue or an arrival this step (the only ones integrated), and their list. */
    private final boolean[] active;
    private int[] activeList;
    private int activeCount;
    /** Links that went idle this step: their per-step values are reset once its quanta read them. */
    private int[] stale;
    private int staleCount;
    /** Links with ACK load this step. */
    private int[] ackList;
    private int ackCount;

    // hosts
    private final int[][] hostFlows;
    private final double[] hostAck;
    private final double[] hostBusy;

    // flows
    private final FlowState[] flowStates;

    // segments of the current step
    private int segCount;
    private int[] segFlow = new int[1024];
    private int[] segPath = new int[1024];
    private int[] segAck = new int[1024];
    private int[] segTag = new int[1024];
    private double[] segBytes = new double[1024];
    private double[] segEmit = new double[1024];
    private final double[] weights;

    private final QueueSampler sampler;

    private double stepStart;
    private final FlowStarts starts;
    private long steps;
    private int remaining;

    /** Prepares a run of {@code workload} (its flows and the triggers that chain them) under {@code config}. */
    FineStepEngine(FluidConfig config, Workload workload) {
        List<Flow> flows = workload.flows();
        this.config = config;
        this.tree = config.tree();
        this.flows = List.copyOf(flows);
        FluidSetup.validate(tree, flows);
        this.flowCount = flows.size();
        this.dt = config.stepPs();
        this.mtu = config.mtuBytes();
        this.header = config.headerBytes();
        this.trimLimit = config.trimBytes();
        this.red = new RedCurve(config.kMinBytes(), config.kMaxBytes());
        this.prop = config.propagationPs();
        long tMtu = config.mtuSerializationPs();
        this.nicRate = mtu / tMtu;
        this.hold = (config.ackEvery() - 1) / 2.0 * tMtu;
        this.ackFraction = header / (config.ackEvery() * mtu);

        links = new FluidLinks(config);
        linkCount = links.count;
        queueAtStepBytes = new double[linkCount];
        inflowBytes = new double[linkCount];
        stepInflowBytes = new double[linkCount];
        ackLoadBytes = new double[linkCount];
        trimmedFraction = new double[linkCount];
        busy = new double[linkCount];
        ownStepBytes = new double[linkCount];
        firstArrivalPs = new double[linkCount];
        lastFlow = new int[linkCount];
        Arrays.fill(lastFlow, -1);
        lastEmitPs = new double[linkCount];
        lastBytes = new double[linkCount];
        lastStep = new long[linkCount];
        packetMode = config.split() == SplitMode.PACKET || config.scheme().forwarding() == Forwarding.ADAPTIVE;
        int switchLinks = 0;
        for (int l = 0; l < linkCount; l++) {
            switchLinks += links.switchLink[l] ? 1 : 0;
        }
        active = new boolean[linkCount];
        activeList = new int[Math.max(16, switchLinks)];
        stale = new int[Math.max(16, switchLinks)];
        ackList = new int[Math.max(16, switchLinks)];
        sampler = new QueueSampler(config, links.switchLink);

        long[] salts = FlowPaths.salts(tree, config.seed());
        EntropyConfig entropy = config.effectiveEntropy();
        flowStates = new FlowState[flowCount];
        double lineWindow = config.lineRateWindowBytes();
        int maxPaths = 1;
        for (int i = 0; i < flowCount; i++) {
            Flow f = flows.get(i);
            FlowState s = new FlowState(f, new FlowPaths(tree, f.src(), f.dst()), links.headerHopPs);
            SplitRule.Network net = FluidSetup.network(s.paths, links.anyFailure, links.alive, links.queueBytes, inflowBytes);
            s.rule = FluidSetup.newRule(config, entropy, salts, s, net);
            s.cc = FluidSetup.newCc(config, lineWindow);
            flowStates[i] = s;
            maxPaths = Math.max(maxPaths, s.paths.count());
        }
        weights = new double[maxPaths];
        hostFlows = FluidSetup.hostFlows(tree, flows);
        starts = new FlowStarts(workload, flowStates);
        hostAck = new double[tree.hosts()];
        hostBusy = new double[tree.hosts()];
    }

    /** The step in force: the configured one ({@link FluidConfig#stepPs()}). */
    @Override
    public double stepPs() {
        return dt;
    }

    @Override
    public FluidResult run(ProgressListener progress) {
        long wallStart = System.nanoTime();
        remaining = flowCount;
        while (remaining > 0) {
            if ((steps & (FluidSimulator.PROGRESS_EVERY_STEPS - 1)) == 0) {
                progress.progress(flowCount - remaining, flowCount, (long) (steps * dt), steps);
            }
            if (steps >= MAX_STEPS) {
                throw new IllegalStateException("fluid: " + remaining + " flows unfinished after " + steps + " steps");
            }
            stepStart = steps * dt;
            double t = stepStart;
            links.applyFailures(t);
            for (FlowState s : flowStates) {
                if (s.started && !s.done) {
                    processReturns(s, t + dt / 2);
                }
            }
            segCount = 0;
            for (int h = 0; h < hostFlows.length; h++) {
                if (hostFlows[h].length > 0) {
                    sendFromHost(h, t);
                }
            }
            updateLinks();
            finishSegments(t);
            resetStale();
            starts.activateBefore(t + dt);
            if (sampler.due(t)) {
                sampler.sample(t, links.queueBytes);
            }
            steps++;
        }
        progress.progress(flowCount, flowCount, (long) (steps * dt), steps);
        return collect(FluidFlow.endPs(flowStates), System.nanoTime() - wallStart);
    }

    // ------------------------------------------------------------------ faults

    // ------------------------------------------------------------------ flows

    private void processReturns(FlowState s, double horizon) {
        InFlightQuanta ring = s.inFlight;
        while (ring.count() > 0 && ring.headReturnPs() <= horizon) {
            double b = ring.headBytes();
            double trim = ring.headTrimmed();
            double mark = ring.headMark();
            s.inflight -= b;
            double nacked = b * trim;
            s.unsent += nacked;
            s.returned.add(b, mark, trim, ring.headSentPs(), ring.headReturnPs());
            s.cc.onReturned(s.returned, s.inflight);
            s.returned.clear();
            s.rule.onReturn(ring.headTag(), b, mark, trim, (long) ring.headReturnPs());
            ring.removeHead();
        }
        if (s.inflight < DUST_BYTES) {
            s.inflight = Math.max(0, s.inflight);
        }
    }

    private void sendFromHost(int h, double t) {
        int[] own = hostFlows[h];
        double tEnd = t + dt;
        double budget = Math.max(0, nicRate * dt - hostAck[h]);
        double used = 0;
        if (own.length == 1) {
            FlowState s = flowStates[own[0]];
            double b = demand(s, t, tEnd, budget);
            if (b > 0) {
                send(s, b, Math.max(t, s.startPs), nicRate);
                used = b;
            }
        } else {
            used = waterFill(own, t, tEnd, budget);
        }
        hostBusy[h] = Math.min(1.0, (used + hostAck[h]) / (nicRate * dt));
        hostAck[h] = 0;
    }

    /** What flow {@code s} would send this step given at most {@code cap} bytes of NIC. */
    private double demand(FlowState s, double t, double tEnd, double cap) {
        if (s.done || s.startPs >= tEnd) {
            return 0;
        }
        if (!s.started) {
            s.started = true;
        }
        double nic = Math.min(cap, nicRate * (tEnd - Math.max(t, s.startPs)));
        double room = s.cc.window() - s.inflight;
        if (s.inflight <= DUST_BYTES) {
            room = Math.max(room, Math.min(mtu, s.unsent));   // a sender with nothing in flight may send one packet
        }
        double b = Math.min(Math.min(room, s.unsent), nic);
        return b > DUST_BYTES ? b : 0;
    }

    private double waterFill(int[] own, double t, double tEnd, double budget) {
        int m = own.length;
        double[] want = new double[m];
        double total = 0;
        for (int i = 0; i < m; i++) {
            want[i] = demand(flowStates[own[i]], t, tEnd, budget);
            total += want[i];
        }
        if (total <= 0) {
            return 0;
        }
        double[] give = want.clone();
        if (total > budget) {
            boolean[] fixed = new boolean[m];
            double left = budget;
            int open = 0;
            for (double w : want) {
                open += w > 0 ? 1 : 0;
            }
            Arrays.fill(give, 0);
            boolean changed = true;
            while (changed && open > 0) {
                changed = false;
                double level = left / open;
                for (int i = 0; i < m; i++) {
                    if (!fixed[i] && want[i] > 0 && want[i] <= level) {
                        give[i] = want[i];
                        left -= want[i];
                        fixed[i] = true;
                        open--;
                        changed = true;
                    }
                }
                if (!changed) {
                    for (int i = 0; i < m; i++) {
                        if (!fixed[i] && want[i] > 0) {
                            give[i] = level;
                        }
                    }
                }
            }
        }
        double used = 0;
        for (double g : give) {
            used += g;
        }
        for (int i = 0; i < m; i++) {
            if (give[i] > DUST_BYTES) {
                FlowState s = flowStates[own[i]];
                send(s, give[i], Math.max(t, s.startPs), nicRate * give[i] / used);
            }
        }
        return used;
    }

    /** Flow {@code s} hands {@code b} bytes to its NIC from {@code t0}, serialized at {@code rateShare}. */
    private void send(FlowState s, double b, double t0, double rateShare) {
        s.inflight += b;
        s.unsent -= b;
        if (s.unsent < DUST_BYTES) {
            s.unsent = 0;
        }
        if (packetMode) {
            double carried = s.serializing;
            double avail = b;
            double pos = 0;
            while (true) {
                double quantum = Math.min(mtu, carried + avail + s.unsent);
                double need = quantum - carried;
                if (need > avail + DUST_BYTES || quantum <= DUST_BYTES) {
                    break;
                }
                need = Math.min(need, avail);
                pos += need;
                avail -= need;
                carried = 0;
                double emit = t0 + pos / rateShare;
                long pick = ((PacketSplit) s.rule).pick((long) emit);
                addSegment(s, PathChoice.path(pick), PathChoice.ackPath(pick), PathChoice.tag(pick), quantum, emit, emit);
            }
            s.serializing = carried + avail;
            if (s.serializing < DUST_BYTES && s.unsent == 0) {
                s.serializing = 0;
            }
        } else if (s.rule instanceof ExpectedSplit split) {
            double emit = t0 + b / rateShare;
            split.weights((long) emit, weights);
            for (int p = 0; p < split.paths(); p++) {
                if (weights[p] > 0) {
                    addSegment(s, p, p, p, b * weights[p], emit, t0);
                }
            }
        } else {
            // ECMP in expected mode: its one hashed path carries the whole chunk
            double emit = t0 + b / rateShare;
            long pick = ((PacketSplit) s.rule).pick((long) emit);
            addSegment(s, PathChoice.path(pick), PathChoice.ackPath(pick), PathChoice.tag(pick), b, emit, t0);
        }
    }

    /** A quantum (or chunk) of {@code bytes} whose bytes reach the fabric from {@code arrive} and end at {@code emit}. */
    private void addSegment(FlowState s, int path, int ackPath, int tag, double bytes, double emit, double arrive) {
        if (segCount == segFlow.length) {
            int c = segCount * 2;
            segFlow = Arrays.copyOf(segFlow, c);
            segPath = Arrays.copyOf(segPath, c);
            segAck = Arrays.copyOf(segAck, c);
            segTag = Arrays.copyOf(segTag, c);
            segBytes = Arrays.copyOf(segBytes, c);
            segEmit = Arrays.copyOf(segEmit, c);
        }
        int i = segCount++;
        segFlow[i] = s.flow.id();
        segPath[i] = path;
        segAck[i] = ackPath;
        segTag[i] = tag;
        segBytes[i] = bytes;
        segEmit[i] = emit;
        int[] route = s.paths.forward(path);
        double offset = arrive - stepStart;
        for (int k = 1; k < route.length; k++) {
            int l = route[k];
            if (inflowBytes[l] == 0 || offset < firstArrivalPs[l]) {
                firstArrivalPs[l] = offset;
            }
            inflowBytes[l] += bytes;
            if (!active[l]) {
                active[l] = true;
                activeList[activeCount++] = l;
            }
        }
        double ack = bytes * ackFraction;
        int[] back = s.paths.reverse(ackPath);
        hostAck[s.flow.dst()] += ack;
        for (int k = 1; k < back.length; k++) {
            int l = back[k];
            if (ackLoadBytes[l] == 0) {
                ackList[ackCount++] = l;
            }
            ackLoadBytes[l] += ack;
        }
    }

    // ------------------------------------------------------------------ links

    /**
     * The queue step of every switch link that has a queue or an arrival; the others stay empty at no
     * cost (their ACK load, with no data to delay, only matters through {@link #busy}, which is 0).
     */
    private void updateLinks() {
        int kept = 0;
        for (int i = 0; i < activeCount; i++) {
            int l = activeList[i];
            double arriving = inflowBytes[l];
            double queueStart = links.queueBytes[l];
            queueAtStepBytes[l] = queueStart;
            stepInflowBytes[l] = arriving;
            double lineBytes = links.rateBytesPerPs[l] * dt;
            // A link that was empty cannot send before the step's first arrival: exact for one arrival.
            double served = links.alive[l] ? Math.max(0, Math.min(lineBytes - ackLoadBytes[l],
                    arriving > 0 ? queueStart + links.rateBytesPerPs[l] * Math.max(0, dt - firstArrivalPs[l]) : lineBytes)) : 0;
            double queueEnd = queueStart + arriving - served;
            if (queueEnd < 0) {
                queueEnd = 0;
            }
            double trimmed = 0;
            if (queueEnd > trimLimit) {
                trimmed = queueEnd - trimLimit;
                queueEnd = trimLimit;
            }
            trimmedFraction[l] = arriving > 0 ? trimmed / arriving : 0;
            busy[l] = Math.min(1.0, (queueStart + arriving + ackLoadBytes[l]) / lineBytes);
            links.queueAreaBytePs[l] += (queueStart + queueEnd) / 2 * dt;
            links.maxQueueBytes[l] = Math.max(links.maxQueueBytes[l], queueEnd);
            links.deliveredBytes[l] += arriving - trimmed;
            links.trimmedBytes[l] += trimmed;
            links.queueBytes[l] = queueEnd;
            inflowBytes[l] = 0;
            if (queueEnd > 0) {
                activeList[kept++] = l;     // still active next step
            } else {
                active[l] = false;
                stale[staleCount++] = l;    // its per-step values are read by this step's quanta, reset after
            }
        }
        activeCount = kept;
        for (int i = 0; i < ackCount; i++) {
            ackLoadBytes[ackList[i]] = 0;
        }
        ackCount = 0;
    }

    /** Resets the per-step values of links that went idle this step, once this step's quanta read them. */
    private void resetStale() {
        for (int i = 0; i < staleCount; i++) {
            int l = stale[i];
            if (!active[l]) {
                queueAtStepBytes[l] = 0;
                stepInflowBytes[l] = 0;
                trimmedFraction[l] = 0;
                busy[l] = 0;
            }
        }
        staleCount = 0;
    }

    // ------------------------------------------------------------------ quanta

    /**
     * Evaluates this step's quanta flow by flow (a flow's quanta are consecutive). A flow's own bytes are
     * never queueing for it: its own pipelining is the store-and-forward term, paced by its largest
     * packet as in {@link IdealFct} (a short last packet waits behind its predecessor). So its own
     * quanta of this step are left out of the backlog ahead of it, and so is what is left of its own
     * previous quantum when it was the last to enter the link.
     */
    private void finishSegments(double t) {
        int i = 0;
        while (i < segCount) {
            int f = segFlow[i];
            int j = i;
            while (j < segCount && segFlow[j] == f) {
                int[] route = flowStates[f].paths.forward(segPath[j]);
                for (int k = 1; k < route.length; k++) {
                    ownStepBytes[route[k]] += segBytes[j];
                }
                j++;
            }
            for (int g = i; g < j; g++) {
                finishSegment(g, t);
            }
            for (int g = i; g < j; g++) {
                int[] route = flowStates[f].paths.forward(segPath[g]);
                for (int k = 1; k < route.length; k++) {
                    ownStepBytes[route[k]] = 0;
                }
            }
            i = j;
        }
    }

    private void finishSegment(int i, double t) {
        FlowState s = flowStates[segFlow[i]];
        double bytes = segBytes[i];
        double emit = segEmit[i];
        int[] route = s.paths.forward(segPath[i]);
        double kept = 1;
        double unmarked = 1;
        double waitPs = 0;
        double latencyPs = prop;
        double elapsed = emit - t;
        double packet = Math.min(mtu, s.wire);
        for (int k = 1; k < route.length; k++) {
            int l = route[k];
            double residue = queueAtStepBytes[l] - links.rateBytesPerPs[l] * elapsed;
            if (lastFlow[l] == segFlow[i] && lastStep[l] < steps) {
                residue -= Math.max(0, lastBytes[l] - links.rateBytesPerPs[l] * (emit - lastEmitPs[l]));
            }
            if (packetMode) {
                lastFlow[l] = segFlow[i];
                lastEmitPs[l] = emit;
                lastBytes[l] = bytes;
                lastStep[l] = steps;
            }
            double hopPs = packet / links.rateBytesPerPs[l];
            double ahead = Math.max(0, residue) + 0.5 * Math.max(0, stepInflowBytes[l] - ownStepBytes[l]);
            ahead = Math.min(ahead, trimLimit);
            waitPs += ahead / links.rateBytesPerPs[l];
            double markProbability = red.probability(ahead + bytes);
            links.maxQueueBytes[l] = Math.max(links.maxQueueBytes[l], Math.min(trimLimit, ahead + bytes));
            links.markedBytes[l] += bytes * kept * markProbability;
            unmarked *= 1 - markProbability;
            kept *= 1 - trimmedFraction[l];
            latencyPs += hopPs + prop;
        }
        double arrival = emit + latencyPs + waitPs;
        int[] back = s.paths.reverse(segAck[i]);
        double ackLatency = 0;
        for (int k = 0; k < back.length; k++) {
            int l = back[k];
            double busyFraction = k == 0 ? hostBusy[s.flow.dst()] : busy[l];
            ackLatency += prop + links.headerSerializationPs[l] + 0.5 * links.mtuSerializationPs[l] * busyFraction;
        }
        double markProb = 1 - unmarked;
        s.inFlight.add(arrival + ackLatency + hold, bytes, markProb, 1 - kept, segTag[i], emit - Math.min(bytes, mtu) / nicRate);
        if (s.land(bytes, kept, markProb, arrival, nicRate, config.linkRateBps())) {
            remaining--;
            starts.completed(s, segAck[i]);
        }
    }

    // ------------------------------------------------------------------ output

    private FluidResult collect(long end, long wallNanos) {
        return new FluidResult(config, FluidFlow.stats(flowStates), links.collect(steps * dt, mtu), sampler.trajectories(),
                FluidFlow.idealMaxFctPs(config, flowStates), end, steps, 0, wallNanos);
    }

    /** Per-flow state. */
    private final class FlowState extends FluidFlow {
        boolean started;
        double serializing;
        /** The quanta (or chunks) in flight. */
        final InFlightQuanta inFlight = new InFlightQuanta(64);

        FlowState(Flow flow, FlowPaths paths, double[] headerHop) {
            super(config, flow, paths, headerHop);
        }
    }
}
