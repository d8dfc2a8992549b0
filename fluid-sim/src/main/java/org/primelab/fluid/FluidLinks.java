package org.primelab.fluid;

import java.util.ArrayList;
import java.util.List;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;

/**
 * The state of every directed link of a fluid run, as both engines ({@link QuantumEngine},
 * {@link FineStepEngine}) and fast-forward ({@link SteadyState}) see it: one array per quantity, indexed by
 * the {@link FatTree}'s link index, whose name says what it holds and in which unit. Inside the fluid model
 * time is picoseconds and sizes bytes, both as doubles, and rates bytes per picosecond.
 *
 * <p>It holds three kinds of arrays:
 * <ul>
 *   <li>the fabric, fixed for the run: each link's data rate (its {@link Faults#rate degraded} rate if
 *       any), an MTU's and a header's serialization, the ACK's per-hop delay, whether it leaves a switch,
 *       its mirror (the link back) and when it fails;</li>
 *   <li>the queue each engine integrates ({@link #queueBytes}) and whether the link is still up;</li>
 *   <li>what a run reports per link ({@link #collect}): the largest queue, the time-integrated queue,
 *       the bytes delivered, trimmed and ECN-marked.</li>
 * </ul>
 * A failed link ({@link #applyFailures}) empties its queue and stops serving at its failure time.
 */
final class FluidLinks {
    private final FatTree tree;
    private final Faults faults;
    private final long lineRateBps;

    /** Number of directed links. */
    final int count;
    /** Data rate, bytes per ps: an MTU over its serialization time at the link's rate, rounded as the packet simulator rounds it. */
    final double[] rateBytesPerPs;
    /** {@code 1 / rateBytesPerPs}: ps per byte. */
    final double[] psPerByte;
    /** Serialization of one MTU at the link's rate, ps. */
    final double[] mtuSerializationPs;
    /** Serialization of one header at the link's rate, ps. */
    final double[] headerSerializationPs;
    /** What a header's hop costs an ACK on an idle link: propagation plus its serialization, ps. */
    final double[] headerHopPs;
    /** Whether the link leaves a switch (it has an egress queue; host NIC links have none). */
    final boolean[] switchLink;
    /** For a host's NIC link, the host; for a switch link, -1. */
    final int[] hostOfLink;
    /** The link in the opposite direction (the link itself if there is none). */
    final int[] mirror;
    /** When the link fails, ps ({@link Faults#NEVER} if it does not). */
    final long[] failAtPs;
    /** Whether any link of the run fails. */
    final boolean anyFailure;
    /** Whether the link is still up (set to false at its failure time by {@link #applyFailures}). */
    final boolean[] alive;

    /** The egress queue, bytes. */
    final double[] queueBytes;

    /** Largest queue seen, bytes. */
    final double[] maxQueueBytes;
    /** Time integral of the queue, byte·ps. */
    final double[] queueAreaBytePs;
    /** Data bytes that crossed the link untrimmed over the run. */
    final double[] deliveredBytes;
    /** Data bytes trimmed at the link over the run. */
    final double[] trimmedBytes;
    /** Expected ECN-marked data bytes at the link over the run. */
    final double[] markedBytes;

    /** The links of {@code config}'s fabric at its rates and faults. */
    FluidLinks(FluidConfig config) {
        this.tree = config.tree();
        this.faults = config.faults();
        this.lineRateBps = config.linkRateBps();
        count = tree.linkCount();
        rateBytesPerPs = new double[count];
        psPerByte = new double[count];
        mtuSerializationPs = new double[count];
        headerSerializationPs = new double[count];
        headerHopPs = new double[count];
        switchLink = new boolean[count];
        hostOfLink = new int[count];
        mirror = new int[count];
        failAtPs = new long[count];
        alive = new boolean[count];
        queueBytes = new double[count];
        maxQueueBytes = new double[count];
        queueAreaBytePs = new double[count];
        deliveredBytes = new double[count];
        trimmedBytes = new double[count];
        markedBytes = new double[count];
        double mtu = config.mtuBytes();
        double propagation = config.propagationPs();
        for (int l = 0; l < count; l++) {
            long bps = faults.rate(l, lineRateBps);
            long mtuSer = Units.serializationPs(config.mtuBytes(), bps);
            mtuSerializationPs[l] = mtuSer;
            headerSerializationPs[l] = Units.serializationPs(config.headerBytes(), bps);
            headerHopPs[l] = propagation + headerSerializationPs[l];
            rateBytesPerPs[l] = mtu / mtuSer;
            psPerByte[l] = 1 / rateBytesPerPs[l];
            switchLink[l] = tree.tierOf(tree.linkSource(l)) > 0;
            hostOfLink[l] = switchLink[l] ? -1 : tree.linkSource(l);
            failAtPs[l] = faults.failTime(l);
            alive[l] = true;
            int back = tree.linkBetween(tree.linkTarget(l), tree.linkSource(l));
            mirror[l] = back < 0 ? l : back;
        }
        anyFailure = faults.failedLinks().length > 0;
    }

    /**
     * Takes down every link whose failure time is at or before {@code t}: it stops serving and its queue
     * empties (what it held is lost, as in a black hole). An engine with per-link state of its own
     * resets it first, asking {@link #wentDown} link by link.
     */
    void applyFailures(double t) {
        if (!anyFailure) {
            return;
        }
        for (int l = 0; l < count; l++) {
            if (wentDown(l, t)) {
                alive[l] = false;
                queueBytes[l] = 0;
            }
        }
    }

    /** Whether link {@code l} is up but due to fail at or before {@code t}. */
    boolean wentDown(int l, double t) {
        return alive[l] && failAtPs[l] != Faults.NEVER && failAtPs[l] <= t;
    }

    /** The earliest failure after {@code t} of a link still up, or infinity. */
    double nextFailurePs(double t) {
        double next = Double.POSITIVE_INFINITY;
        if (anyFailure) {
            for (int l = 0; l < count; l++) {
                if (alive[l] && failAtPs[l] != Faults.NEVER && failAtPs[l] > t) {
                    next = Math.min(next, failAtPs[l]);
                }
            }
        }
        return next;
    }

    /** What the run reports per link, after {@code durationPs} of simulated time, queues in MTU packets. */
    List<FluidLinkStats> collect(double durationPs, double mtu) {
        List<FluidLinkStats> out = new ArrayList<>(count);
        for (int l = 0; l < count; l++) {
            out.add(new FluidLinkStats(l, tree.linkName(l), tree.tierOf(tree.linkSource(l)), tree.isUplink(l),
                    faults.rate(l, lineRateBps), maxQueueBytes[l],
                    durationPs > 0 ? queueAreaBytePs[l] / durationPs / mtu : 0, deliveredBytes[l], trimmedBytes[l],
                    markedBytes[l]));
        }
        return List.copyOf(out);
    }
}
