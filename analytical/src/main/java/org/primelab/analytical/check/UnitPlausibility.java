package org.primelab.analytical.check;

import java.util.Locale;
import org.primelab.core.workload.htsim.ConnectionMatrix;

/**
 * A warning, never a failure, for results whose times are likely in the wrong unit: every reported FCT over
 * {@link #FACTOR} times its flow's lone-path bound ({@link ResultChecker}'s {@link Check#LONE_PATH} bound, in the
 * results' convention). Nanoseconds written in a {@code _us} column make every FCT 1000 times too large, and a
 * lower bound lets any large value pass, so no check can fail them: the checks stay sound, and this says why
 * they tell so little.
 *
 * <p><b>The factor, 100.</b> No correct FCT is below its lone-path bound, so nanoseconds read as microseconds put
 * every flow at 1000 times its bound or more (up to the rounding of the printed times): any factor up to 1000
 * flags them all. At 100 it also flags results that are themselves up to 10 times too fast (a faster rate or a
 * shorter path than the options say, the very errors the lower bounds exist to catch) and were then written in
 * nanoseconds: the bounds are blind to those twice over. A correct run in microseconds reaches it only when every
 * flow, the fastest included, is slowed a hundredfold: an incast of hundreds of senders sharing one host's link, or
 * timeouts stalling every flow; the warning names the incast so it can be told apart (measured: {@code prime sim}'s
 * incast of 127 senders of 512 KB onto one host of a k = 16 tree puts its fastest flow at 40x). A larger factor
 * would spare larger incasts but miss too-fast results sooner; a smaller one would come near ordinary congestion
 * (ECMP's collisions put the README's permutations at 3 to 5 times the ideal max FCT).
 */
final class UnitPlausibility {
    /** How far above its lone-path bound every flow's FCT must be for the warning. */
    static final long FACTOR = 100;

    private UnitPlausibility() {
    }

    /**
     * The warning for {@code first} (per flow, its first reported completion, or null) against {@code bound} (per
     * flow, its lone-path bound in the results' convention, ps), one line, or null when some flow with a known FCT
     * is within {@link #FACTOR} of its bound, or none has a known FCT.
     */
    static String warning(ConnectionMatrix cm, Completion[] first, long[] bound) {
        int judged = 0;
        int closest = -1;
        double closestRatio = Double.POSITIVE_INFINITY;
        for (int f = 0; f < first.length; f++) {
            Completion c = first[f];
            if (c == null || !c.hasFct() || bound[f] <= 0) {
                continue;
            }
            double ratio = (double) c.fctPs() / bound[f];
            if (ratio <= FACTOR) {
                return null;
            }
            judged++;
            if (ratio < closestRatio) {
                closestRatio = ratio;
                closest = f;
            }
        }
        if (judged == 0) {
            return null;
        }
        return String.format(Locale.ROOT, "every reported FCT (%d flows) is over %dx its flow's lone-path bound, the"
                + " least %.0fx (%s): the times are likely nanoseconds where microseconds belong (a _us column), which"
                + " every lower bound lets pass (if they are microseconds, every flow was slowed %dx or more, as in an"
                + " incast of hundreds of senders onto one host)", judged, FACTOR, closestRatio,
                ResultChecker.flowName(cm, closest), FACTOR);
    }
}
