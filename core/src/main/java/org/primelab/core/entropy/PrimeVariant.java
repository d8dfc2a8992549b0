package org.primelab.core.entropy;

/** Which reading of the paper's Alg. 2 advances PRIME's parts. */
public enum PrimeVariant {
    /** The "dependent implementation": part i+1 advances when part i wraps (default). */
    ODOMETER,
    /** The printed pseudo-code: a random part advances on each packet. */
    RANDOM_PART
}
