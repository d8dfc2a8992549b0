package org.primelab.core.entropy;

import org.primelab.core.topology.EvLayout;

/**
 * A generator of multi-part EVs without feedback: the "MEV.generate()" of the paper's Alg. 1,
 * implemented by Alg. 2 ({@link PrimeOdometerGenerator}, {@link PrimeRandomPartGenerator}).
 * Each call returns the next packed value in the layout's bit format.
 */
public interface MultiPartGenerator {

    /** The next packed multi-part EV. */
    int next();

    /** The layout of the values this generator produces. */
    EvLayout layout();
}
