package org.primelab.core.entropy;

import java.util.SplittableRandom;
import org.primelab.core.topology.EvLayout;

/**
 * PRIME's multi-part EV generator, the paper's "dependent implementation" of Alg. 2 (§"Design
 * Elements", "Generating MEV"): one shuffled round-robin array per part; the part-1 counter advances on
 * every packet and the counter of part {@code i+1} advances only when part {@code i} wraps, like an
 * odometer. Each wrap reshuffles the wrapping part (Fisher–Yates).
 *
 * <p>Reading beside Alg. 2: the array per part is {@link ShuffledPorts}; "value = EntropyArray[counter]"
 * is {@code parts[i].current()}; lines "if counter == len: shuffle; counter = 0" are
 * {@link ShuffledPorts#advance()}. Alg. 2 as printed increments the counter before reading it; this
 * class reads first and then advances, so the first packet uses the first entry of the first shuffle.
 *
 * <p><b>Guarantees</b> (tested): every aligned block of {@code L1·L2} packets covers each
 * (part 1, part 2) pair exactly once; in any window of {@code w} packets the count of each part-1 port
 * is within 2 of {@code w/L1} (shuffled round robin); at each tier-2 switch (a fixed part-1 value) the
 * part-2 values again form a shuffled round robin.
 */
public final class PrimeOdometerGenerator implements MultiPartGenerator {
    private final EvLayout layout;
    private final ShuffledPorts[] parts;
    private final int[] offsets;

    /** A generator for {@code layout} whose shuffles draw from {@code random}. */
    public PrimeOdometerGenerator(EvLayout layout, SplittableRandom random) {
        this.layout = layout;
        this.parts = new ShuffledPorts[layout.parts()];
        this.offsets = new int[layout.parts()];
        for (int i = 0; i < parts.length; i++) {
            parts[i] = new ShuffledPorts(layout.uplinks(i), random);
            offsets[i] = layout.offset(i);
        }
    }

    @Override
    public int next() {
        int ev = 0;
        for (int i = 0; i < parts.length; i++) {
            ev |= parts[i].current() << offsets[i];
        }
        // Odometer: part i+1 moves only when part i wraps.
        for (int i = 0; i < parts.length && parts[i].advance(); i++) {
            // carry into the next part
        }
        return ev;
    }

    @Override
    public EvLayout layout() {
        return layout;
    }
}
