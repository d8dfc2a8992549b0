package org.primelab.fluid.flowlevel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.primelab.core.entropy.EntropyConfig;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.forwarding.UplinkSelector;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.fluid.FlowPaths;

/**
 * Which share of a flow's bytes arrive but lose their ACK in a black hole ({@link LinkShares#ackLostFraction}), on a
 * 2-tier radix-8 tree (4 spines) with the cable leaf0-spine1 failed at 0 and never detected, exact:
 * <ul>
 *   <li>random spraying hashes each ACK's EV from the receiver's ToR, so its ACKs spread over the 4 ways back:
 *       a flow out of leaf0 loses 1/4 of its data, and 1/4 of the ACKs of the other 3/4 (3/16);</li>
 *   <li>PRIME's ACKs retrace their packet's spine, so on a cable failed both ways an ACK is lost only with its
 *       data: 1/4 lost, nothing more;</li>
 *   <li>ECMP's ACKs take one way back, hashed from the receiver's ToR: all or none, and all exactly when that
 *       ToR hashes them onto spine 1 (and the data arrived);</li>
 *   <li>a flow that does not touch leaf0 loses neither.</li>
 * </ul>
 */
class AckLossSharesTest {
    private static final FatTree TREE = FatTree.twoTier(8);
    private static final Faults FAULTS = Faults.builder(TREE).fail("leaf0-spine1", 0).build();
    private static final long NEVER_DETECTED = Faults.MAX_DETECT_PS;
    private static final EntropyConfig ENTROPY = EntropyConfig.defaults(1_000_000, 100);

    @Test
    void randomSprayingLosesAQuarterOfTheAcksOfWhatArrives() {
        for (LoadBalancingScheme scheme : new LoadBalancingScheme[] {LoadBalancingScheme.RPS, LoadBalancingScheme.REPS}) {
            LinkShares out = shares(scheme, new Flow(0, 0, 9, 1_000_000, 0));
            assertEquals(0.25, out.lostFraction(), 1e-12, scheme + " out of leaf0");
            assertEquals(0.75 * 0.25, out.ackLostFraction(), 1e-12, scheme + " out of leaf0");
            LinkShares in = shares(scheme, new Flow(0, 9, 0, 1_000_000, 0));
            assertEquals(0.25, in.lostFraction(), 1e-12, scheme + " into leaf0");
            assertEquals(0.75 * 0.25, in.ackLostFraction(), 1e-12, scheme + " into leaf0");
            LinkShares away = shares(scheme, new Flow(0, 5, 9, 1_000_000, 0));
            assertEquals(0, away.lostFraction(), scheme + " elsewhere");
            assertEquals(0, away.ackLostFraction(), scheme + " elsewhere");
        }
    }

    @Test
    void primeAcksRetraceTheirPacketsSpineSoACableLosesThemOnlyWithTheData() {
        for (LoadBalancingScheme scheme : new LoadBalancingScheme[] {LoadBalancingScheme.PRIME,
                LoadBalancingScheme.CO_PRIME}) {
            LinkShares out = shares(scheme, new Flow(0, 0, 9, 1_000_000, 0));
            assertEquals(0.25, out.lostFraction(), 1e-12, scheme.toString());
            assertEquals(0, out.ackLostFraction(), scheme.toString());
        }
    }

    @Test
    void ecmpLosesAllItsAcksExactlyWhenItsReceiversToRHashesThemOntoTheFailedSpine() {
        long[] salts = FlowPaths.salts(TREE, 1);
        int acksLost = 0;
        for (int dst = 4; dst < TREE.hosts(); dst++) {
            for (int id = 0; id < 8; id++) {
                Flow flow = new Flow(id, 0, dst, 1_000_000, 0);
                LinkShares s = shares(LoadBalancingScheme.ECMP, flow);
                int ev = LoadBalancingScheme.ECMP.newGenerator(TREE.evLayout(), ENTROPY, 1, flow.src(), id).next(0);
                boolean dataLost = throughSpine1(TREE.torOf(flow.src()), id, ev, salts);
                boolean ackLost = !dataLost && throughSpine1(TREE.torOf(dst), id, ev, salts);
                assertEquals(dataLost ? 1 : 0, s.lostFraction(), "flow " + id + " to " + dst);
                assertEquals(ackLost ? 1 : 0, s.ackLostFraction(), "flow " + id + " to " + dst);
                acksLost += ackLost ? 1 : 0;
            }
        }
        assertTrue(acksLost > 0, "some flow's ACKs cross the cable");
    }

    /** Whether the switches hash a packet with {@code ev} of flow {@code id} from {@code tor} up to spine 1. */
    private static boolean throughSpine1(int tor, int id, int ev, long[] salts) {
        int port = UplinkSelector.hashed(id, ev, salts[tor], TREE.uplinkCount(tor));
        return TREE.cableName(TREE.uplink(tor, port)).endsWith("spine1");
    }

    private static LinkShares shares(LoadBalancingScheme scheme, Flow flow) {
        long rate = 400 * Units.GBPS;
        FlowSplits splits = new FlowSplits(TREE, FAULTS, scheme, rate, 1, ENTROPY,
                NEVER_DETECTED, FlowSplits.hopPs(4096, rate, 600_000));
        return splits.shares(flow, new FlowPaths(TREE, flow.src(), flow.dst()), 0);
    }
}
