package org.primelab.packet;

import java.util.ArrayList;
import java.util.List;
import org.primelab.core.topology.FatTree;
import org.primelab.core.workload.Flow;
import org.primelab.packet.metrics.FlowStats;
import org.primelab.packet.metrics.QueueStats;
import org.primelab.packet.metrics.SimResult;
import org.primelab.packet.net.EgressPort;
import org.primelab.packet.transport.FlowReceiver;
import org.primelab.packet.transport.FlowSender;

/**
 * Turns the state a finished run leaves in its flows, ports and switches into a {@link SimResult}: one
 * {@link FlowStats} per flow (in id order), one {@link QueueStats} per directed link (in link order), the
 * per-uplink counts, and the run's totals.
 */
final class ResultCollector {
    private ResultCollector() {
    }

    /**
     * @param endPs simulated time when the run stopped
     * @param events events processed
     * @param wallNanos wall-clock time of the run
     * @param peakPackets most packets alive at once
     */
    static SimResult collect(SimConfig config, RunFlows flows, EgressPort[] ports, Switches switches,
                             long idealMaxFctPs, long endPs, long events, long wallNanos, int peakPackets) {
        FatTree tree = config.tree();
        List<FlowStats> fs = new ArrayList<>(flows.count());
        for (int i = 0; i < flows.count(); i++) {
            Flow f = flows.flows().get(i);
            FlowSender s = flows.sender(i);
            FlowReceiver r = flows.receiver(i);
            int hops = 2 + 2 * tree.upHops(f.src(), f.dst());
            fs.add(new FlowStats(i, f.src(), f.dst(), f.sizeBytes(), s.firstSendPs(), r.completionPs(),
                    flows.ackedPs(i), s.packets(),
                    r.uniquePayloadBytes(), r.duplicates(), s.retransmissions(), s.nacks(), s.timeouts(), s.ecnEchoes(),
                    hops, flows.trafficClass(i)));
        }
        List<QueueStats> qs = new ArrayList<>(ports.length);
        for (int l = 0; l < ports.length; l++) {
            EgressPort p = ports[l];
            qs.add(new QueueStats(l, tree.linkName(l), tree.tierOf(tree.linkSource(l)), tree.isUplink(l), p.rateBps(),
                    p.maxDataPackets(), p.maxDataBytes(), p.meanDataPackets(endPs), p.maxControlPackets(), p.sentData(),
                    p.trims(), p.marks(), p.lostData(), p.lostControl(), new long[] {p.sentClassBytes(0), p.sentClassBytes(1)}));
        }
        return new SimResult(config, List.copyOf(fs), List.copyOf(qs), switches.flowUplinkCounts(), idealMaxFctPs, endPs,
                events, wallNanos, peakPackets);
    }
}
