package org.primelab.sweep.figures;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.primelab.sweep.SweepSpec;

/**
 * One figure of the paper's evaluation: a named sweep and a plot of its results. {@code prime figures}
 * runs the sweep into {@code OUT/<name>/} (so it resumes like any sweep), then {@link #render} writes
 * {@code <name>.png} and {@code <name>.csv}, the aggregated numbers behind the plot (mean, min, max
 * and count over seeds for every plotted point: the spread the error bars show).
 */
public interface Figure {
    /** Short name: the directory and file names. */
    String name();

    /** What the figure shows, with the paper section it reproduces. */
    String title();

    /** The sweep behind the figure at this scale; at least {@link Figures#MIN_SEEDS} seeds. */
    SweepSpec spec(Scale scale);

    /**
     * The directory (under the output directory) the figure's sweep runs in: its name, unless it shares
     * one sweep with another figure (then the second finds every point done and runs nothing).
     */
    default String sweepDir() {
        return name();
    }

    /**
     * Writes {@code <name>.png} and the {@code <name>.csv} behind it into {@code dir} from the rows of
     * its sweep directory (which may hold rows of other figures sharing it: a figure selects its own).
     */
    void render(List<Map<String, Object>> rows, Path dir);
}
