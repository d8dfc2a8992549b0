package org.primelab.packet;

import org.primelab.core.topology.FatTree;
import org.primelab.core.workload.HostFlows;
import org.primelab.packet.net.PacketPool;
import org.primelab.packet.transport.FlowSender;

/**
 * The hosts' NICs as data sources: when a host's wire is free and its control queue is empty, the NIC
 * pulls the next data packet from the host's flows, round robin over the started flows whose window
 * admits a packet (a cursor per host remembers where the last pull stopped).
 */
final class Nics {
    private final RunFlows flows;
    private final int[][] hostFlows;
    private final int[] cursor;

    Nics(FatTree tree, RunFlows flows) {
        this.flows = flows;
        this.hostFlows = HostFlows.of(tree, flows.flows());
        this.cursor = new int[tree.hosts()];
    }

    /** A data packet pulled from {@code host}'s flows, round robin, or -1 if none may send. */
    int pull(int host, PacketPool pool, long now) {
        int[] fl = hostFlows[host];
        int count = fl.length;
        for (int i = 0; i < count; i++) {
            int idx = cursor[host] + i;
            if (idx >= count) {
                idx -= count;
            }
            int f = fl[idx];
            FlowSender s = flows.sender(f);
            if (flows.started(f) && s.canSend()) {
                cursor[host] = idx + 1 == count ? 0 : idx + 1;
                return s.sendNext(pool, now);
            }
        }
        return -1;
    }

    /** Whether one of {@code host}'s started flows may send a packet now. */
    boolean canSend(int host) {
        for (int f : hostFlows[host]) {
            if (flows.started(f) && flows.sender(f).canSend()) {
                return true;
            }
        }
        return false;
    }
}
