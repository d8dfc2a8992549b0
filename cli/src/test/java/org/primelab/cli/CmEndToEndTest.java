package org.primelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.primelab.analytical.fct.CollectiveIdeal;
import org.primelab.analytical.fct.IdealMaxFct;
import org.primelab.core.metrics.ProgressListener;
import org.primelab.core.topology.FatTree;
import org.primelab.core.workload.Collectives;
import org.primelab.core.workload.Workload;
import org.primelab.core.workload.htsim.CmReader;
import org.primelab.core.workload.htsim.ConnectionMatrix;
import org.primelab.core.cc.CcKind;
import org.primelab.packet.PacketSimulator;
import org.primelab.packet.SimConfig;
import org.primelab.packet.metrics.FlowStats;
import org.primelab.packet.metrics.SimResult;

/**
 * Workloads from a connection matrix, end to end: the packet simulator with a fixed window on an idle
 * fabric meets {@link CollectiveIdeal} exactly where its javadoc says the bound is tight, and
 * {@code prime check} accepts the simulator's own results (receiver side) for the same file.
 */
class CmEndToEndTest {
    private static final FatTree TREE = FatTree.twoTier(16);
    private static final SimConfig CONFIG = SimConfig.builder(TREE).build();

    private static SimResult run(Workload w) {
        return new PacketSimulator(CONFIG, w, IdealMaxFct.of(CONFIG.fabric(), CONFIG.faults(), w.flows()))
                .run(ProgressListener.NONE);
    }

    @Test
    void aChainOfThreeFromACmFileCompletesInOrderAtTheSumOfItsLoneTimes() {
        // three flows under different ToRs, each started by the previous one's receive-done (one-shot)
        String text = "Nodes 128\nConnections 3\nTriggers 2\n"
                + "0->16 id 1 start 0 size 1003520 recv_done_trigger 1\n"
                + "32->48 id 2 trigger 1 size 2002944 recv_done_trigger 2\n"
                + "64->80 id 3 trigger 2 size 3002368\n"
                + "trigger id 1 oneshot\ntrigger id 2 oneshot\n";
        ConnectionMatrix cm = CmReader.parse("chain.cm", text, TREE);
        SimResult r = run(cm.workload());
        List<FlowStats> f = r.flows();
        assertTrue(f.get(0).endPs() <= f.get(1).startPs() && f.get(1).endPs() <= f.get(2).startPs());
        long sumOfLone = 0;
        for (var flow : cm.workload().flows()) {
            sumOfLone += CollectiveIdeal.loneAnyRoutePs(flow.sizeBytes(), CONFIG.mtuBytes(), CONFIG.headerBytes(),
                    CONFIG.linkRateBps(), CONFIG.propagationPs(), 4);
        }
        assertEquals(sumOfLone, r.collectiveCompletionPs());
        assertEquals(sumOfLone, CollectiveIdeal.compute(cm.workload(), CONFIG.fabric()).idealPs());
    }

    @Test
    void aLoneRingAllReduceUnderOneTorMeetsItsIdealAndPassesCheck(@TempDir Path dir) throws Exception {
        // 4 hosts under leaf0, chunks of 10 whole packets (4 x 40,960 B). The bound holds, and the simulator
        // is above it only by ACKs: a receiver's coalesced ACK is serialized on the host uplink its own next
        // step's data takes, so a step may wait at most one header serialization (measured: 5 x 1.28 ns over
        // the 2(G-1) = 6 steps)
        Workload w = Collectives.ringAllReduce(new int[][] {{0, 1, 2, 3}}, 4 * 10 * 4096);
        SimResult r = run(w);
        CollectiveIdeal.Result ideal = CollectiveIdeal.compute(w, CONFIG.fabric());
        long ackSerialization = org.primelab.core.units.Units.serializationPs(CONFIG.headerBytes(), CONFIG.linkRateBps());
        assertTrue(r.collectiveCompletionPs() >= ideal.idealPs());
        assertTrue(r.collectiveCompletionPs() <= ideal.idealPs() + 2 * (4 - 1) * ackSerialization,
                r.collectiveCompletionPs() + " vs ideal " + ideal.idealPs());

        Path cm = dir.resolve("allreduce.cm");
        org.primelab.core.workload.htsim.CmWriter.write(ConnectionMatrix.of(w, TREE.hosts()), cm);
        StringBuilder csv = new StringBuilder("flow_id,start_us,end_us\n");
        for (FlowStats s : r.flows()) {
            csv.append(String.format(Locale.ROOT, "%d,%.6f,%.6f%n", s.id() + 1, s.startPs() / 1e6, s.endPs() / 1e6));
        }
        Path results = dir.resolve("r.csv");
        Files.writeString(results, csv);
        EvCommandTest.Run check = EvCommandTest.run("check", "--k", "16", "--no-estimate",
                "--traffic", cm.toString(), "--results", results.toString());
        assertEquals(0, check.code(), check.out() + check.err());
        assertTrue(check.out().contains("trigger ") && check.out().contains("verdict: consistent"), check.out());
    }
}
