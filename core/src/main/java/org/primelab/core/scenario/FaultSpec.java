package org.primelab.core.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.primelab.core.random.Seeds;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;

/**
 * The command-line grammar of faults, parsed in one place for every command that takes it
 * ({@code prime sim}, {@code prime fluid}, {@code prime bounds ideal-fct}):
 * <ul>
 *   <li>{@code --fail LINK@TIME} (repeatable): the link (a cable, both directions, or one direction;
 *       names from {@code prime topo}) fails at {@code TIME}; a bare {@code LINK} (from time 0) where the
 *       command allows it ({@link #toFaults}'s {@code bareLinkAllowed});</li>
 *   <li>{@code --fail-random N --fail-at TIME}: {@code N} switch-to-switch cables chosen with the master
 *       seed fail at {@code TIME};</li>
 *   <li>{@code --degrade LINK=RATE} (repeatable): the link runs at {@code RATE}, at most the fabric's
 *       link rate;</li>
 *   <li>{@code --degrade-fraction F --degrade-to RATE}: that fraction of the switch-to-switch cables,
 *       chosen with the master seed, run at {@code RATE}.</li>
 * </ul>
 * Every given value is validated even when it is not used (a {@code --fail-at} without
 * {@code --fail-random}, a {@code --degrade-to} without {@code --degrade-fraction}), before any work
 * starts; each error is one line starting with the option's name. The random choices use the streams
 * {@code Seeds.derive(seed, Seeds.FAULTS, 1)} (failures) and {@code (seed, FAULTS, 2)} (degradations),
 * so every command picks the same links for the same seed.
 *
 * @param fail {@code LINK@TIME} (or bare {@code LINK}) entries
 * @param failRandom how many random cables fail (0: none)
 * @param failAt when the random cables fail, e.g. {@code 20us}
 * @param degrade {@code LINK=RATE} entries
 * @param degradeFraction fraction of switch-to-switch cables degraded at random (0: none)
 * @param degradeTo the rate of the randomly degraded cables, e.g. {@code 100G}
 */
public record FaultSpec(List<String> fail, int failRandom, String failAt, List<String> degrade,
                        double degradeFraction, String degradeTo) {

    /** Copies the lists; null lists are empty. */
    public FaultSpec {
        fail = fail == null ? List.of() : List.copyOf(fail);
        degrade = degrade == null ? List.of() : List.copyOf(degrade);
    }

    /** No faults. */
    public static FaultSpec none() {
        return new FaultSpec(List.of(), 0, "0ns", List.of(), 0, "100G");
    }

    /**
     * The faults on {@code tree} whose healthy links run at {@code linkRateBps}.
     *
     * @param seed the master seed (random failures and degradations)
     * @param bareLinkAllowed whether {@code --fail LINK} without {@code @TIME} means "from time 0"
     */
    public Faults toFaults(FatTree tree, long linkRateBps, long seed, boolean bareLinkAllowed) {
        Checked checked = check(linkRateBps, bareLinkAllowed);
        Faults.Builder b = Faults.builder(tree);
        for (int i = 0; i < fail.size(); i++) {
            int j = i;
            named("fail", () -> b.fail(checked.failLinks.get(j), checked.failTimesPs.get(j)));
        }
        if (failRandom != 0) {
            named("fail-random", () -> b.failRandom(failRandom, Seeds.derive(seed, Seeds.FAULTS, 1), checked.failAtPs));
        }
        for (int i = 0; i < degrade.size(); i++) {
            int j = i;
            named("degrade", () -> b.degrade(checked.degradeLinks.get(j), checked.degradeRatesBps.get(j)));
        }
        if (degradeFraction != 0) {
            named("degrade-fraction", () -> b.degradeRandomFraction(degradeFraction, checked.degradeToBps,
                    Seeds.derive(seed, Seeds.FAULTS, 2)));
        }
        try {
            return b.build();
        } catch (IllegalArgumentException e) {
            // the builder names --fail-random itself when only random failures cut the fabric apart
            String m = String.valueOf(e.getMessage());
            throw m.startsWith("fail:") || m.startsWith("fail-random:") ? e : new IllegalArgumentException("fail: " + m, e);
        }
    }

    /**
     * Checks every value (not the link names, which need the tree) before any tree is built, and tells
     * whether some link fails after time 0 (a failure during the run, which needs the time-aware ideal).
     *
     * @throws IllegalArgumentException one line naming the option, as {@link #toFaults} would
     */
    public boolean failsDuringRun(long linkRateBps, boolean bareLinkAllowed) {
        Checked checked = check(linkRateBps, bareLinkAllowed);
        boolean during = failRandom != 0 && checked.failAtPs > 0;
        for (long t : checked.failTimesPs) {
            during |= t > 0;
        }
        return during;
    }

    /** The parsed values of a spec whose values have all been checked. */
    private record Checked(long failAtPs, long degradeToBps, List<String> failLinks, List<Long> failTimesPs,
                           List<String> degradeLinks, List<Long> degradeRatesBps) {
    }

    private Checked check(long linkRateBps, boolean bareLinkAllowed) {
        long failAtPs = relabel("fail-at", "time", () -> Units.parseTime(failAt));
        if (failAtPs < 0 || failAtPs > Faults.MAX_FAIL_TIME_PS) {
            throw new IllegalArgumentException("fail-at: must be in [0, " + Units.formatTime(Faults.MAX_FAIL_TIME_PS)
                    + "] (Faults.MAX_FAIL_TIME_PS), got " + Units.oneLine(failAt));
        }
        long degradeToBps = relabel("degrade-to", "rate", () -> Units.parseRate(degradeTo));
        if (degradeToBps <= 0) {
            throw new IllegalArgumentException("degrade-to: must be > 0, got " + degradeTo);
        }
        if (failRandom < 0) {
            throw new IllegalArgumentException("fail-random: must be >= 0, got " + failRandom);
        }
        if (!(degradeFraction >= 0 && degradeFraction <= 1)) {
            throw new IllegalArgumentException("degrade-fraction: must be in [0, 1], got " + degradeFraction);
        }
        List<String> failLinks = new ArrayList<>();
        List<Long> failTimes = new ArrayList<>();
        String failForm = bareLinkAllowed ? "LINK or LINK@TIME" : "LINK@TIME";
        for (String f : fail) {
            int at = f.lastIndexOf('@');
            if (at < 0 && bareLinkAllowed && !f.isBlank()) {
                failLinks.add(f.trim());
                failTimes.add(0L);
                continue;
            }
            if (at <= 0 || at == f.length() - 1) {
                throw new IllegalArgumentException("fail: expected " + failForm + " (e.g. leaf0-spine3@20us), got '"
                        + f + "'");
            }
            failLinks.add(f.substring(0, at));
            long time = relabel("fail", "time", () -> Units.parseTime(f.substring(at + 1)));
            if (time < 0 || time > Faults.MAX_FAIL_TIME_PS) {
                throw new IllegalArgumentException("fail: the time of '" + Units.oneLine(f) + "' must be in [0, "
                        + Units.formatTime(Faults.MAX_FAIL_TIME_PS) + "] (Faults.MAX_FAIL_TIME_PS)");
            }
            failTimes.add(time);
        }
        List<String> degradeLinks = new ArrayList<>();
        List<Long> degradeRates = new ArrayList<>();
        for (String d : degrade) {
            int eq = d.lastIndexOf('=');
            if (eq <= 0 || eq == d.length() - 1) {
                throw new IllegalArgumentException("degrade: expected LINK=RATE (e.g. leaf0-spine1=100G), got '" + d + "'");
            }
            long r = relabel("degrade", "rate", () -> Units.parseRate(d.substring(eq + 1)));
            if (r > linkRateBps) {
                throw new IllegalArgumentException("degrade: '" + d + "' is above the link rate "
                        + Units.formatRate(linkRateBps) + "; a degraded link runs at most at the link rate");
            }
            degradeLinks.add(d.substring(0, eq));
            degradeRates.add(r);
        }
        if (degradeFraction != 0 && degradeToBps > linkRateBps) {
            throw new IllegalArgumentException("degrade-to: " + degradeTo + " is above the link rate "
                    + Units.formatRate(linkRateBps) + "; a degraded link runs at most at the link rate");
        }
        return new Checked(failAtPs, degradeToBps, failLinks, failTimes, degradeLinks, degradeRates);
    }

    /** True if some link of {@code faults} fails after time 0 (a failure during the run). */
    public static boolean failsDuringRun(Faults faults) {
        for (int l : faults.failedLinks()) {
            if (faults.failTime(l) > 0) {
                return true;
            }
        }
        return false;
    }

    /** Runs {@code step}; an error it reports is reported under {@code option} (unless it already is). */
    private static <T> T named(String option, Supplier<T> step) {
        try {
            return step.get();
        } catch (IllegalArgumentException e) {
            String m = String.valueOf(e.getMessage());
            throw m.startsWith(option + ":") ? e : new IllegalArgumentException(option + ": " + m, e);
        }
    }

    /** Runs {@code parse}; an error it reports under {@code field} is reported under {@code option}. */
    private static long relabel(String option, String field, Supplier<Long> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            String m = e.getMessage() == null ? "" : e.getMessage();
            String rest = m.startsWith(field + ": ") ? m.substring(field.length() + 2) : m;
            throw new IllegalArgumentException(option + ": " + rest, e);
        }
    }
}
