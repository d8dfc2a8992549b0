package org.primelab.packet;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Phaser;
import java.util.concurrent.atomic.AtomicReference;
import org.primelab.core.forwarding.UplinkSelector;
import org.primelab.core.metrics.ProgressListener;
import org.primelab.core.topology.Faults;
import org.primelab.core.topology.FatTree;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.TriggerRuntime;
import org.primelab.core.workload.Workload;
import org.primelab.packet.metrics.SimResult;
import org.primelab.packet.net.PacketPool;

/**
 * Runs the packet simulation over {@code P} partitions of the fabric ({@link Partitioning}) on {@code T <= P}
 * threads, in windows of simulated time (conservative synchronization, Chandy and Misra 1979; the window scheme is
 * Lubachevsky's bounded lag, 1989). Each thread runs a contiguous block of partitions, one after another in
 * every window: within a window no partition can affect another, so one thread may run several, and while it
 * runs one, that partition's switches, hosts, packets and events are all it touches, a working set that stays
 * in cache where the whole fabric's does not (packet-sim/README.md, "Seventh round"). The result does not
 * depend on {@code P} or {@code T}: every {@code P}, 1 included, gives the same flows, queues and counts, byte
 * for byte; only the peak packet count is a bound when {@code P > 1} (below).
 *
 * <p><b>The peak packet count.</b> No clock is common to the partitions within a window, so the most packets
 * alive at once in the whole fabric is bounded window by window. A partition holds its own packets and, until
 * the window ends, those it posted to others ({@code PacketPool#takeStretchPeak}); at every moment of a window
 * the fabric's packets are the sum of what the partitions hold, so the sum of each partition's most held during
 * the window is at least the fabric's most at once during it (while the inboxes are taken in, packets only move
 * from a box to a pool). The largest of these sums over the windows is the bound; with one partition it is the
 * peak itself.
 *
 * <p><b>Why windows are safe.</b> A partition affects another only by delivering a packet over a link, and a
 * packet sent at {@code t} arrives no earlier than {@code t} plus its serialization plus the propagation
 * delay, i.e. at least {@link #windowPs} later. Windows are cut at multiples of {@code windowPs}: in the
 * window {@code [s, e)} with {@code e - s <= windowPs}, every arrival a partition sends another is due at or
 * after {@code e}, so each partition can process its own events of the window alone, and the packets it
 * sends are handed over ({@link Outbox}) before the next window.
 *
 * <p><b>Why the result does not depend on {@code P}.</b> (1) The event queue orders events by (time, kind,
 * seeded rank of the link or flow id, {@code EventQueue.tieRank}), a function of the events alone, unique
 * among pending events (a link delivers or
 * finishes one packet at a time, a flow has one start and one timer pending), so each partition processes
 * its events in the order one queue of every event would. (2) Randomness is per component: each port marks
 * ECN from its own stream, each switch breaks AR ties from its own, each flow's load balancer has its own.
 * (3) No event reads state another partition writes: a flow's sender and receiver each live with their host,
 * and the sender's timer looks only at the sender. (4) Routing changes (a detected failure) are applied
 * between windows, after every event up to and including their picosecond, as the queue's order puts them.
 * (5) The run stops at the end of the window in which the last flow completes, a moment that depends on
 * the events alone: port counters include that window's events.
 *
 * <p>Workloads whose flows start on triggers (collectives) run in one partition: a trigger starts a flow
 * at another host at the same picosecond, with no delay to synchronize on.
 */
final class PartitionedRun {
    /** Events between progress reports (checked between windows). */
    private static final long PROGRESS_EVERY = 1 << 18;

    private final SimConfig config;
    private final List<Flow> flows;
    private final long idealMaxFctPs;
    private final RunFlows runFlows;
    private final Wiring wiring;
    private final Partition[] partitions;
    private final int threads;
    private final long windowPs;
    /** Failure detections, as (time, link) sorted by time then link: applied between windows. */
    private final long[][] detections;

    /** Prepares a run of {@code config}'s workload over {@code parts} partitions, one thread each. */
    PartitionedRun(SimConfig config, long idealMaxFctPs, int parts) {
        this(config, idealMaxFctPs, parts, windowPs(config), parts);
    }

    /**
     * Prepares a run over {@code parts} partitions on {@code threads} threads (1 to {@code parts}; each runs a
     * contiguous block of partitions, one after another in every window), with windows of {@code windowPs} (1
     * to {@link #windowPs(SimConfig)}): shorter windows only cost more synchronization; the flows' outcomes do
     * not change (a test's handle).
     */
    PartitionedRun(SimConfig config, long idealMaxFctPs, int parts, long windowPs, int threads) {
        if (threads < 1 || threads > parts) {
            throw new IllegalArgumentException("threads: must be in [1, " + parts + "] for " + parts + " parts, got "
                    + threads);
        }
        this.threads = threads;
        if (windowPs < 1 || windowPs > windowPs(config)) {
            throw new IllegalArgumentException("window: must be in [1, " + windowPs(config) + "] ps, got " + windowPs);
        }
        Workload workload = config.scenario().requireWorkload();
        FatTree tree = config.tree();
        this.config = config;
        this.flows = workload.flows();
        this.idealMaxFctPs = idealMaxFctPs;
        Partitioning partitioning = Partitioning.of(tree, parts);
        this.runFlows = new RunFlows(config, flows, partitioning);
        this.wiring = Wiring.of(config, partitioning);
        Switches.Shared shared = Switches.Shared.of(tree, runFlows);
        this.windowPs = windowPs;
        Nics nics = new Nics(tree, runFlows);
        long[] salts = UplinkSelector.salts(tree, config.seed());
        SplittableRandom[] arTies = Switches.arTieStreams(tree, config.seed());
        TriggerRuntime triggers = new TriggerRuntime(workload);
        int recordInts = PacketPool.recordInts(config.ackEvery());
        Outbox[][] boxes = new Outbox[parts][parts];
        for (Outbox[] row : boxes) {
            for (int to = 0; to < parts; to++) {
                row[to] = new Outbox(recordInts);
            }
        }
        int maxArg = Math.max(tree.linkCount(), flows.size()) - 1;
        int argBits = Math.max(1, 32 - Integer.numberOfLeadingZeros(Math.max(0, maxArg)));
        this.partitions = new Partition[parts];
        for (int p = 0; p < parts; p++) {
            partitions[p] = new Partition(p, config, partitioning, wiring, runFlows, nics, salts, arTies, shared,
                    triggers, boxes, argBits);
        }
        Faults faults = config.faults();
        int[] failed = faults.failedLinks();
        this.detections = new long[failed.length][];
        for (int i = 0; i < failed.length; i++) {
            int l = failed[i];
            long at = faults.failTime(l);
            partitions[partitioning.of(tree.linkSource(l))].schedule(at, EventKind.LINK_FAIL, l, 0);
            detections[i] = new long[] {at + config.detectPs(), l};
        }
        Arrays.sort(detections, (x, y) -> x[0] != y[0] ? Long.compare(x[0], y[0]) : Long.compare(x[1], y[1]));
        for (int i = 0; i < flows.size(); i++) {
            if (!flows.get(i).startsOnTrigger()) {
                partitions[partitioning.of(flows.get(i).src())].schedule(flows.get(i).startPs(), EventKind.FLOW_START,
                        i, 0);
            }
        }
    }

    /**
     * The window length: the propagation delay plus one picosecond, a lower bound on the time from a
     * packet's transmission start to its arrival over any link (every serialization takes at least 1 ps).
     */
    static long windowPs(SimConfig config) {
        return config.propagationPs() + 1;
    }

    /** Runs to completion of every flow. */
    SimResult run(ProgressListener progress) {
        long wallStart = System.nanoTime();
        Coordinator c = new Coordinator(progress);
        if (threads == 1) {
            for (;;) {
                for (Partition p : partitions) {
                    p.deliverInboxes();
                    c.lowerBoundPs[p.index()] = p.nextEventLowerBoundPs();
                }
                if (!c.decide()) {
                    break;
                }
                for (Partition p : partitions) {
                    p.runWindow(c.windowEndPs);
                }
            }
        } else {
            Phaser phaser = new Phaser(threads);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread[] workers = new Thread[threads - 1];
            for (int t = 1; t < threads; t++) {
                Partition[] block = block(t);
                workers[t - 1] = new Thread(null, () -> work(block, c, phaser, failure), "packet-sim-" + t, 1 << 24);
                workers[t - 1].setDaemon(true);
                workers[t - 1].start();
            }
            work(block(0), c, phaser, failure);
            for (Thread w : workers) {
                try {
                    w.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while the simulation's threads ran", e);
                }
            }
            Throwable t = failure.get();
            if (t instanceof RuntimeException re) {
                throw re;
            } else if (t instanceof Error er) {
                throw er;
            } else if (t != null) {
                throw new IllegalStateException(t);
            }
        }
        long end = 0;
        long events = 0;
        for (Partition p : partitions) {
            end = Math.max(end, p.lastCompletionPs());
            events += p.processed();
        }
        progress.progress(c.completed(), flows.size(), end, events);
        return ResultCollector.collect(config, runFlows, wiring.ports(), partitions[0].switches(), idealMaxFctPs, end,
                events, System.nanoTime() - wallStart, (int) Math.min(Integer.MAX_VALUE, c.peakBound));
    }

    /** The partitions thread {@code t} runs: a contiguous block, the blocks as even as the count allows. */
    private Partition[] block(int t) {
        int from = (int) ((long) t * partitions.length / threads);
        int to = (int) ((long) (t + 1) * partitions.length / threads);
        return Arrays.copyOfRange(partitions, from, to);
    }

    /**
     * One thread's loop, three phases of the phaser per window: its partitions take in the packets the others
     * sent in the last window; partition 0's thread alone decides the next window; every thread runs it, its
     * partitions one after another (within a window no partition can affect another, so the order is free).
     */
    private static void work(Partition[] block, Coordinator c, Phaser phaser, AtomicReference<Throwable> failure) {
        try {
            boolean lead = block[0].index() == 0;
            for (;;) {
                for (Partition part : block) {
                    part.deliverInboxes();
                    c.lowerBoundPs[part.index()] = part.nextEventLowerBoundPs();
                }
                phaser.arriveAndAwaitAdvance();
                if (phaser.isTerminated()) {
                    return;
                }
                if (lead) {
                    c.decide();
                }
                phaser.arriveAndAwaitAdvance();
                if (phaser.isTerminated() || c.stopped) {
                    return;
                }
                for (Partition part : block) {
                    part.runWindow(c.windowEndPs);
                }
                phaser.arriveAndAwaitAdvance();
                if (phaser.isTerminated()) {
                    return;
                }
            }
        } catch (Throwable t) {
            failure.compareAndSet(null, t);
            phaser.forceTermination();
        }
    }

    /** Decides the windows: run between windows, by one thread, while the others wait. */
    private final class Coordinator {
        private final ProgressListener progress;
        private long nextReport = PROGRESS_EVERY;
        private int nextDetection;
        /** Each partition's next event time (a lower bound), after it took in its inbox. */
        final long[] lowerBoundPs = new long[partitions.length];
        /** The end of the window to run now (exclusive). */
        long windowEndPs;
        /** Whether the run is over. */
        boolean stopped;
        /**
         * The most packets alive at once, bounded window by window (class comment, "The peak packet count"): the
         * largest, over the windows so far, of the sum of the partitions' most packets held during the window.
         */
        long peakBound;

        Coordinator(ProgressListener progress) {
            this.progress = progress;
        }

        int completed() {
            int done = 0;
            for (Partition p : partitions) {
                done += p.completed();
            }
            return done;
        }

        /**
         * With every partition's inbox taken in, applies the failure detections that are due and sets the
         * next window; false (and {@link #stopped}) when every flow has completed.
         */
        boolean decide() {
            long stretch = 0;
            for (Partition p : partitions) {
                stretch += p.lastStretchPeak();
            }
            peakBound = Math.max(peakBound, stretch);
            long next = Long.MAX_VALUE;
            for (long t : lowerBoundPs) {
                next = Math.min(next, t);
            }
            int done = completed();
            report(done, next);
            if (done == flows.size()) {
                stopped = true;
                return false;
            }
            while (nextDetection < detections.length && detections[nextDetection][0] < next) {
                int link = (int) detections[nextDetection][1];
                partitions[0].switches().detectFailure(link);
                nextDetection++;
            }
            if (next == Long.MAX_VALUE) {
                throw new IllegalStateException("deadlock: no events left with " + (flows.size() - done)
                        + " flows unfinished");
            }
            long end = (next / windowPs + 1) * windowPs;
            if (nextDetection < detections.length) {
                end = Math.min(end, detections[nextDetection][0] + 1);
            }
            windowEndPs = end;
            return true;
        }

        private void report(int done, long next) {
            long events = 0;
            for (Partition p : partitions) {
                events += p.processed();
            }
            if (events >= nextReport) {
                nextReport = (events / PROGRESS_EVERY + 1) * PROGRESS_EVERY;
                progress.progress(done, flows.size(), next == Long.MAX_VALUE ? windowEndPs : next, events);
            }
        }
    }
}
