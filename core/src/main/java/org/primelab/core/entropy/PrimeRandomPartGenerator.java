package org.primelab.core.entropy;

import java.util.SplittableRandom;
import org.primelab.core.topology.EvLayout;

/**
 * The variant of PRIME's Alg. 2 exactly as its pseudo-code is printed: on each packet a random part
 * index is drawn ("rand = GenRand(0,100); index = part corresponding to rand"), only that part's counter
 * advances (reshuffling on wrap), and the EV is assembled from every part's current entry.
 *
 * <p>With one part (a 2-tier tree) it is the same shuffled round robin as
 * {@link PrimeOdometerGenerator}. With two parts it keeps each part's own order a shuffled round robin
 * but gives up the odometer's exact pair coverage per aligned block; it exists to measure that
 * difference.
 */
public final class PrimeRandomPartGenerator implements MultiPartGenerator {
    private final EvLayout layout;
    private final ShuffledPorts[] parts;
    private final int[] offsets;
    private final SplittableRandom random;

    /** A generator for {@code layout}; the part choice and the shuffles draw from {@code random}. */
    public PrimeRandomPartGenerator(EvLayout layout, SplittableRandom random) {
        this.layout = layout;
        this.random = random;
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
        int index = parts.length == 1 ? 0 : random.nextInt(parts.length);
        parts[index].advance();
        return ev;
    }

    @Override
    public EvLayout layout() {
        return layout;
    }
}
