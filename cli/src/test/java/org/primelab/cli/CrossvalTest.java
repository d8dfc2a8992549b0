package org.primelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.units.Units;

/**
 * A subset of the cross-validation suite (the full suite is {@code prime crossval}): one 2-tier and one
 * 3-tier scenario, both rates, the three schemes, 2 MB flows, and one 8 MB case where fast-forward leaps
 * over a third of the fluid run or more (about 20 s on 2 cores).
 */
class CrossvalTest {
    private static final long SEED = 1;

    static List<Crossval.Row> rows() {
        return List.of(
                Crossval.run(new Crossval.Scenario(2, 16, 100 * Units.GBPS, 2_000_000, LoadBalancingScheme.CO_PRIME), SEED, true),
                Crossval.run(new Crossval.Scenario(2, 16, 100 * Units.GBPS, 2_000_000, LoadBalancingScheme.PRIME), SEED, true),
                Crossval.run(new Crossval.Scenario(2, 16, 100 * Units.GBPS, 2_000_000, LoadBalancingScheme.ECMP), SEED, true),
                Crossval.run(new Crossval.Scenario(3, 8, 400 * Units.GBPS, 2_000_000, LoadBalancingScheme.CO_PRIME), SEED, true),
                Crossval.run(new Crossval.Scenario(3, 8, 100 * Units.GBPS, 2_000_000, LoadBalancingScheme.PRIME), SEED, true),
                // long flows: most of the fluid run is leapt by fast-forward
                Crossval.run(new Crossval.Scenario(3, 8, 400 * Units.GBPS, 8_000_000, LoadBalancingScheme.PRIME), SEED, true));
    }

    @Test
    void fluidAgreesWithPacketAndNeitherBeatsTheIdeal() {
        List<Crossval.Row> rows = rows();
        for (Crossval.Row r : rows) {
            String name = r.scenario().label();
            assertEquals(0, r.idealViolations(), name + ": a simulator beat the analytical ideal");
            assertTrue(r.packetMaxPs() >= r.idealPs() && r.fluidMaxPs() >= r.idealPs(), name);
            assertTrue(r.fairShareOverHost() <= 1 + 1e-9, name + ": fair share above one host's worth");
            if (r.scenario().spraying()) {
                assertTrue(Math.abs(r.relError()) <= Crossval.SPRAY_TOLERANCE, name + ": fluid " + r.fluidMaxPs()
                        + " vs packet " + r.packetMaxPs() + " (" + r.relError() + ")");
            }
            if (r.scenario().scheme() == LoadBalancingScheme.CO_PRIME) {
                assertTrue(r.packetExcessPerFlow() <= Crossval.BALANCE_SLACK_PACKETS, name + " packet excess "
                        + r.packetExcessPerFlow());
                assertTrue(r.fluidExcessPerFlow() <= Crossval.BALANCE_SLACK_PACKETS, name + " fluid excess "
                        + r.fluidExcessPerFlow());
            }
            if (r.scenario().scheme() == LoadBalancingScheme.ECMP) {
                // the balance check can fail: ECMP's hash collisions load links far above their fair share,
                // and both simulators see the same collisions (same hash, same salts)
                assertTrue(r.packetExcessPerFlow() > 10 * Crossval.BALANCE_SLACK_PACKETS, name);
                assertTrue(r.fluidExcessPerFlow() > 10 * Crossval.BALANCE_SLACK_PACKETS, name);
                assertTrue(r.fluidMaxPs() > 2 * r.idealPs(), name + ": collisions at least halve someone's rate");
            }
            assertTrue(r.ok(), name);
        }
        Crossval.Row longFlows = rows.get(rows.size() - 1);
        assertTrue(longFlows.fluidLeaptShare() > 0.3, "fast-forward leapt only " + longFlows.fluidLeaptShare());
    }

    /**
     * The flow-level model against the packet simulator on one small case: PRIME, 2-tier k=16, 400G, 8 MB.
     * Stated tolerance: the issue's spraying target, max and mean FCT within 5% (measured: -0.24% and -0.26%).
     */
    @Test
    void flowLevelModelAgreesWithPacketSimulatorWithinFivePercent() {
        Crossval.Row r = Crossval.run(new Crossval.Scenario(2, 16, 400 * Units.GBPS, 8_000_000,
                LoadBalancingScheme.PRIME), SEED, true, "flow");
        assertEquals("flow", r.engine().engine());
        assertEquals(0, r.idealViolations());
        assertTrue(Math.abs(r.relError()) <= Crossval.SPRAY_TARGET, "max FCT error " + r.relError());
        assertTrue(Math.abs(r.meanRelError()) <= Crossval.SPRAY_TARGET, "mean FCT error " + r.meanRelError());
    }

    @Test
    void flowLevelModelAgreesWithPacketSimulatorUnderALinkFailureWithinTenPercent() {
        // the black hole, the timeouts (one or two), the resend from the minimum window: 128 hosts, both schemes
        for (LoadBalancingScheme scheme : new LoadBalancingScheme[] {LoadBalancingScheme.ECMP,
                LoadBalancingScheme.PRIME}) {
            Crossval.Scenario s = new Crossval.Scenario(2, 16, 400 * Units.GBPS, 2_000_000, scheme, "permutation", 0,
                    0, "100G", "leaf0-spine3@0ns");
            Crossval.Row r = Crossval.run(s, SEED, true, "auto");
            assertEquals("flow", r.engine().engine(), s.label());
            assertEquals(0, r.idealViolations(), s.label());
            assertTrue(Math.abs(r.relError()) <= Crossval.ECMP_AND_FAILURE_TARGET, s.label() + " max " + r.relError());
            assertTrue(Math.abs(r.meanRelError()) <= Crossval.ECMP_AND_FAILURE_TARGET,
                    s.label() + " mean " + r.meanRelError());
        }
    }

    @Test
    void scaleSuiteHasTheIssuesCasesAndEveryOneFitsTheGuard() {
        List<Crossval.Scenario> scale = Crossval.suite("scale");
        assertTrue(scale.stream().anyMatch(s -> s.hosts() == 8192 && s.degradeFraction() == 0.25));
        assertTrue(scale.stream().anyMatch(s -> s.hosts() == 1024 && s.tiers() == 3));
        assertTrue(scale.stream().anyMatch(Crossval.Scenario::failure));
        assertTrue(scale.stream().anyMatch(s -> s.traffic().equals("allreduce")));
        for (long rate : new long[] {100, 400, 800}) {
            for (long size : new long[] {2_000_000, 8_000_000}) {
                assertTrue(scale.stream().anyMatch(s -> s.hosts() == 2048 && s.rateBps() == rate * Units.GBPS
                        && s.flowBytes() == size), rate + "G " + size);
            }
        }
        for (Crossval.Scenario s : scale) {
            s.checkFits();
            assertEquals(s.hosts() >= 2048 ? 100 : 20, s.speedTarget(), s.label());
            assertEquals(s.spraying() && !s.failure() ? 0.05 : 0.10, s.errorTarget(), s.label());
        }
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> Crossval.suite("huge"));
        assertTrue(e.getMessage().startsWith("suite: "));
        // a scenario that cannot fit is refused before any work, in one line naming the option
        Crossval.Scenario tooBig = new Crossval.Scenario(3, 128, 100 * Units.GBPS, 1_000_000_000_000L,
                LoadBalancingScheme.PRIME);
        IllegalArgumentException big = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                tooBig::checkFits);
        assertTrue(big.getMessage().matches("^(k|flow-size): .*") && !big.getMessage().contains("\n"), big.getMessage());
    }

    @Test
    void commandPrintsEveryScenarioOfTheSuite() {
        assertEquals(24, Crossval.suite().size());
        assertEquals(Crossval.suite().size(), Crossval.suite().stream().distinct().count());
    }
}
