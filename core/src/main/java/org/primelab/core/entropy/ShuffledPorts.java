package org.primelab.core.entropy;

import java.util.SplittableRandom;

/**
 * One part of PRIME's entropy (paper Alg. 2, line "EntropyArray = [[Shuffled port numbers]]"): an
 * array holding a permutation of the uplink port indices {@code 0..L-1} and a counter that walks it
 * round robin. When the counter wraps, the array is reshuffled in place with Fisher–Yates (Alg. 2,
 * "shuffle values after each iteration"; Knuth, TAOCP vol. 2, Algorithm P), so consecutive cycles use
 * independent random orders. Package-private building block of the two Alg. 2 variants.
 */
final class ShuffledPorts {
    private final int[] ports;
    private final SplittableRandom random;
    private int counter;

    ShuffledPorts(int size, SplittableRandom random) {
        this.ports = new int[size];
        this.random = random;
        for (int i = 0; i < size; i++) {
            ports[i] = i;
        }
        shuffle();
    }

    /** The port under the counter. */
    int current() {
        return ports[counter];
    }

    /** Moves the counter one step; returns true if it wrapped (and the array was reshuffled). */
    boolean advance() {
        if (++counter == ports.length) {
            shuffle();
            counter = 0;
            return true;
        }
        return false;
    }

    int size() {
        return ports.length;
    }

    private void shuffle() {
        for (int i = ports.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = ports[i];
            ports[i] = ports[j];
            ports[j] = t;
        }
    }
}
