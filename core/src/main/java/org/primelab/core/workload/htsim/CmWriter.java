package org.primelab.core.workload.htsim;

import java.math.BigDecimal;
import java.nio.file.Path;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Trigger;
import org.primelab.core.workload.Workload;

/**
 * Writes a {@link ConnectionMatrix} as an htsim {@code .cm} file that htsim (commit 40ccb05) accepts and
 * {@link CmReader} reads back into an equal matrix. Headers first ({@code Triggers} and {@code Failures}
 * only when non-zero), then one line per flow in workload order, then the triggers, then the failures:
 * <pre>
 * Nodes 128
 * Connections 3
 * Triggers 1
 * 0-&gt;5 id 1 start 0 size 2000000 send_done_trigger 1
 * 5-&gt;9 id 2 trigger 1 size 2000000 prio 3
 * 9-&gt;0 id 3 start 12.5 size 1000
 * trigger id 1 oneshot
 * </pre>
 * A flow's {@code id} precedes its {@code trigger} (htsim asserts that order). Start times are written
 * in microseconds, exactly (up to 6 decimals); htsim runs a fractional start at the whole microsecond
 * below (see {@link CmReader}). A priority of 0 is not written.
 */
public final class CmWriter {
    private CmWriter() {
    }

    /** The text of {@code cm}. */
    public static String format(ConnectionMatrix cm) {
        Workload w = cm.workload();
        StringBuilder out = new StringBuilder(64 + 64 * w.size());
        out.append("Nodes ").append(cm.nodes()).append('\n');
        out.append("Connections ").append(w.size()).append('\n');
        if (!w.triggers().isEmpty()) {
            out.append("Triggers ").append(w.triggers().size()).append('\n');
        }
        if (!cm.failures().isEmpty()) {
            out.append("Failures ").append(cm.failures().size()).append('\n');
        }
        for (Flow f : w.flows()) {
            out.append(f.src()).append("->").append(f.dst());
            int id = cm.flowId(f.id());
            if (id != ConnectionMatrix.NO_ID) {
                out.append(" id ").append(id);
            }
            if (f.startsOnTrigger()) {
                out.append(" trigger ").append(cm.triggerIds().get(f.startTrigger()));
            } else {
                out.append(" start ").append(micros(f.startPs()));
            }
            out.append(" size ").append(f.sizeBytes());
            if (f.sendDoneTrigger() != Flow.NO_TRIGGER) {
                out.append(" send_done_trigger ").append(cm.triggerIds().get(f.sendDoneTrigger()));
            }
            if (f.recvDoneTrigger() != Flow.NO_TRIGGER) {
                out.append(" recv_done_trigger ").append(cm.triggerIds().get(f.recvDoneTrigger()));
            }
            if (f.priority() != 0) {
                out.append(" prio ").append(f.priority());
            }
            out.append('\n');
        }
        for (Trigger t : w.triggers()) {
            out.append("trigger id ").append(cm.triggerIds().get(t.id())).append(' ').append(switch (t.kind()) {
                case ONE_SHOT -> "oneshot";
                case MULTI_SHOT -> "multishot";
                case BARRIER -> "barrier count " + t.count();
            }).append('\n');
        }
        for (CmFailure f : cm.failures()) {
            out.append(f.toLine()).append('\n');
        }
        return out.toString();
    }

    /** Writes {@code cm} to {@code file}, gzip-compressed if its name ends in {@code .gz}. */
    public static void write(ConnectionMatrix cm, Path file) {
        TextInput.write(file, format(cm));
    }

    /** Writes {@code cm} to {@code file}, gzip-compressed if {@code gzip}, whatever the file's name. */
    public static void write(ConnectionMatrix cm, Path file, boolean gzip) {
        TextInput.write(file, format(cm), gzip);
    }

    /**
     * Writes any workload for htsim: flows numbered {@code 1..n}, triggers {@code 1..t}, {@code Nodes} the
     * tree's hosts, and the failed cables of {@code faults} as failure lines (see
     * {@link ConnectionMatrix#of(Workload, Faults)} for the faults htsim can take).
     */
    public static void write(Workload workload, Faults faults, Path file) {
        write(ConnectionMatrix.of(workload, faults), file);
    }

    /** Picoseconds as exact decimal microseconds: {@code 12500000 -> 12.5}, {@code 0 -> 0}. */
    static String micros(long ps) {
        return BigDecimal.valueOf(ps).divide(BigDecimal.valueOf(Units.PS_PER_US)).stripTrailingZeros()
                .toPlainString();
    }
}
