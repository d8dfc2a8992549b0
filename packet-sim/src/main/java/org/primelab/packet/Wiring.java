package org.primelab.packet;

import org.primelab.core.random.Seeds;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.packet.net.EgressPort;
import org.primelab.packet.net.RedMarker;

/**
 * The fabric's links as egress ports, built from the {@link FatTree}: one {@link EgressPort} per directed
 * link, at its sending node, in link-id order. A host's port is its NIC: it never trims or marks
 * (unbounded data queue, no RED). A switch port trims past {@link SimConfig#trimBytes()} and marks with
 * the RED curve between {@link SimConfig#kMinBytes()} and {@link SimConfig#kMaxBytes()}, drawing from a stream
 * of its own derived from the master seed and its link id. A degraded link
 * runs at the rate the scenario's {@link Faults} give it.
 *
 * @param ports every directed link's port, indexed by link id
 * @param fromHost whether each link leaves a host (its port is a NIC), indexed by link id
 */
record Wiring(EgressPort[] ports, boolean[] fromHost) {

    /**
     * The ports of {@code config}'s fabric, allocated part by part of the node each leaves, so that ports two
     * threads write are not neighbours in memory; the allocation order changes nothing else.
     */
    static Wiring of(SimConfig config, Partitioning partitioning) {
        FatTree tree = config.tree();
        Faults faults = config.faults();
        RedMarker red = new RedMarker(config.kMinBytes(), config.kMaxBytes());
        EgressPort[] ports = new EgressPort[tree.linkCount()];
        boolean[] fromHost = new boolean[tree.linkCount()];
        for (int part = 0; part < partitioning.parts(); part++) {
            for (int l = 0; l < tree.linkCount(); l++) {
                if (partitioning.of(tree.linkSource(l)) != part) {
                    continue;
                }
                boolean nic = tree.tierOf(tree.linkSource(l)) == 0;
                fromHost[l] = nic;
                ports[l] = new EgressPort(l, faults.rate(l, config.linkRateBps()), config.propagationPs(),
                        nic ? Long.MAX_VALUE : config.trimBytes(), nic ? null : red, config.mtuBytes(),
                        config.headerBytes(), config.scheduling(), Seeds.derive(config.seed(), Seeds.ECN_MARK, l));
            }
        }
        return new Wiring(ports, fromHost);
    }
}
