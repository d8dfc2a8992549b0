package org.primelab.analytical.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.topology.FatTree;
import org.primelab.core.workload.Workload;
import org.primelab.core.workload.htsim.CmReader;

/**
 * {@link PortBalance} on hand-made per-port counts, each verdict against a bound derived by hand from the
 * class's documented models ({@code N} packets up a switch of {@code P} uplinks, {@code F} flows crossing it
 * upwards, the largest of {@code n_max} packets):
 * <ul>
 *   <li>round robin: busiest {@code <= N / P + F};</li>
 *   <li>packet spraying: busiest {@code <=} the 99.9th percentile of the larger of two bins after {@code N}
 *       balls, here computed independently by binomial enumeration ({@code P = 2}:
 *       {@code P(max <= m) = sum_{x = N - m}^{m} C(N, x) / 2^N});</li>
 *   <li>flow hashing: busiest {@code <= n_max} times the same percentile after {@code F} balls.</li>
 * </ul>
 * The fabric is a 2-tier k = 4 tree (8 hosts, leaves of 2 hosts and 2 uplinks); the payload of a packet is
 * 4160 - 64 = 4096 bytes.
 */
class PortBalanceContractTest {
    private static final FatTree TREE = FatTree.twoTier(4);
    private static final FabricParameters FABRIC = FabricParameters.paperDefaults(TREE);
    /**
     * Up from leaf0: 0->2 (10 packets) and 1->4 (1 packet), so F = 2 and n_max = 10; 0->1 (40 packets) stays
     * under leaf0 and does not count. Up from leaf1: 3->6 (1 packet). Nothing goes up from leaf2, leaf3.
     */
    private static final Workload W = CmReader.parse("w.cm", """
            Nodes 8
            Connections 4
            0->2 id 1 start 0 size 40960
            1->4 id 2 start 0 size 4096
            0->1 id 3 start 0 size 163840
            3->6 id 4 start 0 size 4096
            """, TREE).workload();

    private static List<PortCount> counts(Object... swPortPackets) {
        List<PortCount> out = new ArrayList<>();
        for (int i = 0; i < swPortPackets.length; i += 3) {
            out.add(new PortCount((String) swPortPackets[i], (Integer) swPortPackets[i + 1],
                    ((Number) swPortPackets[i + 2]).longValue(), "r.csv:" + (i / 3 + 2)));
        }
        return out;
    }

    private static CheckOutcome check(LoadBalancingScheme s, Object... c) {
        return PortBalance.check(FABRIC, W, counts(c), s);
    }

    /** Smallest m with P(max of two bins after n fair balls <= m) >= 0.999, by exact enumeration. */
    static int twoBinQuantile(int n) {
        double[] pmf = new double[n + 1];
        pmf[0] = Math.pow(0.5, n);
        for (int x = 1; x <= n; x++) {
            pmf[x] = pmf[x - 1] * (n - x + 1) / x;
        }
        for (int m = (n + 1) / 2; m <= n; m++) {
            double p = 0;
            for (int x = n - m; x <= m; x++) {
                p += pmf[x];
            }
            if (p >= PortBalance.PERCENTILE - 1e-12) {
                return m;
            }
        }
        return n;
    }

    @Test
    void theOracleAgreesWithAHandComputedCase() {
        // 11 balls: P(max <= 9) = 1 - 2 * 12 / 2048 < 0.999 <= P(max <= 10) = 1 - 2 / 2048
        assertEquals(10, twoBinQuantile(11));
        // 2 balls: P(max <= 1) = 1/2, so the 99.9th percentile is 2
        assertEquals(2, twoBinQuantile(2));
    }

    /** Round robin: 11 packets, 2 ports, 2 flows up: bound 11/2 + 2 = 7.5, so 7 passes and 8 fails, named. */
    @Test
    void roundRobinFlagsExactlyThePortsAboveTheShareplusFlows() {
        CheckOutcome ok = check(LoadBalancingScheme.PRIME, "leaf0", 0, 7, "leaf0", 1, 4);
        assertTrue(ok.passed(), ok.failures().toString());
        assertEquals(2, ok.checked());
        assertTrue(ok.note().startsWith("1 switches, 2 ports against round robin (prime)"), ok.note());
        assertTrue(ok.note().endsWith("the counts fit best: round robin"), ok.note());

        CheckOutcome bad = check(LoadBalancingScheme.CO_PRIME, "leaf0", 1, 3, "leaf0", 0, 8);
        assertEquals(1, bad.failures().size(), bad.failures().toString());
        Finding f = bad.failures().get(0);
        assertEquals(Check.PORT_BALANCE, f.check());
        assertEquals("leaf0 port 0", f.subject());
        assertEquals(8, f.measured());
        assertEquals(7.5, f.bound());
        assertEquals("packets", f.unit());
        assertEquals("11 packets over 2 uplinks from 2 flows; round robin bound of co-prime", f.detail());
        // 8 <= 10, the spraying percentile after 11 balls: the counts fit packet spraying, not round robin
        assertTrue(bad.note().endsWith("the counts fit best: packet spraying"), bad.note());
    }

    /** A port's packets given on several lines add up: 5 + 3 on port 0 is the same as 8. */
    @Test
    void countsOfOnePortOnSeveralLinesAreSummed() {
        CheckOutcome split = check(LoadBalancingScheme.PRIME, "leaf0", 0, 5, "leaf0", 1, 3, "leaf0", 0, 3);
        assertEquals(1, split.failures().size());
        assertEquals(8, split.failures().get(0).measured());
        assertEquals(7.5, split.failures().get(0).bound());
        assertEquals(2, split.checked(), "one switch of two ports, however many lines");
    }

    /** Packet spraying (RPS, REPS, AR): the busiest port exactly at the binomial percentile passes, one more fails. */
    @Test
    void packetSprayingBoundIsTheBinomialPercentileOfTheBusierPort() {
        for (LoadBalancingScheme s : new LoadBalancingScheme[] {LoadBalancingScheme.RPS, LoadBalancingScheme.REPS,
                LoadBalancingScheme.AR}) {
            for (int n : new int[] {11, 30, 64}) {
                int q = twoBinQuantile(n);
                CheckOutcome at = check(s, "leaf0", 0, q, "leaf0", 1, n - q);
                assertTrue(at.passed(), s + " n=" + n + " q=" + q + " " + at.failures());
                CheckOutcome over = check(s, "leaf0", 0, n - q - 1, "leaf0", 1, q + 1);
                assertEquals(1, over.failures().size(), s + " n=" + n);
                assertEquals("leaf0 port 1", over.failures().get(0).subject());
                assertEquals(q, over.failures().get(0).bound(), 0.0);
                assertTrue(over.failures().get(0).detail().endsWith("packet spraying bound of " + s.cliName()));
            }
        }
    }

    /**
     * Flow hashing (ECMP): leaf0's 2 flows of at most 10 packets give 10 x 2 = 20 (two balls fill one bin
     * with probability 1/2 > 0.001); 20 on one port passes, 21 fails. A leaf no flow leaves upwards has bound 0.
     */
    @Test
    void flowHashingBoundIsTheLargestFlowTimesTheFlowPercentile() {
        CheckOutcome at = check(LoadBalancingScheme.ECMP, "leaf0", 0, 20, "leaf0", 1, 0);
        assertTrue(at.passed(), at.failures().toString());
        assertTrue(twoBinQuantile(20) < 20, "precondition: 20 of 20 is beyond the spraying percentile");
        assertTrue(at.note().endsWith("the counts fit best: flow hashing"), at.note());
        CheckOutcome over = check(LoadBalancingScheme.ECMP, "leaf0", 0, 21, "leaf0", 1, 0);
        assertEquals(1, over.failures().size());
        assertEquals(20.0, over.failures().get(0).bound());
        assertTrue(over.note().endsWith("none of the three models (more skewed than per-flow hashing)"), over.note());

        // leaf1 carries one flow of 1 packet up: bound 1 x 1 = 1; leaf3 carries none: bound 0
        CheckOutcome idle = check(LoadBalancingScheme.ECMP, "leaf1", 0, 1, "leaf1", 1, 0, "leaf3", 0, 0, "leaf3", 1, 1);
        assertEquals(1, idle.failures().size(), idle.failures().toString());
        assertEquals("leaf3 port 1", idle.failures().get(0).subject());
        assertEquals(0.0, idle.failures().get(0).bound());
        assertEquals(4, idle.checked());
        assertTrue(idle.note().startsWith("2 switches, 4 ports against flow hashing (ecmp)"), idle.note());
        // leaf3's 1 packet: above round robin's 1/2 + 0 but within spraying's 1
        assertTrue(idle.note().endsWith("the counts fit best: packet spraying"), idle.note());
    }

    /** The fit is over every switch: one switch beyond round robin moves the fit for all. */
    @Test
    void theFitIsTheTightestModelEverySwitchMeets() {
        CheckOutcome both = check(LoadBalancingScheme.PRIME, "leaf1", 0, 1, "leaf1", 1, 0, "leaf0", 0, 8, "leaf0", 1, 3);
        assertEquals(1, both.failures().size());
        assertTrue(both.note().endsWith("packet spraying"), both.note());
        CheckOutcome fine = check(LoadBalancingScheme.PRIME, "leaf1", 0, 1, "leaf1", 1, 0, "leaf0", 0, 6, "leaf0", 1, 5);
        assertTrue(fine.note().endsWith("round robin"), fine.note());
    }

    /**
     * In a 3-tier k = 4 tree an aggregation switch counts only the flows that leave its pod (up-hops >= 2):
     * agg0.0 with 10 packets from one cross-pod flow and none from an in-pod flow has round-robin bound
     * 10 / 2 + 1 = 6.
     */
    @Test
    void anAggregationSwitchCountsOnlyTheFlowsLeavingItsPod() {
        FatTree three = FatTree.threeTier(4);
        Workload w = CmReader.parse("w3.cm", """
                Nodes 16
                Connections 2
                0->8 id 1 start 0 size 40960
                0->2 id 2 start 0 size 40960
                """, three).workload();
        FabricParameters fabric = FabricParameters.paperDefaults(three);
        assertEquals(2, three.upHops(0, 8));
        assertEquals(1, three.upHops(0, 2));
        CheckOutcome at = PortBalance.check(fabric, w, List.of(new PortCount("agg0.0", 0, 6, "a"),
                new PortCount("agg0.0", 1, 4, "b")), LoadBalancingScheme.PRIME);
        assertTrue(at.passed(), at.failures().toString());
        CheckOutcome over = PortBalance.check(fabric, w, List.of(new PortCount("agg0.0", 0, 7, "a"),
                new PortCount("agg0.0", 1, 3, "b")), LoadBalancingScheme.PRIME);
        assertEquals(1, over.failures().size());
        assertEquals(6.0, over.failures().get(0).bound());
        assertTrue(over.failures().get(0).detail().startsWith("10 packets over 2 uplinks from 1 flows;"));
    }

    @Test
    void noCountsMeansTheCheckDoesNotApply() {
        CheckOutcome o = PortBalance.check(FABRIC, W, List.of(), LoadBalancingScheme.PRIME);
        assertTrue(o.passed());
        assertEquals(0, o.checked());
        assertEquals(Check.PORT_BALANCE, o.check());
        assertEquals("no per-port counts given", o.note());
    }

    /** A count naming a switch the tree lacks, a switch without uplinks or a port beyond them is refused, naming the line. */
    @Test
    void countsOfUnknownSwitchesOrPortsAreRefusedNamingTheLine() {
        IllegalArgumentException spine = assertThrows(IllegalArgumentException.class,
                () -> check(LoadBalancingScheme.PRIME, "leaf0", 0, 1, "spine0", 0, 1));
        assertEquals("results: r.csv:3: spine0 has no uplink ports (a host or a top-tier switch)", spine.getMessage());
        IllegalArgumentException host = assertThrows(IllegalArgumentException.class,
                () -> check(LoadBalancingScheme.PRIME, "h3", 0, 1));
        assertEquals("results: r.csv:2: h3 has no uplink ports (a host or a top-tier switch)", host.getMessage());
        IllegalArgumentException port = assertThrows(IllegalArgumentException.class,
                () -> check(LoadBalancingScheme.PRIME, "leaf2", 2, 1));
        assertEquals("results: r.csv:2: leaf2 has uplink ports 0..1, got port 2", port.getMessage());
        IllegalArgumentException name = assertThrows(IllegalArgumentException.class,
                () -> check(LoadBalancingScheme.PRIME, "leaf9", 0, 1));
        assertTrue(name.getMessage().startsWith("results: r.csv:2: node: unknown name 'leaf9'"), name.getMessage());
        assertFalse(name.getMessage().contains("\n"));
    }

    /** The scheme-to-model map of the class comment, and the labels printed in notes and details. */
    @Test
    void eachSchemeMapsToItsDocumentedModel() {
        assertEquals(PortBalance.Model.ROUND_ROBIN, PortBalance.Model.of(LoadBalancingScheme.PRIME));
        assertEquals(PortBalance.Model.ROUND_ROBIN, PortBalance.Model.of(LoadBalancingScheme.CO_PRIME));
        assertEquals(PortBalance.Model.PACKET_SPRAYING, PortBalance.Model.of(LoadBalancingScheme.RPS));
        assertEquals(PortBalance.Model.PACKET_SPRAYING, PortBalance.Model.of(LoadBalancingScheme.REPS));
        assertEquals(PortBalance.Model.PACKET_SPRAYING, PortBalance.Model.of(LoadBalancingScheme.AR));
        assertEquals(PortBalance.Model.FLOW_HASHING, PortBalance.Model.of(LoadBalancingScheme.ECMP));
        assertEquals("round robin", PortBalance.Model.ROUND_ROBIN.label());
        assertEquals("flow hashing", PortBalance.Model.FLOW_HASHING.label());
    }

    /** Each check's JSON name is its lower-case constant, and its bound and usual cause are printed text. */
    @Test
    void checksHaveJsonNamesAndPrintedTexts() {
        assertEquals("port_balance", Check.PORT_BALANCE.jsonName());
        assertEquals("workload_ideal", Check.WORKLOAD_IDEAL.jsonName());
        for (Check c : Check.values()) {
            assertFalse(c.bound().isBlank(), c.name());
            assertFalse(c.usualCause().isBlank(), c.name());
        }
        assertTrue(Check.PORT_BALANCE.bound().contains("99.9th percentile"));
    }
}
