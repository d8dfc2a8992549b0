package org.primelab.core.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.core.cc.CcKind;
import org.primelab.core.entropy.EntropyConfig;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Trigger;
import org.primelab.core.workload.Workload;

/**
 * What a {@link Scenario} derives: the {@code with...} copies change exactly one component (and undo by
 * setting it back), the workload is required where flows are read, the entropy in force defaults from
 * the fabric's RTT and BDP, and the one-line summary names each component.
 */
class ScenarioDerivationTest {
    private static final FatTree TREE = FatTree.twoTier(8);
    private static final Faults FAULTS = Faults.builder(TREE).fail("leaf0-spine0", 3_000_000).build();
    private static final Workload TWO_FLOWS = Workload.of(List.of(new Flow(0, 0, 31, 4000, 0), new Flow(1, 5, 9, 8000, 0)));
    private static final Scenario BASE = Scenario.builder(TREE).faults(FAULTS).seed(11).build();

    /** Each copy equals the scenario built with only that component changed; setting it back restores the original. */
    @Test
    void withCopiesChangeExactlyOneComponent() {
        Scenario w = BASE.withWorkload(TWO_FLOWS);
        assertEquals(new Scenario(BASE.fabric(), FAULTS, TWO_FLOWS, BASE.scheme(), null, CcKind.DCTCP, 0, 11), w);
        assertEquals(BASE, w.withWorkload(null));
        Scenario ecmp = BASE.withScheme(LoadBalancingScheme.ECMP);
        assertEquals(new Scenario(BASE.fabric(), FAULTS, null, LoadBalancingScheme.ECMP, null, CcKind.DCTCP, 0, 11), ecmp);
        assertEquals(BASE, ecmp.withScheme(LoadBalancingScheme.PRIME));
        Scenario seeded = BASE.withSeed(12);
        assertEquals(new Scenario(BASE.fabric(), FAULTS, null, LoadBalancingScheme.PRIME, null, CcKind.DCTCP, 0, 12), seeded);
        assertEquals(BASE, seeded.withSeed(11));
        Faults other = Faults.builder(TREE).degrade("leaf1-spine1", 100_000_000_000L).build();
        Scenario refaulted = BASE.withFaults(other);
        assertEquals(new Scenario(BASE.fabric(), other, null, LoadBalancingScheme.PRIME, null, CcKind.DCTCP, 0, 11), refaulted);
        assertEquals(BASE, refaulted.withFaults(FAULTS));
        assertNotEquals(BASE, refaulted);
    }

    /** {@code withFaults(null)} means no faults on the same tree; faults of another tree are refused. */
    @Test
    void withFaultsStaysOnTheTree() {
        Faults none = BASE.withFaults(null).faults();
        assertTrue(none.isEmpty());
        assertSame(TREE, none.tree());
        assertEquals("faults: specified on another tree", assertThrows(IllegalArgumentException.class,
                () -> BASE.withFaults(Faults.none(FatTree.twoTier(4)))).getMessage());
    }

    /** Flows are read from the workload; a scenario without one refuses, naming {@code traffic}. */
    @Test
    void flowsNeedAWorkload() {
        assertEquals("traffic: the scenario has no workload",
                assertThrows(IllegalStateException.class, BASE::requireWorkload).getMessage());
        assertEquals("traffic: the scenario has no workload",
                assertThrows(IllegalStateException.class, BASE::flows).getMessage());
        Scenario w = BASE.withWorkload(TWO_FLOWS);
        assertSame(TWO_FLOWS, w.requireWorkload());
        assertEquals(TWO_FLOWS.flows(), w.flows());
    }

    /**
     * Without an explicit configuration the entropy in force is {@link EntropyConfig#defaults} for the
     * fabric: base RTT of 4 links of (600 ns + 83.2 ns MTU) out and (600 ns + 1.28 ns header) back =
     * 5,137,920 ps, BDP 256,896 B = 62 MTU packets (rounded up). An explicit one is used as given.
     */
    @Test
    void effectiveEntropyDefaultsFromTheFabric() {
        assertEquals(EntropyConfig.defaults(5_137_920L, 62), BASE.effectiveEntropy());
        EntropyConfig given = EntropyConfig.defaults(1, 1).withEvSpace(8);
        assertSame(given, Scenario.builder(TREE).entropy(given).build().effectiveEntropy());
    }

    /** The summary names the fabric and link parameters, then only the parts that are present. */
    @Test
    void toStringIsOneLineOfTheComponents() {
        String tree = "2-tier FatTree k=8 (32 hosts, 12 switches, 64 cables)";
        assertEquals(tree + ", 400G links, 600ns propagation, MTU 4160 B, ACK every 4, prime, dctcp, seed 1",
                Scenario.builder(TREE).build().toString());

        Faults mixed = Faults.builder(TREE).fail("leaf0-spine0", 0).degrade("leaf1->spine1", 100_000_000_000L).build();
        Workload chained = new Workload(List.of(new Flow(0, 0, 31, 4000, 0, Flow.NO_TRIGGER, 0, Flow.NO_TRIGGER, 0),
                new Flow(1, 5, 9, 8000, 0, 0, Flow.NO_TRIGGER, Flow.NO_TRIGGER, 0)), List.of(Trigger.oneShot(0)));
        Scenario full = Scenario.builder(TREE).faults(mixed).workload(chained).rate(100_000_000_000L).delay(1_000_000L)
                .mtu(1500).ackEvery(2).scheme(LoadBalancingScheme.CO_PRIME).dctcpInitialAlpha(0.5).seed(42).build();
        assertEquals(tree + ", 100G links, 1us propagation, MTU 1500 B, ACK every 2, 2 failed and 1 degraded directed"
                + " links, 2 flows and 1 triggers, co-prime, dctcp (alpha0 0.5), seed 42", full.toString());

        Scenario fixed = Scenario.builder(TREE).workload(TWO_FLOWS).cc(CcKind.FIXED).dctcpInitialAlpha(0.5).seed(3).build();
        assertEquals(tree + ", 400G links, 600ns propagation, MTU 4160 B, ACK every 4, 2 flows, prime, fixed, seed 3",
                fixed.toString(), "alpha0 is DCTCP's only");
    }
}
