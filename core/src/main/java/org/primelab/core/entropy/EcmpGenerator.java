package org.primelab.core.entropy;

/**
 * ECMP: one EV for the whole flow (the hash of its 5-tuple), so every packet follows one path
 * (docs/design.md, "Competitors"). Feedback is ignored.
 */
public final class EcmpGenerator implements EntropyGenerator {
    private final int ev;

    /** A flow whose every packet carries {@code ev}. */
    public EcmpGenerator(int ev) {
        this.ev = ev;
    }

    @Override
    public int next(long nowPs) {
        return ev;
    }
}
