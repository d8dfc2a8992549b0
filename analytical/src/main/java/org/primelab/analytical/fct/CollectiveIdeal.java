package org.primelab.analytical.fct;

import java.util.Arrays;
import java.util.PriorityQueue;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.TriggerRuntime;
import org.primelab.core.workload.Workload;

/**
 * Ideal completion time of a collective (any {@link Workload}, dependencies included): a proven lower
 * bound on the time the last byte of the last flow is received (the receiver-side convention), on the
 * healthy fabric of {@link FabricParameters} (failed or slower links only delay flows, so the bound
 * holds with faults too). It is the largest of three bounds, each from the store-and-forward model of
 * {@link IdealFct}: a packet of serialization {@code T_p} occupies every link of its path for
 * {@code T_p}, one packet at a time, and is received at the far end {@code d} (propagation) later.
 *
 * <p><b>0. A lone flow on any routes</b> ({@link #loneAnyRoutePs}). {@link IdealFct#lonePathPs} is
 * exact on one path, where a short last packet waits behind its predecessor at every switch. A flow
 * sprayed over several paths can do better: its short last packet may take another path and overtake.
 * What holds for every routing: the host's link carries the packets one at a time, so packet {@code i}
 * leaves it no earlier than {@code T_1 + ... + T_i}, and then needs {@code h - 1} more links of
 * {@code T_i + d} and one {@code d}; the flow is received no earlier than the latest of these,
 * <pre>  L = (n - 1) T + max((h - 1) T, h T_last) + h d     (n &gt;= 2; h T_last + h d for n = 1)</pre>
 * (packet {@code n - 1}, a whole one, or the last). It equals {@code lonePathPs} when the last packet is
 * whole, and is below it by {@code min(T_last, (h - 1)(T - T_last))} otherwise (a found counterexample:
 * the tests' brute-force schedule, spraying a flow with a short last packet over two paths, beat
 * {@code lonePathPs} by that much).
 *
 * <p><b>1. Dependencies</b> ({@link Bound#DEPENDENCIES}). Run the workload with every flow taking its
 * lone time {@code L_f = loneAnyRoutePs(S_f, ..., h_f)} ({@code h_f} links from source to
 * destination): a flow started at {@code s_f} is received at {@code r_f = s_f + L_f} and acknowledged at
 * {@code a_f = r_f + h_f (ser(H) + d)} (a header-sized ACK over the same number of links); each
 * receive-done and send-done activates the flow's trigger, and {@link TriggerRuntime} (the one trigger
 * semantics of both simulators) says which flows start. In any real run each flow starts no earlier:
 * by induction over activations in time order, the {@code k}-th real activation of a trigger comes no
 * earlier than the {@code k}-th bound one (order statistics are monotone in their arguments), a trigger
 * starts its flows by activation rank (first, {@code count}-th, or {@code i}-th for the {@code i}-th
 * waiting flow of a multi-shot), and no flow is received sooner than {@code L_f} after it starts
 * (bound 0). This bound is the critical path: for a chain of dependent flows it is the sum of
 * their lone times (plus the ACK returns of send-done links).
 *
 * <p><b>2. A host's egress</b> ({@link Bound#EGRESS}) and <b>3. ingress</b> ({@link Bound#INGRESS}).
 * Take the flows a host sends (receives) that start no earlier than {@code tau}, with {@code W} the sum of
 * the serialization times of all their packets, {@code T_min} the smallest packet's and {@code h_min} the
 * fewest links among them. Every one of those packets crosses the host's own link (its uplink; its ToR's
 * downlink to it), one at a time and none before {@code tau}. Egress: the last of them leaves the host no
 * earlier than {@code tau + W} and still has {@code d} and at least {@code h_min - 1} links of
 * {@code T_min + d} each to go. Ingress: the first of them reaches the downlink no earlier than
 * {@code tau + (h_min - 1)(T_min + d)}, the downlink then needs {@code W}, and the last bit {@code d}
 * more. Both give
 * <pre>  C &gt;= tau + W + d + (h_min - 1)(T_min + d)</pre>
 * maximised over {@code tau} among the flows' earliest starts (from bound 1) and over hosts.
 *
 * <p><b>The collectives</b> ({@code Collectives} in core), with {@code S} bytes, {@code n} packets of
 * serialization {@code T} per flow, {@code L(h)} the lone-path time on {@code h} links:
 * <ul>
 *   <li><i>Incast N:1</i>: ingress of the receiver, {@code C >= N n T + d + (h_min - 1)(T + d)} when the
 *       flows are whole packets: the receiver's downlink carries {@code N·S} payload plus headers, after
 *       one path latency.</li>
 *   <li><i>All-to-all at once</i> in a group of {@code G}: each host's egress (and ingress) of
 *       {@code (G-1) n T}, plus the latency of its nearest peer.</li>
 *   <li><i>Serialized all-to-all</i> (htsim's send-done chains): per sender the sum over its {@code G-1}
 *       rounds of {@code L(h) + h (ser(H) + d)}, the ACK return being on the chain.</li>
 *   <li><i>Ring all-reduce</i>: per chunk {@code 2(G-1)} receive-triggered steps of {@code ceil(S/G)}
 *       bytes, {@code C >= sum_j L(h_j)} over the ring hops the chunk takes.</li>
 *   <li><i>Permutation, ring</i>: {@code max_f L(h_f)} ({@link IdealFct}).</li>
 * </ul>
 *
 * <p><b>Tightness.</b> An ideal lossless schedule (FIFO queues, unbounded buffers, packets sent back to
 * back, ACKs not delayed) meets the bound exactly for a lone flow, for chains whose concurrent steps use
 * disjoint links and have the same hop count (ring all-reduce and serialized all-to-all under one ToR),
 * and for an incast of whole-packet flows; the tests check these against a brute-force packet schedule.
 * A simulator whose lone flow takes {@link #loneAnyRoutePs} (the packet simulator with a fixed line-rate
 * window on an idle fabric, for whole-packet flows, where it equals {@link IdealFct#lonePathPs}) meets
 * the receive-triggered chains too. It does not meet the
 * incast bound (the senders' windows overflow the receiver's downlink queue, which trims), nor in general
 * the send-done chains (an ACK may queue behind data on the receiver's uplink) or the all-to-all at once
 * (packets of flows to different peers collide at receivers).
 */
public final class CollectiveIdeal {
    private CollectiveIdeal() {
    }

    /** Which of the three bounds is largest. */
    public enum Bound {
        /** The critical path through the triggers, every flow at its lone-path time. */
        DEPENDENCIES,
        /** A host's uplink must carry every packet the host sends. */
        EGRESS,
        /** A host's downlink must carry every packet the host receives. */
        INGRESS
    }

    /**
     * The bound and what binds it.
     *
     * @param idealPs the ideal completion time: the largest of the three bounds (absolute time, ps)
     * @param dependenciesPs bound 1
     * @param egressPs bound 2, over all hosts
     * @param ingressPs bound 3, over all hosts
     * @param binding the largest bound (the first in declaration order on a tie)
     * @param bindingHost the host of the egress or ingress bound when it binds, else the destination of
     *        the flow received last in bound 1
     * @param earliestStartPs per flow, its start in bound 1 (a lower bound on its real start)
     * @param earliestReceivePs per flow, its receive-done in bound 1 (a lower bound on its real one)
     */
    public record Result(long idealPs, long dependenciesPs, long egressPs, long ingressPs, Bound binding,
                         int bindingHost, long[] earliestStartPs, long[] earliestReceivePs) {
    }

    /** The ideal completion time of {@code workload} on {@code fabric}. */
    public static Result compute(Workload workload, FabricParameters fabric) {
        FatTree tree = fabric.tree();
        int n = workload.size();
        for (Flow f : workload.flows()) {
            if (f.src() >= tree.hosts() || f.dst() >= tree.hosts()) {
                throw new IllegalArgumentException("traffic: flow " + f.id() + " (" + f.src() + "->" + f.dst()
                        + ") names a host beyond the tree's " + tree.hosts());
            }
        }
        long[] lone = new long[n];
        long[] ack = new long[n];
        long ackHop = Units.serializationPs(fabric.headerBytes(), fabric.linkRateBps()) + fabric.propagationPs();
        for (Flow f : workload.flows()) {
            int hops = hops(tree, f);
            lone[f.id()] = loneAnyRoutePs(f.sizeBytes(), fabric.mtuBytes(), fabric.headerBytes(),
                    fabric.linkRateBps(), fabric.propagationPs(), hops);
            ack[f.id()] = hops * ackHop;
        }
        long[] start = new long[n];
        long[] received = new long[n];
        lonePlay(workload, lone, ack, start, received);
        long dependencies = 0;
        int last = 0;
        for (int f = 0; f < n; f++) {
            if (received[f] > dependencies) {
                dependencies = received[f];
                last = f;
            }
        }
        long[] egress = hostBound(workload, fabric, start, true);
        long[] ingress = hostBound(workload, fabric, start, false);
        long ideal = Math.max(dependencies, Math.max(egress[0], ingress[0]));
        Bound binding = ideal == dependencies ? Bound.DEPENDENCIES : ideal == egress[0] ? Bound.EGRESS : Bound.INGRESS;
        int host = switch (binding) {
            case DEPENDENCIES -> workload.flow(last).dst();
            case EGRESS -> (int) egress[1];
            case INGRESS -> (int) ingress[1];
        };
        return new Result(ideal, dependencies, egress[0], ingress[0], binding, host, start, received);
    }

    /**
     * Bound 0: the earliest a lone flow of {@code flowBytes} can be received over {@code hops} links,
     * whatever paths its packets take (see the class comment); arguments as {@link IdealFct#lonePathPs}.
     */
    public static long loneAnyRoutePs(long flowBytes, int mtuBytes, int headerBytes, long rateBps,
                                      long propagationPs, int hops) {
        long single = IdealFct.lonePathPs(flowBytes, mtuBytes, headerBytes, rateBps, propagationPs, hops);
        long packets = IdealFct.packets(flowBytes, mtuBytes, headerBytes);
        if (packets == 1) {
            return single;
        }
        long t = Units.serializationPs(mtuBytes, rateBps);
        long tLast = Units.serializationPs(flowBytes - (packets - 1) * (mtuBytes - headerBytes) + headerBytes, rateBps);
        return (packets - 1) * t + Math.max((hops - 1) * t, hops * tLast) + hops * propagationPs;
    }

    /** Links from source to destination: 2 under one ToR, 4 through a spine/aggregation switch, 6 via a core. */
    static int hops(FatTree tree, Flow f) {
        return 2 + 2 * tree.upHops(f.src(), f.dst());
    }

    /**
     * Bound 1: plays the workload with lone-path times, activations in time order (receive-done before
     * send-done at equal times, which cannot matter: flows started at equal times get equal bounds).
     */
    private static void lonePlay(Workload w, long[] lone, long[] ack, long[] start, long[] received) {
        TriggerRuntime triggers = new TriggerRuntime(w);
        int[] started = new int[triggers.maxStartedPerActivation()];
        Arrays.fill(start, -1);
        // events: {time, kind (0 = receive-done, 1 = send-done), flow}
        PriorityQueue<long[]> events = new PriorityQueue<>((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0])
                : a[1] != b[1] ? Long.compare(a[1], b[1]) : Long.compare(a[2], b[2]));
        for (Flow f : w.flows()) {
            if (!f.startsOnTrigger()) {
                begin(f.id(), f.startPs(), lone, start, received, events);
            }
        }
        while (!events.isEmpty()) {
            long[] e = events.poll();
            int flow = (int) e[2];
            int count;
            if (e[1] == 0) {
                events.add(new long[] {e[0] + ack[flow], 1, flow});
                count = triggers.onRecvDone(flow, started);
            } else {
                count = triggers.onSendDone(flow, started);
            }
            for (int i = 0; i < count; i++) {
                begin(started[i], e[0], lone, start, received, events);
            }
        }
        for (int f = 0; f < start.length; f++) {
            if (start[f] < 0) {
                throw new IllegalStateException("flow " + f + " never started; Workload should have refused it");
            }
        }
    }

    private static void begin(int flow, long at, long[] lone, long[] start, long[] received,
                              PriorityQueue<long[]> events) {
        start[flow] = at;
        received[flow] = at + lone[flow];
        events.add(new long[] {received[flow], 0, flow});
    }

    /**
     * Bounds 2 ({@code egress}) or 3: per host, the maximum over {@code tau} of
     * {@code tau + W(tau) + d + (h_min(tau) - 1)(T_min(tau) + d)}; returns {max, host}.
     */
    private static long[] hostBound(Workload w, FabricParameters fabric, long[] start, boolean egress) {
        FatTree tree = fabric.tree();
        long rate = fabric.linkRateBps();
        long d = fabric.propagationPs();
        long t = Units.serializationPs(fabric.mtuBytes(), rate);
        int payload = fabric.mtuBytes() - fabric.headerBytes();
        Integer[] order = new Integer[w.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        // by host, then latest start first: a suffix of each host's run is "the flows starting at or after tau"
        Arrays.sort(order, (a, b) -> {
            int ha = egress ? w.flow(a).src() : w.flow(a).dst();
            int hb = egress ? w.flow(b).src() : w.flow(b).dst();
            return ha != hb ? Integer.compare(ha, hb) : Long.compare(start[b], start[a]);
        });
        long best = 0;
        int bestHost = -1;
        int i = 0;
        while (i < order.length) {
            int host = egress ? w.flow(order[i]).src() : w.flow(order[i]).dst();
            long work = 0;
            long tMin = Long.MAX_VALUE;
            int hMin = Integer.MAX_VALUE;
            for (; i < order.length && host == (egress ? w.flow(order[i]).src() : w.flow(order[i]).dst()); i++) {
                Flow f = w.flow(order[i]);
                long packets = IdealFct.packets(f.sizeBytes(), fabric.mtuBytes(), fabric.headerBytes());
                long tLast = Units.serializationPs(
                        IdealFct.lastPacketWireBytes(f.sizeBytes(), fabric.mtuBytes(), fabric.headerBytes()), rate);
                work += (packets - 1) * t + tLast;
                tMin = Math.min(tMin, tLast);
                hMin = Math.min(hMin, hops(tree, f));
                long tau = start[f.id()];
                boolean lastOfThisStart = i + 1 == order.length
                        || host != (egress ? w.flow(order[i + 1]).src() : w.flow(order[i + 1]).dst())
                        || start[order[i + 1]] != tau;
                if (lastOfThisStart) {
                    long bound = tau + work + d + (hMin - 1L) * (tMin + d);
                    if (bound > best) {
                        best = bound;
                        bestHost = host;
                    }
                }
            }
        }
        return new long[] {best, bestHost};
    }
}
