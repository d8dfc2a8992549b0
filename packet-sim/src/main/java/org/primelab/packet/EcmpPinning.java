package org.primelab.packet;

import java.util.SplittableRandom;
import org.primelab.core.random.Seeds;

/**
 * The mixed-traffic experiment's choice of flows pinned to ECMP (paper §"Evaluation", mixed traffic):
 * {@code round(fraction * n)} flows, at least one when the fraction is positive, drawn without
 * replacement (a partial Fisher-Yates shuffle) from a stream derived from the master seed with
 * {@link Seeds#ECMP_PINNING}. Pinned flows are forwarded by ECMP and travel in their own traffic class.
 */
final class EcmpPinning {
    /** Traffic class of the flows that spray with the run's scheme. */
    static final int SPRAYED_CLASS = 0;
    /** Traffic class of the flows pinned to ECMP. */
    static final int ECMP_CLASS = 1;

    private EcmpPinning() {
    }

    /** Each of {@code n} flows' traffic class: {@link #ECMP_CLASS} for the pinned ones. */
    static int[] classes(int n, double fraction, long seed) {
        int[] cls = new int[n];
        if (fraction <= 0) {
            return cls;
        }
        int count = Math.max(1, (int) Math.round(fraction * n));
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        SplittableRandom r = new SplittableRandom(Seeds.derive(seed, Seeds.ECMP_PINNING));
        for (int i = 0; i < count; i++) {
            int j = i + r.nextInt(n - i);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
            cls[order[i]] = ECMP_CLASS;
        }
        return cls;
    }
}
