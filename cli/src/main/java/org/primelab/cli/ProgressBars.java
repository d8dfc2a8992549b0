package org.primelab.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.function.Function;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import me.tongfei.progressbar.ProgressState;

/** The CLI's progress bars: ASCII, on the command's stderr writer, continuously updated. */
final class ProgressBars {
    private ProgressBars() {
    }

    /**
     * A bar titled {@code name} counting to {@code max} in {@code unit}s on {@code err}.
     *
     * @param eta the remaining time from the bar's state, or null for the library's linear estimate
     */
    static ProgressBar onStderr(String name, long max, String unit, PrintWriter err,
                                Function<ProgressState, java.util.Optional<java.time.Duration>> eta) {
        ProgressBarBuilder b = new ProgressBarBuilder().setTaskName(name).setInitialMax(max)
                .setStyle(ProgressBarStyle.ASCII).setUnit(unit, 1).continuousUpdate()
                .setConsumer(new ConsoleProgressBarConsumer(new PrintStream(new OutputStream() {
                    @Override
                    public void write(int b) {
                        err.write(b);
                    }

                    @Override
                    public void flush() {
                        err.flush();
                    }
                }, true)));
        if (eta != null) {
            b.setEtaFunction(eta);
        }
        return b.build();
    }
}
