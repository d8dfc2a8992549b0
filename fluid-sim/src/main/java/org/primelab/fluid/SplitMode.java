package org.primelab.fluid;

import org.primelab.core.option.CliNamed;

/**
 * How a flow's fluid is divided over its paths in each integration step (docs/design.md, "The fluid
 * simulator": load balancers become split rules).
 *
 * <ul>
 *   <li>{@link #EXPECTED}: the scheme's expected split, as fractions of every step's bytes — ECMP one
 *       hashed path; CO-PRIME, RPS, REPS uniform over the live paths; PRIME uniform over the live paths
 *       whose penalty is clear (AR has no fractional form and stays per quantum, see
 *       {@link AdaptiveSplit}). Spraying schemes then load every link of a symmetric fabric with exactly
 *       its fair share, so queues never form: the classical fluid limit. Integrated by the fine-step
 *       engine (Euler steps of at most one MTU serialization over every link), a reference, not fast.</li>
 *   <li>{@link #PACKET}: the same fluid (rates, windows, queues and marking stay continuous) is
 *       released onto paths in packet-sized quanta, each quantum's path chosen by the scheme's own
 *       core generator ({@link org.primelab.core.entropy.LoadBalancingScheme#newGenerator}) and the
 *       switches' own hash salts: the expectation is the same as {@link #EXPECTED}, and the short-term
 *       imbalance is exactly the one the scheme produces (PRIME's shuffled round robin deviates by less
 *       than 2 packets per port over any window, random spraying is multinomial). This imbalance is what
 *       makes queues, and hence the gap between the ideal and the packet simulator; it is the default.
 *       Integrated by the quantum engine: queues advanced exactly at every quantum's arrival, flows
 *       clocked with a coarse step ({@link FluidSimulator}).</li>
 * </ul>
 */
public enum SplitMode implements CliNamed {
    /** Fractional expected splits (classical fluid limit). */
    EXPECTED("expected"),
    /** Packet-quantum splits drawn from the scheme's own generator (default). */
    PACKET("packet");

    private final String cliName;

    SplitMode(String cliName) {
        this.cliName = cliName;
    }

    /** Command-line name. */
    @Override
    public String cliName() {
        return cliName;
    }

    /** Parses a command-line name; the error lists what is accepted. */
    public static SplitMode parse(String s) {
        return CliNamed.parse(SplitMode.class, "split", s);
    }
}
