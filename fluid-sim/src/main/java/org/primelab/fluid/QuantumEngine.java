package org.primelab.fluid;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.primelab.analytical.fct.IdealFct;
import org.primelab.core.entropy.EntropyConfig;
import org.primelab.core.entropy.Forwarding;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.fabric.RedCurve;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;
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
 * <p><b>Layout.</b> What a quantum's visit of a link reads and writes is one stride of {@link #S} doubles
 * (one cache line) in {@link #ls}; the per-step link bookkeeping is a linear pass. Nothing is allocated
 * per step once the buffers have grown to the run's largest step (except queue-trajectory samples).
 *
 * <p><b>Fast-forward.</b> After every step {@link SteadyState} is told whether anything was trimmed; at
 * the end of each window it may grant a leap, which {@link #leap} applies (fluid-sim/README.md,
 * "Fast-forward").
 */
final class QuantumEngine implements FluidEngine {
    // ---- per-link state a quantum's visit reads and writes: one cache line per link
    private static final int Q = 0;        // queue, bytes, at time T
    private static final int T = 1;        // time of Q
    private static final int DRAIN = 2;    // data service rate this step, bytes/ps (rate minus ACK load)
    private static final int LASTF = 3;    // flow of the last arrival
    private static final int OWNEND = 4;   // when what is left of the last arrival will have been sent
    private static final int ARR = 5;      // data bytes arrived this step
    private static final int AREA = 6;     // integral of the queue, byte·ps
    private static final int MAXQ = 7;     // largest queue
    private static final int S = 8;

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
    private final int n;
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

    // links
    private final int linkCount;
    private final double[] ls;
    private final double[] inv;          // 1 / line rate, ps per byte
    private final double[] halfInvDrain; // 1 / (2·DRAIN)
    private final double[] ackMirror;    // variable ACK delay of the mirror link (half an MTU per busy port)
    private final double[] rateOf;
    private final double[] trimmedAt;
    private final double[] markedAt;
    private final int[] mirror;
    private final boolean[] switchLink;
    private final int[] hostOfLink;      // for host NIC links: the host; else -1
    private final double[] halfMtuSer;   // 0.5 · MTU serialization of each link
    private final double[] ackBytes;     // ACK bytes on each link this step
    private final double[] ackSelf;      // variable ACK delay of each link itself
    private final double[] qStep;        // queue at the last step boundary
    private final double[] pending;      // AR: bytes assigned this step, not yet arrived
    private final double[] arrived;      // data bytes arrived over the run (trimmed ones included)
    private final boolean[] alive;
    private final long[] failAt;
    private final boolean anyFailure;

    // hosts
    private final int[][] hostFlows;
    private final double[] nicFree;
    private final double[] hostAck;
    private final double[] hostAckNext;
    private final double[] hostBusy;
    private final int[] rr;
    private final double[] hostAcksSent; // ACK bytes each NIC has sent over the run
    private final double[] hostIdle;     // time each NIC has idled over the run, ps

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
    private final FlowState[] fs;

    // quanta of the current step
    private int nq;
    private int[] qFlow = new int[1024];
    private int[] qPath = new int[1024];
    private int[] qAck = new int[1024];
    private int[] qTag = new int[1024];
    private int[] qNext = new int[1024];
    private double[] qBytes = new double[1024];
    private double[] qEmit = new double[1024];
    private double[] qArrive = new double[1024];   // arrival of the last byte (base latency, then + waits)
    private double[] qReturn = new double[1024];   // ACK's return (base, then + variable delays)
    private double[] qKeep = new double[1024];
    private double[] qMark = new double[1024];
    private int[][] qLinks = new int[1024][];
    private final int buckets;
    private final int[] bucketHead;
    private final double bucketsPerPs;

    private final QueueSampler sampler;

    private final FlowStarts starts;
    private long steps;
    private int remaining;

    /** Prepares a run of {@code flows}, which start at their fixed times, under {@code config}. */
    QuantumEngine(FluidConfig config, List<Flow> flows) {
        this(config, Workload.of(flows));
    }

    /** Prepares a run of {@code workload} (its flows and the triggers that chain them) under {@code config}. */
    QuantumEngine(FluidConfig config, Workload workload) {
        List<Flow> flows = workload.flows();
        this.config = config;
        this.tree = config.tree();
        this.flows = List.copyOf(flows);
        FluidSetup.validate(tree, flows);
        this.n = flows.size();
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

        Faults faults = config.faults();
        linkCount = tree.linkCount();
        ls = new double[linkCount * S];
        inv = new double[linkCount];
        halfInvDrain = new double[linkCount];
        ackMirror = new double[linkCount];
        rateOf = new double[linkCount];
        trimmedAt = new double[linkCount];
        markedAt = new double[linkCount];
        mirror = new int[linkCount];
        switchLink = new boolean[linkCount];
        hostOfLink = new int[linkCount];
        halfMtuSer = new double[linkCount];
        ackBytes = new double[linkCount];
        ackSelf = new double[linkCount];
        qStep = new double[linkCount];
        pending = new double[linkCount];
        arrived = new double[linkCount];
        alive = new boolean[linkCount];
        failAt = new long[linkCount];
        double[] headerHop = new double[linkCount];
        double[] rate = new double[linkCount];
        for (int l = 0; l < linkCount; l++) {
            long bps = faults.rate(l, config.linkRateBps());
            long ser = Units.serializationPs(config.mtuBytes(), bps);
            rate[l] = mtu / ser;
            headerHop[l] = config.propagationPs() + (double) Units.serializationPs(config.headerBytes(), bps);
            halfMtuSer[l] = 0.5 * ser;
            int b = l * S;
            rateOf[l] = rate[l];
            inv[l] = 1 / rate[l];
            ls[b + DRAIN] = rate[l];
            halfInvDrain[l] = 0.5 / rate[l];
            ls[b + LASTF] = -1;
            switchLink[l] = tree.tierOf(tree.linkSource(l)) > 0;
            hostOfLink[l] = switchLink[l] ? -1 : tree.linkSource(l);
            failAt[l] = faults.failTime(l);
            alive[l] = true;
        }
        for (int l = 0; l < linkCount; l++) {
            int m = tree.linkBetween(tree.linkTarget(l), tree.linkSource(l));
            mirror[l] = m < 0 ? l : m;
        }
        anyFailure = faults.failedLinks().length > 0;
        sampler = new QueueSampler(config, switchLink);

        long[] salts = FlowPaths.salts(tree, config.seed());
        EntropyConfig entropy = config.effectiveEntropy();
        fs = new FlowState[n];
        double lineWindow = config.lineRateWindowBytes();
        // room for the largest window (1.5 line-rate windows) of quanta and a few more: the ring rarely
        // grows, and a small ring stays in cache
        int ring = Integer.highestOneBit(Math.max(16, (int) (1.5 * lineWindow / mtu) + 8)) * 2;
        double minReturn = INF;
        boolean mirrored = scheme.forwarding() != Forwarding.HASH;
        for (int i = 0; i < n; i++) {
            Flow f = flows.get(i);
            FlowState s = new FlowState(f, new FlowPaths(tree, f.src(), f.dst()), headerHop, ring);
            // never SplitMode.EXPECTED here: FluidSimulator runs this engine on packet splits and AR only
            SplitRule.Network net = FluidSetup.network(s.paths, anyFailure, alive, qStep, pending);
            s.rule = FluidSetup.newRule(config, entropy, salts, s, net);
            if (!(s.rule instanceof PacketSplit split)) {
                throw new IllegalStateException("fluid: the quantum engine needs per-quantum splits, got " + s.rule);
            }
            s.split = split;
            s.net = net;
            if (!anyFailure && s.rule instanceof GeneratorSplit g) {
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
                int[] links = s.paths.forward(p);
                s.fwd[p] = links;
                double lat = config.propagationPs();
                for (int k = 1; k < links.length; k++) {
                    lat += packet / rate[links[k]] + config.propagationPs();
                }
                s.fwdLat[p] = lat;
                int[] back = s.paths.reverse(p);
                double ack = s.ackReturnPs[p];
                minFwd = Math.min(minFwd, lat);
                minAck = Math.min(minAck, ack);
                for (int k = 0; k < links.length && mirrored; k++) {
                    mirrored = back.length == links.length && back[k] == mirror[links[links.length - 1 - k]];
                }
            }
            minReturn = Math.min(minReturn, minFwd + minAck + hold);
            fs[i] = s;
        }
        this.mirrorAcks = mirrored;
        // No quantum may come back within the step it was sent in (the sender reads its ACK clock from the
        // returns of earlier steps), so the step never exceeds the shortest possible return time.
        this.dt = Math.min(config.stepPs(), minReturn);
        hostFlows = FluidSetup.hostFlows(tree, flows);
        starts = new FlowStarts(workload, fs);
        nicFree = new double[tree.hosts()];
        hostAck = new double[tree.hosts()];
        hostAckNext = new double[tree.hosts()];
        hostBusy = new double[tree.hosts()];
        rr = new int[tree.hosts()];
        hostIdle = new double[tree.hosts()];
        hostAcksSent = new double[tree.hosts()];
        leapLoad = new double[linkCount];
        fastForward = config.fastForward();
        steady = new SteadyState(fs, hostFlows, hostAcksSent, hostIdle, nicRate, mtu, dt, config.baseRttPs(), ls, S, AREA,
                markedAt);
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
    public FluidResult run() {
        long wallStart = System.nanoTime();
        remaining = n;
        steady.restart(0);
        int hosts = hostFlows.length;
        while (remaining > 0) {
            if (steps >= MAX_STEPS) {
                throw new IllegalStateException("fluid: " + remaining + " flows unfinished after " + steps + " steps");
            }
            double t = steps * dt;
            double tEnd = t + dt;
            applyFailures(t);
            cleanStep = true;
            nq = 0;
            Arrays.fill(bucketHead, -1);
            // Hosts in a rotating order: quanta emitted at the same instant meet at a link in the order
            // generated, so no host is always first.
            int rot = (int) (steps % hosts);
            for (int i = 0; i < hosts; i++) {
                int h = i + rot < hosts ? i + rot : i + rot - hosts;
                if (hostFlows[h].length > 0) {
                    sendFromHost(h, t, tEnd);
                } else {
                    hostBusy[h] = Math.min(1.0, hostAck[h] / (nicRate * dt));
                }
            }
            for (int b = 0; b < buckets; b++) {
                for (int i = bucketHead[b]; i >= 0; i = qNext[i]) {
                    traverse(i);
                }
            }
            for (int i = 0; i < nq; i++) {
                land(i);
            }
            endStep(tEnd);
            starts.activateBefore(tEnd);
            if (sampler.due(tEnd)) {
                sampler.sample(tEnd, qStep);
            }
            steps++;
            if (fastForward && remaining > 0 && steady.observe(cleanStep, tEnd)) {
                long leap = steady.leapSteps(tEnd, nextEvent(tEnd));
                if (leap > 0) {
                    leap(leap, tEnd);
                }
            }
        }
        long wall = System.nanoTime() - wallStart;
        return collect(FluidFlow.endPs(fs), wall);
    }

    // ------------------------------------------------------------------ faults

    private void applyFailures(double t) {
        if (!anyFailure) {
            return;
        }
        for (int l = 0; l < linkCount; l++) {
            if (alive[l] && failAt[l] != Faults.NEVER && failAt[l] <= t) {
                alive[l] = false;
                ls[l * S + Q] = 0;
                ls[l * S + DRAIN] = 0;
                halfInvDrain[l] = 0;
                qStep[l] = 0;
            }
        }
    }

    // ------------------------------------------------------------------ senders

    /**
     * Host {@code h}'s NIC in {@code [t, tEnd)}: it serializes one quantum at a time at line rate, taking
     * the flow (round robin among ties) that can start soonest; the ACKs the host sent last step take
     * their share of the NIC first. A quantum belongs to the step in which its serialization starts.
     */
    private void sendFromHost(int h, double t, double tEnd) {
        int[] fl = hostFlows[h];
        int m = fl.length;
        double ackTime = hostAck[h] / nicRate;
        double nic = Math.max(nicFree[h] + ackTime, t);
        double data = 0;
        hostIdle[h] += nic - (nicFree[h] + ackTime);
        while (true) {
            int best = -1;
            double bestStart = INF;
            for (int j = 0; j < m; j++) {
                int idx = rr[h] + j < m ? rr[h] + j : rr[h] + j - m;
                double st = earliestStart(fs[fl[idx]], nic, tEnd, m > 1);
                if (st < bestStart) {
                    bestStart = st;
                    best = idx;
                }
            }
            if (best < 0) {
                break;
            }
            hostIdle[h] += bestStart - nic;
            FlowState s = fs[fl[best]];
            double size = Math.min(mtu, s.unsent);
            double e = bestStart + size / nicRate;
            emit(s, size, e, tEnd - dt);
            nic = e;
            data += size;
            rr[h] = best + 1 == m ? 0 : best + 1;
        }
        nicFree[h] = nic;
        hostAcksSent[h] += hostAck[h];
        hostBusy[h] = Math.min(1.0, (data + hostAck[h]) / (nicRate * dt));
        for (int j = 0; j < m; j++) {
            FlowState s = fs[fl[j]];
            s.windowSum += s.cc.window();
            if (s.ackedAcc > 0) {
                s.cc.onAcked(s.ackedAcc, s.markedAcc / s.ackedAcc);
                s.lowestWindow = Math.min(s.lowestWindow, s.cc.window());
                s.ackedAcc = 0;
                s.markedAcc = 0;
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
        double w = s.cc.window();
        while (s.inflight > DUST_BYTES && s.inflight + size > w) {
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
        InFlightQuanta q = s.inFlight;
        double b = q.headBytes();
        double mark = q.headMark();
        double trim = q.headTrimmed();
        s.inflight -= b;
        if (s.inflight < DUST_BYTES) {
            s.inflight = Math.max(0, s.inflight);
        }
        double nacked = b * trim;
        s.unsent += nacked;
        s.ackedAcc += b;
        s.markedAcc += (b - nacked) * mark + nacked;
        if (feedback) {
            s.rule.onReturn(q.headTag(), b, mark, trim, (long) (q.headReturnPs() - leapedPs));
        }
        q.removeHead();
    }

    private void emit(FlowState s, double size, double e, double t) {
        long pick = s.split.pick((long) (e - leapedPs));
        int path = PathChoice.path(pick);
        s.lastPath = path;
        s.sentEnd = e;
        s.inflight += size;
        s.unsent -= size;
        if (s.unsent < DUST_BYTES) {
            s.unsent = 0;
        }
        if (nq == qFlow.length) {
            grow();
        }
        int i = nq++;
        qFlow[i] = s.flow.id();
        qPath[i] = path;
        qAck[i] = PathChoice.ackPath(pick);
        qTag[i] = PathChoice.tag(pick);
        qBytes[i] = size;
        qEmit[i] = e;
        int[] links = s.fwd[path];
        qLinks[i] = links;
        qArrive[i] = e + s.fwdLat[path];
        qReturn[i] = s.ackReturnPs[qAck[i]] + hold + (mirrorAcks ? ackMirror[links[0]] : 0);
        int b = (int) ((e - t) * bucketsPerPs);
        b = b < 0 ? 0 : b >= buckets ? buckets - 1 : b;
        qNext[i] = bucketHead[b];
        bucketHead[b] = i;
        if (adaptive) {
            for (int k = 1; k < links.length; k++) {
                pending[links[k]] += size;
            }
        }
    }

    private void grow() {
        int c = qFlow.length * 2;
        qFlow = Arrays.copyOf(qFlow, c);
        qPath = Arrays.copyOf(qPath, c);
        qAck = Arrays.copyOf(qAck, c);
        qTag = Arrays.copyOf(qTag, c);
        qNext = Arrays.copyOf(qNext, c);
        qBytes = Arrays.copyOf(qBytes, c);
        qEmit = Arrays.copyOf(qEmit, c);
        qArrive = Arrays.copyOf(qArrive, c);
        qReturn = Arrays.copyOf(qReturn, c);
        qKeep = Arrays.copyOf(qKeep, c);
        qMark = Arrays.copyOf(qMark, c);
        qLinks = Arrays.copyOf(qLinks, c);
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
        int f = qFlow[i];
        double b = qBytes[i];
        double e = qEmit[i];
        int[] links = qLinks[i];
        double keep = 1;
        double unmarked = 1;
        double wait = 0;
        double ackVar = 0;
        for (int k = 1; k < links.length; k++) {
            int l = links[k];
            int o = l * S;
            double qq = ls[o + Q];
            double last = ls[o + T];
            // linear drain since the last arrival (none if this one is out of order within its bucket);
            // written without branches: whether the queue empties in between is data-dependent
            double gap = e > last ? e - last : 0;
            double d = ls[o + DRAIN] * gap;
            double rest = qq - d;
            ls[o + AREA] += rest > 0 ? (qq - 0.5 * d) * gap : qq * qq * halfInvDrain[l];
            qq = rest > 0 ? rest : 0;
            ls[o + T] = e > last ? e : last;
            double ahead = qq;
            if (ls[o + LASTF] == f) {
                double own = (ls[o + OWNEND] - e) * rateOf[l];
                if (own > 0) {
                    ahead = ahead > own ? ahead - own : 0;
                }
            }
            if (ahead > trimLimit) {
                ahead = trimLimit;
            }
            double il = inv[l];
            wait += ahead * il;
            double in = b * keep;
            double pm = red.probability(ahead + b);
            if (pm > 0) {
                markedAt[l] += in * pm;
                unmarked *= 1 - pm;
            }
            qq += in;
            if (qq > trimLimit) {
                double trimmed = qq - trimLimit;
                qq = trimLimit;
                keep -= trimmed / b;
                trimmedAt[l] += trimmed;
                cleanStep = false;
            }
            ls[o + ARR] += in;
            if (qq > ls[o + MAXQ]) {
                ls[o + MAXQ] = qq;
            }
            ls[o + Q] = qq;
            ls[o + LASTF] = f;
            ls[o + OWNEND] = e + b * il;
            ackVar += ackMirror[l];
        }
        qArrive[i] += wait;
        if (mirrorAcks) {
            qReturn[i] += ackVar;
        }
        qKeep[i] = keep;
        qMark[i] = 1 - unmarked;
    }

    /** Quantum {@code i} (in generation order, so a flow's quanta are consecutive) lands at its flow. */
    private void land(int i) {
        FlowState s = fs[qFlow[i]];
        double b = qBytes[i];
        int[] links = qLinks[i];
        double ack = b * ackFraction;
        ls[links[0] * S + ARR] += b;
        hostAckNext[s.dst] += ack;
        double arrival = qArrive[i];
        double ret = arrival + qReturn[i];
        if (!mirrorAcks) {
            int[] back = s.paths.reverse(qAck[i]);
            for (int k = 0; k < back.length; k++) {
                int l = back[k];
                ret += ackSelf[l];
                if (k > 0) {
                    ackBytes[l] += ack;
                }
            }
        }
        if (adaptive) {
            for (int k = 1; k < links.length; k++) {
                pending[links[k]] -= b;
            }
        }
        double keep = qKeep[i];
        double mark = qMark[i];
        s.inFlight.add(ret, b, mark, 1 - keep, qTag[i]);
        if (s.land(b, keep, mark, arrival, nicRate, config.linkRateBps())) {
            remaining--;
            starts.completed(s, qAck[i]);
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
        if (mirrorAcks) {
            for (int l = 0; l < linkCount; l++) {
                ackBytes[l] = switchLink[l] ? ackFraction * ls[mirror[l] * S + ARR] : 0;
            }
        }
        for (int l = 0; l < linkCount; l++) {
            int o = l * S;
            double busy;
            if (switchLink[l]) {
                // Drain to the step's end; a queue already advanced past it (a quantum whose serialization
                // started in this step and ends in the next) stays as it is.
                double qq = ls[o + Q];
                double gap = tEnd - ls[o + T];
                if (gap > 0) {
                    if (qq > 0) {
                        double d = ls[o + DRAIN] * gap;
                        if (qq > d) {
                            ls[o + AREA] += (qq - 0.5 * d) * gap;
                            qq -= d;
                        } else {
                            ls[o + AREA] += qq * qq * halfInvDrain[l];
                            qq = 0;
                        }
                        ls[o + Q] = qq;
                    }
                    ls[o + T] = tEnd;
                }
                double rate = rateOf[l];
                busy = Math.min(1.0, (qStep[l] + ls[o + ARR] + ackBytes[l]) / (rate * window));
                qStep[l] = qq;
                double drain = alive[l] ? Math.max(0, rate - ackBytes[l] / window) : 0;
                ls[o + DRAIN] = drain;
                halfInvDrain[l] = drain > 0 ? 0.5 / drain : 0;
            } else {
                busy = hostBusy[hostOfLink[l]];
            }
            ackSelf[l] = halfMtuSer[l] * busy;
            arrived[l] += ls[o + ARR];
            ls[o + ARR] = 0;
            ackBytes[l] = 0;
        }
        for (int l = 0; l < linkCount; l++) {
            ackMirror[l] = ackSelf[mirror[l]];
        }
        System.arraycopy(hostAckNext, 0, hostAck, 0, hostAck.length);
        Arrays.fill(hostAckNext, 0);
    }

    // ------------------------------------------------------------------ fast-forward

    /** The next flow start, trigger activation or link failure after {@code t} (infinity if none). */
    private double nextEvent(double t) {
        double next = starts.nextActivationPs();
        for (FlowState s : fs) {
            if (s.startPs != FluidFlow.WAITING && s.startPs > t) {
                next = Math.min(next, s.startPs);
            }
        }
        if (anyFailure) {
            for (int l = 0; l < linkCount; l++) {
                if (alive[l] && failAt[l] != Faults.NEVER && failAt[l] > t) {
                    next = Math.min(next, failAt[l]);
                }
            }
        }
        return next;
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
        for (FlowState s : fs) {
            double bytes = steady.flowBytes[s.flow.id()];
            if (bytes > 0) {
                spread(s, bytes, leapLoad);
            }
        }
        for (int l = 0; l < linkCount; l++) {
            if (switchLink[l] && leapLoad[l] > ls[l * S + DRAIN] * span * (1 + LEAP_LOAD_SLACK) + mtu) {
                steady.restart(now);   // a link would carry more than it can: the rates are not sustainable
                return;
            }
        }
        double window = now - steady.windowStart();
        for (int h = 0; h < hostFlows.length; h++) {
            hostAcksSent[h] += hostAck[h] * count;
            double shift = steady.hostShift[h];
            if (shift <= 0) {
                continue;
            }
            nicFree[h] += shift;
            for (int f : hostFlows[h]) {
                FlowState s = fs[f];
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
                s.cc.advance(bytes, marked);
                s.readyAt += shift;
                s.inFlight.delay(shift);
            }
        }
        for (int l = 0; l < linkCount; l++) {
            int o = l * S;
            arrived[l] += leapLoad[l];
            ls[o + T] += span;
            ls[o + OWNEND] += span;
            ls[o + AREA] += (ls[o + AREA] - steady.linkArea0(l)) / window * span;
            markedAt[l] += (markedAt[l] - steady.linkMarked0(l)) / window * span;
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
        int[] links = s.fwd[s.lastPath];
        double wait = 0;
        for (int k = 1; k < links.length; k++) {
            int l = links[k];
            wait += (ls[l * S + AREA] - steady.linkArea0(l)) / window * inv[l];
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
        double duration = steps * dt;
        List<FluidLinkStats> links = new ArrayList<>(linkCount);
        for (int l = 0; l < linkCount; l++) {
            int o = l * S;
            links.add(new FluidLinkStats(l, tree.linkName(l), tree.tierOf(tree.linkSource(l)), tree.isUplink(l),
                    config.faults().rate(l, config.linkRateBps()), ls[o + MAXQ],
                    duration > 0 ? ls[o + AREA] / duration / mtu : 0, arrived[l] - trimmedAt[l], trimmedAt[l],
                    markedAt[l]));
        }
        return new FluidResult(config, FluidFlow.stats(fs), List.copyOf(links), sampler.trajectories(),
                FluidFlow.idealMaxFctPs(config, fs), end, steps - leapedSteps, Math.round(leapedSteps * dt), wallNanos);
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
        double ackedAcc;
        double markedAcc;
        /** The quanta in flight. */
        final InFlightQuanta inFlight;

        FlowState(Flow flow, FlowPaths paths, double[] headerHop, int ring) {
            super(config, flow, paths, headerHop);
            this.dst = flow.dst();
            inFlight = new InFlightQuanta(ring);
        }
    }
}
