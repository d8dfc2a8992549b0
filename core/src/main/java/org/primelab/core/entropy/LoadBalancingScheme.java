package org.primelab.core.entropy;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.primelab.core.history.CongestionHistory;
import org.primelab.core.random.Seeds;
import org.primelab.core.topology.EvLayout;

/**
 * The load-balancing schemes compared in the paper (§"Evaluation", "Algorithms") plus ECMP and RPS:
 * each names its per-flow {@link EntropyGenerator} and the {@link Forwarding} rule switches apply. This
 * is the one place a simulator turns a scheme name into behaviour.
 */
public enum LoadBalancingScheme {
    /** One path per flow, hashed. */
    ECMP("ecmp", Forwarding.HASH),
    /** Oblivious random packet spraying. */
    RPS("rps", Forwarding.HASH),
    /** Recycled entropy packet spraying. */
    REPS("reps", Forwarding.HASH),
    /** PRIME: shuffled round-robin multi-part EVs with congestion history (Alg. 1 + Alg. 2). */
    PRIME("prime", Forwarding.PORT_INDEX),
    /** CO-PRIME: PRIME's generator without the history. */
    CO_PRIME("co-prime", Forwarding.PORT_INDEX),
    /** Switch-local adaptive routing; hosts send EV 0. */
    AR("ar", Forwarding.ADAPTIVE);

    private final String cliName;
    private final Forwarding forwarding;

    LoadBalancingScheme(String cliName, Forwarding forwarding) {
        this.cliName = cliName;
        this.forwarding = forwarding;
    }

    /** The command-line name, e.g. {@code co-prime}. */
    public String cliName() {
        return cliName;
    }

    /** How switches forward this scheme's packets. */
    public Forwarding forwarding() {
        return forwarding;
    }

    /** Parses a command-line name (case-insensitive); the error lists the accepted names. */
    public static LoadBalancingScheme parse(String name) {
        String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        for (LoadBalancingScheme s : values()) {
            if (s.cliName.equals(n) || s.name().toLowerCase(Locale.ROOT).equals(n)) {
                return s;
            }
        }
        throw new IllegalArgumentException("lb: unknown scheme '" + name + "'; accepted: " + names());
    }

    /** The accepted names, comma separated. */
    public static String names() {
        return Arrays.stream(values()).map(LoadBalancingScheme::cliName).collect(Collectors.joining(", "));
    }

    /**
     * A new generator for one flow.
     *
     * @param layout the fabric's multi-part EV layout (PRIME, CO-PRIME)
     * @param config scheme parameters
     * @param masterSeed the run's master seed
     * @param srcHost the sending host (PRIME's shuffles are seeded per host, Alg. 2)
     * @param flowId a run-unique flow id
     */
    public EntropyGenerator newGenerator(EvLayout layout, EntropyConfig config, long masterSeed, int srcHost,
                                         long flowId) {
        SplittableRandom random = new SplittableRandom(Seeds.derive(masterSeed, Seeds.FLOW_ENTROPY, srcHost, flowId));
        return switch (this) {
            case ECMP -> new EcmpGenerator((int) Long.remainderUnsigned(
                    Seeds.derive(masterSeed, Seeds.FLOW_ENTROPY, srcHost, flowId, 5), config.evSpace()));
            case RPS -> config.sprayOrder() == SprayOrder.CYCLE ? new CyclingSprayGenerator(config.evSpace(), random)
                    : new RandomSprayGenerator(config.evSpace(), random);
            case REPS -> new RepsGenerator(config.evSpace(), config.repsExitFreezePs(), config.repsExplore(), random);
            case PRIME -> new PrimeEntropyGenerator(multiPart(layout, config, masterSeed, srcHost, flowId),
                    new CongestionHistory(layout.pathCount(), config.history()));
            case CO_PRIME -> new PrimeEntropyGenerator(multiPart(layout, config, masterSeed, srcHost, flowId), null);
            case AR -> new EcmpGenerator(0);
        };
    }

    private static MultiPartGenerator multiPart(EvLayout layout, EntropyConfig config, long masterSeed, int srcHost,
                                                long flowId) {
        return primeMultiPart(layout, config.variant(), masterSeed, srcHost, flowId);
    }

    /**
     * PRIME's Alg. 2 generator for one flow, without history, seeded from the master seed, the sending
     * host and the flow: the generator PRIME and CO-PRIME use, exposed for analysis ({@code prime ev}).
     */
    public static MultiPartGenerator primeMultiPart(EvLayout layout, PrimeVariant variant, long masterSeed,
                                                    int srcHost, long flowId) {
        SplittableRandom shuffles = new SplittableRandom(Seeds.derive(masterSeed, Seeds.HOST_SHUFFLE, srcHost, flowId));
        return variant == PrimeVariant.ODOMETER
                ? new PrimeOdometerGenerator(layout, shuffles)
                : new PrimeRandomPartGenerator(layout, shuffles);
    }
}
