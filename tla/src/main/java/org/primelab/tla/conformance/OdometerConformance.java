package org.primelab.tla.conformance;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongFunction;
import org.primelab.core.entropy.MultiPartGenerator;
import org.primelab.core.topology.EvLayout;

/**
 * Holds a multi-part generator (core's {@code PrimeOdometerGenerator}, paper Alg. 2) to
 * {@code Odometer.tla} / {@code PrimeEntropy.tla}: every value it produces must be {@code Value(g)} of a
 * generator state {@code g} the spec can be in after the values seen so far, and the spec then moves
 * by {@code Advance(g)}. The permutations are hidden in the generator, so the checker tracks the set of
 * consistent spec states (exact subset simulation) and rejects the first value no state allows.
 */
public final class OdometerConformance {

    /**
     * The outcome of a run.
     *
     * @param l1 ports of part 1
     * @param l2 ports of part 2 (1: a single-part layout)
     * @param traces sequences played
     * @param values values checked in all
     * @param maxBelief the largest set of consistent generator states met
     * @param failure null if every value conformed, else the first that did not
     */
    public record Report(int l1, int l2, int traces, long values, int maxBelief, String failure) {
        /** True if every value of every sequence conformed. */
        public boolean conforms() {
            return failure == null;
        }
    }

    private OdometerConformance() {
    }

    /** The layout matching the spec's {@code L1, L2} ({@code L2 = 1}: one part). */
    public static EvLayout layout(int l1, int l2) {
        return l2 == 1 ? EvLayout.of(l1) : EvLayout.of(l1, l2);
    }

    /** Checks {@code traces} generators from {@code generators} (seeded {@code seed + i}) for {@code length} values each. */
    public static Report check(int l1, int l2, LongFunction<MultiPartGenerator> generators, long seed, int traces,
            int length) {
        OdometerModel spec = new OdometerModel(l1, l2);
        EvLayout layout = layout(l1, l2);
        long values = 0;
        int maxBelief = 0;
        for (int i = 0; i < traces; i++) {
            MultiPartGenerator gen = generators.apply(seed + i);
            if (!gen.layout().equals(layout)) {
                throw new IllegalArgumentException("generators: layout " + gen.layout() + ", expected " + layout);
            }
            Set<OdometerModel.Gen> belief = new LinkedHashSet<>(spec.initial());
            List<Integer> seen = new ArrayList<>();
            for (int k = 0; k < length; k++) {
                values++;
                int path = layout.pathIndex(gen.next());
                seen.add(path);
                Set<OdometerModel.Gen> next = new LinkedHashSet<>();
                for (OdometerModel.Gen g : belief) {
                    if (spec.value(g) == path) {
                        next.addAll(spec.advance(g));
                    }
                }
                if (next.isEmpty()) {
                    String recent = seen.subList(Math.max(0, seen.size() - 2 * l1 * l2), seen.size()).toString();
                    return new Report(l1, l2, i + 1, values, maxBelief, "seed " + (seed + i) + ", value " + k
                            + ": path " + path + " is not a step of the odometer (recent paths " + recent + ")");
                }
                belief = next;
                maxBelief = Math.max(maxBelief, belief.size());
            }
        }
        return new Report(l1, l2, traces, values, maxBelief, null);
    }
}
