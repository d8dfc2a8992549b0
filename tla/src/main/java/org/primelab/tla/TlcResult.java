package org.primelab.tla;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The outcome of one TLC run of a {@link TlcModel}.
 *
 * @param model the model that was checked
 * @param verdict what TLC concluded
 * @param exitCode TLC's exit status (-1 if it was stopped at the timeout)
 * @param statesGenerated states TLC generated (its "states generated"), -1 if it printed none
 * @param distinctStates distinct states TLC found, -1 if it printed none
 * @param elapsed wall time of the TLC process
 * @param violated the violated invariant or action property, {@link TlcModel#TEMPORAL} for a liveness
 *     violation, a short reason for an error, null when passed
 * @param output TLC's complete output (stdout and stderr)
 */
public record TlcResult(TlcModel model, Verdict verdict, int exitCode, long statesGenerated, long distinctStates,
        Duration elapsed, String violated, String output) {

    private static final Pattern TRACE_MESSAGE = Pattern.compile(
            "@!@!@STARTMSG (2217|2218|2122):\\d+ @!@!@\\R(.*?)@!@!@ENDMSG \\1 @!@!@", Pattern.DOTALL);

    /**
     * The counterexample TLC printed, one entry per state ("1: &lt;Initial predicate&gt;" followed by the
     * variables), plus TLC's "Back to state" or "Stuttering" line closing a lasso; empty when it printed
     * none.
     */
    public List<String> counterexample() {
        List<String> states = new ArrayList<>();
        Matcher m = TRACE_MESSAGE.matcher(output);
        while (m.find()) {
            states.add(m.group(2).strip());
        }
        return states;
    }

    /** True if TLC reached the model's expected verdict, and for a violation, on the expected property. */
    public boolean asExpected() {
        if (verdict != model.expected()) {
            return false;
        }
        return model.expectedProperty() == null || model.expectedProperty().equals(violated);
    }
}
