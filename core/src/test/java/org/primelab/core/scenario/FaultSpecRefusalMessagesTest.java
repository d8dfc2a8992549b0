package org.primelab.core.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.core.topology.FatTree;
import org.primelab.core.units.Units;

/**
 * The project's rule for bad input, applied to the fault options: a refused value gives exactly one line
 * that starts with the option's name (not the name of an internal field such as {@code time:},
 * {@code rate:} or {@code link:}), quotes the value and says what is accepted. The expected messages are
 * written out here from the grammar in {@link FaultSpec}'s javadoc and the accepted forms of
 * {@link Units#parseTime}/{@link Units#parseRate}, not copied from a run.
 */
class FaultSpecRefusalMessagesTest {
    private static final FatTree TREE = FatTree.twoTier(8);
    private static final long RATE = 400 * Units.GBPS;
    private static final String TIME_FORMS = "a number with a unit ps, ns, us (or \u00b5s), ms or s (e.g. 600ns, 1.5us)";
    private static final String RATE_FORMS = org.primelab.core.units.Units.RATE_FORMS;

    private static FaultSpec fail(String... entries) {
        return new FaultSpec(List.of(entries), 0, "0ns", List.of(), 0, "100G");
    }

    private static FaultSpec degrade(String... entries) {
        return new FaultSpec(List.of(), 0, "0ns", List.of(entries), 0, "100G");
    }

    /** The message of {@code toFaults}'s refusal. */
    private static String refusal(FaultSpec spec, boolean bare) {
        return assertThrows(IllegalArgumentException.class, () -> spec.toFaults(TREE, RATE, 1, bare)).getMessage();
    }

    /** A value refused before the tree is consulted: {@code failsDuringRun} gives the same line as {@code toFaults}. */
    private static String checkedRefusal(FaultSpec spec, boolean bare) {
        String m = refusal(spec, bare);
        assertEquals(m, assertThrows(IllegalArgumentException.class, () -> spec.failsDuringRun(RATE, bare)).getMessage(),
                "failsDuringRun checks every value as toFaults does");
        return m;
    }

    /** An unparsable time or rate is reported under the option that carried it, with the accepted forms. */
    @Test
    void unparsableValuesAreReportedUnderTheirOption() {
        assertEquals("fail-at: cannot parse 'garbage'; expected " + TIME_FORMS,
                checkedRefusal(new FaultSpec(List.of(), 0, "garbage", List.of(), 0, "100G"), false));
        assertEquals("degrade-to: cannot parse 'fast'; expected " + RATE_FORMS,
                checkedRefusal(new FaultSpec(List.of(), 0, "0ns", List.of(), 0, "fast"), false));
        assertEquals("fail: cannot parse 'soon'; expected " + TIME_FORMS,
                checkedRefusal(fail("leaf0-spine0@soon"), false));
        assertEquals("degrade: cannot parse 'fast'; expected " + RATE_FORMS,
                checkedRefusal(degrade("leaf0-spine1=fast"), false));
    }

    /** Out-of-range numbers: a zero rate, a negative count, a fraction outside [0, 1] (NaN included). */
    @Test
    void outOfRangeNumbersNameTheRange() {
        assertEquals("degrade-to: must be > 0, got 0G",
                checkedRefusal(new FaultSpec(List.of(), 0, "0ns", List.of(), 0, "0G"), false));
        assertEquals("fail-random: must be >= 0, got -1",
                checkedRefusal(new FaultSpec(List.of(), -1, "0ns", List.of(), 0, "100G"), false));
        for (double f : new double[] {-0.25, 1.25, Double.NaN}) {
            assertEquals("degrade-fraction: must be in [0, 1], got " + f,
                    checkedRefusal(new FaultSpec(List.of(), 0, "0ns", List.of(), f, "100G"), false));
        }
    }

    /**
     * A {@code --fail} entry with no link before the {@code @} or no time after it is refused with the
     * expected form, which mentions the bare {@code LINK} only where the command accepts it.
     */
    @Test
    void malformedFailEntriesShowTheExpectedForm() {
        for (String bad : new String[] {"@20us", "leaf0-spine0@", "@"}) {
            assertEquals("fail: expected LINK@TIME (e.g. leaf0-spine3@20us), got '" + bad + "'",
                    checkedRefusal(fail(bad), false), bad);
            assertEquals("fail: expected LINK or LINK@TIME (e.g. leaf0-spine3@20us), got '" + bad + "'",
                    checkedRefusal(fail(bad), true), bad);
        }
        assertEquals("fail: expected LINK or LINK@TIME (e.g. leaf0-spine3@20us), got ' '", checkedRefusal(fail(" "), true),
                "a blank entry is no bare link");
    }

    /** A {@code --degrade} entry with no link before the {@code =} or no rate after it is refused with the expected form. */
    @Test
    void malformedDegradeEntriesShowTheExpectedForm() {
        for (String bad : new String[] {"=100G", "leaf0-spine1=", "=", "leaf0-spine1"}) {
            assertEquals("degrade: expected LINK=RATE (e.g. leaf0-spine1=100G), got '" + bad + "'",
                    checkedRefusal(degrade(bad), false), bad);
        }
    }

    /** A degraded rate above the fabric's link rate is refused, naming the value and the link rate. */
    @Test
    void ratesAboveTheLinkRateAreRefused() {
        assertEquals("degrade: 'leaf0-spine1=401G' is above the link rate 400G; a degraded link runs at most at the link rate",
                checkedRefusal(degrade("leaf0-spine1=401G"), false));
        assertEquals("degrade-to: 800G is above the link rate 400G; a degraded link runs at most at the link rate",
                checkedRefusal(new FaultSpec(List.of(), 0, "0ns", List.of(), 0.25, "800G"), false));
    }

    /**
     * Errors found while building on the tree are reported under the option whose value caused them:
     * prefixed once when the tree's message names another field ({@code link:}), left alone when it
     * already names the option (never {@code fail: fail: ...}).
     */
    @Test
    void treeErrorsAreReportedOnceUnderTheOption() {
        assertEquals("fail: link: cannot parse 'nowhere'; expected a cable 'a-b' or a direction 'a->b', e.g. leaf0-spine0",
                refusal(fail("nowhere@20us"), false));
        assertEquals("degrade: link: cannot parse 'nowhere'; expected a cable 'a-b' or a direction 'a->b', e.g. leaf0-spine0",
                refusal(degrade("nowhere=100G"), false));
        assertEquals("fail: 'h0-leaf0' is a host's only link; failing it disconnects the host (fail switch-to-switch links only)",
                refusal(fail("h0-leaf0@20us"), false));
        assertEquals("fail-random: count must be in [0, 32], got 33",
                refusal(new FaultSpec(List.of(), 33, "0ns", List.of(), 0, "100G"), false), "k=8: 8 leaves x 4 spines");
        // named for the option that set the failures: only --fail-random here
        assertEquals("fail-random: the failure set leaves no path from leaf0 to leaf1 (impossible failure set)",
                refusal(new FaultSpec(List.of(), 32, "0ns", List.of(), 0, "100G"), false), "every spine cable down");
    }
}
