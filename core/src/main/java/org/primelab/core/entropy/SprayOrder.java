package org.primelab.core.entropy;

import org.primelab.core.option.CliNamed;

/**
 * The order in which random packet spraying (RPS) uses its flow's EVs.
 *
 * <ul>
 *   <li>{@link #RANDOM}: a fresh uniformly random EV for every packet ({@link RandomSprayGenerator}), the
 *       balls-into-bins spraying the paper's "RPS" and the analytical module's bounds assume.</li>
 *   <li>{@link #CYCLE}: every EV of the flow's space once per cycle, in an order redrawn at random for each
 *       cycle ({@link CyclingSprayGenerator}). This is what htsim's "oblivious" spraying does (the UEC's
 *       {@code htsim_uec -load_balancing_algo oblivious}: a counter over its {@code -paths} EVs, XORed with a
 *       mask redrawn at the start of each cycle). With a space far larger than a flow's packets the two are
 *       alike; with a small space (htsim's default is 64) a cycle sends exactly as many packets to each uplink
 *       as there are EVs hashing to it, where {@code RANDOM} adds a multinomial draw on top.</li>
 * </ul>
 */
public enum SprayOrder implements CliNamed {
    RANDOM("random"),
    CYCLE("cycle");

    private final String cliName;

    SprayOrder(String cliName) {
        this.cliName = cliName;
    }

    /** The name on the command line ({@code --spray-order}). */
    @Override
    public String cliName() {
        return cliName;
    }

    /**
     * The order named {@code name} (case-insensitive).
     *
     * @throws IllegalArgumentException "spray-order: unknown ..." naming the value and what is accepted
     */
    public static SprayOrder parse(String name) {
        return CliNamed.parse(SprayOrder.class, "spray-order", name);
    }
}
