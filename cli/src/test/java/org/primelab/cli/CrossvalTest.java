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

    @Test
    void commandPrintsEveryScenarioOfTheSuite() {
        assertEquals(24, Crossval.suite().size());
        assertEquals(Crossval.suite().size(), Crossval.suite().stream().distinct().count());
    }
}
