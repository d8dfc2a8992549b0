package org.primelab.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.primelab.cli.PrimeCommand;

/**
 * Runs a point in-process through {@link PrimeCommand#execute} with private output writers, so that
 * points running in parallel threads never mix their output, and turns the command's machine-readable
 * output into rows: for {@code sim}/{@code fluid}, one row per JSON object of {@code --json} (one per
 * scheme), with every field of the summary; for {@code motivation}, one row per (scheme, degradation)
 * from its CSV ({@link MotivationRows}); for {@code sim+queues}, the {@code sim} rows with the
 * distribution of per-port queue depths from {@code queues.csv} ({@link QueueRows}). Every row starts with {@link Rows#POINT}, {@link Rows#SIMULATOR}
 * and the point's configuration.
 */
public final class CliPointRunner implements PointRunner {
    private static final long serialVersionUID = 1L;

    @Override
    public List<Map<String, Object>> run(Point point) {
        Path tmp = null;
        try {
            List<String> extra = new ArrayList<>();
            if (point.simulator() == Simulator.MOTIVATION || point.simulator() == Simulator.SIM_QUEUES) {
                tmp = Files.createTempDirectory("prime-sweep-point");
                extra.add("--out");
                extra.add(tmp.toString());
            }
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = PrimeCommand.execute(point.commandLine(extra).toArray(String[]::new), new PrintWriter(out, true),
                    new PrintWriter(err, true));
            if (code != 0) {
                throw new IllegalStateException("point '" + point.key() + "' failed (exit " + code + "): " + err.toString().strip());
            }
            List<Map<String, Object>> metrics = point.simulator() == Simulator.MOTIVATION
                    ? MotivationRows.read(tmp.resolve("motivation.csv"))
                    : parseJsonLines(out.toString());
            if (point.simulator() == Simulator.SIM_QUEUES) {
                metrics = QueueRows.addTo(metrics, tmp.resolve("queues.csv"));
            }
            List<Map<String, Object>> rows = new ArrayList<>();
            for (Map<String, Object> m : metrics) {
                rows.add(Rows.row(point, m));
            }
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (tmp != null) {
                deleteTree(tmp);
            }
        }
    }

    /** One map per JSON object line; numbers keep the writer's type (integer: long, real: double). */
    static List<Map<String, Object>> parseJsonLines(String text) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        List<Map<String, Object>> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode node = mapper.readTree(line);
            Map<String, Object> m = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                m.put(e.getKey(), scalar(e.getValue()));
            }
            out.add(m);
        }
        return out;
    }

    private static Object scalar(JsonNode v) {
        if (v.isNull()) {
            return null;
        }
        if (v.isIntegralNumber()) {
            return v.longValue();
        }
        if (v.isNumber()) {
            return v.doubleValue();
        }
        if (v.isBoolean()) {
            return v.booleanValue();
        }
        return v.isValueNode() ? v.asText() : v.toString();
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temporary directory left behind is harmless
        }
    }
}
