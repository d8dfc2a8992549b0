package org.primelab.sweep;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * Progress of a sweep on stderr: one line per finished point with points done / total, elapsed time
 * and an estimate of the time left (elapsed / done x remaining: points of one sweep cost about the same
 * on average, and they run concurrently, so the estimate tracks throughput, not one point's time).
 */
final class Progress {
    private final PrintWriter err;
    private final int total;
    private final int skipped;
    private final long startNanos = System.nanoTime();
    private int done;

    Progress(PrintWriter err, int total, int skipped) {
        this.err = err;
        this.total = total;
        this.skipped = skipped;
    }

    void start() {
        err.printf(Locale.ROOT, "sweep: %d points to run%s%n", total - skipped,
                skipped == 0 ? "" : " (" + skipped + " already in the results, skipped)");
        err.flush();
    }

    void pointDone(String key) {
        done++;
        double elapsed = (System.nanoTime() - startNanos) / 1e9;
        int remaining = total - skipped - done;
        double eta = done == 0 ? Double.NaN : elapsed / done * remaining;
        err.printf(Locale.ROOT, "sweep: %d/%d points done, %s elapsed, ETA %s  [%s]%n", done + skipped, total,
                duration(elapsed), remaining == 0 ? "0s" : duration(eta), key);
        err.flush();
    }

    static String duration(double seconds) {
        if (seconds < 60) {
            return String.format(Locale.ROOT, "%.1fs", seconds);
        }
        long s = Math.round(seconds);
        return s < 3600 ? String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60)
                : String.format(Locale.ROOT, "%dh%02dm", s / 3600, s / 60 % 60);
    }
}
