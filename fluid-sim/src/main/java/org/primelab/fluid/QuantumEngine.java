package org.primelab.fluid;

import java.util.Arrays;
import java.util.List;
import org.primelab.analytical.fct.IdealFct;
import org.primelab.core.entropy.EntropyConfig;
import org.primelab.core.entropy.Forwarding;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.fabric.RedCurve;
import org.primelab.core.metrics.ProgressListener;
import org.primelab.core.topology.FatTree;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workload;

/**
 * The quantum engine of the fluid simulator ({@link SplitMode#PACKET} splits; the model is described in
 * {@link FluidSimulator}). Flows are advanced with a coarse step; each flow's bytes leave its NIC in
 * packet-sized quanta whose paths come from the scheme's own generator, and every egress queue is
 * advanced exactly at each quantum's arrival (Lindley's recursion with a linear drain in between) instead
 * of every step, so the per-step cost is per quantum and per flow, never per link and per fine step.
 *
 * <p><b>One step</b> has three passes: the senders (host by host, in a rotating order) emit the step's
 * quanta; the quanta cross the fabric in emission order (sorted into buckets of 1/16 MTU); then, in
 * emission order per flow, they land (return records, delivery, completion); a linear pass over the
 * links closes the step (drain to the step's end, ACK load, busy fractions).
 *
 * <p><b>State.</b> The links' shared state is a {@link FluidLinks} view (the queues and what a run reports
 * per link); this engine adds, per link, the time each queue was last advanced, its data service rate this
 * step and who arrived last, per host its NIC clock and ACK bytes, and per quantum of the current step
 * its flow, path, emission, arrival and return times. The per-step link bookkeeping is a linear pass.
 * Nothing is allocated per step once the buffers have grown to the run's largest step (except
 * queue-trajectory samples).
 *
 * <p><b>Fast-forward.</b> After every step {@link SteadyState} is told whether anything was trimmed; at
 * the end of each window it may grant a leap, which {@link #leap} applies (fluid-sim/README.md,
 * "Fast-forward").
 */
final class QuantumEngine implements FluidEngine {
    /** Fine sorting buckets per MTU serialization: quanta of one step are processed in emission order to 1/16 MTU. */
    static final int BUCKETS_PER_MTU = 16;
    /** Bytes below which a remainder counts as nothing (floating-point dust). */
    private static final double DUST_BYTES = 1e-6;
    /** Steps after which a run is declared stuck. */
    private static final long MAX_STEPS = 1_000_000_000L;
    private static final double INF = Double.POSITIVE_INFINITY;

    private final FluidConfig config;
    private final FatTree tree;
    private final List<Flow> flows;
    private final int flowCount;
    private final double dt;
    private final double mtu;
    private final double trimLimit;
    private final RedCurve red;
    private final double nicRate;
    private final double hold;
    private final double ackFraction;
    private final boolean feedback;
    private final boolean adaptive;
    private final boolean mirrorAcks;

    // links: the shared view, and what this engine adds per link (indexed by link)
    private final FluidLinks links;
    private final int linkCount;
    /** When {@link FluidLinks#queueBytes} was last advanced, ps. */
    private final double[] queueTimePs;
    /** Data service rate this step, bytes/ps: the link's rate less the ACK load (ACKs have strict priority). */
    private final double[] drainBytesPerPs;
    /** {@code 1 / (2·drainBytesPerPs)}, 0 for a link that does not drain. */
    private final double[] halfPsPerDrainedByte;
    /** The flow of the last arrival (-1: none yet). */
    private final int[] lastFlow;
    /** When what is left of the last arrival will have been sent, ps. */
    private final double[] lastArrivalSentPs;
    /** Data bytes arrived this step. */
    private final double[] arrivedThisStepBytes;
    /** Data bytes arrived over the run, trimmed ones included (folded in at each step's end). */
    private final double[] arrivedBytes;
    /** The queue at the last step boundary, bytes (what split rules and the sampler see). */
    private final double[] queueAtStepBytes;
    /** AR: bytes assigned to the link this step that have not arrived yet. */
    private final double[] headedBytes;
    /** ACK bytes on the link this step. */
    private final double[] ackBytesThisStep;
    /** The variable delay an ACK meets at the link: half an MTU serialization per busy port, ps. */
    private final double[] ackDelayPs;
    /** {@link #ackDelayPs} of the mirror link (the one an ACK takes back past this link). */
    private final double[] mirrorAckDelayPs;

    // hosts (indexed by host)
    private final int[][] hostFlows;
    /** When the NIC finishes what it has serialized so far, ps. */
    private final double[] nicFreePs;
    /** ACK bytes the host sends this step (those its flows' receivers generated last step). */
    private final double[] hostAckBytes;
    /** ACK bytes generated this step, sent next step. */
    private final double[] hostAckBytesNext;
    /** Fraction of the step the NIC was busy. */
    private final double[] hostBusy;
    /** Index into the host's flows where the next round-robin scan starts. */
    private final int[] roundRobinNext;
    /** ACK bytes each NIC has sent over the run. */
    private final double[] hostAcksSent;
    /** Time each NIC has idled over the run, ps. */
    private final double[] hostIdle;

    // fast-forward (SteadyState)
    private final boolean fastForward;
    private final SteadyState steady;
    private boolean cleanStep;
    private long leapedSteps;
    /**
     * Time leapt over so far: the split rules run on the clock {@code t - leapedPs}, so a leap leaves their
     * time-based state (PRIME's decaying penalties, REPS's timers) as it was, as it would stay in a steady
     * stretch, instead of letting it expire.
     */
    private double leapedPs;
    private final double[] leapLoad;
    /**
     * Relative slack of a leap's link-load check: the expected split's load against the link's data
     * rate (both include the ACK load only approximately, the host's share of its NIC and the link's
     * share of its rate differ by a fraction of the ACK ratio).
     */
    private static final double LEAP_LOAD_SLACK = 0.002;

    // flows
    private final FlowState[] flowStates;

    // quanta of the current step
    private int quantumCount;
    private int[] quantumFlow = new int[1024];
    private int[] quantumPath = new int[1024];
    private int[] quantumAckPath = new int[1024];
    private int[] quantumTag = new int[1024];
    private int[] nextInBucket = new int[1024];
    private double[] quantumBytes = new double[1024];
    private double[] quantumEmitPs = new double[1024];
    private double[] quantumArrivalPs = new double[1024];   // arrival of the last byte (base latency, then + waits)
    private double[] quantumReturnPs = new double[1024];   // ACK's return (base, then + variable delays)
    private double[] quantumKeptFraction = new double[1024];
    private double[] quantumMarkProbability = new double[1024];
    private int[][] quantumLinks = new int[1024][];
    private final int buckets;
    private final int[] bucketHead;
    private final double bucketsPerPs;

    private final QueueSampler sampler;

    private final FlowStarts starts;
    private long steps;
    private int remaining;

    /** Prepares a run of {@code workload} (its flows and the triggers that chain them) under {@code config}. */
    QuantumEngine(FluidConfig config, Workload workload) {
        List<Flow> flows = workload.flows();
        this.config = config;
        this.tree = config.tree();
        this.flows = List.copyOf(flows);
        FluidSetup.validate(tree, flows);
        this.flowCount = flows.size();
        this.mtu = config.mtuBytes();
        this.trimLimit = config.trimBytes();
        this.red = new RedCurve(config.kMinBytes(), config.kMaxBytes());
        long tMtu = config.mtuSerializationPs();
        this.nicRate = mtu / tMtu;
        this.hold = (config.ackEvery() - 1) / 2.0 * tMtu;
        this.ackFraction = config.headerBytes() / (config.ackEvery() * mtu);
        LoadBalancingScheme scheme = config.scheme();
        this.adaptive = scheme.forwarding() == Forwarding.ADAPTIVE;
        // Only PRIME's history and REPS's recycling read the feedback; for the others it is a no-op.
        this.feedback = scheme == LoadBalancingScheme.PRIME || scheme == LoadBalancingScheme.REPS;

        links = new FluidLinks(config);
        linkCount = links.count;
        queueTimePs = new double[linkCount];
        drainBytesPerPs = links.rateBytesPerPs.clone();
        halfPsPerDrainedByte = new double[linkCount];
        lastFlow = new int[linkCount];
        lastArrivalSentPs = new double[linkCount];
        arrivedThisStepBytes = new double[linkCount];
        arrivedBytes = new double[linkCount];
        queueAtStepBytes = new double[linkCount];
        headedBytes = new double[linkCount];
        ackBytesThisStep = new double[linkCount];
        ackDelayPs = new double[linkCount];
        mirrorAckDelayPs = new double[linkCount];
        for (int l = 0; l < linkCount; l++) {
            halfPsPerDrainedByte[l] = 0.5 / links.rateBytesPerPs[l];
            lastFlow[l] = -1;
        }
        sampler = new QueueSampler(config, links.switchLink);

        long[] salts = FlowPaths.salts(tree, config.seed());
        EntropyConfig entropy = config.effectiveEntropy();
        flowStates = new FlowState[flowCount];
        double lineWindow = config.lineRateWindowBytes();
        // room for the largest window (1.5 line-rate windows) of quanta and a few more: the ring rarely
        // grows, and a small ring stays in cache
        int ring = Integer.highestOneBit(Math.max(16, (int) (1.5 * lineWindow / mtu) + 8)) * 2;
        double minReturn = INF;
        boolean mirrored = scheme.forwarding() != Forwarding.HASH;
        for (int i = 0; i < flowCount; i++) {
            Flow f = flows.get(i);
            FlowState s = new FlowState(f, new FlowPaths(tree, f.src(), f.dst()), links.headerHopPs, ring);
            // never SplitMode.EXPECTED here: FluidSimulator runs this engine on packet splits and AR only
            SplitRule.Network net = FluidSetup.network(s.paths, links.anyFailure, links.alive, queueAtStepBytes, headedBytes);
            s.rule = FluidSetup.newRule(config, entropy, salts, s, net);
            if (!(s.rule instanceof PacketSplit split)) {
                throw new IllegalStateException("fluid: the quantum engine needs per-quantum splits, got " + s.rule);
            }
            s.split = split;
            s.net = net;
            if (!links.anyFailure && s.rule instanceof GeneratorSplit g) {
                g.assumeNoFailures();
            }
            s.cc = FluidSetup.newCc(config, lineWindow);
            int paths = s.paths.count();
            double packet = Math.min(mtu, s.wire);
            s.fwdLat = new double[paths];
            s.fwd = new int[paths][];
            double minFwd = INF;
            double minAck = INF;
            for (int p = 0; p < paths; p++) {
                int[] path = s.paths.forward(p);
                s.fwd[p] = path;
                double latency = config.propagationPs();
                for (int k = 1; k < path.length; k++) {
                    latency += packet / links.rateBytesPerPs[path[k]] + config.propagationPs();
                }
                s.fwdLat[p] = latency;
                int[] back = s.paths.reverse(p);
                minFwd = Math.min(minFwd, latency);
                minAck = Math.min(minAck, s.ackReturnPs[p]);
                for (int k = 0; k < path.length && mirrored; k++) {
                    mirrored = back.length == path.length && back[k] == links.mirror[path[path.length - 1 - k]];
                }
            }
            minReturn = Math.min(minReturn, minFwd + minAck + hold);
            flowStates[i] = s;
        }
        this.mirrorAcks = mirrored;
        // No quantum may come back within the step it was sent in (the sender reads its ACK clock from the
        // returns of earlier steps), so the step never exceeds the shortest possible return time.
        this.dt = Math.min(config.stepPs(), minReturn);
        hostFlows = FluidSetup.hostFlows(tree, flows);
        starts = new FlowStarts(workload, flowStates);
        nicFreePs = new double[tree.hosts()];
        hostAckBytes = new double[tree.hosts()];
        hostAckBytesNext = new double[tree.hosts()];
        hostBusy = new double[tree.hosts()];
        roundRobinNext = new int[tree.hosts()];
        hostIdle = new double[tree.hosts()];
        hostAcksSent = new double[tree.hosts()];
        leapLoad = new double[linkCount];
        fastForward = config.fastForward();
        steady = new SteadyState(flowStates, hostFlows, hostAcksSent, hostIdle, nicRate, mtu, dt, config.baseRttPs(),
                links);
        // emissions of a step end in [t, t + dt + one MTU serialization)
        buckets = (int) Math.ceil((dt / tMtu + 1) * BUCKETS_PER_MTU) + 1;
        bucketHead = new int[buckets];
        bucketsPerPs = BUCKETS_PER_MTU / (double) tMtu;
    }

    /** The step in force: the configured step, capped at the shortest return time of any quantum. */
    @Override
    public double stepPs() {
        return dt;
    }

    @Override
    public FluidResult run(ProgressListener progress) {
        long wallStart = System.nanoTime();
        remaining = flowCount;
        steady.restart(0);
        int hosts = hostFlows.length;
        while (remaining > 0) {
            if ((steps & (FluidSimulator.PROGRESS_EVERY_STEPS - 1)) == 0) {
                progress.progress(flowCount - remaining, flowCount, (long) (steps * dt), steps);
            }
            if (steps >= MAX_STEPS) {
                throw new IllegalStateException("fluid: " + remaining + " flows unfinished after " + steps + " steps");
            }
            double t = steps * dt;
            double tEnd = t + dt;
            applyFailures(t);
            cleanStep = true;
            quantumCount = 0;
            Arrays.fill(bucketHead, -1);
            // Hosts in a rotating order: quanta emitted at the same instant meet at a link in the order
            // generated, so no host is always first.
            int rot = (int) (steps % hosts);
            for (int i = 0; i < hosts; i++) {
                int h = i + rot < hosts ? i + rot : i + rot - hosts;
                if (hostFlows[h].length > 0) {
                    sendFromHost(h, t, tEnd);
                } else {
                    hostBusy[h] = Math.min(1.0, hostAckBytes[h] / (nicRate * dt));
                }
            }
            for (int b = 0; b < buckets; b++) {
                for (int i = bucketHead[b]; i >= 0; i = nextInBucket[i]) {
                    traverse(i);
                }
            }
            for (int i = 0; i < quantumCount; i++) {
                land(i);
            }
            endStep(tEnd);
            starts.activateBefore(tEnd);
            if (sampler.due(tEnd)) {
                sampler.sample(tEnd, queueAtStepBytes);
            }
            steps++;
            if (fastForward && remaining > 0 && steady.observe(cleanStep, tEnd)) {
                long leap = steady.leapSteps(tEnd, nextEvent(tEnd));
                if (leap > 0) {
                    leap(leap, tEnd);
                }
            }
        }
        progress.progress(flowCount, flowCount, (long) (steps * dt), steps);
        long wall = System.nanoTime() - wallStart;
        return collect(FluidFlow.endPs(flowStates), wall);
    }

    // ------------------------------------------------------------------ faults

    /** Links failing by {@code t} go down ({@link FluidLinks#applyFailures}) and stop draining. */
    private void applyFailures(double t) {
        if (!links.anyFailure) {
            return;
        }
        for (int l = 0; l < linkCount; l++) {
            if (links.wentDown(l, t)) {
                drainBytesPerPs[l] = 0;
                halfPsPerDrainedByte[l] = 0;
                queueAtStepBytes[l] = 0;
            }
        }
        links.applyFailures(t);
    }

    // ------------------------------------------------------------------ senders

    /**
     * Host {@code h}'s NIC in {@code [t, tEnd)}: it serializes one quantum at a time at line rate, taking
     * the flow (round robin among ties) that can start soonest; the ACKs the host sent last step take
     * their share of the NIC first. A quantum belongs to the step in which its serialization starts.
     */
    private void sendFromHost(int h, double t, double tEnd) {
        int[] own = hostFlows[h];
        int count = own.length;
        double ackTime = hostAckBytes[h] / nicRate;
        double nicPs = Math.max(nicFreePs[h] + ackTime, t);
        double dataBytes = 0;
        hostIdle[h] += nicPs - (nicFreePs[h] + ackTime);
        while (true) {
            int best = -1;
            double bestStart = INF;
            for (int j = 0; j < count; j++) {
                int idx = roundRobinNext[h] + j < count ? roundRobinNext[h] + j : roundRobinNext[h] + j - count;
                double start = earliestStart(flowStates[own[idx]], nicPs, tEnd, count > 1);
                if (start < bestStart) {
                    bestStart = start;
                    best = idx;
                }
            }
            if (best < 0) {
                break;
            }
            hostIdle[h] += bestStart - nicPs;
            FlowState s = flowStates[own[best]];
            double size = Math.min(mtu, s.unsent);
            double emitPs = bestStart + size / nicRate;
            emit(s, size, emitPs, tEnd - dt);
            nicPs = emitPs;
            dataBytes += size;
            roundRobinNext[h] = best + 1 == count ? 0 : best + 1;
        }
        nicFreePs[h] = nicPs;
        hostAcksSent[h] += hostAckBytes[h];
        hostBusy[h] = Math.min(1.0, (dataBytes + hostAckBytes[h]) / (nicRate * dt));
        for (int j = 0; j < count; j++) {
            FlowState s = flowStates[own[j]];
            s.windowSum += s.cc.window();
            if (!s.returned.isEmpty()) {
                s.cc.onReturned(s.returned, s.inflight);
                s.lowestWindow = Math.min(s.lowestWindow, s.cc.window());
                s.returned.clear();
            }
        }
    }

    /**
     * The earliest time in {@code [nic, tEnd)} at which flow {@code s} can start serializing its next
     * quantum, or infinity: it must have started, have bytes to send (NACKed bytes count once their NACK
     * is back) and room in its window ({@code inflight + quantum <= W}, or nothing in flight), where
     * returns free the window at their return time. Returns up to the start are consumed.
     */
    private double earliestStart(FlowState s, double nic, double tEnd, boolean shared) {
        if (s.done) {
            return INF;
        }
        double start = Math.max(nic, Math.max(s.startPs, s.readyAt));
        if (start >= tEnd) {
            return INF;
        }
        // Returns already in the past are consumed (feedback in time order); with several flows on the
        // NIC only those before the NIC's clock, since another flow may take the NIC first.
        double past = shared ? nic : start;
        while (s.inFlight.count() > 0 && s.inFlight.headReturnPs() <= past) {
            pop(s);
        }
        while (s.unsent <= DUST_BYTES) {
            if (s.inFlight.count() == 0 || s.inFlight.headReturnPs() >= tEnd) {
                return INF;
            }
            start = Math.max(start, s.inFlight.headReturnPs());
            pop(s);
            s.readyAt = start;
        }
        double size = Math.min(mtu, s.unsent);
        double window = s.cc.window();
        while (s.inflight > DUST_BYTES && s.inflight + size > window) {
            if (s.inFlight.count() == 0 || s.inFlight.headReturnPs() >= tEnd) {
                return INF;
            }
            start = Math.max(start, s.inFlight.headReturnPs());
            pop(s);
            s.readyAt = start;
        }
        return start < tEnd ? start : INF;
    }

    /** The oldest in-flight quantum of {@code s} comes back: ACKed, or NACKed for its trimmed part. */
    private void pop(FlowState s) {
        InFlightQuanta ring = s.inFlight;
        double bytes = ring.headBytes();
        double mark = ring.headMark();
        double trimmed = ring.headTrimmed();
        s.inflight -= bytes;
        if (s.inflight < DUST_BYTES) {
            s.inflight = Math.max(0, s.inflight);
        }
        double nacked = bytes * trimmed;
        s.unsent += nacked;
        s.returned.add(bytes, mark, trimmed, ring.headSentPs(), ring.headReturnPs());
        if (feedback) {
            s.rule.onReturn(ring.headTag(), bytes, mark, trimmed, (long) (ring.headReturnPs() - leapedPs));
        }
        ring.removeHead();
    }

    /**
     * Flow {@code s} emits a quantum of {@code size} bytes whose serialization ends at {@code emitPs}, in the
     * step starting at {@code stepStartPs}: its split rule picks the path, and it is queued for the fabric
     * pass in its emission bucket.
     */
    private void emit(FlowState s, double size, double emitPs, double stepStartPs) {
        long pick = s.split.pick((long) (emitPs - leapedPs));
        int path = PathChoice.path(pick);
        s.lastPath = path;
        s.sentEnd = emitPs;
        s.inflight += size;
        s.unsent -= size;
        if (s.unsent < DUST_BYTES) {
            s.unsent = 0;
        }
        if (quantumCount == quantumFlow.length) {
            grow();
        }
        int i = quantumCount++;
        quantumFlow[i] = s.flow.id();
        quantumPath[i] = path;
        quantumAckPath[i] = PathChoice.ackPath(pick);
        quantumTag[i] = PathChoice.tag(pick);
        quantumBytes[i] = size;
        quantumEmitPs[i] = emitPs;
        int[] route = s.fwd[path];
        quantumLinks[i] = route;
        quantumArrivalPs[i] = emitPs + s.fwdLat[path];
        quantumReturnPs[i] = s.ackReturnPs[quantumAckPath[i]] + hold + (mirrorAcks ? mirrorAckDelayPs[route[0]] : 0);
        int bucket = (int) ((emitPs - stepStartPs) * bucketsPerPs);
        bucket = bucket < 0 ? 0 : bucket >= buckets ? buckets - 1 : bucket;
        nextInBucket[i] = bucketHead[bucket];
        bucketHead[bucket] = i;
        if (adaptive) {
            for (int k = 1; k < route.length; k++) {
                headedBytes[route[k]] += size;
            }
        }
    }

    private void grow() {
        int c = quantumFlow.length * 2;
        quantumFlow = Arrays.copyOf(quantumFlow, c);
        quantumPath = Arrays.copyOf(quantumPath, c);
        quantumAckPath = Arrays.copyOf(quantumAckPath, c);
        quantumTag = Arrays.copyOf(quantumTag, c);
        nextInBucket = Arrays.copyOf(nextInBucket, c);
        quantumBytes = Arrays.copyOf(quantumBytes, c);
        quantumEmitPs = Arrays.copyOf(quantumEmitPs, c);
        quantumArrivalPs = Arrays.copyOf(quantumArrivalPs, c);
        quantumReturnPs = Arrays.copyOf(quantumReturnPs, c);
        quantumKeptFraction = Arrays.copyOf(quantumKeptFraction, c);
        quantumMarkProbability = Arrays.copyOf(quantumMarkProbability, c);
        quantumLinks = Arrays.copyOf(quantumLinks, c);
    }

    // ------------------------------------------------------------------ the fabric

    /**
     * Quantum {@code i} crosses its path. At each switch link the queue drains linearly since the last
     * arrival; the quantum waits for the backlog ahead of it (less what is left of its own flow's previous
     * quantum: a flow's own pipelining is the store-and-forward term, as in {@link IdealFct}), is
     * ECN-marked with the RED probability of that backlog plus itself (marking at dequeue) and loses what
     * would exceed the trimming limit. Traversal is instantaneous (the quantum meets every queue of its
     * path at its emission time, the standard fluid-network approximation); its arrival and the return
     * of its ACK add the path's serialization, propagation and waits, and the ACK's own delay.
     */
    private void traverse(int i) {
        int flow = quantumFlow[i];
        double bytes = quantumBytes[i];
        double emitPs = quantumEmitPs[i];
        int[] route = quantumLinks[i];
        double[] queueBytes = links.queueBytes;
        double[] queueArea = links.queueAreaBytePs;
        double kept = 1;
        double unmarked = 1;
        double waitPs = 0;
        double ackDelay = 0;
        for (int k = 1; k < route.length; k++) {
            int l = route[k];
            double queue = queueBytes[l];
            double lastPs = queueTimePs[l];
            // linear drain since the last arrival (none if this one is out of order within its bucket);
            // written without branches: whether the queue empties in between is data-dependent
            double gap = emitPs > lastPs ? emitPs - lastPs : 0;
            double drained = drainBytesPerPs[l] * gap;
            double rest = queue - drained;
            queueArea[l] += rest > 0 ? (queue - 0.5 * drained) * gap : queue * queue * halfPsPerDrainedByte[l];
            queue = rest > 0 ? rest : 0;
            queueTimePs[l] = emitPs > lastPs ? emitPs : lastPs;
            double ahead = queue;
            if (lastFlow[l] == flow) {
                double own = (lastArrivalSentPs[l] - emitPs) * links.rateBytesPerPs[l];
                if (own > 0) {
                    ahead = ahead > own ? ahead - own : 0;
                }
            }
            if (ahead > trimLimit) {
                ahead = trimLimit;
            }
            double psPerByte = links.psPerByte[l];
            waitPs += ahead * psPerByte;
            double entering = bytes * kept;
            double markProbability = red.probability(ahead + bytes);
            if (markProbability > 0) {
                links.markedBytes[l] += entering * markProbability;
                unmarked *= 1 - markProbability;
            }
            queue += entering;
            if (queue > trimLimit) {
                double trimmed = queue - trimLimit;
                queue = trimLimit;
                kept -= trimmed / bytes;
                links.trimmedBytes[l] += trimmed;
                cleanStep = false;
            }
            arrivedThisStepBytes[l] += entering;
            if (queue > links.maxQueueBytes[l]) {
                links.maxQueueBytes[l] = queue;
            }
            queueBytes[l] = queue;
            lastFlow[l] = flow;
            lastArrivalSentPs[l] = emitPs + bytes * psPerByte;
            ackDelay += mirrorAckDelayPs[l];
        }
        quantumArrivalPs[i] += waitPs;
        if (mirrorAcks) {
            quantumReturnPs[i] += ackDelay;
        }
        quantumKeptFraction[i] = kept;
        quantumMarkProbability[i] = 1 - unmarked;
    }

    /** Quantum {@code i} (in generation order, so a flow's quanta are consecutive) lands at its flow. */
    private void land(int i) {
        FlowState s = flowStates[quantumFlow[i]];
        double bytes = quantumBytes[i];
        int[] route = quantumLinks[i];
        double ack = bytes * ackFraction;
        arrivedThisStepBytes[route[0]] += bytes;
        hostAckBytesNext[s.dst] += ack;
        double arrival = quantumArrivalPs[i];
        double returnPs = arrival + quantumReturnPs[i];
        if (!mirrorAcks) {
            int[] back = s.paths.reverse(quantumAckPath[i]);
            for (int k = 0; k < back.length; k++) {
                int l = back[k];
                returnPs += ackDelayPs[l];
                if (k > 0) {
                    ackBytesThisStep[l] += ack;
                }
            }
        }
        if (adaptive) {
            for (int k = 1; k < route.length; k++) {
                headedBytes[route[k]] -= bytes;
            }
        }
        double kept = quantumKeptFraction[i];
        double mark = quantumMarkProbability[i];
        s.inFlight.add(returnPs, bytes, mark, 1 - kept, quantumTag[i], quantumEmitPs[i] - bytes / nicRate);
        if (s.land(bytes, kept, mark, arrival, nicRate, config.linkRateBps())) {
            remaining--;
            starts.completed(s, quantumAckPath[i]);
        }
    }

    /**
     * The per-step link bookkeeping, one linear pass: every queue drains to the step's end; the ACK load of
     * the step (for port-index and adaptive forwarding, whose ACKs take the reverse of the data path, the
     * data that arrived on the mirror link times the ACK ratio) sets next step's data service rate (ACKs
     * have strict priority) and, with the data, how busy each port was, which delays ACKs by half an MTU
     * per busy port on their way back (non-preemptive priority).
     */
    private void endStep(double tEnd) {
        double window = dt;
        double[] queueBytes = links.queueBytes;
        double[] queueArea = links.queueAreaBytePs;
        if (mirrorAcks) {
            for (int l = 0; l < linkCount; l++) {
                ackBytesThisStep[l] = links.switchLink[l] ? ackFraction * arrivedThisStepBytes[links.mirror[l]] : 0;
            }
        }
        for (int l = 0; l < linkCount; l++) {
            double busy;
            if (links.switchLink[l]) {
                // Drain to the step's end; a queue already advanced past it (a quantum whose serialization
                // started in this step and ends in the next) stays as it is.
                double queue = queueBytes[l];
                double gap = tEnd - queueTimePs[l];
                if (gap > 0) {
                    if (queue > 0) {
                        double drained = drainBytesPerPs[l] * gap;
                        if (queue > drained) {
                            queueArea[l] += (queue - 0.5 * drained) * gap;
                            queue -= drained;
                        } else {
                            queueArea[l] += queue * queue * halfPsPerDrainedByte[l];
                            queue = 0;
                        }
                        queueBytes[l] = queue;
                    }
                    queueTimePs[l] = tEnd;
                }
                double rate = links.rateBytesPerPs[l];
                busy = Math.min(1.0, (queueAtStepBytes[l] + arrivedThisStepBytes[l] + ackBytesThisStep[l]) / (rate * window));
                queueAtStepBytes[l] = queue;
                double drain = links.alive[l] ? Math.max(0, rate - ackBytesThisStep[l] / window) : 0;
                drainBytesPerPs[l] = drain;
                halfPsPerDrainedByte[l] = drain > 0 ? 0.5 / drain : 0;
            } else {
                busy = hostBusy[links.hostOfLink[l]];
            }
            ackDelayPs[l] = 0.5 * links.mtuSerializationPs[l] * busy;
            arrivedBytes[l] += arrivedThisStepBytes[l];
            arrivedThisStepBytes[l] = 0;
            ackBytesThisStep[l] = 0;
        }
        for (int l = 0; l < linkCount; l++) {
            mirrorAckDelayPs[l] = ackDelayPs[links.mirror[l]];
        }
        System.arraycopy(hostAckBytesNext, 0, hostAckBytes, 0, hostAckBytes.length);
        Arrays.fill(hostAckBytesNext, 0);
    }

    // ------------------------------------------------------------------ fast-forward

    /** The next flow start, trigger activation or link failure after {@code t} (infinity if none). */
    private double nextEvent(double t) {
        double next = starts.nextActivationPs();
        for (FlowState s : flowStates) {
            if (s.startPs != FluidFlow.WAITING && s.startPs > t) {
                next = Math.min(next, s.startPs);
            }
        }
        return Math.min(next, links.nextFailurePs(t));
    }

    /**
     * Leaps {@code count} steps from {@code now} ({@link SteadyState}) unless the flows' expected splits
     * would carry more over a link than its data rate: every active flow sends the whole packets
     * {@link SteadyState#flowBytes} (delivered untrimmed, marked at the window's fraction, acknowledged into
     * its DCTCP); its host's NIC clock, its in-flight quanta and their return times move on by the leap
     * (a NIC-bound host's by the NIC time its packets took); queues keep their state and move on in time;
     * per-link statistics grow at the window's rates (time-integrated queue, marked bytes) and data bytes
     * by the expected splits.
     */
    private void leap(long count, double now) {
        double span = count * dt;
        Arrays.fill(leapLoad, 0);
        for (FlowState s : flowStates) {
            double bytes = steady.flowBytes[s.flow.id()];
            if (bytes > 0) {
                spread(s, bytes, leapLoad);
            }
        }
        for (int l = 0; l < linkCount; l++) {
            if (links.switchLink[l] && leapLoad[l] > drainBytesPerPs[l] * span * (1 + LEAP_LOAD_SLACK) + mtu) {
                steady.restart(now);   // a link would carry more than it can: the rates are not sustainable
                return;
            }
        }
        double window = now - steady.windowStart();
        for (int h = 0; h < hostFlows.length; h++) {
            hostAcksSent[h] += hostAckBytes[h] * count;
            double shift = steady.hostShift[h];
            if (shift <= 0) {
                continue;
            }
            nicFreePs[h] += shift;
            for (int f : hostFlows[h]) {
                FlowState s = flowStates[f];
                double bytes = steady.flowBytes[f];
                if (bytes <= 0) {
                    continue;
                }
                double marked = steady.flowMarked[f];
                double finish = steady.flowFinish[f];
                if (!Double.isNaN(finish)) {
                    finishInLeap(s, now + finish, marked, window);
                    continue;
                }
                s.unsent -= bytes;
                s.delivered += bytes;
                s.marked += bytes * marked;
                s.dctcp().advance(bytes, marked);
                s.readyAt += shift;
                s.inFlight.delay(shift);
            }
        }
        for (int l = 0; l < linkCount; l++) {
            arrivedBytes[l] += leapLoad[l];
            queueTimePs[l] += span;
            lastArrivalSentPs[l] += span;
            links.queueAreaBytePs[l] += (links.queueAreaBytePs[l] - steady.linkArea0(l)) / window * span;
            links.markedBytes[l] += (links.markedBytes[l] - steady.linkMarked0(l)) / window * span;
        }
        steps += count;
        leapedSteps += count;
        leapedPs += span;
        steady.restart(now + span);
    }

    /**
     * Flow {@code s} sends the rest of its bytes within a leap, its last byte leaving the NIC at
     * {@code lastSent}: it completes when that byte arrives, after its path's latency and the mean wait of
     * the window at each of its queues (the expected wait; what is left in flight arrives before it).
     */
    private void finishInLeap(FlowState s, double lastSent, double marked, double window) {
        int[] route = s.fwd[s.lastPath];
        double wait = 0;
        for (int k = 1; k < route.length; k++) {
            int l = route[k];
            wait += (links.queueAreaBytePs[l] - steady.linkArea0(l)) / window * links.psPerByte[l];
        }
        double last = s.unsent - Math.floor((s.unsent - DUST_BYTES) / mtu) * mtu;   // the last quantum
        s.delivered += s.unsent - last;
        s.marked += (s.unsent - last) * marked;
        s.unsent = 0;
        if (s.land(last, 1, marked, lastSent + s.fwdLat[s.lastPath] + wait, nicRate, config.linkRateBps())) {
            remaining--;
            starts.completed(s, s.lastPath);   // activates nothing: SteadyState ends a leap before such a finish
        }
    }

    /** Adds {@code bytes} of flow {@code s} to {@code load} by link, by its expected split (see {@link SteadyState}). */
    private void spread(FlowState s, double bytes, double[] load) {
        if (FluidSetup.onePathExpectedSplit(config.scheme())) {
            for (int l : s.fwd[s.lastPath]) {
                load[l] += bytes;
            }
            return;
        }
        int live = 0;
        for (int p = 0; p < s.fwd.length; p++) {
            live += s.net.alive(p) ? 1 : 0;
        }
        double share = bytes / live;
        for (int p = 0; p < s.fwd.length; p++) {
            if (s.net.alive(p)) {
                for (int l : s.fwd[p]) {
                    load[l] += share;
                }
            }
        }
    }

    // ------------------------------------------------------------------ output

    private FluidResult collect(long end, long wallNanos) {
        for (int l = 0; l < linkCount; l++) {
            links.deliveredBytes[l] = arrivedBytes[l] - links.trimmedBytes[l];
        }
        return new FluidResult(config, FluidFlow.stats(flowStates), links.collect(steps * dt, mtu), sampler.trajectories(),
                FluidFlow.idealMaxFctPs(config, flowStates), end, steps - leapedSteps, Math.round(leapedSteps * dt), wallNanos);
    }

    /** Per-flow state. */
    private final class FlowState extends FluidFlow {
        final int dst;
        int[][] fwd;
        /** The flow's split rule ({@link FluidFlow#rule}), one path per quantum. */
        PacketSplit split;
        SplitRule.Network net;
        int lastPath;
        double[] fwdLat;
        double readyAt;
        /** The quanta in flight. */
        final InFlightQuanta inFlight;

        FlowState(Flow flow, FlowPaths paths, double[] headerHop, int ring) {
            super(config, flow, paths, headerHop);
            this.dst = flow.dst();
            inFlight = new InFlightQuanta(ring);
        }
    }
}
