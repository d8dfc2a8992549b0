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
import org.primelab.core.topology.Faults;
import org.primelab.core.workload.Workload;
import org.primelab.core.workload.htsim.CmReader;

/**
 * {@link PortBalance} on hand-made per-port counts, each verdict against a bound derived by hand from the
 * class's documented models ({@code N} packets of the {@code F} flows crossing a switch of {@code P} uplinks
 * upwards, the largest of {@code n_max} packets, {@code E} counted packets beyond {@code N}):
 * <ul>
 *   <li>round robin: busiest {@code <= N / P + F + E};</li>
 *   <li>packet spraying: busiest {@code <=} the quantile of the larger of two bins after {@code N} balls
 *       {@code + E}, here computed independently by binomial enumeration ({@code P = 2}:
 *       {@code P(max <= m) = sum_{x = N - m}^{m} C(N, x) / 2^N}), at {@code 1 - 0.001 / S} for {@code S}
 *       switches counted;</li>
 *   <li>flow hashing: busiest {@code <= n_max} times the same quantile after {@code F} balls {@code + E};</li>
 *   <li>volume: the ports of a switch carry at least {@code N}.</li>
 * </ul>
 * The fabric is a 2-tier k = 4 tree (8 hosts, leaves of 2 hosts and 2 uplinks); the payload of a packet is
 * 4160 - 64 = 4096 bytes.
 */
class PortBalanceContractTest {
    private static final FatTree TREE = FatTree.twoTier(4);
    private static final FabricParameters FABRIC = FabricParameters.paperDefaults(TREE);
    private static final Faults HEALTHY = Faults.none(TREE);
    /**
     * Up from leaf0: 0->2 (10 packets) and 1->4 (1 packet), so N = 11, F = 2 and n_max = 10; 0->1 (40 packets)
     * stays under leaf0 and does not count. Up from leaf1: 3->6 (1 packet). Nothing goes up from leaf2, leaf3.
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
        return check(W, s, c);
    }

    private static CheckOutcome check(Workload w, LoadBalancingScheme s, Object... c) {
        return PortBalance.check(FABRIC, HEALTHY, w, counts(c), s);
    }

    /** Leaf0 sends {@code n} packets up: one flow 0->2 of n - 1 packets and 1->4 of one. */
    private static Workload leaf0Sends(int n) {
        return CmReader.parse("n.cm", "Nodes 8\nConnections 2\n0->2 id 1 start 0 size " + (n - 1) * 4096L
                + "\n1->4 id 2 start 0 size 4096\n", TREE).workload();
    }

    /** Smallest m with P(max of two bins after n fair balls <= m) >= p, by exact enumeration. */
    static int twoBinQuantile(int n, double p) {
        double[] pmf = new double[n + 1];
        pmf[0] = Math.pow(0.5, n);
        for (int x = 1; x <= n; x++) {
            pmf[x] = pmf[x - 1] * (n - x + 1) / x;
        }
        for (int m = (n + 1) / 2; m <= n; m++) {
            double sum = 0;
            for (int x = n - m; x <= m; x++) {
                sum += pmf[x];
            }
            if (sum >= p - 1e-12) {
                return m;
            }
        }
        return n;
    }

    @Test
    void theOracleAgreesWithAHandComputedCase() {
        // 11 balls: P(max <= 9) = 1 - 2 * 12 / 2048 < 0.999 <= P(max <= 10) = 1 - 2 / 2048 < 0.9995
        assertEquals(10, twoBinQuantile(11, 0.999));
        assertEquals(11, twoBinQuantile(11, 0.9995));
        // 2 balls: P(max <= 1) = 1/2, so the 99.9th percentile is 2
        assertEquals(2, twoBinQuantile(2, 0.999));
    }

    /**
     * PRIME is held to the looser of round robin (11/2 + 2 = 7.5) and spraying (10 after 11 balls): 10 passes
     * and fits spraying, 7 fits round robin, 11 fails.
     */
    @Test
    void primeIsFlaggedOnlyBeyondTheLooserOfRoundRobinAndSpraying() {
        CheckOutcome rr = check(LoadBalancingScheme.PRIME, "leaf0", 0, 7, "leaf0", 1, 4);
        assertTrue(rr.passed(), rr.failures().toString());
        assertEquals(2, rr.checked());
        assertTrue(rr.note().startsWith("1 switches, 2 ports against round robin or packet spraying, the looser"
                + " (prime), at 99.9% per switch"), rr.note());
        assertTrue(rr.note().endsWith("the counts fit best: round robin"), rr.note());

        CheckOutcome spray = check(LoadBalancingScheme.PRIME, "leaf0", 0, 10, "leaf0", 1, 1);
        assertTrue(spray.passed(), spray.failures().toString());
        assertTrue(spray.note().endsWith("the counts fit best: packet spraying"), spray.note());

        CheckOutcome bad = check(LoadBalancingScheme.CO_PRIME, "leaf0", 1, 0, "leaf0", 0, 11);
        assertEquals(1, bad.failures().size(), bad.failures().toString());
        Finding f = bad.failures().get(0);
        assertEquals(Check.PORT_BALANCE, f.check());
        assertEquals("leaf0 port 0", f.subject());
        assertEquals(11, f.measured());
        assertEquals(10.0, f.bound());
        assertEquals("packets", f.unit());
        assertEquals("11 packets over 2 uplinks from 2 flows (0 taken as retransmissions); round robin or packet"
                + " spraying, the looser bound of co-prime", f.detail());
        assertTrue(bad.note().endsWith("the counts fit best: flow hashing"), bad.note());
    }

    /** A port's packets given on several lines add up: 5 + 6 on port 0 is the same as 11. */
    @Test
    void countsOfOnePortOnSeveralLinesAreSummed() {
        CheckOutcome split = check(LoadBalancingScheme.PRIME, "leaf0", 0, 5, "leaf0", 1, 0, "leaf0", 0, 6);
        assertEquals(1, split.failures().size());
        assertEquals(11, split.failures().get(0).measured());
        assertEquals(10.0, split.failures().get(0).bound());
        assertEquals(2, split.checked(), "one switch of two ports, however many lines");
    }

    /** Packet spraying (RPS, AR): the busiest port exactly at the binomial percentile passes, one more fails. */
    @Test
    void packetSprayingBoundIsTheBinomialPercentileOfTheBusierPort() {
        for (LoadBalancingScheme s : new LoadBalancingScheme[] {LoadBalancingScheme.RPS, LoadBalancingScheme.AR}) {
            for (int n : new int[] {11, 30, 64}) {
                Workload w = leaf0Sends(n);
                int q = twoBinQuantile(n, 0.999);
                CheckOutcome at = check(w, s, "leaf0", 0, q, "leaf0", 1, n - q);
                assertTrue(at.passed(), s + " n=" + n + " q=" + q + " " + at.failures());
                CheckOutcome over = check(w, s, "leaf0", 0, n - q - 1, "leaf0", 1, q + 1);
                assertEquals(1, over.failures().size(), s + " n=" + n);
                assertEquals("leaf0 port 1", over.failures().get(0).subject());
                assertEquals(q, over.failures().get(0).bound(), 0.0);
                assertTrue(over.failures().get(0).detail().endsWith("packet spraying bound of " + s.cliName()));
            }
        }
    }

    /**
     * Packets beyond the flows' own are retransmissions, which may go anywhere: 16 counted where 11 are sent
     * gives every bound 5 more (spraying 10 + 5 = 15): 15 on one port passes, 16 fails.
     */
    @Test
    void retransmittedPacketsWidenEveryBoundByTheirNumber() {
        CheckOutcome at = check(LoadBalancingScheme.RPS, "leaf0", 0, 15, "leaf0", 1, 1);
        assertTrue(at.passed(), at.failures().toString());
        CheckOutcome over = check(LoadBalancingScheme.RPS, "leaf0", 0, 16, "leaf0", 1, 0);
        assertEquals(15.0, over.failures().get(0).bound());
        assertTrue(over.failures().get(0).detail().startsWith("16 packets over 2 uplinks from 2 flows (5 taken as"
                + " retransmissions);"), over.failures().get(0).detail());
    }

    /** Every packet of a flow crossing a switch upwards leaves it at least once: 10 counted where 11 are sent fails. */
    @Test
    void fewerPacketsThanTheFlowsSendUpIsFlagged() {
        CheckOutcome few = check(LoadBalancingScheme.PRIME, "leaf0", 0, 5, "leaf0", 1, 5);
        assertEquals(1, few.failures().size(), few.failures().toString());
        Finding f = few.failures().get(0);
        assertEquals("leaf0", f.subject());
        assertEquals(10, f.measured());
        assertEquals(11, f.bound());
        assertEquals("fewer packets up than the 2 flows crossing it upwards send (each leaves it at least once)",
                f.detail());
        assertTrue(few.note().endsWith("none of the three models (more skewed than per-flow hashing, or too few"
                + " packets)"), few.note());
    }

    /**
     * Flow hashing (ECMP, REPS): 12 one-packet flows up from leaf0 give 1 x q, q the percentile of the busier of
     * two bins after 12 balls; q passes, q + 1 fails. A leaf no flow leaves upwards has bound 0.
     */
    @Test
    void flowHashingBoundIsTheLargestFlowTimesTheFlowPercentile() {
        StringBuilder cm = new StringBuilder("Nodes 8\nConnections 12\n");
        for (int i = 0; i < 12; i++) {
            cm.append(i % 2).append("->").append(2 + i % 6).append(" id ").append(i + 1).append(" start 0 size 4096\n");
        }
        Workload twelve = CmReader.parse("h.cm", cm.toString(), TREE).workload();
        int q = twoBinQuantile(12, 0.999);
        assertEquals(11, q, "P(all 12 in one bin) = 2/4096 < 0.001");
        for (LoadBalancingScheme s : new LoadBalancingScheme[] {LoadBalancingScheme.ECMP, LoadBalancingScheme.REPS}) {
            CheckOutcome at = check(twelve, s, "leaf0", 0, q, "leaf0", 1, 12 - q);
            assertTrue(at.passed(), at.failures().toString());
            CheckOutcome over = check(twelve, s, "leaf0", 0, 12, "leaf0", 1, 0);
            assertEquals(1, over.failures().size(), s.toString());
            assertEquals((double) q, over.failures().get(0).bound());
            assertTrue(over.failures().get(0).detail().endsWith("flow hashing bound of " + s.cliName()));
            // round robin allows 12 / 2 + 12 = 18 for twelve flows of one packet: loose for many small flows
            assertTrue(over.note().endsWith("the counts fit best: round robin"), over.note());
        }
        // leaf1 carries one flow of 1 packet up: bound 1 x 1 = 1; leaf3 carries none: bound 0
        CheckOutcome idle = check(LoadBalancingScheme.ECMP, "leaf1", 0, 1, "leaf1", 1, 0, "leaf3", 0, 0, "leaf3", 1, 1);
        assertEquals(1, idle.failures().size(), idle.failures().toString());
        assertEquals("leaf3 port 1", idle.failures().get(0).subject());
        assertEquals(0.0, idle.failures().get(0).bound());
        assertEquals(4, idle.checked());
        assertTrue(idle.note().startsWith("2 switches, 4 ports against flow hashing (ecmp), at 99.95% per switch"),
                idle.note());
    }

    /**
     * The statistical bounds hold for all switches together: with S switches counted each is tested at
     * 1 - 0.001 / S. Leaf0's 11 packets on one port are beyond spraying's 99.9th percentile (10) but within its
     * 99.95th (11), so RPS fails them counted alone and passes them counted with leaf1.
     */
    @Test
    void theSprayingLevelIsFamilyWiseOverTheSwitchesCounted() {
        CheckOutcome alone = check(LoadBalancingScheme.RPS, "leaf0", 0, 11, "leaf0", 1, 0);
        assertEquals(1, alone.failures().size());
        assertEquals(10.0, alone.failures().get(0).bound());
        CheckOutcome two = check(LoadBalancingScheme.RPS, "leaf0", 0, 11, "leaf0", 1, 0, "leaf1", 0, 1);
        assertTrue(two.passed(), two.failures().toString());
    }

    /** The fit is over every switch: one switch beyond round robin moves the fit for all. */
    @Test
    void theFitIsTheTightestModelEverySwitchMeets() {
        CheckOutcome both = check(LoadBalancingScheme.PRIME, "leaf1", 0, 1, "leaf1", 1, 0, "leaf0", 0, 8, "leaf0", 1, 3);
        assertTrue(both.passed(), both.failures().toString());
        assertTrue(both.note().endsWith("packet spraying"), both.note());
        CheckOutcome fine = check(LoadBalancingScheme.PRIME, "leaf1", 0, 1, "leaf1", 1, 0, "leaf0", 0, 6, "leaf0", 1, 5);
        assertTrue(fine.note().endsWith("round robin"), fine.note());
    }

    /**
     * In a 3-tier k = 4 tree an aggregation switch counts only the flows that leave its pod (up-hops >= 2):
     * agg0.0 with one cross-pod flow of 10 packets and an in-pod one must carry at least 10, not 20.
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
        CheckOutcome at = PortBalance.check(fabric, Faults.none(three), w, List.of(new PortCount("agg0.0", 0, 6, "a"),
                new PortCount("agg0.0", 1, 4, "b")), LoadBalancingScheme.PRIME);
        assertTrue(at.passed(), at.failures().toString());
        assertTrue(at.note().endsWith("round robin"), "10 / 2 + 1 = 6: " + at.note());
        // the pod's flows leave through either of its two aggregation switches: only both together must carry them
        CheckOutcome one = PortBalance.check(fabric, Faults.none(three), w, List.of(new PortCount("agg0.0", 0, 5, "a"),
                new PortCount("agg0.0", 1, 4, "b")), LoadBalancingScheme.PRIME);
        assertTrue(one.passed(), one.failures().toString());
        CheckOutcome few = PortBalance.check(fabric, Faults.none(three), w, List.of(new PortCount("agg0.0", 0, 5, "a"),
                new PortCount("agg0.0", 1, 4, "b"), new PortCount("agg0.1", 0, 0, "c"), new PortCount("agg0.1", 1, 0,
                "d")), LoadBalancingScheme.PRIME);
        assertEquals(1, few.failures().size(), few.failures().toString());
        assertEquals("agg0.0..agg0.1", few.failures().get(0).subject());
        assertEquals(10.0, few.failures().get(0).bound());
        assertEquals("fewer packets up than the 1 flows crossing them upwards send (each leaves one of them at least"
                + " once)", few.failures().get(0).detail());
    }

    /**
     * Beyond the exact calculator's range the spraying quantile comes from Bernstein's inequality with a union
     * bound: never below the exact one (no false alarm), and close to it: one ball past the range on 8 bins it
     * is within 2% of the exact quantile at the range's end.
     */
    @Test
    void theSprayingQuantileBeyondTheExactRangeIsAConservativeBound() {
        int max = PortBalance.EXACT_BALLS;
        double exact = PortBalance.busiestBin(max, 8, 0.999);
        double bernstein = PortBalance.busiestBin(max + 1L, 8, 0.999);
        assertTrue(bernstein >= exact, bernstein + " < " + exact);
        assertTrue(bernstein <= exact * 1.02, bernstein + " vs " + exact);
        assertEquals(10_000_000_000L, PortBalance.busiestBin(10_000_000_000L, 1, 0.999), "one bin holds every ball");
    }

    /** Counts whose sum a long cannot hold are refused naming the line, not wrapped around. */
    @Test
    void countsThatOverflowAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> check(LoadBalancingScheme.PRIME, "leaf0", 0, Long.MAX_VALUE, "leaf0", 1, 1));
        assertEquals("results: r.csv:3: the packets of leaf0 add up beyond " + Long.MAX_VALUE
                + " (expected packet counts)", e.getMessage());
    }

    /**
     * Review 42: a pod's retransmissions may leave through any of its aggregation switches. One RPS flow of 40
     * packets leaves pod 0 of a 3-tier k = 4 tree, and its two aggregation switches count 48 together: 8 are
     * resends, so agg0.0's spraying bound is the quantile after 40 balls (at 1 - 0.001/2, two switches) plus 8.
     */
    @Test
    void aPodsRetransmissionsWidenItsAggregationSwitchesBounds() {
        FatTree three = FatTree.threeTier(4);
        Workload w = CmReader.parse("r3.cm", "Nodes 16\nConnections 1\n0->8 id 1 start 0 size " + 40 * 4096 + "\n",
                three).workload();
        FabricParameters fabric = FabricParameters.paperDefaults(three);
        int q = twoBinQuantile(40, 1 - 0.001 / 2);
        CheckOutcome at = PortBalance.check(fabric, Faults.none(three), w, List.of(new PortCount("agg0.0", 0, q + 8, "a"),
                new PortCount("agg0.0", 1, 40 - q, "b"), new PortCount("agg0.1", 0, 0, "c"),
                new PortCount("agg0.1", 1, 0, "d")), LoadBalancingScheme.RPS);
        assertTrue(at.passed(), at.failures().toString());
        CheckOutcome over = PortBalance.check(fabric, Faults.none(three), w, List.of(new PortCount("agg0.0", 0, q + 9,
                "a"), new PortCount("agg0.0", 1, 39 - q, "b"), new PortCount("agg0.1", 0, 0, "c"),
                new PortCount("agg0.1", 1, 0, "d")), LoadBalancingScheme.RPS);
        assertEquals(1, over.failures().size(), over.failures().toString());
        assertEquals(q + 8.0, over.failures().get(0).bound());
        assertTrue(over.failures().get(0).detail().startsWith("48 packets over 2 uplinks from 1 flows (8 taken as"
                + " retransmissions);"), over.failures().get(0).detail());
    }

    @Test
    void noCountsMeansTheCheckDoesNotApply() {
        CheckOutcome o = PortBalance.check(FABRIC, HEALTHY, W, List.of(), LoadBalancingScheme.PRIME);
        assertTrue(o.passed());
        assertEquals(0, o.checked());
        assertEquals(Check.PORT_BALANCE, o.check());
        assertEquals("no per-port counts given", o.note());
    }

    /**
     * With a failed or degraded link no model applies (review 40: PRIME steering off a failed uplink put leaf0's
     * port 0 at 606 packets against a round-robin 514): the counts are read, and not checked.
     */
    @Test
    void faultsMakeTheCheckNotApply() {
        Faults failed = Faults.builder(TREE).fail("leaf0-spine1", 0).build();
        CheckOutcome o = PortBalance.check(FABRIC, failed, W, counts("leaf0", 0, 11, "leaf0", 1, 0),
                LoadBalancingScheme.PRIME);
        assertTrue(o.passed());
        assertEquals(0, o.checked());
        assertTrue(o.note().startsWith("the fabric has failed or degraded links ("), o.note());
        assertThrows(IllegalArgumentException.class, () -> PortBalance.check(FABRIC, failed, W,
                counts("leaf9", 0, 1), LoadBalancingScheme.PRIME), "bad counts are refused all the same");
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
    void eachSchemeIsHeldToItsDocumentedModels() {
        assertEquals(List.of(PortBalance.Model.ROUND_ROBIN, PortBalance.Model.PACKET_SPRAYING),
                PortBalance.heldTo(LoadBalancingScheme.PRIME));
        assertEquals(PortBalance.heldTo(LoadBalancingScheme.PRIME), PortBalance.heldTo(LoadBalancingScheme.CO_PRIME));
        assertEquals(List.of(PortBalance.Model.PACKET_SPRAYING), PortBalance.heldTo(LoadBalancingScheme.RPS));
        assertEquals(List.of(PortBalance.Model.PACKET_SPRAYING), PortBalance.heldTo(LoadBalancingScheme.AR));
        assertEquals(List.of(PortBalance.Model.FLOW_HASHING), PortBalance.heldTo(LoadBalancingScheme.REPS));
        assertEquals(List.of(PortBalance.Model.FLOW_HASHING), PortBalance.heldTo(LoadBalancingScheme.ECMP));
        // RPS over fewer EVs than the full space (htsim's 64): each EV hashed to a port once, so whole flows
        assertEquals(List.of(PortBalance.Model.FLOW_HASHING), PortBalance.heldTo(LoadBalancingScheme.RPS, 64));
        assertEquals(List.of(PortBalance.Model.PACKET_SPRAYING), PortBalance.heldTo(LoadBalancingScheme.RPS, 1 << 16));
        CheckOutcome over = PortBalance.check(FABRIC, HEALTHY, leaf0Sends(30), counts("leaf0", 0, 29, "leaf0", 1, 1),
                LoadBalancingScheme.RPS, 64);
        assertTrue(over.passed(), "29 of 30 on one port: beyond spraying, within hashing: " + over.failures());
        assertEquals(1, PortBalance.check(FABRIC, HEALTHY, leaf0Sends(30), counts("leaf0", 0, 29, "leaf0", 1, 1),
                LoadBalancingScheme.RPS).failures().size());
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
        assertTrue(Check.PORT_BALANCE.bound().contains("99.9% over all switches"));
    }
}
