package org.primelab.cli;

import java.util.function.Supplier;
import org.primelab.core.resources.ResourceGuard;
import org.primelab.core.topology.FatTree;

/**
 * Input checks shared by the commands, so that every refusal is one line starting with the option's
 * name (without its dashes, e.g. {@code rate: ...}; the CLI prefixes {@code prime: }) and comes before
 * any work starts.
 */
final class Checks {
    private Checks() {
    }

    /** {@code value} in {@code [min, max]}, else {@code option: must be in [min, max], got value}. */
    static int range(String option, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(option + ": must be in [" + min + ", " + max + "], got " + value);
        }
        return value;
    }

    /** A finite {@code value} in {@code [min, max]} (NaN and infinities refused). */
    static double range(String option, double value, double min, double max) {
        if (!(value >= min && value <= max)) {
            throw new IllegalArgumentException(option + ": must be a number in [" + min + ", " + max + "], got " + value);
        }
        return value;
    }

    /**
     * Runs {@code check} and labels a refusal with {@code option}: a message that does not start with
     * {@code option:} (e.g. the topology's {@code node: unknown name ...}) becomes {@code option: node: ...}.
     */
    static <T> T as(String option, Supplier<T> check) {
        try {
            return check.get();
        } catch (IllegalArgumentException e) {
            String m = String.valueOf(e.getMessage());
            throw m.startsWith(option + ":") ? e : new IllegalArgumentException(option + ": " + m, e);
        }
    }

    /** The dimensions of the tree {@code --tiers}/{@code --k} would build, without building it. */
    static FatTree.Dimensions dimensions(int tiers, int k) {
        return FatTree.builder(tiers, k).dimensions();
    }

    /** {@link ResourceGuard#require(ResourceGuard.Estimate, boolean)}: refuses what cannot fit or finish. */
    static void fits(ResourceGuard.Estimate e, boolean force) {
        ResourceGuard.require(e, force);
    }
}
