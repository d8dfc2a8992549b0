package org.primelab.analytical.fct;

import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.TriggerRuntime;
import org.primelab.core.workload.Workload;

/**
 * A brute-force feasible schedule, for testing lower bounds: every packet of every flow, store-and-forward
 * through FIFO links with unbounded buffers and no losses; a flow puts all its packets on its host's link
 * at its start, sprayed round robin over the paths; a flow is received when its last packet arrives and
 * acknowledged a header-sized ACK's lone trip later (ACKs take no link time); triggers as
 * {@link TriggerRuntime}. Whatever it achieves is achievable, so no lower bound may exceed it.
 */
final class LosslessSchedule {
    private LosslessSchedule() {
    }

    /** Per flow, the time its last packet is received. */
    static long[] receiveTimes(Workload w, FabricParameters p) {
        FatTree tree = p.tree();
        long rate = p.linkRateBps();
        long d = p.propagationPs();
        int payload = p.mtuBytes() - p.headerBytes();
        long ackHop = Units.serializationPs(p.headerBytes(), rate) + d;
        int n = w.size();
        long[] received = new long[n];
        int[] arrived = new int[n];
        long[] packets = new long[n];
        for (Flow f : w.flows()) {
            packets[f.id()] = IdealFct.packets(f.sizeBytes(), p.mtuBytes(), p.headerBytes());
        }
        long[] linkFree = new long[tree.linkCount()];
        TriggerRuntime triggers = new TriggerRuntime(w);
        int[] started = new int[triggers.maxStartedPerActivation()];
        // events: {time, seq, kind (0 packet at hop, 1 packet received, 2 send-done), flow, packet, hop}
        PriorityQueue<long[]> events = new PriorityQueue<>((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0])
                : Long.compare(a[1], b[1]));
        long[] seq = {0};
        for (Flow f : w.flows()) {
            if (!f.startsOnTrigger()) {
                inject(f, f.startPs(), packets, events, seq);
            }
        }
        while (!events.isEmpty()) {
            long[] e = events.poll();
            Flow f = w.flow((int) e[3]);
            switch ((int) e[2]) {
                case 0 -> {
                    List<int[]> paths = tree.paths(f.src(), f.dst());
                    int[] path = paths.get((int) (e[4] % paths.size()));
                    int link = path[(int) e[5]];
                    long wire = e[4] == packets[f.id()] - 1 ? f.sizeBytes() - (packets[f.id()] - 1) * payload
                            + p.headerBytes() : p.mtuBytes();
                    long begin = Math.max(e[0], linkFree[link]);
                    linkFree[link] = begin + Units.serializationPs(wire, rate);
                    long at = linkFree[link] + d;
                    boolean last = e[5] == path.length - 1;
                    events.add(new long[] {at, seq[0]++, last ? 1 : 0, f.id(), e[4], e[5] + 1});
                }
                case 1 -> {
                    if (++arrived[f.id()] == packets[f.id()]) {
                        received[f.id()] = e[0];
                        events.add(new long[] {e[0] + CollectiveIdeal.hops(tree, f) * ackHop, seq[0]++, 2, f.id(), 0, 0});
                        int count = triggers.onRecvDone(f.id(), started);
                        for (int i = 0; i < count; i++) {
                            inject(w.flow(started[i]), e[0], packets, events, seq);
                        }
                    }
                }
                default -> {
                    int count = triggers.onSendDone(f.id(), started);
                    for (int i = 0; i < count; i++) {
                        inject(w.flow(started[i]), e[0], packets, events, seq);
                    }
                }
            }
        }
        if (Arrays.stream(arrived).anyMatch(a -> a == 0)) {
            throw new IllegalStateException("a flow never completed");
        }
        return received;
    }

    private static void inject(Flow f, long at, long[] packets, PriorityQueue<long[]> events, long[] seq) {
        for (long k = 0; k < packets[f.id()]; k++) {
            events.add(new long[] {at, seq[0]++, 0, f.id(), k, 0});
        }
    }
}
